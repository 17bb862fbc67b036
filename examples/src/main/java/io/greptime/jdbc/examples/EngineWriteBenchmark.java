package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * The write benchmark's engine mode ({@code -Dbench.server=engine}): how fast the embedded server stores
 * rows in DuckDB, the real engine, for the two kinds of GreptimeDB table. Raw Arrow Flight DoPut of
 * record batches built before the clock starts (the write benchmark's ceiling client, 8 batches
 * unanswered) writes the benchmark's rows (timestamp, two tags, three doubles) into
 *
 * <ul>
 *   <li>an append table ({@code append_mode = 'true'}): every row is kept;
 *   <li>a dedup table (the default: one row per (tags, time index), the last write wins), with new keys,
 *       as an ingester writes fresh samples;
 *   <li>for context, the same dedup table written again with the same keys, so that every row replaces
 *       one already stored.
 * </ul>
 *
 * <p>Every pass writes {@code bench.rows} rows into tables of its own (created before the clock starts),
 * after a warm-up of {@code bench.warmupRows} into warm-up tables, and checks the rows stored afterwards.
 * Prints rows/s per pass, best and median, rows per CPU-second of the JVM, the machine's load average,
 * and the targets (500k rows/s append, 250k dedup).
 */
final class EngineWriteBenchmark {
    static final double APPEND_TARGET = 500_000;
    static final double DEDUP_TARGET = 250_000;
    private static final com.sun.management.OperatingSystemMXBean OS = (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    /**
     * Rows per CPU-second of this JVM (server, DuckDB's threads and the client): on a machine that other
     * work shares, wall-clock rates say more about the other work than about this one.
     */
    private static final Map<String, List<Double>> cpuRates = new LinkedHashMap<>();

    private EngineWriteBenchmark() {}

    static void run(long rows, int batch, int rounds, long warmup) throws Exception {
        System.out.println("== server storage: DuckDB (rows stored), engine mode: raw Flight DoPut, 8 in flight; "
                + rows + " rows per pass in batches of " + batch + "; load average " + LoadAverage.read());
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start();
                Connection conn = DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public");
                BufferAllocator allocator = new RootAllocator();
                FlightClient flight = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build()) {
            List<ArrowRecordBatch> prebuilt = RawDoPut.prebuild(allocator, rows, batch);
            List<ArrowRecordBatch> prebuiltWarm = RawDoPut.prebuild(allocator, warmup, batch);
            try {
                create(conn, "bench_e_append_warm", true);
                create(conn, "bench_e_dedup_warm", false);
                RawDoPut.put(flight, allocator, "bench_e_append_warm", prebuiltWarm);
                RawDoPut.put(flight, allocator, "bench_e_dedup_warm", prebuiltWarm);
                Map<String, List<Double>> rates = new LinkedHashMap<>();
                for (int round = 1; round <= rounds; round++) {
                    System.out.println("round " + round + ":");
                    String append = "bench_e_append_" + round;
                    String dedup = "bench_e_dedup_" + round;
                    create(conn, append, true);
                    create(conn, dedup, false);
                    pass(
                            rates,
                            "append table",
                            conn,
                            () -> RawDoPut.put(flight, allocator, append, prebuilt),
                            append,
                            rows);
                    pass(
                            rates,
                            "dedup table, new keys",
                            conn,
                            () -> RawDoPut.put(flight, allocator, dedup, prebuilt),
                            dedup,
                            rows);
                    pass(
                            rates,
                            "dedup table, every key replaced",
                            conn,
                            () -> RawDoPut.put(flight, allocator, dedup, prebuilt),
                            dedup,
                            rows);
                    drop(conn, append);
                    drop(conn, dedup);
                }
                report(rates);
            } finally {
                prebuilt.forEach(ArrowRecordBatch::close);
                prebuiltWarm.forEach(ArrowRecordBatch::close);
            }
        }
    }

    private interface Writer {
        void write() throws Exception;
    }

    private static void pass(
            Map<String, List<Double>> rates, String label, Connection conn, Writer writer, String table, long rows)
            throws Exception {
        long start = System.nanoTime();
        long cpuStart = OS.getProcessCpuTime();
        writer.write();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (OS.getProcessCpuTime() - cpuStart) / 1e9;
        long stored = WriteBenchmark.count(conn, table);
        if (stored != rows) {
            throw new IllegalStateException(label + ": " + stored + " rows stored, expected " + rows);
        }
        rates.computeIfAbsent(label, k -> new ArrayList<>()).add(rows / seconds);
        cpuRates.computeIfAbsent(label, k -> new ArrayList<>()).add(rows / cpuSeconds);
        System.out.printf(
                "  %-34s %,12.0f rows/s (%.2f s); %,12.0f rows per JVM CPU-second%n",
                label, rows / seconds, seconds, rows / cpuSeconds);
    }

    private static void report(Map<String, List<Double>> rates) {
        System.out.println("rows/s (best / median); rows per JVM CPU-second (median):");
        rates.forEach((label, r) -> System.out.printf(
                "  %-34s %,12.0f / %,12.0f; %,12.0f%n", label, best(r), median(r), median(cpuRates.get(label))));
        System.out.println("load average after the run: " + LoadAverage.read());
        double append = median(rates.get("append table"));
        double dedup = median(rates.get("dedup table, new keys"));
        System.out.printf("append table: %.2fx the 500k rows/s target (median)%n", append / APPEND_TARGET);
        System.out.printf("dedup table, new keys: %.2fx the 250k rows/s target (median)%n", dedup / DEDUP_TARGET);
    }

    private static void create(Connection conn, String table, boolean append) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING, dc STRING,"
                    + " v1 DOUBLE, v2 DOUBLE, v3 DOUBLE, PRIMARY KEY (host, dc))"
                    + (append ? " WITH (append_mode = 'true')" : ""));
        }
    }

    private static void drop(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("DROP TABLE " + table);
        }
    }

    private static double best(List<Double> rates) {
        return rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    private static double median(List<Double> rates) {
        double[] sorted =
                rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
