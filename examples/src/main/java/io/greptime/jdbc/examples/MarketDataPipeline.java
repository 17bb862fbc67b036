package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The market-data pipeline, the README's first command: ingests a few million trade ticks
 * (symbol, venue, price, qty, ts) with {@code PreparedStatement.executeBatch}, lets a flow keep
 * 1-minute bars per symbol (high, low, traded notional, volume, trades; the volume-weighted average
 * price is notional / volume) in a sink table, flushes the flow,
 * reads the sink, checks it against the same aggregate run ad hoc on the raw ticks, prints rows/s for
 * ingest and read, and writes a PNG chart of one symbol's minutes.
 *
 * <p>Settings (system properties, or the first argument for the tick count): {@code pipeline.ticks}
 * (default 2,000,000), {@code pipeline.chart} (PNG path, default {@code target/market-data.png} under the
 * working directory; the examples POM sets {@code examples/target/market-data.png} for exec:java), {@code pipeline.serve=PORT} (run on an embedded server on that port and keep it up after the
 * pipeline, for a SQL shell, until Ctrl-C). {@code GREPTIMEDB_ENDPOINT=host:port} runs it on GreptimeDB.
 */
public final class MarketDataPipeline {
    static final String TICKS_PROPERTY = "pipeline.ticks";
    static final String CHART_PROPERTY = "pipeline.chart";
    static final String SERVE_PROPERTY = "pipeline.serve";
    static final String FLOW = "ticks_ohlc_1m";
    static final String SINK = "ticks_1m";
    /** One aggregate, used twice: as the flow's query and, ordered, as the ad-hoc check. */
    static final String BARS = "SELECT symbol, max(price) AS high, min(price) AS low,"
            + " sum(price * qty) AS notional, sum(qty) AS volume, count(*) AS trades,"
            + " date_bin(INTERVAL '1 minute', ts) AS minute FROM ticks GROUP BY symbol, minute";

    private static final String BAR_COLUMNS = "symbol, minute, high, low, notional, volume, trades";

    /** What one run did, for the caller to check and print. */
    record Result(
            long ticks, double ingestRowsPerSecond, long readRows, double readRowsPerSecond, int bars, Path chart) {}

    private MarketDataPipeline() {}

    public static void main(String[] args) throws Exception {
        long ticks =
                args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : Long.getLong(TICKS_PROPERTY, 2_000_000L);
        Path chart = Path.of(System.getProperty(CHART_PROPERTY, "target/market-data.png"));
        int servePort = Integer.getInteger(SERVE_PROPERTY, -1);
        System.setProperty("java.awt.headless", "true");
        try (ExampleTarget target = ExampleTarget.open(Math.max(servePort, 0), b -> {})) {
            run(target.url(), ticks, chart);
            printShellHint(target, servePort);
            if (servePort >= 0 && target.embedded()) {
                awaitCtrlC();
            }
        }
    }

    /** Runs the whole pipeline against {@code url}; throws when a check fails. */
    static Result run(String url, long ticks, Path chart) throws SQLException, IOException {
        // the driver's defaults throughout: DoPut batches LZ4-compressed (bulkCompression=lz4)
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            createSchema(st, greptime);

            long start = System.nanoTime();
            long written = TickFeed.write(conn, "ticks", ticks);
            double ingestRate = ticks / seconds(start);
            System.out.printf("ingested %,d ticks with executeBatch: %,.0f rows/s%n", ticks, ingestRate);
            ExampleTarget.check(written == ticks, "executeBatch reported " + written + " rows written");

            start = System.nanoTime();
            greptime.flushFlow(FLOW);
            System.out.printf("flushed flow %s in %.2f s%n", FLOW, seconds(start));

            start = System.nanoTime();
            long read = readAllTicks(st);
            double readRate = read / seconds(start);
            System.out.printf("read %,d ticks back through the driver: %,.0f rows/s%n", read, readRate);
            ExampleTarget.check(read == ticks, "every tick read back (" + read + ")");

            Map<String, double[]> sink = bars(st, "SELECT " + BAR_COLUMNS + " FROM " + SINK);
            Map<String, double[]> adHoc = bars(st, "SELECT " + BAR_COLUMNS + " FROM (" + BARS + ") AS b");
            System.out.printf("flow sink %s holds %,d one-minute bars%n", SINK, sink.size());
            compare(sink, adHoc);
            Path png = MinuteChart.write(
                    TickFeed.SYMBOLS[0] + " 1-minute bars from flow " + FLOW + " (" + SINK + ")",
                    chartBars(st, TickFeed.SYMBOLS[0]),
                    chart);
            System.out.println("chart written to " + png);
            return new Result(ticks, ingestRate, read, readRate, sink.size(), png);
        }
    }

    private static void createSchema(Statement st, GreptimeConnection greptime) throws SQLException {
        greptime.dropFlow(FLOW, true);
        st.execute("DROP TABLE IF EXISTS " + SINK);
        st.execute("DROP TABLE IF EXISTS ticks");
        // append_mode: ticks are never updated, so GreptimeDB need not deduplicate them on read.
        st.execute("CREATE TABLE ticks (symbol STRING, venue STRING, price DOUBLE, qty BIGINT,"
                + " ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts), PRIMARY KEY (symbol, venue))"
                + " WITH (append_mode = 'true')");
        // Created before the data arrives: a flow aggregates what is written after it exists.
        greptime.createFlow(FLOW, SINK, BARS);
        System.out.println("created table ticks and flow " + FLOW + " SINK TO " + SINK + " AS " + BARS);
    }

    private static double seconds(long startNanos) {
        return Math.max(1e-9, (System.nanoTime() - startNanos) / 1e9);
    }

    /** Streams every tick through typed getters (the sum keeps the reads from being optimized away). */
    private static long readAllTicks(Statement st) throws SQLException {
        long n = 0;
        double notional = 0;
        try (ResultSet rs = st.executeQuery("SELECT symbol, venue, price, qty, ts FROM ticks")) {
            while (rs.next()) {
                notional += rs.getDouble(3) * rs.getLong(4)
                        + rs.getString(1).length()
                        + rs.getString(2).length()
                        + (rs.getTimestamp(5).getTime() & 1);
                n++;
            }
        }
        if (Double.isNaN(notional)) {
            throw new IllegalStateException("NaN notional");
        }
        return n;
    }

    /** symbol|minute to (high, low, notional, volume, trades). */
    private static Map<String, double[]> bars(Statement st, String sql) throws SQLException {
        Map<String, double[]> out = new LinkedHashMap<>();
        try (ResultSet rs = st.executeQuery(sql + " ORDER BY symbol, minute")) {
            while (rs.next()) {
                out.put(
                        rs.getString(1) + "|" + rs.getTimestamp(2).toInstant(),
                        new double[] {rs.getDouble(3), rs.getDouble(4), rs.getDouble(5), rs.getLong(6), rs.getLong(7)});
            }
        }
        return out;
    }

    private static void compare(Map<String, double[]> sink, Map<String, double[]> adHoc) {
        ExampleTarget.check(
                sink.keySet().equals(adHoc.keySet()),
                "the sink has the same " + adHoc.size() + " (symbol, minute) bars as the ad-hoc aggregate");
        int differing = 0;
        for (Map.Entry<String, double[]> e : adHoc.entrySet()) {
            double[] s = sink.get(e.getKey());
            double[] a = e.getValue();
            for (int i = 0; i < a.length; i++) {
                if (Math.abs(s[i] - a[i]) > 1e-9 * Math.max(1, Math.abs(a[i]))) {
                    differing++;
                    break;
                }
            }
        }
        ExampleTarget.check(differing == 0, "every sink bar equals the ad-hoc aggregate (" + differing + " differ)");
    }

    private static List<MinuteChart.Bar> chartBars(Statement st, String symbol) throws SQLException {
        List<MinuteChart.Bar> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT minute, low, high, notional / volume AS vwap, volume FROM " + SINK
                + " WHERE symbol = '" + symbol + "' ORDER BY minute")) {
            while (rs.next()) {
                out.add(new MinuteChart.Bar(
                        rs.getTimestamp(1).toInstant(),
                        rs.getDouble(2),
                        rs.getDouble(3),
                        rs.getDouble(4),
                        rs.getLong(5)));
            }
        }
        return out;
    }

    private static void printShellHint(ExampleTarget target, int servePort) {
        String sqlline = "java --add-opens=java.base/java.nio=ALL-UNNAMED"
                + " -cp \"driver/target/greptime-jdbc-all.jar:examples/target/shell/*\" sqlline.SqlLine"
                + " -u jdbc:greptime://" + target.address() + "/public -n \"\" -p \"\" --isolation=TRANSACTION_NONE";
        if (servePort >= 0 || !target.embedded()) {
            System.out.println("SQL shell on this server (from the project root, in another terminal):");
            System.out.println("  " + sqlline);
        } else {
            System.out.println("For a SQL shell on these tables, see the README (\"The SQL shell\").");
        }
    }

    private static void awaitCtrlC() throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown, "pipeline-shutdown"));
        System.out.println("serving until Ctrl-C");
        stop.await();
    }
}
