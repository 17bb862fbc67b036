package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The README's main job: starts the embedded GreptimeDB-compatible server (or uses the GreptimeDB named
 * by {@code GREPTIMEDB_ENDPOINT}, e.g. {@code 127.0.0.1:4001}), then goes through the driver alone:
 * creates a metrics table, writes a batch with a PreparedStatement, shows upsert on (tags, time index)
 * and reads an aggregate back as Arrow-backed rows.
 */
public final class Demo {
    // Arrow announces its allocator choice at INFO; the demo's output is the point here. Held in a field
    // because java.util.logging keeps loggers weakly.
    private static final Logger ARROW_LOG = Logger.getLogger("org.apache.arrow");

    private Demo() {}

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
            System.out.println("embedded server listening on " + server.address());
            run("jdbc:greptime://" + server.address() + "/public");
        }
    }

    static void run(String url) throws SQLException {
        System.out.println("connecting to " + url);
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS demo_cpu");
            st.execute("CREATE TABLE demo_cpu (host STRING, `region` STRING, ts TIMESTAMP(3) NOT NULL,"
                    + " usage_user DOUBLE, usage_system DOUBLE, TIME INDEX (ts), PRIMARY KEY (host, region))"
                    + " WITH (ttl = '7d')");
            int rows = writeBatch(conn);
            GreptimeWriteStatistics writes =
                    conn.unwrap(GreptimeConnection.class).getWriteStatistics();
            System.out.println("batch wrote " + rows + " rows as " + writes.doPutBatches()
                    + " Arrow record batch(es) on " + writes.doPutStreams() + " Flight DoPut stream(s)");
            // Same tags and time index: GreptimeDB replaces the row instead of adding one.
            int upserted = st.executeUpdate("INSERT INTO demo_cpu VALUES ('host-0', 'eu', 1700000000000, 99.5, 0.5)");
            System.out.println("upsert affected " + upserted + " row");
            printQuery(
                    st,
                    "SELECT host, count(*) AS samples, avg(usage_user) AS avg_user, max(ts) AS last_seen"
                            + " FROM demo_cpu GROUP BY host ORDER BY host");
            printQuery(st, "DESC TABLE demo_cpu");
            st.execute("DROP TABLE demo_cpu");
        }
    }

    private static int writeBatch(Connection conn) throws SQLException {
        String sql = "INSERT INTO demo_cpu (host, region, ts, usage_user, usage_system) VALUES (?, ?, ?, ?, ?)";
        Instant start = Instant.ofEpochMilli(1_700_000_000_000L);
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int h = 0; h < 3; h++) {
                for (int i = 0; i < 5; i++) {
                    ps.setString(1, "host-" + h);
                    ps.setString(2, h == 2 ? "us" : "eu");
                    ps.setTimestamp(3, Timestamp.from(start.plusSeconds(10L * i)));
                    ps.setDouble(4, 10.0 * h + i);
                    ps.setDouble(5, i / 10.0);
                    ps.addBatch();
                }
            }
            int total = 0;
            for (int n : ps.executeBatch()) {
                total += n;
            }
            return total;
        }
    }

    private static void printQuery(Statement st, String sql) throws SQLException {
        System.out.println("> " + sql);
        try (ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            StringBuilder header = new StringBuilder();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                header.append(i > 1 ? " | " : "").append(md.getColumnLabel(i));
                header.append(" (").append(md.getColumnTypeName(i)).append(')');
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
