package io.greptime.jdbc.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The smallest tour of the driver: create a table (tags, a time index, fields), insert rows with a
 * Statement and a PreparedStatement, query them, delete some and check they are gone. Runs against the
 * embedded server, or the GreptimeDB named by {@code GREPTIMEDB_ENDPOINT}.
 */
public final class Quickstart {
    private Quickstart() {}

    public static void main(String[] args) throws Exception {
        try (ExampleTarget target = ExampleTarget.open()) {
            run(target.url());
        }
    }

    static void run(String url) throws SQLException {
        System.out.println("connecting to " + url);
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS quickstart_temps");
            // PRIMARY KEY columns are GreptimeDB's tags; a row is identified by its tags and its time index
            st.execute("CREATE TABLE quickstart_temps (city STRING, sensor STRING, celsius DOUBLE,"
                    + " ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts), PRIMARY KEY (city, sensor))");
            System.out.println("created table quickstart_temps");

            int plain = st.executeUpdate("INSERT INTO quickstart_temps VALUES"
                    + " ('Oslo', 's1', -3.5, '2024-01-02T08:00:00Z'), ('Oslo', 's2', -2.75, '2024-01-02T08:00:00Z')");
            ExampleTarget.check(plain == 2, "a plain INSERT wrote 2 rows");
            Instant t0 = Instant.parse("2024-01-02T08:00:00Z");
            try (PreparedStatement ps = conn.prepareStatement(
                    "INSERT INTO quickstart_temps (city, sensor, celsius, ts) VALUES (?, ?, ?, ?)")) {
                for (int minute = 1; minute <= 3; minute++) {
                    ps.setString(1, "Lisbon");
                    ps.setString(2, "s" + minute);
                    ps.setDouble(3, 14.0 + minute / 4.0);
                    ps.setTimestamp(4, Timestamp.from(t0.plusSeconds(60L * minute)));
                    ExampleTarget.check(
                            ps.executeUpdate() == 1, "a prepared INSERT wrote 1 row (minute " + minute + ")");
                }
            }

            String perCity = "SELECT city, count(*) AS readings, avg(celsius) AS mean FROM quickstart_temps"
                    + " GROUP BY city ORDER BY city";
            try (ResultSet rs = st.executeQuery(perCity)) {
                while (rs.next()) {
                    System.out.printf(
                            "%-7s readings=%d mean=%.3f%n",
                            rs.getString("city"), rs.getLong("readings"), rs.getDouble("mean"));
                }
            }
            ExampleTarget.check(count(st, "SELECT count(*) FROM quickstart_temps") == 5, "5 rows in the table");

            int deleted = st.executeUpdate("DELETE FROM quickstart_temps WHERE city = 'Oslo'");
            System.out.println("DELETE reported " + deleted + " row(s)");
            ExampleTarget.check(
                    count(st, "SELECT count(*) FROM quickstart_temps WHERE city = 'Oslo'") == 0,
                    "no Oslo rows after the DELETE");
            ExampleTarget.check(count(st, "SELECT count(*) FROM quickstart_temps") == 3, "the 3 Lisbon rows remain");
            st.execute("DROP TABLE quickstart_temps");
        }
    }

    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
