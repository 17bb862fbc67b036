package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One URL, two frontends: two embedded servers over one storage engine (as GreptimeDB frontends share
 * their datanodes), listed in one {@code jdbc:greptime://a,b/public} URL. The example writes and reads
 * while both run, stops one in the middle, keeps writing and reading (the driver fails over and opens
 * that server's circuit breaker), then starts it again and waits until a HealthCheck probe closes the
 * breaker. Every write is counted once. Embedded servers only: it needs to stop a server.
 */
public final class Failover {
    // the example prints its own account; the driver's failover log lines are for operators
    private static final Logger FAILOVER_LOG = Logger.getLogger("io.greptime.jdbc.failover");

    private Failover() {}

    public static void main(String[] args) throws Exception {
        run();
    }

    static void run() throws Exception {
        FAILOVER_LOG.setLevel(Level.WARNING);
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer a =
                        EmbeddedGreptimeServer.builder().engine(engine).build().start();
                EmbeddedGreptimeServer b =
                        EmbeddedGreptimeServer.builder().engine(engine).build().start()) {
            String url = "jdbc:greptime://" + a.address() + "," + b.address() + "/public"
                    + "?failoverPolicy=round_robin&breakerFailures=1&breakerCooldown=200";
            System.out.println("two frontends over one engine: " + url);
            try (Connection conn = DriverManager.getConnection(url);
                    Statement st = conn.createStatement()) {
                st.execute("CREATE TABLE failover_events (`source` STRING, n BIGINT, ts TIMESTAMP(3) NOT NULL,"
                        + " TIME INDEX (ts), PRIMARY KEY (source))");
                GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
                long written = writeAndRead(conn, 0, 20);
                System.out.println("both up: wrote and read 20 rows, endpoints " + describe(greptime));

                a.stop();
                System.out.println("stopped " + a.address());
                written += writeAndRead(conn, 20, 20);
                ExampleTarget.check(
                        breakerOf(greptime, a.address()) != GreptimeEndpointStatus.Breaker.CLOSED,
                        "the stopped server's breaker opened");
                System.out.println("one down: wrote and read 20 more rows, endpoints " + describe(greptime));

                a.start();
                System.out.println("started " + a.address() + " again");
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (breakerOf(greptime, a.address()) != GreptimeEndpointStatus.Breaker.CLOSED
                        && System.nanoTime() < deadline) {
                    written +=
                            writeAndRead(conn, (int) written, 1); // traffic lets the probe run once the cooldown ends
                    Thread.sleep(100);
                }
                ExampleTarget.check(
                        breakerOf(greptime, a.address()) == GreptimeEndpointStatus.Breaker.CLOSED,
                        "a HealthCheck probe closed the breaker again");
                System.out.println("both up again: endpoints " + describe(greptime));
                ExampleTarget.check(count(st) == written, "every write stored exactly once (" + written + " rows)");
                st.execute("DROP TABLE failover_events");
            }
        }
    }

    /** Inserts {@code rows} rows one statement each, then reads the table's count; returns rows written. */
    private static long writeAndRead(Connection conn, int from, int rows) throws SQLException {
        try (PreparedStatement ps =
                conn.prepareStatement("INSERT INTO failover_events (source, n, ts) VALUES ('example', ?, ?)")) {
            for (int i = from; i < from + rows; i++) {
                ps.setLong(1, i);
                ps.setTimestamp(2, new Timestamp(1_700_000_000_000L + i));
                ExampleTarget.check(ps.executeUpdate() == 1, "insert " + i + " wrote one row");
            }
        }
        try (Statement st = conn.createStatement()) {
            ExampleTarget.check(count(st) >= from + rows, "the rows written so far are readable");
        }
        return rows;
    }

    private static long count(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM failover_events")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static GreptimeEndpointStatus.Breaker breakerOf(GreptimeConnection c, String address) throws SQLException {
        return c.getEndpointStatus().stream()
                .filter(s -> s.address().equals(address))
                .map(GreptimeEndpointStatus::breaker)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(address + " is not among " + describeQuietly(c)));
    }

    private static String describeQuietly(GreptimeConnection c) {
        try {
            return describe(c);
        } catch (SQLException e) {
            return "(endpoints unavailable: " + e.getSQLState() + ")";
        }
    }

    private static String describe(GreptimeConnection c) throws SQLException {
        StringBuilder sb = new StringBuilder();
        for (GreptimeEndpointStatus s : c.getEndpointStatus()) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append(s.address())
                    .append('=')
                    .append(s.breaker());
        }
        return sb.toString();
    }
}
