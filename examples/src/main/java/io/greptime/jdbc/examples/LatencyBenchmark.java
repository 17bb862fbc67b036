package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Per-statement latency against one embedded server over one connection: {@code SELECT 1} and a point
 * query on a table of {@code bench.rows} (1M) rows, each run one statement at a time (the next starts
 * when the previous result is fully read), through (a) the driver's {@code Statement.executeQuery}, (b)
 * the driver's {@code PreparedStatement.executeQuery}, (c) a raw Arrow {@link FlightClient} DoGet with
 * the same {@code GreptimeRequest} the driver sends, and, for context, (d) the engine alone, called in
 * process with no wire at all (what the server's SQL execution costs by itself), (e) the floor of Arrow
 * Flight itself: Arrow's own {@code FlightServer} answering the same client with the same one-row result,
 * prepared in advance (no engine, no GreptimeDB frames), and (f) DuckDB's JDBC driver alone on a database
 * of its own holding the same rows, running the SQL the engine sends DuckDB for the statement, once as
 * one prepared statement and once as a new statement each time: for a query that reads a table the two
 * cost about the same, because DuckDB binds and plans such a prepared statement again at every execution.
 *
 * <p>The sides alternate in blocks of {@code bench.block} statements so that none always runs after
 * another's garbage; warm-up statements are not counted. Prints p50/p90/p99 per side and statement and
 * the driver/raw ratio of the medians. The point query looks a row up by its tag and time index, as an
 * application reading one sample does: {@code host = 'host-42' AND ts = <a timestamp in the table>}.
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.main=io.greptime.jdbc.examples.LatencyBenchmark}. Options: {@code bench.rows} (1,000,000),
 * {@code bench.statements} (measured statements per side and query, 2,000), {@code bench.warmup}
 * (1,000), {@code bench.cancels} (5); the server's own {@code greptime.tck.duckdbThreads} (1) and
 * {@code greptime.tck.grpcDefaultExecutor} (false) measure its choices against the alternatives. Last,
 * it times how long a cancelled query keeps the server busy.
 * Not a test: figures depend on the machine.
 */
public final class LatencyBenchmark {
    private static final String TABLE = "bench_latency";
    /** A row of the table: host-42's sample at 1,700,000,042,000 ms (row 42 of every 100). */
    static final String POINT =
            "SELECT ts, host, dc, v1, v2 FROM " + TABLE + " WHERE host = 'host-42' AND ts = '2023-11-14 22:14:02.000'";
    /**
     * What the engine sends DuckDB for {@link #POINT} (its translator's output, the time literal typed as
     * the column), for DuckDB's side on a database of its own.
     */
    static final String POINT_IN_DUCKDB = "SELECT ts, host, dc, v1, v2 FROM " + TABLE
            + " WHERE host = 'host-42' AND ts = CAST('2023-11-14 22:14:02' AS TIMESTAMP_MS)";

    private LatencyBenchmark() {}

    public static void main(String[] args) throws Exception {
        Logger.getLogger("org.apache.arrow").setLevel(Level.WARNING);
        long rows = Long.getLong("bench.rows", 1_000_000L);
        int statements = Integer.getInteger("bench.statements", 2_000);
        int warmup = Integer.getInteger("bench.warmup", 1_000);
        int block = Integer.getInteger("bench.block", 100);
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start();
                Connection conn =
                        DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public?timezone=UTC");
                BufferAllocator allocator = new RootAllocator();
                FlightClient flight = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .build();
                FloorServer floor = new FloorServer(allocator);
                FlightClient floorClient = FlightClient.builder(
                                allocator, Location.forGrpcInsecure("127.0.0.1", floor.port()))
                        .build();
                Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            long fillStart = System.nanoTime();
            fill(conn, rows);
            fillDuckDb(duck, rows);
            System.out.printf(
                    "latency benchmark: table of %,d rows filled in %.1f s; %,d warm-up + %,d measured statements"
                            + " per side and query, in blocks of %d; DuckDB threads %d, gRPC %s; load average %.2f%n",
                    rows,
                    (System.nanoTime() - fillStart) / 1e9,
                    warmup,
                    statements,
                    block,
                    DuckDbEngine.duckDbThreads(),
                    Boolean.getBoolean(EmbeddedGreptimeServer.DEFAULT_EXECUTOR_PROPERTY)
                            ? "default executor"
                            : "direct executor + CallDispatch",
                    loadAverage());
            for (String sql : List.of("SELECT 1", POINT)) {
                floor.answerWith(flight, new Ticket(request(sql).toByteArray()));
                String inDuckDb = sql.equals(POINT) ? POINT_IN_DUCKDB : sql;
                measure(
                        sql,
                        sides(sql, conn, flight, engine, allocator, floorClient, duck, inDuckDb),
                        statements,
                        warmup,
                        block);
            }
            System.out.printf("load average after the statements: %.2f%n", loadAverage());
            cancellation(conn, server, Integer.getInteger("bench.cancels", 5));
        }
    }

    private static Map<String, Side> sides(
            String sql,
            Connection conn,
            FlightClient flight,
            DuckDbEngine engine,
            BufferAllocator allocator,
            FlightClient floorClient,
            Connection duck,
            String inDuckDb)
            throws SQLException {
        Map<String, Side> sides = new LinkedHashMap<>();
        sides.put("driver Statement.executeQuery", new Side(() -> viaStatement(conn, sql)));
        PreparedStatement prepared = conn.prepareStatement(sql);
        sides.put("driver PreparedStatement", new Side(() -> viaPrepared(prepared)));
        Ticket ticket = new Ticket(request(sql).toByteArray());
        sides.put("raw Flight DoGet", new Side(() -> viaFlight(flight, ticket)));
        QueryContext ctx = QueryContext.defaults();
        sides.put("engine alone (no wire, context)", new Side(() -> viaEngine(engine, ctx, sql, allocator)));
        Ticket any = new Ticket(new byte[] {0});
        sides.put("Flight floor (Arrow's server, no engine)", new Side(() -> viaFlight(floorClient, any)));
        PreparedStatement inDuck = duck.prepareStatement(inDuckDb);
        sides.put("DuckDB JDBC alone, prepared", new Side(() -> viaPrepared(inDuck)));
        sides.put("DuckDB JDBC alone, new statement", new Side(() -> viaStatement(duck, inDuckDb)));
        return sides;
    }

    private static void measure(String sql, Map<String, Side> sides, int statements, int warmup, int block)
            throws Exception {
        System.out.println("== " + sql);
        for (Side side : sides.values()) {
            for (int i = 0; i < warmup; i++) {
                side.runOnce(false);
            }
        }
        List<Side> order = new ArrayList<>(sides.values());
        for (int done = 0; done < statements; done += block) {
            for (Side side : order) {
                for (int i = 0; i < Math.min(block, statements - done); i++) {
                    side.runOnce(true);
                }
            }
            java.util.Collections.rotate(order, 1);
        }
        for (Map.Entry<String, Side> e : sides.entrySet()) {
            Side s = e.getValue();
            System.out.printf(
                    "  %-34s p50 %7.3f ms  p90 %7.3f ms  p99 %7.3f ms  (%d rows per statement)%n",
                    e.getKey(), s.percentile(50), s.percentile(90), s.percentile(99), s.rowsPerStatement);
        }
        Side driver = sides.get("driver Statement.executeQuery");
        Side raw = sides.get("raw Flight DoGet");
        System.out.printf(
                "  driver/raw p50: %.2f; driver p50 %s the 1 ms target%n",
                driver.percentile(50) / raw.percentile(50), driver.percentile(50) <= 1.0 ? "meets" : "misses");
        System.out.printf(
                "  raw Flight minus Flight floor: %.3f ms; DuckDB prepared / new statement p50: %.2f%n",
                raw.percentile(50)
                        - sides.get("Flight floor (Arrow's server, no engine)").percentile(50),
                sides.get("DuckDB JDBC alone, prepared").percentile(50)
                        / sides.get("DuckDB JDBC alone, new statement").percentile(50));
    }

    /** The machine's one-minute load average (the figures mean little when other work shares the cores). */
    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** An aggregate DuckDB would compute for hours: only a cancellation that reaches DuckDB stops it. */
    private static final String ENDLESS = "SELECT sum(range) FROM range(1000000000000)";

    /**
     * How long a cancelled statement keeps the server busy: {@code Statement.cancel()} on a query DuckDB is
     * computing (started 300 ms earlier), timed until the server reports no call in flight, which it does
     * only once DuckDB's statement has stopped (the CPU it was consuming is then free).
     */
    private static void cancellation(Connection conn, EmbeddedGreptimeServer server, int tries) throws Exception {
        System.out.println("== cancel of " + ENDLESS + " after 300 ms, " + tries + " tries");
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < tries; i++) {
            try (Statement st = conn.createStatement()) {
                Thread runner = new Thread(() -> {
                    try (ResultSet rs = st.executeQuery(ENDLESS)) {
                        rs.next();
                    } catch (SQLException expected) {
                        // cancelled below
                    }
                });
                runner.start();
                awaitStreams(server, 1);
                Thread.sleep(300);
                long start = System.nanoTime();
                st.cancel();
                awaitStreams(server, 0);
                nanos.add(System.nanoTime() - start);
                runner.join(60_000);
            }
        }
        long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        double p50 = sorted[sorted.length / 2] / 1e6;
        double max = sorted[sorted.length - 1] / 1e6;
        System.out.printf(
                "  cancel -> server idle: p50 %.1f ms, max %.1f ms; %s the 1 s target%n",
                p50, max, max <= 1000 ? "meets" : "misses");
    }

    private static void awaitStreams(EmbeddedGreptimeServer server, int n) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (server.activeStreams() != n) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the server still has " + server.activeStreams() + " calls in flight");
            }
            Thread.sleep(1);
        }
    }

    /** 1M rows written inside the server (INSERT ... SELECT), in time-index order as an ingester writes. */
    private static void fill(Connection conn, long rows) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE " + TABLE + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING,"
                    + " dc STRING, v1 DOUBLE, v2 DOUBLE, PRIMARY KEY (host, dc))");
            long chunk = 250_000L;
            for (long from = 0; from < rows; from += chunk) {
                long to = Math.min(rows, from + chunk) - 1;
                st.executeUpdate("INSERT INTO " + TABLE + " SELECT 1700000000000 + x * 1000 AS ts,"
                        + " 'host-' || (x % 100) AS host, 'dc-' || (x % 5) AS dc, CAST(x * 0.5 AS DOUBLE) AS v1,"
                        + " CAST(x * 0.25 AS DOUBLE) AS v2 FROM generate_series(" + from + ", " + to + ") AS g(x)");
            }
        }
    }

    /** The same rows in a DuckDB of its own, on one DuckDB thread as the engine runs its statements. */
    private static void fillDuckDb(Connection duck, long rows) throws SQLException {
        try (Statement st = duck.createStatement()) {
            st.execute("SET threads = 1");
            st.execute("CREATE TABLE " + TABLE
                    + " (ts TIMESTAMP_MS NOT NULL, host VARCHAR, dc VARCHAR, v1 DOUBLE, v2 DOUBLE)");
            st.execute("INSERT INTO " + TABLE + " SELECT CAST(epoch_ms(1700000000000 + x * 1000) AS TIMESTAMP_MS),"
                    + " 'host-' || (x % 100), 'dc-' || (x % 5), x * 0.5, x * 0.25 FROM generate_series(0, "
                    + (rows - 1) + ") AS g(x)");
        }
    }

    /**
     * Arrow's own Flight server answering every DoGet with one result prepared in advance: what the same
     * client pays for a DoGet round trip with no engine and no GreptimeDB frames behind it.
     */
    private static final class FloorServer implements AutoCloseable {
        private final BufferAllocator allocator;
        private final FlightServer server;
        private volatile VectorSchemaRoot answer;

        FloorServer(BufferAllocator parent) throws java.io.IOException {
            this.allocator = parent.newChildAllocator("floor", 0, Long.MAX_VALUE);
            this.server = FlightServer.builder(
                            allocator, Location.forGrpcInsecure("127.0.0.1", 0), new NoOpFlightProducer() {
                                @Override
                                public void getStream(
                                        CallContext context, Ticket ticket, ServerStreamListener listener) {
                                    listener.start(answer);
                                    listener.putNext();
                                    listener.completed();
                                }
                            })
                    .build()
                    .start();
        }

        int port() {
            return server.getPort();
        }

        /** Keeps a copy of what the embedded server answers {@code ticket} as the answer to every DoGet. */
        void answerWith(FlightClient source, Ticket ticket) throws Exception {
            try (FlightStream stream = source.getStream(ticket)) {
                if (!stream.next()) {
                    throw new IllegalStateException("the statement returned no batch");
                }
                VectorSchemaRoot rows = stream.getRoot();
                VectorSchemaRoot copy = VectorSchemaRoot.create(rows.getSchema(), allocator);
                for (int c = 0; c < rows.getFieldVectors().size(); c++) {
                    for (int r = 0; r < rows.getRowCount(); r++) {
                        copy.getVector(c).copyFromSafe(r, r, rows.getVector(c));
                    }
                }
                copy.setRowCount(rows.getRowCount());
                if (answer != null) {
                    answer.close();
                }
                answer = copy;
                while (stream.next()) {
                    // the rest of the stream (its metrics) is not part of the answer
                }
            }
        }

        @Override
        public void close() throws Exception {
            server.close();
            if (answer != null) {
                answer.close();
            }
            allocator.close();
        }
    }

    private static GreptimeRequest request(String sql) {
        return GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder()
                        .setCatalog("greptime")
                        .setSchema("public")
                        .setTimezone("UTC"))
                .setQuery(QueryRequest.newBuilder().setSql(sql))
                .build();
    }

    private static long viaStatement(Connection conn, String sql) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return drain(rs);
        }
    }

    private static long viaPrepared(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return drain(rs);
        }
    }

    private static long drain(ResultSet rs) throws SQLException {
        long n = 0;
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            for (int i = 1; i <= columns; i++) {
                rs.getObject(i);
            }
            n++;
        }
        return n;
    }

    private static long viaFlight(FlightClient flight, Ticket ticket) throws Exception {
        long n = 0;
        try (FlightStream stream = flight.getStream(ticket)) {
            while (stream.next()) {
                var root = stream.getRoot();
                for (int r = 0; r < root.getRowCount(); r++) {
                    for (var v : root.getFieldVectors()) {
                        v.getObject(r);
                    }
                }
                n += root.getRowCount();
            }
        }
        return n;
    }

    private static long viaEngine(DuckDbEngine engine, QueryContext ctx, String sql, BufferAllocator allocator)
            throws Exception {
        long n = 0;
        Output out = engine.execute(ctx, sql, allocator);
        try (ArrowReader reader = ((Output.Rows) out).reader()) {
            while (reader.loadNextBatch()) {
                n += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        return n;
    }

    private interface Statements {
        long run() throws Exception;
    }

    /** One way of running the statement, and its measured latencies. */
    private static final class Side {
        private final Statements body;
        private final List<Long> nanos = new ArrayList<>();
        private long rowsPerStatement = -1;

        Side(Statements body) {
            this.body = body;
        }

        void runOnce(boolean counted) throws Exception {
            long start = System.nanoTime();
            long rows = body.run();
            long elapsed = System.nanoTime() - start;
            if (rowsPerStatement >= 0 && rows != rowsPerStatement) {
                throw new IllegalStateException("a statement returned " + rows + " rows, before " + rowsPerStatement);
            }
            if (rows != 1) {
                throw new IllegalStateException("the statement returned " + rows + " rows, expected 1");
            }
            rowsPerStatement = rows;
            if (counted) {
                nanos.add(elapsed);
            }
        }

        double percentile(int p) {
            long[] sorted = nanos.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(sorted);
            int at = Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1);
            return sorted[Math.max(0, at)] / 1e6;
        }
    }
}
