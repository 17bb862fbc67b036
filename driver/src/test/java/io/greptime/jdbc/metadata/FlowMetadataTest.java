package io.greptime.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Flows in DatabaseMetaData: named, with their query, in the REMARKS of the sink tables they write. */
class FlowMetadataTest {
    private static final String QUERY = "SELECT host, max(v) AS peak, date_bin(INTERVAL '1 minute', ts) AS minute"
            + " FROM readings GROUP BY host, minute";

    /** TABLE_NAME to (TABLE_TYPE, REMARKS) of getTables(null, "public", "%", null). */
    private static Map<String, String[]> tables(DatabaseMetaData md) throws SQLException {
        Map<String, String[]> out = new LinkedHashMap<>();
        try (ResultSet rs = md.getTables(null, "public", "%", null)) {
            while (rs.next()) {
                out.put(rs.getString("TABLE_NAME"), new String[] {rs.getString("TABLE_TYPE"), rs.getString("REMARKS")});
            }
        }
        return out;
    }

    @Test
    void sinkTableRemarksNameTheFlowAndItsQuery() throws SQLException {
        try (DuckDbFixture fixture = new DuckDbFixture();
                Connection conn = fixture.connect();
                Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE readings (host STRING, v DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))"
                    + " WITH (comment = 'raw readings')");
            st.execute("CREATE TABLE peaks (host STRING PRIMARY KEY, peak DOUBLE, `minute` TIMESTAMP TIME INDEX,"
                    + " update_at TIMESTAMP) WITH (comment = 'per minute')");
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            greptime.createFlow("peaks_1m", "peaks", QUERY);
            greptime.createFlow("peaks_auto", "peaks_auto_out", QUERY);

            Map<String, String[]> tables = tables(conn.getMetaData());
            assertThat(tables.get("peaks")).containsExactly("TABLE", "per minute; sink of flow peaks_1m: " + QUERY);
            // a sink the flow created: GreptimeDB comments it (the embedded server does not); the flow comes last
            assertThat(tables.get("peaks_auto_out")[1])
                    .endsWith("sink of flow peaks_auto: " + QUERY)
                    .doesNotStartWith(";");
            assertThat(tables.get("readings")).containsExactly("TABLE", "raw readings");
            try (ResultSet types = conn.getMetaData().getTableTypes()) {
                int n = 0;
                while (types.next()) {
                    assertThat(types.getString(1)).isNotEqualTo("FLOW");
                    n++;
                }
                assertThat(n).isEqualTo(3);
            }

            greptime.dropFlow("peaks_1m", false);
            assertThat(tables(conn.getMetaData()).get("peaks")).containsExactly("TABLE", "per minute");
        }
    }

    @Test
    void sinkWithoutCommentHasOnlyTheFlows() throws SQLException {
        try (DuckDbFixture fixture = new DuckDbFixture();
                Connection conn = fixture.connect();
                Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE readings (host STRING, v DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))");
            st.execute("CREATE TABLE peaks (host STRING PRIMARY KEY, peak DOUBLE, `minute` TIMESTAMP TIME INDEX,"
                    + " update_at TIMESTAMP)");
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            greptime.createFlow("a_peaks", "peaks", QUERY);
            greptime.createFlow("b_peaks", "peaks", QUERY.replace("max(v)", "min(v)"));
            String remarks = tables(conn.getMetaData()).get("peaks")[1];
            assertThat(remarks)
                    .startsWith("sink of flow ")
                    .contains("sink of flow a_peaks: " + QUERY)
                    .contains("; ")
                    .contains("sink of flow b_peaks: " + QUERY.replace("max(v)", "min(v)"));
        }
    }
}
