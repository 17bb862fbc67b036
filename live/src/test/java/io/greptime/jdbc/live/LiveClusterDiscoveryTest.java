package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.testing.GreptimeDBCluster;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the real cluster's {@code information_schema.cluster_info} says, what the driver's frontend discovery makes
 * of it, how long a killed frontend stays listed, and batched inserts through one frontend against both (figures
 * printed; the only assertions are on correctness: every role listed, every row stored).
 */
class LiveClusterDiscoveryTest {
    private GreptimeDBCluster cluster;

    @BeforeEach
    void cluster() throws Exception {
        cluster = LiveCluster.require();
        LiveCluster.restoreAll();
    }

    @Test
    void clusterInfo_listsEveryRole() throws SQLException {
        List<String> types = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(cluster.jdbcUrl());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM information_schema.cluster_info ORDER BY peer_type")) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder head = new StringBuilder("live cluster_info columns:");
            for (int i = 1; i <= md.getColumnCount(); i++) {
                head.append(' ').append(md.getColumnLabel(i)).append(':').append(md.getColumnTypeName(i));
            }
            System.out.println(head);
            while (rs.next()) {
                types.add(rs.getString("peer_type"));
                System.out.println("  " + rs.getString("peer_type") + " " + rs.getString("peer_addr") + " "
                        + rs.getString("active_time"));
            }
        }
        assertThat(types).filteredOn("FRONTEND"::equals).hasSize(2);
        assertThat(types).filteredOn("DATANODE"::equals).hasSize(1);
        assertThat(types).contains("FLOWNODE");
    }

    @Test
    void discovery_fromOneFrontend_findsTheOther() throws SQLException {
        Properties p = new Properties();
        p.setProperty("discoverFrontends", "true");
        p.setProperty("discoveredPort", "advertised");
        String url = "jdbc:greptime://" + cluster.frontend(1).grpcEndpoint() + "/public";
        try (Connection c = DriverManager.getConnection(url, p)) {
            List<String> addresses = c.unwrap(GreptimeConnection.class).getEndpointStatus().stream()
                    .map(GreptimeEndpointStatus::address)
                    .toList();
            System.out.println("live discovery from " + url + ": " + addresses);
            assertThat(addresses).anyMatch(a -> a.endsWith(":" + port(cluster.frontend(0))));
        }
    }

    @Test
    void killedFrontend_leavesClusterInfo_andComesBack() throws Exception {
        GreptimeDBCluster.Node fe = cluster.frontend(0);
        String addr = fe.grpcEndpoint();
        long killed = System.nanoTime();
        fe.kill();
        long gone = waitUntil(() -> !listedActive(cluster.frontend(1), addr), 180);
        System.out.println("live cluster_info once the killed frontend counts as gone: " + rowsFor(addr));
        FailoverCase.sleep(20_000);
        System.out.println("live cluster_info 20 s later: " + rowsFor(addr));
        long restarted = System.nanoTime();
        fe.restart();
        long back = waitUntil(() -> listedActive(cluster.frontend(1), addr), 180);
        System.out.printf(
                "live cluster_info: killed frontend unlisted or inactive after %d ms; listed again %d ms"
                        + " after its restart%n",
                gone < 0 ? -1 : (gone - killed) / 1_000_000, back < 0 ? -1 : (back - restarted) / 1_000_000);
        assertThat(back).as("the restarted frontend is listed again").isPositive();
    }

    @Test
    void spread_batchedInsertsThroughOneFrontendAndBoth_allRowsStored() throws SQLException {
        int rows = 500_000;
        String one = "jdbc:greptime://" + cluster.frontend(0).grpcEndpoint() + "/public";
        double viaOne = insert(one, "spread_one", rows);
        double viaBoth = insert(cluster.jdbcUrl(), "spread_both", rows);
        System.out.printf(
                "live spread: %,d rows in 10,000-row batches: one frontend %,.0f rows/s, both (round robin)"
                        + " %,.0f rows/s, ratio %.2f%n",
                rows, viaOne, viaBoth, viaBoth / viaOne);
    }

    private static double insert(String url, String table, int rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS " + table);
                st.execute("CREATE TABLE " + table + " (host STRING, ts TIMESTAMP(3) NOT NULL, v DOUBLE,"
                        + " TIME INDEX (ts), PRIMARY KEY (host))");
            }
            long t0 = System.nanoTime();
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO " + table + " (host, ts, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    ps.setString(1, "h" + (i % 50));
                    ps.setTimestamp(2, new Timestamp(1_700_000_000_000L + i));
                    ps.setDouble(3, i);
                    ps.addBatch();
                    if ((i + 1) % 10_000 == 0) {
                        ps.executeBatch();
                    }
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
                rs.next();
                assertThat(rs.getLong(1)).as("rows stored in " + table).isEqualTo(rows);
            }
            return rows / seconds;
        }
    }

    private static String port(GreptimeDBCluster.Node n) {
        return n.grpcEndpoint().substring(n.grpcEndpoint().lastIndexOf(':') + 1);
    }

    /** The cluster_info rows (peer_type, active_time, node_status) of {@code addr}, as frontend 1 reports them. */
    private String rowsFor(String addr) {
        try (Connection c = DriverManager.getConnection(
                        "jdbc:greptime://" + cluster.frontend(1).grpcEndpoint() + "/public");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT peer_type, active_time, node_status FROM"
                        + " information_schema.cluster_info WHERE peer_addr = '" + addr + "'")) {
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getString(1) + " active " + rs.getString(2) + " status " + rs.getString(3));
            }
            return rows.isEmpty() ? "not listed" : rows.toString();
        } catch (SQLException e) {
            return "unreadable: " + e.getMessage();
        }
    }

    /** The frontend at {@code addr} is listed in cluster_info with a heartbeat at most 10 s old. */
    private boolean listedActive(GreptimeDBCluster.Node via, String addr) {
        try (Connection c = DriverManager.getConnection("jdbc:greptime://" + via.grpcEndpoint() + "/public");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT peer_addr, active_time FROM information_schema.cluster_info"
                        + " WHERE peer_type = 'FRONTEND'")) {
            while (rs.next()) {
                if (addr.equals(rs.getString(1)) && activeWithin(rs.getString(2), 10)) {
                    return true;
                }
            }
            return false;
        } catch (SQLException e) {
            return false;
        }
    }

    /** GreptimeDB renders active_time as a duration ("1s ago"-like text, e.g. {@code 2s 3ms}); null means never. */
    private static boolean activeWithin(String activeTime, int seconds) {
        if (activeTime == null) {
            return false;
        }
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+)\\s*(h|m|s)\\b").matcher(activeTime);
        long total = 0;
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            total += switch (m.group(2)) {
                case "h" -> n * 3600;
                case "m" -> n * 60;
                default -> n;
            };
        }
        return total <= seconds;
    }

    @FunctionalInterface
    interface Condition {
        boolean holds() throws Exception;
    }

    /** The System.nanoTime() at which the condition first held, or -1 after {@code seconds}. */
    private static long waitUntil(Condition c, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (c.holds()) {
                return System.nanoTime();
            }
            Thread.sleep(250);
        }
        return -1;
    }
}
