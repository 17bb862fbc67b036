package io.greptime.jdbc.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link WriteProcesses} measured and how it prints it: each child's result, the ratios the write
 * targets of issue #28 name (each within a round, then their median over the rounds), and every method's
 * rows/s, client CPU per row and peak RSS against the Arrow Java client's.
 */
final class WriteReport {
    /** The key of the heap bytes allocated among a child's per-thread CPU figures. */
    static final String HEAP_BYTES = "heapBytes";
    /** The key of the server's CPU (the parent process, or the server's) during a child's measured write. */
    static final String SERVER_CPU = "server";
    /** The prefix of the server's threads (by name) among a child's figures. */
    static final String SERVER_THREAD = "server:";
    /** The method every ratio is taken against. */
    static final String ARROW = "arrow";

    private WriteReport() {}

    /** What one child process measured: one pass, or all its passes together. */
    record Result(String method, long rows, double seconds, long peakRssKib, Map<String, Long> cpuNanos) {
        double rate() {
            return rows / seconds;
        }

        long totalCpu() {
            return cpuNanos.getOrDefault("process", 0L);
        }

        double cpuPerRow() {
            return (double) totalCpu() / rows;
        }

        double serverCpuPerRow() {
            return (double) cpuNanos.getOrDefault(SERVER_CPU, 0L) / rows;
        }

        /** The passes of one child as one result: rows, time and CPU added up, the highest peak RSS. */
        static Result of(List<Result> passes) {
            Map<String, Long> cpu = new TreeMap<>();
            long rows = 0;
            double seconds = 0;
            long rss = 0;
            for (Result p : passes) {
                rows += p.rows;
                seconds += p.seconds;
                rss = Math.max(rss, p.peakRssKib);
                p.cpuNanos.forEach((k, v) -> cpu.merge(k, v, Long::sum));
            }
            return new Result(passes.get(0).method, rows, seconds, rss, cpu);
        }

        String describe() {
            StringBuilder threads = new StringBuilder();
            StringBuilder server = new StringBuilder();
            cpuNanos.forEach((name, ns) -> {
                if (name.startsWith(SERVER_THREAD)) {
                    server.append(
                            String.format(" %s=%.0f", name.substring(SERVER_THREAD.length()), (double) ns / rows));
                } else if (!name.equals(HEAP_BYTES) && !name.equals(SERVER_CPU)) {
                    threads.append(String.format(" %s=%.0f", name, (double) ns / rows));
                }
            });
            return String.format(
                    "%-12s %,12.0f rows/s (%,d rows, %.2f s), peak RSS %,d MiB, heap allocated %.0f B/row,"
                            + " server CPU %.0f ns/row (%s), client CPU ns/row:%s",
                    method,
                    rate(),
                    rows,
                    seconds,
                    peakRssKib / 1024,
                    (double) cpuNanos.getOrDefault(HEAP_BYTES, 0L) / rows,
                    serverCpuPerRow(),
                    server.toString().trim(),
                    threads);
        }
    }

    /** Which figure a ratio compares, and which way its target points. */
    enum Figure {
        RATE("rows/s", true),
        CPU("client CPU/row", false),
        RSS("peak RSS", false);

        private final String label;
        private final boolean higherIsBetter;

        Figure(String label, boolean higherIsBetter) {
            this.label = label;
            this.higherIsBetter = higherIsBetter;
        }

        double of(Result r) {
            return switch (this) {
                case RATE -> r.rate();
                case CPU -> r.cpuPerRow();
                case RSS -> r.peakRssKib();
            };
        }

        boolean meets(double ratio, double target) {
            return higherIsBetter ? ratio >= target : ratio <= target;
        }
    }

    static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** A method's results over the rounds, in round order. */
    private static List<Result> of(List<Map<String, Result>> byRound, String method) {
        List<Result> out = new ArrayList<>();
        for (Map<String, Result> round : byRound) {
            if (round.containsKey(method)) {
                out.add(round.get(method));
            }
        }
        return out;
    }

    /**
     * The ratios issue #28's targets name, each computed within a round (the two methods of a ratio ran
     * minutes apart at most) and, over several rounds, their median with every round's value; a target is
     * printed with how many rounds met it only at the end ({@code withTargets}).
     */
    static String ratios(List<Map<String, Result>> byRound, List<String> methods, boolean withTargets) {
        StringBuilder out = new StringBuilder();
        String commit = "executeBatch + commit()";
        ratio(out, byRound, "jdbc", ARROW, Figure.RATE, "auto-commit executeBatch / Arrow client", 0.85, withTargets);
        ratio(out, byRound, "commit", ARROW, Figure.RATE, commit + " / Arrow client", 1.0, withTargets);
        ratio(out, byRound, "commit", "ingesterbulk", Figure.RATE, commit + " / Java ingester bulk", 1.0, withTargets);
        ratio(out, byRound, "commit", ARROW, Figure.CPU, commit + " / Arrow client", 1.0, withTargets);
        ratio(out, byRound, "commit", ARROW, Figure.RSS, commit + " / Arrow client", 1.3, withTargets);
        ratio(
                out,
                byRound,
                "springtx",
                ARROW,
                Figure.RATE,
                "Spring batchUpdate in transactions / Arrow client",
                0,
                withTargets);
        ratio(out, byRound, "spring", "jdbc", Figure.RATE, "Spring / executeBatch (auto-commit)", 0, withTargets);
        for (String m : methods) {
            if (m.contains("@")) {
                ratio(out, byRound, m, ARROW, Figure.RATE, m + " / Arrow client", 0, withTargets);
            }
        }
        return out.toString();
    }

    private static void ratio(
            StringBuilder out,
            List<Map<String, Result>> byRound,
            String top,
            String bottom,
            Figure figure,
            String label,
            double target,
            boolean withTargets) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Result> round : byRound) {
            Result a = round.get(top);
            Result b = round.get(bottom);
            if (a != null && b != null) {
                values.add(figure.of(a) / figure.of(b));
            }
        }
        if (values.isEmpty()) {
            return;
        }
        out.append(out.length() == 0 ? "" : byRound.size() > 1 ? "\n" : "; ");
        String name = figure.label + " " + label;
        if (byRound.size() == 1 && !withTargets) {
            out.append(String.format("%s %.2f", name, values.get(0)));
            return;
        }
        StringBuilder each = new StringBuilder();
        values.forEach(v -> each.append(each.length() == 0 ? "" : ", ").append(String.format("%.2f", v)));
        long met = values.stream().filter(v -> figure.meets(v, target)).count();
        out.append(String.format(
                "%s: median %.2f (rounds: %s)%s",
                name,
                median(values),
                each,
                target > 0 && withTargets
                        ? String.format(
                                "; target %s %.2f, met in %d of %d rounds",
                                figure.higherIsBetter ? ">=" : "<=", target, met, values.size())
                        : ""));
    }

    /**
     * Each method's medians over the rounds, then the same three figures as ratios to the Arrow client's
     * (the median of the per-round ratios), then the targets' ratios.
     */
    static void report(List<Map<String, Result>> byRound, List<String> methods) {
        System.out.println("median of each method over " + byRound.size() + " round(s):");
        for (String m : methods) {
            List<Result> rs = of(byRound, m);
            if (rs.isEmpty()) {
                continue;
            }
            System.out.printf(
                    "  %-12s %,12.0f rows/s (rounds %s); client CPU %.0f ns/row, server CPU %.0f ns/row,"
                            + " peak RSS %.0f MiB%n",
                    m,
                    median(rs.stream().map(Result::rate).toList()),
                    String.join(
                            ", ",
                            rs.stream()
                                    .map(r -> String.format("%,.0f", r.rate()))
                                    .toList()),
                    median(rs.stream().map(Result::cpuPerRow).toList()),
                    median(rs.stream().map(Result::serverCpuPerRow).toList()),
                    median(rs.stream().map(r -> r.peakRssKib() / 1024.0).toList()));
        }
        System.out.println("against the Arrow Java client (median of the per-round ratios):"
                + " rows/s, client CPU/row, peak RSS");
        for (String m : methods) {
            System.out.printf(
                    "  %-12s %6s %6s %6s%n",
                    m,
                    againstArrow(byRound, m, Figure.RATE),
                    againstArrow(byRound, m, Figure.CPU),
                    againstArrow(byRound, m, Figure.RSS));
        }
        System.out.println(ratios(byRound, methods, true));
    }

    private static String againstArrow(List<Map<String, Result>> byRound, String method, Figure figure) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Result> round : byRound) {
            Result a = round.get(method);
            Result b = round.get(ARROW);
            if (a != null && b != null) {
                values.add(figure.of(a) / figure.of(b));
            }
        }
        return values.isEmpty() ? "-" : String.format("%.2fx", median(values));
    }
}
