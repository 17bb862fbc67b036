package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Properties;
import org.junit.jupiter.api.DisplayName;
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
@DisplayName("live cluster failover")
class LiveClusterFailoverTest extends FailoverSuite {
    private static final int BATCH = 2_000;
    private static final int BATCHES = 40;
    private static final int KILL_IN_CALL = 12;

    @ParameterizedTest(name = "{0} table, discoverFrontends={1}")
    @CsvSource({"dedup, false", "append, false", "dedup, true", "append, true"})
    void executeBatch_frontendKilledMidCall_nothingCountedIsLost(String kind, boolean discover) throws Exception {
        String table = "failover_" + kind + "_" + (discover ? "disc" : "fixed");
        RowLedger ledger = new RowLedger();
        try (Connection c =
                DriverManager.getConnection(FailoverCase.url(cluster, discover), FailoverCase.properties(discover))) {
            FailoverCase.createTable(c, table, kind);
            long firstSuccessAfterKill = -1;
            String landed;
            try (FrontendKiller killer = new FrontendKiller(cluster.frontend(0), KILL_IN_CALL);
                    PreparedStatement ps =
                            c.prepareStatement("INSERT INTO " + table + " (host, ts, v) VALUES (?, ?, ?)")) {
                for (int b = 0; b < BATCHES; b++) {
                    long from = (long) b * BATCH;
                    FailoverCase.bind(ps, from, from + BATCH);
                    ledger.sent(from, from + BATCH);
                    killer.enter(b);
                    boolean ok = execute(ps, from, ledger);
                    killer.exit(b);
                    if (ok && killer.killed() && firstSuccessAfterKill < 0 && b > KILL_IN_CALL) {
                        firstSuccessAfterKill = (System.nanoTime() - killer.killedAtNanos()) / 1_000_000;
                    }
                }
                killer.workEnded();
                killer.close();
                landed = killer.landed();
            }
            FailoverCase.finish(
                    "executeBatch",
                    kind,
                    discover,
                    landed,
                    FailoverCase.restartAndAudit(cluster, c, ledger, table),
                    firstSuccessAfterKill);
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
            FailoverCase.REPORT.add(String.format(
                    "streamed ResultSet | dedup | sticky, 2 hosts | after row 1000 | 200000 | read %d | - | - | - | failed after %d"
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
            FailoverCase.REPORT.add("DDL after kill | - | sticky, 2 hosts | before the call | - | - | - | - | - | "
                    + outcome + " in " + ms + " ms; table " + (exists ? "exists" : "absent") + " | -");
            if (outcome.equals("created")) {
                assertThat(exists).as("a CREATE TABLE the driver reported done").isTrue();
            }
        } finally {
            cluster.frontend(0).restart();
        }
    }

    /** One executeBatch in auto-commit: the rows it returned 1 for are counted, the rest are in doubt. */
    private static boolean execute(PreparedStatement ps, long from, RowLedger ledger) throws SQLException {
        try {
            int[] r = ps.executeBatch();
            record(r, from, ledger);
            return true;
        } catch (BatchUpdateException e) {
            record(e.getUpdateCounts(), from, ledger);
            ps.clearBatch();
            return false;
        }
    }

    private static void record(int[] counts, long from, RowLedger ledger) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                ledger.counted(from + i, from + i + 1);
            } else {
                ledger.inDoubt(from + i, from + i + 1);
            }
        }
        if (counts.length < BATCH) {
            ledger.inDoubt(from + counts.length, from + BATCH);
        }
    }
}
