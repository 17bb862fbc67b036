package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimePromResult;
import io.greptime.jdbc.GreptimeStatement;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * PromQL three ways through the driver, against the embedded server (or {@code GREPTIMEDB_ENDPOINT}):
 * a {@code TQL EVAL} statement, a range query as rows ({@code GreptimeStatement.executePromRange}) and
 * instant/range queries through the PrometheusGateway ({@code GreptimeConnection.promRangeQuery}).
 */
public final class PromqlDemo {
    private static final Logger ARROW_LOG = Logger.getLogger("org.apache.arrow");

    private PromqlDemo() {}

    public static void main(String[] args) throws Exception {
        ARROW_LOG.setLevel(Level.WARNING);
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        if (endpoint != null && !endpoint.isBlank()) {
            run("jdbc:greptime://" + endpoint + "/public");
            return;
        }
        try (EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                .port(0)
                .engine(DuckDbEngine.inMemory())
                .build()
                .start()) {
            run("jdbc:greptime://" + server.address() + "/public");
        }
    }

    static void run(String url) throws SQLException {
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS demo_http");
            st.execute("CREATE TABLE demo_http (requests DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)");
            // two counters sampled every 15s for two minutes
            StringBuilder insert = new StringBuilder("INSERT INTO demo_http VALUES ");
            for (int i = 0; i <= 8; i++) {
                insert.append(i > 0 ? ", " : "")
                        .append("(")
                        .append(i * 30)
                        .append(", ")
                        .append(i * 15_000L)
                        .append(", 'web-1'), (")
                        .append(i * 45)
                        .append(", ")
                        .append(i * 15_000L)
                        .append(", 'web-2')");
            }
            st.execute(insert.toString());

            print(st.executeQuery("TQL EVAL (60, 120, '30s') sum by (host) (rate(demo_http[1m]))"));
            GreptimeStatement gs = st.unwrap(GreptimeStatement.class);
            print(gs.executePromRange("demo_http{host=\"web-1\"}", "0", "120", "1m"));

            GreptimeConnection gc = conn.unwrap(GreptimeConnection.class);
            GreptimePromResult range = gc.promRangeQuery("rate(demo_http[1m])", "60", "120", "30s");
            for (GreptimePromResult.Series s : range.series()) {
                System.out.println(s.labels() + " -> " + s.samples());
            }
            GreptimePromResult instant = gc.promInstantQuery("topk(1, demo_http)", "120");
            System.out.println(instant.json());
            st.execute("DROP TABLE demo_http");
        }
    }

    private static void print(ResultSet rs) throws SQLException {
        try (rs) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder header = new StringBuilder();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                header.append(i > 1 ? " | " : "").append(md.getColumnLabel(i));
            }
            System.out.println(header);
            while (rs.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    line.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                System.out.println(line);
            }
        }
    }
}
