package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
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
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Continuous aggregation with a flow: ingest with a batch insert, let a flow keep per-minute aggregates
 * in a sink table, flush it, read the sink and compare it with the same aggregate run ad hoc on the raw
 * data. Runs against the embedded server, or the GreptimeDB named by {@code GREPTIMEDB_ENDPOINT}.
 */
public final class FlowExample {
    private static final Logger ARROW_LOG = Logger.getLogger("org.apache.arrow");
    private static final String AD_HOC = "SELECT host, count(usage) AS samples, max(usage) AS peak,"
            + " date_bin(INTERVAL '1 minute', ts) AS minute FROM flow_cpu GROUP BY host, minute ORDER BY host, minute";

    private FlowExample() {}

    public static void main(String[] args) throws Exception {
        ARROW_LOG.setLevel(Level.WARNING);
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        boolean same;
        if (endpoint != null && !endpoint.isBlank()) {
            same = run("jdbc:greptime://" + endpoint + "/public");
        } else {
            try (DuckDbEngine engine = DuckDbEngine.inMemory();
                    EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                            .port(0)
                            .engine(engine)
                            .build()
                            .start()) {
                same = run("jdbc:greptime://" + server.address() + "/public");
            }
        }
        if (!same) {
            System.exit(1);
        }
    }

    /** Runs the example; true when the sink equals the ad-hoc aggregate. */
    static boolean run(String url) throws SQLException {
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            greptime.dropFlow("flow_cpu_1m", true);
            st.execute("DROP TABLE IF EXISTS flow_cpu_1m_out");
            st.execute("DROP TABLE IF EXISTS flow_cpu");
            st.execute("CREATE TABLE flow_cpu (host STRING, `usage` DOUBLE, ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts),"
                    + " PRIMARY KEY (host))");
            // The flow exists before the data arrives: a flow computes what is written after it is created.
            greptime.createFlow("flow_cpu_1m", "flow_cpu_1m_out", AD_HOC.replace(" ORDER BY host, minute", ""));
            System.out.println("ingested " + ingest(conn) + " rows");
            greptime.flushFlow("flow_cpu_1m");
            List<String> sink =
                    rows(st, "SELECT host, samples, peak, minute FROM flow_cpu_1m_out ORDER BY host, minute");
            List<String> adHoc = rows(st, AD_HOC);
            sink.forEach(r -> System.out.println("sink: " + r));
            boolean same = sink.equals(adHoc);
            System.out.println(same ? "sink matches the ad-hoc aggregate" : "MISMATCH, ad hoc: " + adHoc);
            greptime.dropFlow("flow_cpu_1m", false);
            return same;
        }
    }

    private static int ingest(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO flow_cpu (host, usage, ts) VALUES (?, ?, ?)")) {
            int n = 0;
            for (int host = 0; host < 3; host++) {
                for (int sec = 0; sec < 180; sec += 15) {
                    ps.setString(1, "host-" + host);
                    ps.setDouble(2, (host * 31 + sec * 7) % 100);
                    ps.setTimestamp(3, new Timestamp(1_700_000_040_000L + sec * 1000L));
                    ps.addBatch();
                    n++;
                }
            }
            ps.executeBatch();
            return n;
        }
    }

    private static List<String> rows(Statement st, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1) + " samples=" + rs.getLong(2) + " peak=" + rs.getDouble(3) + " minute="
                        + rs.getTimestamp(4).toInstant());
            }
        }
        return out;
    }
}
