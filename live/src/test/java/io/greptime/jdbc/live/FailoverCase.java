package io.greptime.jdbc.live;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.testing.GreptimeDBCluster;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What every frontend-failure case of the live cluster shares: how the driver is connected (a fixed list of both
 * frontends, or one frontend and discovery), the tables (deduplicating or append mode), the rows, and the time
 * until a restarted frontend is used again. Each case adds one line to {@link #REPORT}, printed at the end.
 */
final class FailoverCase {
    static final List<String> REPORT = new ArrayList<>();
    static final String HEADER = "case | table kind | hosts | kill landed | sent | counted | stored | duplicated"
            + " | in doubt | kill to next success ms | restart to used again ms";

    private FailoverCase() {}

    static Properties properties(boolean discover) {
        Properties p = new Properties();
        p.setProperty("discoverFrontends", Boolean.toString(discover));
        // the frontends of a one-machine cluster share a host and differ by port: keep the advertised one
        // (the harness sets --rpc-server-addr to the bind address, so it is the client port)
        p.setProperty("discoveredPort", "advertised");
        p.setProperty("breakerCooldown", "1000");
        return p;
    }

    /** Discovery starts from frontend 1 only (the one that is not killed); the fixed list names both. */
    static String url(GreptimeDBCluster cluster, boolean discover) {
        return discover ? "jdbc:greptime://" + cluster.frontend(1).grpcEndpoint() + "/public" : cluster.jdbcUrl();
    }

    static void createTable(Connection c, String table, String kind) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table
                    + " (host STRING, ts TIMESTAMP(3) NOT NULL, v DOUBLE, TIME INDEX (ts), PRIMARY KEY (host))"
                    + (kind.equals("append") ? " WITH ('append_mode' = 'true')" : ""));
        }
    }

    /** Binds rows {@code from} (inclusive) to {@code to} (exclusive) of the ledger's numbering as one batch. */
    static void bind(PreparedStatement ps, long from, long to) throws SQLException {
        for (long row = from; row < to; row++) {
            ps.setString(1, "h" + (row % 10));
            ps.setTimestamp(2, new Timestamp(RowLedger.BASE + row));
            ps.setDouble(3, row);
            ps.addBatch();
        }
    }

    /** What a case found once its work ended: the table's audit and how long the restarted frontend took to serve. */
    record Outcome(RowLedger.Audit audit, long usedAgainMs) {}

    /**
     * Restarts the killed frontend (frontend 0), waits until the connection uses it again, and audits the table
     * against the ledger.
     */
    static Outcome restartAndAudit(GreptimeDBCluster cluster, Connection c, RowLedger ledger, String table)
            throws Exception {
        long restartedAt = System.nanoTime();
        cluster.frontend(0).restart();
        long usedAgain = usedAgain(c, cluster.frontend(0).grpcEndpoint(), restartedAt);
        return new Outcome(ledger.audit(c, table), usedAgain);
    }

    /** Adds the case's report line, then holds it to the promises ({@link #check}). */
    static void finish(String name, String kind, boolean discover, String landed, Outcome o, long toNext) {
        RowLedger.Audit a = o.audit();
        REPORT.add(name + " | " + kind + " | " + (discover ? "discovered" : "fixed list") + " | " + landed + " | "
                + a.row() + " | " + toNext + " | " + o.usedAgainMs());
        check(a, kind, landed);
    }

    /** Milliseconds from the restart until the endpoint's breaker is closed again and statements succeed. */
    static long usedAgain(Connection c, String endpoint, long restartedAt) throws SQLException {
        GreptimeConnection g = c.unwrap(GreptimeConnection.class);
        String port = endpoint.substring(endpoint.lastIndexOf(':'));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Statement st = c.createStatement()) {
                st.executeQuery("SELECT 1").close();
            } catch (SQLException retry) {
                // the other frontend may be between states; go on polling
            }
            for (GreptimeEndpointStatus s : g.getEndpointStatus()) {
                if (s.address().endsWith(port)
                        && s.breaker() == GreptimeEndpointStatus.Breaker.CLOSED
                        && s.consecutiveFailures() == 0) {
                    return (System.nanoTime() - restartedAt) / 1_000_000;
                }
            }
            sleep(100);
        }
        return -1;
    }

    static long single(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Prints this class's lines under the header, and forgets them. */
    static synchronized void print(String title) {
        System.out.println(title + ":\n" + HEADER);
        REPORT.forEach(System.out::println);
        REPORT.clear();
    }

    /**
     * The promises, whatever the case: nothing the driver counted is missing, nothing it called certainly unwritten is
     * there, nothing is stored that it neither counted nor reported in doubt, nothing is doubled in a deduplicating
     * table, and an append table holds no more duplicates than rows in doubt. A kill that never met the work tests
     * nothing and is not a pass.
     */
    static void check(RowLedger.Audit a, String kind, String landed) {
        Assumptions.assumeTrue(
                landed.startsWith("during") || landed.startsWith("between"),
                "the kill did not meet the work (" + landed + "): not counted");
        Assertions.assertThat(a.lost())
                .as("rows the driver counted as stored that are missing")
                .isZero();
        Assertions.assertThat(a.failedButStored())
                .as("rows the driver said were never written that are stored")
                .isZero();
        Assertions.assertThat(a.unaccounted())
                .as("rows stored that the driver neither counted nor reported in doubt")
                .isZero();
        if (kind.equals("dedup")) {
            Assertions.assertThat(a.duplicated())
                    .as("duplicates in a dedup table")
                    .isZero();
        } else {
            Assertions.assertThat(a.duplicated())
                    .as("duplicates are at most the rows reported in doubt")
                    .isLessThanOrEqualTo(a.inDoubt());
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
