package io.greptime.jdbc.examples;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A small PNG of one symbol's 1-minute bars drawn with Java2D (headless, no charting library): the
 * low-high range of each minute as a bar, the volume-weighted average price as a line over it, and the volume below.
 */
final class MinuteChart {
    /** One minute of one symbol. */
    record Bar(Instant minute, double low, double high, double vwap, long volume) {}

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int PRICE_BOTTOM = 380;
    private static final int VOLUME_TOP = 410;
    private static final int VOLUME_BOTTOM = 520;
    private static final DateTimeFormatter HH_MM =
            DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

    private MinuteChart() {}

    /** Writes the chart to {@code out} (parent folders created) and returns the absolute path. */
    static Path write(String title, List<Bar> bars, Path out) throws IOException {
        if (bars.isEmpty()) {
            throw new IllegalArgumentException("no bars to draw");
        }
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.setColor(Color.BLACK);
            g.drawString(title, LEFT, 22);
            drawPrices(g, bars);
            drawVolumes(g, bars);
            drawTimeAxis(g, bars);
        } finally {
            g.dispose();
        }
        Path target = out.toAbsolutePath();
        if (target.getParent() != null) {
            Files.createDirectories(target.getParent());
        }
        if (!ImageIO.write(image, "png", target.toFile())) {
            throw new IOException("no PNG writer in this JVM");
        }
        return target;
    }

    private static double x(int i, int n) {
        return LEFT + (i + 0.5) * (WIDTH - LEFT - RIGHT) / (double) n;
    }

    private static void drawPrices(Graphics2D g, List<Bar> bars) {
        double lo = bars.stream().mapToDouble(Bar::low).min().orElse(0);
        double hi = bars.stream().mapToDouble(Bar::high).max().orElse(1);
        double span = hi > lo ? hi - lo : 1;
        int n = bars.size();
        float barWidth = (float) Math.max(1, 0.6 * (WIDTH - LEFT - RIGHT) / n);
        g.setStroke(new BasicStroke(barWidth));
        g.setColor(new Color(170, 190, 225));
        for (int i = 0; i < n; i++) {
            Bar b = bars.get(i);
            g.drawLine((int) x(i, n), priceY(b.high(), lo, span), (int) x(i, n), priceY(b.low(), lo, span));
        }
        Path2D vwap = new Path2D.Double();
        for (int i = 0; i < n; i++) {
            int y = priceY(bars.get(i).vwap(), lo, span);
            if (i == 0) {
                vwap.moveTo(x(i, n), y);
            } else {
                vwap.lineTo(x(i, n), y);
            }
        }
        g.setStroke(new BasicStroke(1.5f));
        g.setColor(new Color(20, 60, 160));
        g.draw(vwap);
        g.setColor(Color.DARK_GRAY);
        g.drawRect(LEFT, TOP, WIDTH - LEFT - RIGHT, PRICE_BOTTOM - TOP);
        for (int k = 0; k <= 4; k++) {
            double p = lo + span * k / 4;
            g.drawString(String.format("%.2f", p), 8, priceY(p, lo, span) + 4);
        }
        g.drawString("line: volume-weighted average price; bars: low-high", WIDTH - RIGHT - 330, 22);
    }

    private static int priceY(double price, double lo, double span) {
        return (int) Math.round(PRICE_BOTTOM - (price - lo) / span * (PRICE_BOTTOM - TOP - 10) - 5);
    }

    private static void drawVolumes(Graphics2D g, List<Bar> bars) {
        long max = Math.max(1, bars.stream().mapToLong(Bar::volume).max().orElse(1));
        int n = bars.size();
        g.setColor(new Color(120, 160, 120));
        for (int i = 0; i < n; i++) {
            int h = (int) Math.round((double) bars.get(i).volume() / max * (VOLUME_BOTTOM - VOLUME_TOP));
            int w = (int) Math.max(1, 0.6 * (WIDTH - LEFT - RIGHT) / n);
            g.fillRect((int) x(i, n) - w / 2, VOLUME_BOTTOM - h, w, h);
        }
        g.setColor(Color.DARK_GRAY);
        g.drawRect(LEFT, VOLUME_TOP, WIDTH - LEFT - RIGHT, VOLUME_BOTTOM - VOLUME_TOP);
        g.drawString(String.format("%,d", max), 8, VOLUME_TOP + 10);
        g.drawString("volume", 8, VOLUME_BOTTOM);
    }

    private static void drawTimeAxis(Graphics2D g, List<Bar> bars) {
        int n = bars.size();
        int step = Math.max(1, n / 8);
        g.setColor(Color.DARK_GRAY);
        for (int i = 0; i < n; i += step) {
            g.drawString(HH_MM.format(bars.get(i).minute()), (int) x(i, n) - 15, VOLUME_BOTTOM + 18);
        }
        g.drawString("UTC", WIDTH - RIGHT - 30, VOLUME_BOTTOM + 34);
    }
}
