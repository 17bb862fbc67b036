package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeDataSource;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.LogRecord;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs a whole session (connect, DDL, a DoPut batch, queries, a failed statement, a failed login) with a
 * known secret as the password and as a parameter value, captures every driver log record at ALL
 * levels, and checks the secret appears in none of them, nor in any exception message or toString().
 */
class SecretsInLogsTest {
    private static final String SECRET = "Zq9-pa55-7Xw-secret";
    private static final Pattern STMT_ID = Pattern.compile("\\[stmt ([0-9a-f]{4}-[0-9a-z]+)\\]");

    @Test
    void wholeSession_neverShowsTheSecret() throws Exception {
        List<Object> shown = new ArrayList<>();
        try (ObservedServer server = new ObservedServer(SECRET);
                CapturedLogs logs = new CapturedLogs()) {
            try (Connection c = server.connect("logging=jul&slowStatementThreshold=1", ObservedServer.USER, SECRET)) {
                shown.add(c);
                runSession(c, shown);
            }
            try (Connection c = server.connect("logging=jul&bulkWrites=false", ObservedServer.USER, SECRET);
                    PreparedStatement ps =
                            c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, CAST(? AS STRING))")) {
                // the statement path inlines parameters as literals: the server's cast error quotes them back
                // (a plain string literal for a DOUBLE column is refused without quoting it, as GreptimeDB does)
                ps.setTimestamp(1, new Timestamp(0));
                ps.setString(2, "h");
                ps.setString(3, SECRET);
                SQLException quoted = assertThrows(ps::executeUpdate);
                assertThat(quoted.getMessage()).contains("'***'");
                shown.add(quoted);
                ps.addBatch();
                shown.add(assertThrows(ps::executeBatch));
            }
            shown.add(assertThrows(() -> server.connect("logging=jul", ObservedServer.USER, SECRET + "-wrong")));
            GreptimeDataSource ds = new GreptimeDataSource();
            ds.setUrl(server.url(""));
            ds.setPassword(SECRET);
            shown.add(ds);
            Properties p = new Properties();
            p.setProperty("password", SECRET);
            shown.add(ConnectionConfig.of(server.url(""), p));

            assertThat(logs.records).isNotEmpty();
            assertThat(logs.texts())
                    .anyMatch(t -> t.contains("opened to 127.0.0.1:"))
                    .anyMatch(t -> t.contains("DoPut stream into m") && t.contains("3 rows in 1 batches"))
                    .anyMatch(t -> t.contains("slow statement"))
                    .anyMatch(t -> t.contains("failed to open"))
                    .anyMatch(t -> t.contains("host = ?"));
            for (LogRecord r : logs.records) {
                assertNoSecret(r.getMessage());
                assertNoSecret(new java.util.logging.SimpleFormatter().formatMessage(r));
                if (r.getParameters() != null) {
                    for (Object param : r.getParameters()) {
                        assertNoSecret(String.valueOf(param));
                    }
                }
                assertNoSecretIn(r.getThrown());
            }
        }
        for (Object o : shown) {
            if (o instanceof Throwable t) {
                assertNoSecretIn(t);
            } else {
                assertNoSecret(o.toString());
            }
        }
    }

    private static void runSession(Connection c, List<Object> shown) throws SQLException {
        try (Statement st = c.createStatement()) {
            shown.add(st);
            st.executeUpdate("CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            shown.add(ps);
            for (int i = 0; i < 3; i++) {
                ps.setTimestamp(1, new Timestamp(1_000L * i));
                ps.setString(2, SECRET);
                ps.setDouble(3, i);
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1);
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT host FROM m WHERE host = ?")) {
            ps.setString(1, SECRET);
            try (ResultSet rs = ps.executeQuery()) {
                shown.add(rs);
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertThat(n).isEqualTo(3);
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT nosuch FROM m WHERE host = ?")) {
            ps.setString(1, SECRET);
            shown.add(assertThrows(ps::executeQuery));
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, host, v) VALUES (?, ?, ?)")) {
            shown.add(assertThrows(() -> {
                ps.setTimestamp(1, new Timestamp(0));
                ps.setString(2, "h");
                ps.setString(3, SECRET);
                ps.addBatch();
                return ps.executeBatch();
            }));
        }
        try (Statement st = c.createStatement()) {
            shown.add(assertThrows(
                    () -> st.executeUpdate("INSERT INTO m (ts, host, v) VALUES (0, 'h', 'not a number')")));
        }
    }

    @Test
    void failedStatement_messageCarriesTheIdThatLogsShow() throws Exception {
        try (ObservedServer server = new ObservedServer(SECRET);
                CapturedLogs logs = new CapturedLogs();
                Connection c = server.connect("logging=jul", ObservedServer.USER, SECRET);
                Statement st = c.createStatement()) {
            SQLException e = assertThrows(() -> st.executeQuery("SELECT * FROM no_such_table"));
            Matcher m = STMT_ID.matcher(e.getMessage());
            assertThat(m.find()).as(e.getMessage()).isTrue();
            String id = m.group(1);
            assertThat(logs.texts())
                    .anyMatch(t -> t.contains("[stmt " + id + "] execute") && t.contains("no_such_table"))
                    .anyMatch(t -> t.contains("[stmt " + id + "] failed after"));
            // the next execution gets its own id
            SQLException second = assertThrows(() -> st.executeQuery("SELECT * FROM no_such_table"));
            Matcher m2 = STMT_ID.matcher(second.getMessage());
            assertThat(m2.find()).isTrue();
            assertThat(m2.group(1)).isNotEqualTo(id);
        }
    }

    interface Call {
        Object run() throws Exception;
    }

    private static SQLException assertThrows(Call call) {
        List<SQLException> caught = new ArrayList<>();
        assertThatThrownBy(() -> call.run()).isInstanceOfSatisfying(SQLException.class, caught::add);
        return caught.get(0);
    }

    private static void assertNoSecretIn(Throwable t) {
        for (Throwable x = t; x != null; x = x.getCause()) {
            assertNoSecret(String.valueOf(x.getMessage()));
            assertNoSecret(x.toString());
            if (x instanceof SQLException s && s.getNextException() != null) {
                assertNoSecretIn(s.getNextException());
            }
        }
    }

    private static void assertNoSecret(String text) {
        assertThat(text).doesNotContain(SECRET);
    }
}
