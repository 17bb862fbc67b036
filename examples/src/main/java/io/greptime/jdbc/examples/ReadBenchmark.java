package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Read throughput of the driver against raw Arrow Flight, in one JVM against one embedded server: N rows
 * of (timestamp, two tags, two doubles) read (a) through {@code ResultSet.next()} and typed getters and
 * (b) through a {@link FlightClient} DoGet of the same query, reading every value of every vector.
 *
 * <p>Fairness: both sides send the same GreptimeRequest, get the same batches from the same server,
 * and read every column of every row with a typed getter into a checksum (the driver
 * {@code getTimestamp/getString/getDouble}, raw Flight {@code get(i)} on the typed vectors, strings
 * decoded to {@code String} on both sides). Warm-up rounds run both sides and are not counted; measured
 * rounds alternate which side goes first. Prints per-round rates, best and median of each side, the
 * best/best and median/median ratios, heap used after each GC (from GC notifications, never a forced
 * GC) at intervals, and the peak Arrow memory of the driver's, the raw client's and the server's allocators.
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.rows=2000000 -Dbench.rounds=8}. Options: {@code bench.warmup} (rounds, default 2),
 * {@code bench.source=table|view} (a view generates rows lazily inside the server, for 50M-row runs
 * that should not hold the data in memory), {@code bench.lz4=true|false} (one setting only; by default both run, LZ4 first: GreptimeDB's default
 * {@code grpc.flight_compression = "arrow_ipc"}, then {@code "none"}). Not a test: figures depend on the
 * machine.
 */
public final class ReadBenchmark {
    private static final String QUERY = "SELECT ts, host, dc, v1, v2 FROM bench";

    private ReadBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 2_000_000L);
        int rounds = Integer.getInteger("bench.rounds", 8);
        int warmup = Integer.getInteger("bench.warmup", 2);
        boolean view = "view".equals(System.getProperty("bench.source", "table"));
        // both settings unless bench.lz4 names one: LZ4 first, GreptimeDB's default
        // (grpc.flight_compression = "arrow_ipc"), then "none"
        String only = System.getProperty("bench.lz4");
        boolean[] settings = only == null ? new boolean[] {true, false} : new boolean[] {Boolean.parseBoolean(only)};
        if (Boolean.getBoolean("bench.otel")) {
            BenchTracing.install(); // spans recorded and exported, trace context in every request
        }
        BenchMemory memory = BenchMemory.start(Math.max(1_000_000L, rows / 10));
        for (boolean lz4 : settings) {
            run(lz4, rows, rounds, warmup, view, memory);
        }
        memory.report();
        if (Boolean.getBoolean("bench.otel")) {
            System.out.printf("OpenTelemetry spans exported: %,d%n", BenchTracing.exported());
        }
    }

    /** One server setting: fill, warm up, measure both sides. */
    private static void run(boolean lz4, long rows, int rounds, int warmup, boolean view, BenchMemory memory)
            throws Exception {
        // also read through a second connection with the driver's metrics and tracing off, to measure
        // what observability costs (the main connection keeps the defaults: JMX metrics, tracing on)
        boolean observeCost = Boolean.getBoolean("bench.observe");
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .compression(lz4)
                        .build()
                        .start();
                Connection conn =
                        DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public?timezone=UTC");
                Connection quiet = DriverManager.getConnection(
                        "jdbc:greptime://" + server.address() + "/public?timezone=UTC&metrics=none&tracing=false");
                BufferAllocator allocator = new RootAllocator();
                FlightClient flight = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build()) {
            long fillStart = System.nanoTime();
            fill(conn, rows, view);
            System.out.printf(
                    "%s %,d rows in %.1f s (DoGet LZ4 %s; %d warm-up + %d measured rounds)%n",
                    view ? "view over" : "filled",
                    rows,
                    (System.nanoTime() - fillStart) / 1e9,
                    lz4 ? "on, GreptimeDB's default" : "off, flight_compression = none",
                    warmup,
                    rounds);
            Side driver = new Side(
                    "driver (ResultSet.next + getters)",
                    () -> BenchTracing.inSpan("read", () -> readWithDriver(conn, memory)));
            Side raw = new Side("raw Flight (DoGet + vectors)     ", () -> readWithFlight(flight, memory));
            Side plain = new Side(
                    "driver, metrics+tracing off     ",
                    () -> BenchTracing.inSpan("read", () -> readWithDriver(quiet, memory)));
            for (int round = 1 - warmup; round <= rounds; round++) {
                boolean counted = round >= 1;
                System.out.println(counted ? "round " + round + ":" : "warm-up:");
                // alternate the order so that neither side always runs right after the other's garbage
                Side first = round % 2 == 0 ? raw : driver;
                Side second = first == raw ? driver : raw;
                first.run(rows, counted);
                second.run(rows, counted);
                if (observeCost) {
                    plain.run(rows, counted);
                }
                if (counted) {
                    System.out.printf("  ratio driver/raw = %.2f%n", driver.last() / raw.last());
                }
            }
            if (observeCost) {
                System.out.printf(
                        "observability cost (metrics+tracing on vs off): median %.1f%%, reading thread %.1f%%%n",
                        100 * (plain.median() / driver.median() - 1),
                        100 * (driver.medianThreadNanos() / plain.medianThreadNanos() - 1));
            }
            System.out.printf("driver rows/s: best %,.0f, median %,.0f%n", driver.best(), driver.median());
            System.out.printf("raw    rows/s: best %,.0f, median %,.0f%n", raw.best(), raw.median());
            System.out.printf(
                    "ratio driver/raw: best/best %.2f, median/median %.2f (target 0.90)%n",
                    driver.best() / raw.best(), driver.median() / raw.median());
            System.out.printf(
                    "rows per JVM CPU-second (median): driver %,.0f, raw %,.0f, ratio %.2f%n",
                    driver.medianCpuRate(), raw.medianCpuRate(), driver.medianCpuRate() / raw.medianCpuRate());
            System.out.printf(
                    "reading thread CPU per row (median): driver %.0f ns, raw %.0f ns%n",
                    driver.medianThreadNanos(), raw.medianThreadNanos());
            System.out.printf(
                    "raw Flight client allocator peak: %,d KiB%n", allocator.getPeakMemoryAllocation() / 1024);
            // the server's own Arrow memory (results converted and queued for sending, DuckDB's exported
            // batches): bounded by the stream's batches in flight, whatever the result's size
            System.out.printf(
                    "server Arrow memory peak: %,d KiB (all rounds, both sides)%n",
                    server.peakAllocatedMemory() / 1024);
        }
    }

    /** Writes the rows inside the server (INSERT ... SELECT) in chunks, or defines a lazy view. */
    private static void fill(Connection conn, long rows, boolean view) throws SQLException {
        String select = "SELECT %s AS ts, 'host-' || (x %% 100) AS host, 'dc-' || (x %% 5) AS dc,"
                + " CAST(x * 0.5 AS DOUBLE) AS v1, CAST(x * 0.25 AS DOUBLE) AS v2 FROM generate_series(%d, %d) AS g(x)";
        try (Statement st = conn.createStatement()) {
            if (view) {
                st.executeUpdate("CREATE VIEW bench AS "
                        + String.format(select, "CAST(epoch_ms(x * 10) AS TIMESTAMP_MS)", 1, rows));
                return;
            }
            st.executeUpdate("CREATE TABLE bench (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING, dc STRING,"
                    + " v1 DOUBLE, v2 DOUBLE, PRIMARY KEY (host, dc)) WITH (append_mode = 'true')");
            long chunk = 1_000_000L;
            for (long from = 1; from <= rows; from += chunk) {
                long to = Math.min(rows, from + chunk - 1);
                st.executeUpdate("INSERT INTO bench " + String.format(select, "x * 10", from, to));
            }
        }
    }

    private interface Reader {
        long read() throws Exception;
    }

    /**
     * One side of the comparison and its measured rates: wall-clock rows/s; rows per CPU-second of the
     * whole JVM (server and client; the server's share is the same work for both sides, so on a busy
     * machine this compares the sides without the scheduler's noise); and CPU nanoseconds per row of the
     * reading thread alone (what the client adds per row, without gRPC's own threads, which run the same
     * Flight code for both sides).
     */
    private static final class Side {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        private static final com.sun.management.OperatingSystemMXBean OS =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final String label;
        private final Reader reader;
        private final List<Double> rates = new ArrayList<>();
        private final List<Double> cpuRates = new ArrayList<>();
        private final List<Double> threadNanosPerRow = new ArrayList<>();

        Side(String label, Reader reader) {
            this.label = label;
            this.reader = reader;
        }

        void run(long expectedRows, boolean counted) throws Exception {
            long start = System.nanoTime();
            long processCpu = OS.getProcessCpuTime();
            long threadCpu = THREADS.getCurrentThreadCpuTime();
            long n = reader.read();
            double threadNanos = (double) (THREADS.getCurrentThreadCpuTime() - threadCpu) / n;
            double cpuSeconds = (OS.getProcessCpuTime() - processCpu) / 1e9;
            double seconds = (System.nanoTime() - start) / 1e9;
            if (n != expectedRows) {
                throw new IllegalStateException(label + " read " + n + " rows, expected " + expectedRows);
            }
            double rate = n / seconds;
            System.out.printf(
                    "  %s %,12.0f rows/s (%.2f s); %,12.0f rows per JVM CPU-s; reading thread %5.0f ns/row%n",
                    label, rate, seconds, n / cpuSeconds, threadNanos);
            if (counted) {
                rates.add(rate);
                cpuRates.add(n / cpuSeconds);
                threadNanosPerRow.add(threadNanos);
            }
        }

        double last() {
            return rates.get(rates.size() - 1);
        }

        double best() {
            return rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }

        double median() {
            return median(rates);
        }

        double medianCpuRate() {
            return median(cpuRates);
        }

        double medianThreadNanos() {
            return median(threadNanosPerRow);
        }

        private static double median(List<Double> values) {
            double[] sorted =
                    values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int mid = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }
    }

    /** Reads every value through typed getters; the checksum keeps the JIT from dropping the reads. */
    private static long readWithDriver(Connection conn, BenchMemory memory) throws SQLException {
        long n = 0;
        long checksum = 0;
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(QUERY)) {
            while (rs.next()) {
                checksum += rs.getTimestamp(1).getTime();
                checksum += rs.getString(2).length() + rs.getString(3).length();
                checksum += (long) (rs.getDouble(4) + rs.getDouble(5));
                if (++n % 65_536 == 0) {
                    memory.progress(65_536);
                }
            }
        }
        blackhole(checksum);
        return n;
    }

    /** DoGet with the same request the driver sends, reading every value of every vector. */
    private static long readWithFlight(FlightClient flight, BenchMemory memory) throws Exception {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder()
                        .setCatalog("greptime")
                        .setSchema("public")
                        .setTimezone("UTC"))
                .setQuery(QueryRequest.newBuilder().setSql(QUERY))
                .build();
        long n = 0;
        long checksum = 0;
        try (FlightStream stream = flight.getStream(new Ticket(request.toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector(0);
                VarCharVector host = (VarCharVector) root.getVector(1);
                VarCharVector dc = (VarCharVector) root.getVector(2);
                Float8Vector v1 = (Float8Vector) root.getVector(3);
                Float8Vector v2 = (Float8Vector) root.getVector(4);
                int count = root.getRowCount();
                for (int i = 0; i < count; i++) {
                    checksum += ts.get(i);
                    checksum += new String(host.get(i), StandardCharsets.UTF_8).length()
                            + new String(dc.get(i), StandardCharsets.UTF_8).length();
                    checksum += (long) (v1.get(i) + v2.get(i));
                }
                n += count;
                memory.progress(count);
            }
        }
        blackhole(checksum);
        return n;
    }

    private static volatile long sink;

    private static void blackhole(long value) {
        sink += value;
    }
}
