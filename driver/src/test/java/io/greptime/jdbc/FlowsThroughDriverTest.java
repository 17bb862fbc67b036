package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Flows end to end through the driver and the embedded server: batch inserts (DoPut), a flush, the sink
 * compared with the same aggregate run ad hoc; and the {@link GreptimeConnection} flow helpers.
 */
class FlowsThroughDriverTest {

    @Test
    void batchInsertsFlushAndSink_matchAdHocAggregate() throws Exception {
        try (DuckDbFixture server = new DuckDbFixture();
                Connection c = server.connect()) {
            try (Statement st = c.createStatement()) {
                st.execute(
                        "CREATE TABLE cpu (host STRING, `usage` DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))");
                st.execute(
                        "CREATE FLOW cpu_1m SINK TO cpu_1m_out AS SELECT host, max(usage) AS peak, count(usage) AS n,"
                                + " date_bin(INTERVAL '1 minute', ts) AS minute FROM cpu GROUP BY host, minute");
            }
            Random rnd = new Random(7);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO cpu (host, usage, ts) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 500; i++) {
                    ps.setString(1, "h" + rnd.nextInt(4));
                    ps.setDouble(2, rnd.nextInt(1000) / 10.0);
                    ps.setTimestamp(3, new Timestamp(1_700_000_000_000L + rnd.nextInt(600) * 1000L));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            g.flushFlow("cpu_1m");
            List<String> sink = rows(c, "SELECT host, peak, n, minute FROM cpu_1m_out ORDER BY host, minute");
            List<String> adHoc = rows(
                    c,
                    "SELECT host, max(usage), count(usage), date_bin(INTERVAL '1 minute', ts) AS m"
                            + " FROM cpu GROUP BY host, m ORDER BY host, m");
            assertThat(sink).hasSizeGreaterThan(4).isEqualTo(adHoc);
        }
    }

    @Test
    void connectionHelpers_createListFlushDrop() throws Exception {
        try (DuckDbFixture server = new DuckDbFixture();
                Connection c = server.connect()) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE t (v INT, ts TIMESTAMP TIME INDEX)");
            }
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            g.createFlow("big", "big_out", "SELECT v, ts FROM t WHERE v > 10");
            assertThat(g.listFlows()).containsExactly("big");
            try (Statement st = c.createStatement()) {
                st.executeUpdate("INSERT INTO t VALUES (5, 1000), (50, 2000)");
            }
            g.flushFlow("big");
            assertThat(rows(c, "SELECT v FROM big_out")).containsExactly("50");
            g.dropFlow("big", false);
            g.dropFlow("big", true);
            assertThat(g.listFlows()).isEmpty();
            assertThatThrownBy(() -> g.dropFlow("big", false))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(8001));
            assertThatThrownBy(() -> g.flushFlow("x'); DROP TABLE t; --"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42602"));
        }
    }

    private static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    // timestamps as instants: the sink table and the ad-hoc query may differ in unit, and the text
                    // form shows the unit's fraction digits
                    boolean ts = rs.getMetaData().getColumnType(i) == java.sql.Types.TIMESTAMP;
                    sb.append(i == 1 ? "" : ",")
                            .append(ts ? rs.getObject(i, java.time.Instant.class) : rs.getString(i));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }
}
