package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.hostile.Act;
import io.greptime.jdbc.tck.hostile.HostileServer;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hostile soak of #29, outside the default build (the class name is none surefire runs by default):
 * every hostile case, transport and DoGet, run {@code rounds} times in one JVM through public JDBC, then
 * proof that ordinary connections still work and that the driver's Arrow memory, direct memory (the
 * BufferPoolMXBean "direct") and the thread count return to their baseline. It prints each case's outcome
 * and the before/after figures.
 *
 * <pre>
 * nice mvn -B -ntp -q -pl driver -am test -Dtest=HostileSoak -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dhostile.soak.rounds=5
 * </pre>
 *
 * The DoGet cases (flooded, corrupted, reset answers) belong to the DoGet decode work of #29: their
 * outcome is printed, never asserted here.
 */
class HostileSoak {
    private static final int ROUNDS = Integer.getInteger("hostile.soak.rounds", 3);
    private static final String TABLE_DDL =
            "CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)";

    private interface Case {
        void run(HostileServer s, Connection c) throws Exception;
    }

    private final Map<String, Case> transport = new LinkedHashMap<>();
    private final Map<String, Case> doGet = new LinkedHashMap<>();

    HostileSoak() {
        transport.put("Handle never answers", (s, c) -> {
            s.next(HostileServer.HANDLE, Act.stall());
            update(c, "INSERT INTO m (ts, host, v) VALUES (1, 'a', 1)");
        });
        transport.put("DoPut never acks", (s, c) -> {
            s.next(HostileServer.DO_PUT, Act.passThenStall(0));
            batch(c, 3);
        });
        transport.put("DoPut ack not JSON", (s, c) -> {
            s.next(HostileServer.DO_PUT, Act.putAcks(t -> "\u0000not json"));
            batch(c, 3);
        });
        transport.put("DoPut ack for an unknown request_id", (s, c) -> {
            s.next(
                    HostileServer.DO_PUT,
                    Act.putAcks(t -> t.replaceAll("\"request_id\":\\s*[1-9]\\d*", "\"request_id\":999")));
            batch(c, 3);
        });
        transport.put("DoPut ack with negative affected_rows", (s, c) -> {
            s.next(
                    HostileServer.DO_PUT,
                    Act.putAcks(t -> t.replaceAll("\"affected_rows\":\\s*\\d+", "\"affected_rows\":-5")));
            batch(c, 3);
        });
        transport.put("every lookup of a batched INSERT stalls", (s, c) -> {
            s.always(HostileServer.DO_GET, Act.stall());
            try (Connection fresh = DriverManager.getConnection(s.url("?timezone=UTC&queryTimeout=2"))) {
                batch(fresh, 3);
            } finally {
                s.behave();
            }
        });
        transport.put("HandleRequests never answers", (s, c) -> {
            s.next(HostileServer.HANDLE_REQUESTS, Act.stall());
            try (Connection timed = DriverManager.getConnection(s.url("?timezone=UTC&queryTimeout=2"));
                    GreptimeStreamInserter in = inserter(timed)) {
                in.insert("m", "h", new Timestamp(1), 1.0);
                in.finish();
            }
        });
        doGet.put("DoGet flooded with junk frames", (s, c) -> {
            s.next(HostileServer.DO_GET, Act.flood(20, 1 << 20));
            count(c);
        });
        doGet.put("DoGet with corrupted bodies", (s, c) -> {
            s.next(HostileServer.DO_GET, Act.corruptData(1));
            count(c);
        });
        doGet.put("DoGet reset after one frame", (s, c) -> {
            s.next(HostileServer.DO_GET, Act.passThenReset(1));
            count(c);
        });
        doGet.put("DoGet never answers", (s, c) -> {
            s.next(HostileServer.DO_GET, Act.stall());
            count(c);
        });
    }

    @Test
    void everyHostileCase_thenOrdinaryConnectionsWork_andMemoryAndThreadsReturnToBaseline() throws Exception {
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                HostileServer server = HostileServer.over(engine, b -> {})) {
            try (Connection c = connect(server)) {
                update(c, TABLE_DDL);
                ordinaryWork(c);
            }
            Figures before = settle(null);
            System.out.println("hostile soak: " + ROUNDS + " rounds; before: " + before);
            for (int round = 1; round <= ROUNDS; round++) {
                try (Connection c = connect(server)) {
                    runAll(round, "transport", transport, server, c);
                    runAll(round, "DoGet (printed only)", doGet, server, c);
                }
            }
            try (Connection c = connect(server)) {
                ordinaryWork(c);
                System.out.println("hostile soak: an ordinary connection after the cases works");
            }
            Figures after = settle(before);
            System.out.println("hostile soak: before: " + before);
            System.out.println("hostile soak: after:  " + after);
            assertThat(after.arrowBytes).as("driver Arrow memory").isZero();
            assertThat(after.directBytes)
                    .as("direct memory")
                    .isLessThanOrEqualTo(
                            before.directBytes + (64L << 20)); // pooled chunks kept for reuse (docs/security.md)
            assertThat(after.threads).as("threads").isLessThanOrEqualTo(before.threads + 2);
        }
    }

    private static void runAll(int round, String group, Map<String, Case> cases, HostileServer s, Connection c)
            throws Exception {
        for (Map.Entry<String, Case> e : cases.entrySet()) {
            long t0 = System.nanoTime();
            String outcome;
            try {
                e.getValue().run(s, c);
                outcome = "completed";
            } catch (SQLException ex) {
                outcome = ex.getClass().getSimpleName() + " " + ex.getSQLState() + ": " + shorten(ex.getMessage());
            } catch (RuntimeException | Error ex) {
                outcome = "NOT AN SQLException: " + ex;
            }
            s.behave();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            String servesOn = servesOn(c);
            System.out.printf(
                    "round %d %s | %-40s | %6d ms | %s | next SELECT: %s%n",
                    round, group, e.getKey(), ms, outcome, servesOn);
            if (group.equals("transport")) {
                assertThat(outcome).as(e.getKey()).doesNotStartWith("NOT AN SQLException");
                assertThat(servesOn).as("the connection after " + e.getKey()).isEqualTo("ok");
            }
        }
    }

    private static String servesOn(Connection c) {
        try {
            count(c);
            return "ok";
        } catch (SQLException e) {
            return e.getSQLState() + " " + shorten(e.getMessage());
        }
    }

    private static void ordinaryWork(Connection c) throws SQLException {
        batch(c, 100);
        assertThat(count(c)).isPositive();
    }

    /** Figures once the JVM has settled: Arrow memory back to 0 and threads at most the baseline's. */
    private static Figures settle(Figures baseline) throws InterruptedException {
        long until = System.nanoTime()
                + Duration.ofSeconds(baseline == null ? 15 : 120).toNanos();
        Figures now = Figures.now();
        while (System.nanoTime() < until
                && (baseline == null || now.threads > baseline.threads || now.arrowBytes > 0)) {
            Thread.sleep(baseline == null ? 15_000 : 1_000);
            now = Figures.now();
        }
        return now;
    }

    private record Figures(int threads, long directBytes, long arrowBytes, long heapBytes) {
        static Figures now() {
            System.gc();
            long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                    .filter(b -> b.getName().equals("direct"))
                    .mapToLong(BufferPoolMXBean::getMemoryUsed)
                    .sum();
            return new Figures(
                    ManagementFactory.getThreadMXBean().getThreadCount(),
                    direct,
                    ArrowMemoryProbe.driverAllocatedBytes(),
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }

        @Override
        public String toString() {
            return String.format(
                    "threads=%d direct=%d KiB arrow=%d B heap=%d MiB",
                    threads, directBytes >> 10, arrowBytes, heapBytes >> 20);
        }
    }

    private static Connection connect(HostileServer s) throws SQLException {
        return DriverManager.getConnection(s.url("?timezone=UTC&connectTimeout=15000"));
    }

    private static String shorten(String m) {
        String one = String.valueOf(m).replaceAll("\\s+", " ");
        return one.length() > 140 ? one.substring(0, 140) + "..." : one;
    }

    private static long update(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(2);
            return st.executeUpdate(sql);
        }
    }

    private static long count(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(5);
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM m")) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void batch(Connection c, int rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            ps.setQueryTimeout(2);
            for (int i = 0; i < rows; i++) {
                ps.setTimestamp(1, new Timestamp(1000L * i));
                ps.setString(2, "h" + i);
                ps.setDouble(3, i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static GreptimeStreamInserter inserter(Connection on) throws SQLException {
        GreptimeStreamInserter in = on.unwrap(GreptimeConnection.class).streamInserter();
        in.declare(
                "m",
                Column.tag("host", DataType.STRING),
                Column.timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                Column.field("v", DataType.FLOAT64));
        return in;
    }
}
