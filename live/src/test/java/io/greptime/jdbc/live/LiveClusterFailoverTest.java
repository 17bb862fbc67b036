package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.testing.GreptimeDBCluster;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A real GreptimeDB cluster (metasrv, one datanode, two frontends, a flownode) from {@code GREPTIMEDB_BIN}, and
 * {@code kill -9} of a frontend in the middle of the driver's work; skipped without a binary. For each case it counts
 * what was sent, what the driver counted as stored, what the table holds afterwards, duplicates, and the rows the
 * driver reported in doubt, and it measures the time from the kill to the next successful statement and from the
 * restart to the frontend being used again. It fails when a row the driver counted is missing, or when an append
 * table holds more duplicates than the driver reported rows in doubt.
 */
class LiveClusterFailoverTest {
    private static final int BATCH = 1_000;
    private static final int BATCHES = 60;
    private static final int KILL_AFTER = 15;
    private static GreptimeDBCluster cluster;
    private static final List<String> REPORT = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LiveCluster.require();
        LiveCluster.restoreAll();
    }

    @AfterAll
    static void stopCluster() {
        System.out.println("live cluster failover: table kind | hosts | sent | counted | stored | duplicated | in doubt"
                + " | kill to next success ms | restart to used again ms");
        REPORT.forEach(System.out::println);
    }

    @ParameterizedTest(name = "{0} table, discoverFrontends={1}")
    @CsvSource({"dedup, false", "append, false", "dedup, true", "append, true"})
    void executeBatch_frontendKilledMidway_nothingCountedIsLost(String kind, boolean discover) throws Exception {
        String table = "failover_" + kind + "_" + (discover ? "disc" : "fixed");
        Properties p = new Properties();
        p.setProperty("discoverFrontends", Boolean.toString(discover));
        // the frontends of a one-machine cluster share a host and differ by port: keep the advertised one
        // (the harness sets --rpc-server-addr to the bind address, so it is the client port)
        p.setProperty("discoveredPort", "advertised");
        p.setProperty("breakerCooldown", "1000");
        String url = discover ? "jdbc:greptime://" + cluster.frontend(1).grpcEndpoint() + "/public" : cluster.jdbcUrl();
        try (Connection c = DriverManager.getConnection(url, p)) {
            try (Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS " + table);
                st.execute("CREATE TABLE " + table
                        + " (host STRING, ts TIMESTAMP(3) NOT NULL, v DOUBLE, TIME INDEX (ts)," + " PRIMARY KEY (host))"
                        + (kind.equals("append") ? " WITH ('append_mode' = 'true')" : ""));
            }
            Counts counts = new Counts();
            long killedAt = 0;
            long firstSuccessAfterKill = -1;
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO " + table + " (host, ts, v) VALUES (?, ?, ?)")) {
                for (int b = 0; b < BATCHES; b++) {
                    if (b == KILL_AFTER) {
                        cluster.frontend(0).kill();
                        killedAt = System.nanoTime();
                    }
                    boolean ok = writeBatch(ps, b, counts);
                    if (ok && killedAt != 0 && firstSuccessAfterKill < 0) {
                        firstSuccessAfterKill = (System.nanoTime() - killedAt) / 1_000_000;
                    }
                }
            }
            long restartedAt = System.nanoTime();
            cluster.frontend(0).restart();
            long usedAgainMs = usedAgain(c, cluster.frontend(0).grpcEndpoint(), restartedAt);
            long stored;
            long distinct;
            try (Statement st = c.createStatement()) {
                stored = single(st, "SELECT count(*) FROM " + table);
                distinct = single(st, "SELECT count(DISTINCT ts) FROM " + table);
            }
            long duplicated = stored - distinct;
            List<Integer> missing = new ArrayList<>();
            try (Statement st = c.createStatement()) {
                for (int b : counts.countedBatches) {
                    long from = 1_700_000_000_000L + (long) b * BATCH;
                    long n = single(
                            st,
                            "SELECT count(DISTINCT ts) FROM " + table + " WHERE ts >= " + from + " AND ts < "
                                    + (from + BATCH));
                    if (n != BATCH) {
                        missing.add(b);
                    }
                }
            }
            REPORT.add(String.format(
                    "%s | %s | %d | %d | %d | %d | %d | %d | %d",
                    kind,
                    discover ? "discovered" : "fixed list",
                    counts.sent.get(),
                    counts.counted.get(),
                    stored,
                    duplicated,
                    counts.inDoubt.get(),
                    firstSuccessAfterKill,
                    usedAgainMs));
            assertThat(missing)
                    .as("batches the driver counted as stored whose rows are not all there")
                    .isEmpty();
            assertThat(distinct)
                    .as("every row the driver counted as stored is there")
                    .isGreaterThanOrEqualTo(counts.counted.get());
            assertThat(duplicated)
                    .as("duplicates are at most the rows reported in doubt")
                    .isLessThanOrEqualTo(counts.inDoubt.get());
            assertThat(firstSuccessAfterKill)
                    .as("a statement succeeded after the kill")
                    .isGreaterThanOrEqualTo(0);
        }
    }

    @org.junit.jupiter.api.Test
    void streamedResultSet_frontendKilledMidStream_failsCleanlyThenTheOtherServes() throws Exception {
        String table = "failover_stream";
        try (Connection setup = DriverManager.getConnection(cluster.jdbcUrl());
                Statement st = setup.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table + " (host STRING, ts TIMESTAMP(3) NOT NULL, v DOUBLE, TIME INDEX (ts),"
                    + " PRIMARY KEY (host))");
            try (PreparedStatement ps = setup.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?)")) {
                for (int i = 0; i < 200_000; i++) {
                    ps.setString(1, "h" + (i % 10));
                    ps.setTimestamp(2, new Timestamp(1_700_000_000_000L + i));
                    ps.setDouble(3, i);
                    ps.addBatch();
                    if ((i + 1) % 20_000 == 0) {
                        ps.executeBatch();
                    }
                }
            }
        }
        Properties p = new Properties();
        p.setProperty("failoverPolicy", "sticky"); // every call on frontend 0 while it lives
        p.setProperty("queryTimeout", "30");
        String url = "jdbc:greptime://" + cluster.frontend(0).grpcEndpoint() + ","
                + cluster.frontend(1).grpcEndpoint() + "/public";
        try (Connection c = DriverManager.getConnection(url, p);
                Statement st = c.createStatement()) {
            st.setFetchSize(1_000);
            long read = 0;
            String failure = "none";
            long killedAt;
            long failedAfterMs = -1;
            try (ResultSet rs = st.executeQuery("SELECT host, ts, v FROM " + table)) {
                while (read < 1_000 && rs.next()) {
                    read++;
                }
                cluster.frontend(0).kill();
                killedAt = System.nanoTime();
                try {
                    while (rs.next()) {
                        read++;
                    }
                } catch (SQLException e) {
                    failure = e.getSQLState() + " " + e.getClass().getSimpleName();
                    failedAfterMs = (System.nanoTime() - killedAt) / 1_000_000;
                }
            }
            long nextOk = -1;
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(200_000);
                nextOk = (System.nanoTime() - killedAt) / 1_000_000;
            }
            REPORT.add(String.format(
                    "streamed ResultSet | sticky, 2 hosts | 200000 | read %d | - | - | - | failed after %d"
                            + " ms (%s); next query %d ms | -",
                    read, failedAfterMs, failure, nextOk));
            // every row read, or a clean SQLException (never a hang or a non-SQL exception)
            assertThat(read == 200_000 || failedAfterMs >= 0).isTrue();
        } finally {
            cluster.frontend(0).restart();
        }
    }

    @org.junit.jupiter.api.Test
    void ddl_rightAfterAFrontendDies_isAnsweredByTheOtherOrFailsClearly() throws Exception {
        Properties p = new Properties();
        p.setProperty("failoverPolicy", "sticky");
        String url = "jdbc:greptime://" + cluster.frontend(0).grpcEndpoint() + ","
                + cluster.frontend(1).grpcEndpoint() + "/public";
        try (Connection c = DriverManager.getConnection(url, p);
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS failover_ddl");
            cluster.frontend(0).kill();
            long t0 = System.nanoTime();
            String outcome;
            try {
                st.execute("CREATE TABLE failover_ddl (ts TIMESTAMP TIME INDEX, v DOUBLE)");
                outcome = "created";
            } catch (SQLException e) {
                outcome = "refused " + e.getSQLState() + ": " + e.getMessage();
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            boolean exists;
            try (ResultSet rs = st.executeQuery(
                    "SELECT count(*) FROM information_schema.tables WHERE table_name = 'failover_ddl'")) {
                rs.next();
                exists = rs.getLong(1) == 1;
            }
            REPORT.add("DDL after kill | sticky, 2 hosts | - | - | - | - | - | " + outcome + " in " + ms + " ms; table "
                    + (exists ? "exists" : "absent") + " | -");
            if (outcome.equals("created")) {
                assertThat(exists).as("a CREATE TABLE the driver reported done").isTrue();
            }
        } finally {
            cluster.frontend(0).restart();
        }
    }

    /** What one writer sent, what the driver said was stored, and what it said was in doubt. */
    private static final class Counts {
        final AtomicLong sent = new AtomicLong();
        final AtomicLong counted = new AtomicLong();
        final AtomicLong inDoubt = new AtomicLong();
        final List<Integer> countedBatches = new ArrayList<>();
    }

    private static boolean writeBatch(PreparedStatement ps, int b, Counts counts) throws SQLException {
        for (int i = 0; i < BATCH; i++) {
            long row = (long) b * BATCH + i;
            ps.setString(1, "h" + (row % 10));
            ps.setTimestamp(2, new Timestamp(1_700_000_000_000L + row));
            ps.setDouble(3, row);
            ps.addBatch();
        }
        counts.sent.addAndGet(BATCH);
        try {
            int[] r = ps.executeBatch();
            long ok = stored(r);
            counts.counted.addAndGet(ok);
            if (ok == BATCH) {
                counts.countedBatches.add(b);
            }
            return true;
        } catch (BatchUpdateException e) {
            long ok = stored(e.getUpdateCounts());
            counts.counted.addAndGet(ok);
            counts.inDoubt.addAndGet(BATCH - ok);
            ps.clearBatch();
            return false;
        }
    }

    private static long stored(int[] counts) {
        long n = 0;
        for (int c : counts) {
            n += c > 0 ? c : 0;
        }
        return n;
    }

    /** Milliseconds from the restart until the endpoint's breaker is closed again and statements succeed. */
    private static long usedAgain(Connection c, String endpoint, long restartedAt) throws SQLException {
        GreptimeConnection g = c.unwrap(GreptimeConnection.class);
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Statement st = c.createStatement()) {
                st.executeQuery("SELECT 1").close();
            } catch (SQLException retry) {
                // the other frontend may be between states; go on polling
            }
            for (GreptimeEndpointStatus s : g.getEndpointStatus()) {
                if (s.address().contains(endpoint.substring(endpoint.indexOf(':')))
                        && s.breaker() == GreptimeEndpointStatus.Breaker.CLOSED
                        && s.consecutiveFailures() == 0) {
                    return (System.nanoTime() - restartedAt) / 1_000_000;
                }
            }
            sleep(100);
        }
        return -1;
    }

    private static long single(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
