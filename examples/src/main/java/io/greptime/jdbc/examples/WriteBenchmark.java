package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.springframework.jdbc.core.BatchPreparedStatementSetter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Write throughput against one embedded server, in one run: rows of (timestamp, two tags, three doubles)
 * written (a) with PreparedStatement addBatch/executeBatch (the driver's DoPut path), (b) with Spring's
 * {@code JdbcTemplate.batchUpdate}, (c) as raw Arrow Flight DoPut of prebuilt record batches (the
 * ceiling: same protocol, nothing built per row), and (d) by the official Java ingester 0.11.0, unary
 * and streaming (the peer; it runs in a child JVM because its grpc/protobuf versions cannot share the
 * driver's classpath, see {@code examples/ingester-peer/pom.xml}), and (e) by the official bulk writer of the
 * Rust ingester through its Python bindings when {@code peers/python/.venv} exists ({@link WritePeers}).
 *
 * <p>The server runs twice, first with {@link SinkEngine} storage (the full server front and decoding,
 * rows counted instead of stored: the client paths' own cost), then with DuckDB storage (rows stored:
 * the embedded server's ingestion is then the bottleneck of every method); {@code -Dbench.server=sink}
 * or {@code =duckdb} runs one; {@code -Dbench.server=engine} measures the embedded server's DuckDB
 * ingestion alone, into append and dedup tables ({@link EngineWriteBenchmark}). Every method writes the same rows in batches of {@code bench.batch} rows, first a warm-up into its
 * own table, then {@code bench.rounds} measured passes (the in-process methods alternate their order per
 * round); every pass checks the stored row count afterwards. DoPut batches go uncompressed on both the
 * driver and the raw side ({@code bulkCompression=none}), so both measure the path rather than the codec
 * (on loopback the bytes LZ4 saves cost more than they save). Prints rows/s (best and median) and the ratios the targets name.
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.main=io.greptime.jdbc.examples.WriteBenchmark -Dbench.rows=1000000 -Dbench.rounds=3}.
 * {@code -Dbench.peer=false} skips the peer. Not a test: figures depend on the machine.
 */
public final class WriteBenchmark {
    static final String COLUMNS = "(ts, host, dc, v1, v2, v3)";
    static final String INSERT = "INSERT INTO %s " + COLUMNS + " VALUES (?, ?, ?, ?, ?, ?)";
    private static final String[] HOSTS = new String[100];
    private static final String[] DCS = new String[5];

    static {
        for (int i = 0; i < HOSTS.length; i++) {
            HOSTS[i] = "host-" + i;
        }
        for (int i = 0; i < DCS.length; i++) {
            DCS[i] = "dc-" + i;
        }
    }

    private WriteBenchmark() {}

    /** Row i of every method: the same values the peer writes. */
    static long ts(long i) {
        return 1_700_000_000_000L + i;
    }

    static String host(long i) {
        return HOSTS[(int) (i % 100)];
    }

    static String dc(long i) {
        return DCS[(int) (i % 5)];
    }

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 1_000_000L);
        int batch = Integer.getInteger("bench.batch", 10_000);
        int rounds = Integer.getInteger("bench.rounds", 3);
        long warmup = Long.getLong("bench.warmupRows", Math.min(rows, 500_000L));
        boolean peer = Boolean.parseBoolean(System.getProperty("bench.peer", "true"));
        if (Boolean.getBoolean("bench.otel")) {
            BenchTracing.install(); // the driver records a span per executeBatch, exported to a counter
        }
        String servers = System.getProperty("bench.server", "both");
        if (servers.equals("engine")) { // how fast the embedded server stores rows in DuckDB (EngineWriteBenchmark)
            EngineWriteBenchmark.run(rows, batch, rounds, warmup);
            return;
        }
        System.out.printf(
                "write benchmark: %,d rows per pass in batches of %,d; warm-up %,d rows; %d rounds%n",
                rows, batch, warmup, rounds);
        for (String mode : servers.equals("both") ? List.of("sink", "duckdb") : List.of(servers)) {
            System.out.println("== server storage: "
                    + (mode.equals("sink")
                            ? "sink (full server front and decoding, rows counted, not stored)"
                            : "DuckDB (rows stored)"));
            try (DuckDbEngine duck = DuckDbEngine.inMemory()) {
                SinkEngine sink = mode.equals("sink") ? new SinkEngine(duck) : null;
                run(sink != null ? sink : duck, sink, rows, batch, rounds, warmup, peer);
            }
        }
    }

    private static void run(Engine engine, SinkEngine sink, long rows, int batch, int rounds, long warmup, boolean peer)
            throws Exception {
        // -Dbench.params=k=v&k2=v2: more connection properties for every driver connection (to compare settings)
        String params =
                System.getProperty("bench.params", "").isEmpty() ? "" : "&" + System.getProperty("bench.params");
        try (EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start();
                Connection conn = DriverManager.getConnection(
                        "jdbc:greptime://" + server.address() + "/public?bulkCompression=none" + params);
                // -Dbench.observe=true: executeBatch once more on a connection with metrics and tracing off,
                // to price the driver's observability (the main connection keeps the defaults)
                Connection quiet = DriverManager.getConnection("jdbc:greptime://" + server.address()
                        + "/public?bulkCompression=none&metrics=none&tracing=false" + params);
                // executeBatch returning once its rows are sent; each pass still ends waiting for every answer
                Connection deferred = DriverManager.getConnection("jdbc:greptime://" + server.address()
                        + "/public?bulkCompression=none&bulkAcknowledge=deferred" + params);
                BufferAllocator allocator = new RootAllocator();
                FlightClient flight = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build()) {
            boolean observeCost = Boolean.getBoolean("bench.observe");
            for (String t : List.of(
                    "jdbc", "deferred", "spring", "raw", "raw1", "arrow", "quiet", "peer_unary", "peer_stream")) {
                createTable(conn, "bench_w_" + t);
                createTable(conn, "bench_w_" + t + "_warm");
            }
            Counter counter = sink != null ? sink::count : table -> count(conn, table);
            JdbcTemplate spring = new JdbcTemplate(new SingleConnectionDataSource(conn, true));
            List<ArrowRecordBatch> prebuilt = RawDoPut.prebuild(allocator, rows, batch);
            List<ArrowRecordBatch> prebuiltWarm = RawDoPut.prebuild(allocator, warmup, batch);
            try {
                Map<String, Method> methods = new LinkedHashMap<>();
                methods.put(
                        "jdbc", new Method("PreparedStatement executeBatch", t -> executeBatch(conn, t, rows, batch)));
                methods.put(
                        "deferred",
                        new Method(
                                "executeBatch, bulkAcknowledge=deferred", t -> executeBatch(deferred, t, rows, batch)));
                methods.put(
                        "spring",
                        new Method("Spring JdbcTemplate.batchUpdate", t -> batchUpdate(spring, t, rows, batch)));
                methods.put(
                        "raw",
                        new Method("raw Flight DoPut (prebuilt)", t -> RawDoPut.put(flight, allocator, t, prebuilt)));
                // context, not a target: the same prebuilt batches, each waiting for its answer before the next is
                // sent, which is what a synchronous executeBatch of one batch can at best do
                methods.put(
                        "raw1",
                        new Method(
                                "raw DoPut, one batch in flight",
                                t -> RawDoPut.put(flight, allocator, t, prebuilt, 1)));
                // context, not a target: an application using Arrow Flight directly, building each batch with
                // Arrow's vector API inside the timed loop (8 in flight): executeBatch's work without JDBC
                methods.put(
                        "arrow",
                        new Method(
                                "Arrow client, builds its batches",
                                t -> RawDoPut.putBuilding(flight, allocator, t, rows, batch)));
                if (observeCost) {
                    methods.put(
                            "quiet",
                            new Method("executeBatch, metrics+tracing off", t -> executeBatch(quiet, t, rows, batch)));
                    executeBatch(quiet, "bench_w_quiet_warm", warmup, batch);
                }
                executeBatch(conn, "bench_w_jdbc_warm", warmup, batch);
                executeBatch(deferred, "bench_w_deferred_warm", warmup, batch);
                batchUpdate(spring, "bench_w_spring_warm", warmup, batch);
                RawDoPut.put(flight, allocator, "bench_w_raw_warm", prebuiltWarm);
                RawDoPut.put(flight, allocator, "bench_w_raw1_warm", prebuiltWarm, 1);
                RawDoPut.putBuilding(flight, allocator, "bench_w_arrow_warm", warmup, batch);
                long before = conn.unwrap(GreptimeConnection.class)
                        .getWriteStatistics()
                        .doPutRows();
                for (int round = 1; round <= rounds; round++) {
                    System.out.println("round " + round + ":");
                    List<String> order = new ArrayList<>(methods.keySet());
                    java.util.Collections.rotate(order, round - 1);
                    for (String key : order) {
                        methods.get(key).run(counter, "bench_w_" + key, rows, round);
                    }
                }
                long viaDoPut = conn.unwrap(GreptimeConnection.class)
                                .getWriteStatistics()
                                .doPutRows()
                        - before;
                System.out.printf(
                        "driver rows sent on DoPut during the measured rounds: %,d (executeBatch + Spring: %,d)%n",
                        viaDoPut, 2L * rounds * rows);
                report(
                        methods,
                        peer
                                ? new WritePeers(counter::count, conn, server.port(), rows, batch, warmup).run()
                                : Map.of());
            } finally {
                prebuilt.forEach(ArrowRecordBatch::close);
                prebuiltWarm.forEach(ArrowRecordBatch::close);
            }
        }
    }

    /** Rows stored (or, with the sink, received) in a table. */
    private interface Counter {
        long count(String table) throws SQLException;
    }

    static void createTable(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING, dc STRING,"
                    + " v1 DOUBLE, v2 DOUBLE, v3 DOUBLE, PRIMARY KEY (host, dc)) WITH (append_mode = 'true')");
        }
    }

    static long count(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private interface Writer {
        void write(String table) throws Exception;
    }

    /** One in-process method and its measured rates. */
    private static final class Method {
        private final String label;
        private final Writer writer;
        private final List<Double> rates = new ArrayList<>();

        Method(String label, Writer writer) {
            this.label = label;
            this.writer = writer;
        }

        void run(Counter counter, String table, long rows, int round) throws Exception {
            long start = System.nanoTime();
            writer.write(table);
            double seconds = (System.nanoTime() - start) / 1e9;
            long stored = counter.count(table);
            if (stored != rows * round) {
                throw new IllegalStateException(label + ": " + stored + " rows stored, expected " + rows * round);
            }
            rates.add(rows / seconds);
            System.out.printf("  %-34s %,12.0f rows/s (%.2f s)%n", label, rows / seconds, seconds);
        }

        double best() {
            return rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        }

        double median() {
            double[] sorted =
                    rates.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int mid = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }
    }

    private static void report(Map<String, Method> methods, Map<String, Double> peer) {
        System.out.println("rows/s (best / median):");
        methods.values().forEach(m -> System.out.printf("  %-34s %,12.0f / %,12.0f%n", m.label, m.best(), m.median()));
        peer.forEach((label, rate) -> System.out.printf("  %-34s %,12.0f (one pass)%n", label, rate));
        Method jdbc = methods.get("jdbc");
        Method spring = methods.get("spring");
        Method raw = methods.get("raw");
        System.out.printf(
                "executeBatch / raw DoPut: %.2f median (best/best %.2f; target 0.60)%n",
                jdbc.median() / raw.median(), jdbc.best() / raw.best());
        System.out.printf(
                "Spring batchUpdate / raw DoPut: %.2f median (best/best %.2f; target 0.70)%n",
                spring.median() / raw.median(), spring.best() / raw.best());
        Method deferredAcks = methods.get("deferred");
        System.out.printf(
                "executeBatch with bulkAcknowledge=deferred / raw DoPut: %.2f median (best/best %.2f)%n",
                deferredAcks.median() / raw.median(), deferredAcks.best() / raw.best());
        Method raw1 = methods.get("raw1");
        System.out.printf(
                "executeBatch / raw DoPut with one batch in flight: %.2f median (context: each executeBatch waits for"
                        + " its batch's answer)%n",
                jdbc.median() / raw1.median());
        Method arrow = methods.get("arrow");
        System.out.printf(
                "executeBatch / Arrow client building its batches: %.2f median; that client / raw DoPut: %.2f median"
                        + " (context: building the rows is inside the clock for both)%n",
                jdbc.median() / arrow.median(), arrow.median() / raw.median());
        Method quiet = methods.get("quiet");
        if (quiet != null) {
            System.out.printf(
                    "observability cost on executeBatch (metrics+tracing on vs off): median %.1f%%%n",
                    100 * (quiet.median() / jdbc.median() - 1));
        }
        peer.forEach((label, rate) -> System.out.printf(
                "executeBatch / %s: %.2fx median%s%n",
                label, jdbc.median() / rate, label.equals("official ingester unary") ? " (target 10x)" : ""));
    }

    /**
     * addBatch per row, executeBatch every {@code batch} rows: what a JDBC application writes. Each batch's
     * rows are bound by a method of their own, as the Arrow client fills each batch
     * ({@code RawDoPut.fill}): with the whole write in one loop of one call, the JIT compiled that loop
     * again (on-stack, then whole, with every setter inlined) during the measured passes, 1.6 s of C2 time
     * in one pass logged with -XX:+LogCompilation (on one of the two cores), which the Arrow client's
     * per-batch method, compiled once early, never pays.
     */
    static void executeBatch(Connection conn, String table, long rows, int batch) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(String.format(INSERT, table))) {
            for (long from = 0; from < rows; from += batch) {
                long to = Math.min(rows, from + batch);
                bind(ps, from, to);
                int[] counts = ps.executeBatch();
                if (counts.length != to - from) {
                    throw new IllegalStateException(
                            "executeBatch returned " + counts.length + " counts for " + (to - from));
                }
            }
            // an empty executeBatch waits for every answer (under bulkAcknowledge=deferred; at once otherwise)
            ps.executeBatch();
        }
    }

    /**
     * The bulk-load idiom with auto-commit off: executeBatch returns once the rows are sent (SUCCESS_NO_INFO),
     * and commit() every {@code commitEvery} batches (and at the end) confirms every row since the last one.
     */
    static void executeBatchCommitting(Connection conn, String table, long rows, int batch, int commitEvery)
            throws SQLException {
        conn.setAutoCommit(false);
        try (PreparedStatement ps = conn.prepareStatement(String.format(INSERT, table))) {
            int sinceCommit = 0;
            for (long from = 0; from < rows; from += batch) {
                long to = Math.min(rows, from + batch);
                bind(ps, from, to);
                if (ps.executeBatch().length != to - from) {
                    throw new IllegalStateException("executeBatch returned the wrong number of counts");
                }
                if (++sinceCommit == commitEvery) {
                    conn.commit();
                    sinceCommit = 0;
                }
            }
        }
        conn.commit();
    }

    /** Spring's batchUpdate, one transaction per {@code commitEvery} calls (TransactionTemplate). */
    static void batchUpdateInTransactions(
            org.springframework.transaction.support.TransactionTemplate tx,
            JdbcTemplate spring,
            String table,
            long rows,
            int batch,
            int commitEvery) {
        long perTransaction = (long) batch * commitEvery;
        for (long from = 0; from < rows; from += perTransaction) {
            long first = from;
            long size = Math.min(perTransaction, rows - from);
            tx.executeWithoutResult(status -> batchUpdateRange(spring, table, first, size, batch));
        }
    }

    private static void batchUpdateRange(JdbcTemplate spring, String table, long first, long rows, int batch) {
        String sql = String.format(INSERT, table);
        for (long from = first; from < first + rows; from += batch) {
            long start = from;
            int size = (int) Math.min(batch, first + rows - from);
            spring.batchUpdate(sql, new BatchPreparedStatementSetter() {
                @Override
                public void setValues(PreparedStatement ps, int n) throws SQLException {
                    setRow(ps, start + n);
                }

                @Override
                public int getBatchSize() {
                    return size;
                }
            });
        }
    }

    /** Rows {@code from .. to - 1} of the benchmark, each bound and added to the batch. */
    private static void bind(PreparedStatement ps, long from, long to) throws SQLException {
        for (long i = from; i < to; i++) {
            setRow(ps, i);
            ps.addBatch();
        }
    }

    /** Row {@code i}'s six parameters, for executeBatch's loop and Spring's setter alike. */
    private static void setRow(PreparedStatement ps, long i) throws SQLException {
        ps.setTimestamp(1, new Timestamp(ts(i)));
        ps.setString(2, host(i));
        ps.setString(3, dc(i));
        ps.setDouble(4, i * 0.5);
        ps.setDouble(5, i * 0.25);
        ps.setDouble(6, i * 0.125);
    }

    /** Spring's batchUpdate with a BatchPreparedStatementSetter, one call per {@code batch} rows. */
    static void batchUpdate(JdbcTemplate spring, String table, long rows, int batch) {
        String sql = String.format(INSERT, table);
        for (long from = 0; from < rows; from += batch) {
            long first = from;
            int size = (int) Math.min(batch, rows - from);
            int[] counts = spring.batchUpdate(sql, new BatchPreparedStatementSetter() {
                @Override
                public void setValues(PreparedStatement ps, int n) throws SQLException {
                    setRow(ps, first + n);
                }

                @Override
                public int getBatchSize() {
                    return size;
                }
            });
            if (counts.length != size) {
                throw new IllegalStateException("batchUpdate returned " + counts.length + " counts for " + size);
            }
        }
    }
}
