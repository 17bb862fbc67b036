package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.proto.StatusCode;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Runs each statement through a JDBC driver (only {@code java.sql}), so the replay checks the driver's
 * getters as well as the server: the session's database goes through {@code setSchema} and its time zone
 * through {@code SET time_zone}, rows are formatted from typed getters by {@link JdbcCellText} and drawn
 * by the same {@link TableText} as the Flight executor, and a SQLException becomes a
 * {@link Answer.Failure} with its vendor code as the status code.
 */
public final class JdbcSqlnessExecutor implements SqlnessExecutor {
    /**
     * greptime-jdbc appends the status (and the statement id) to the server's text; the runner shows the
     * text alone.
     */
    private static final Pattern DRIVER_SUFFIX =
            Pattern.compile(" \\[(GreptimeDB status \\d+, )?gRPC \\w+\\]( \\[stmt [0-9a-z-]+\\])?$");

    /** Opens a connection to the target (called again after a restart). */
    @FunctionalInterface
    public interface ConnectionFactory {
        Connection open() throws SQLException;
    }

    private final ConnectionFactory factory;
    private final Runnable restartServer;
    private Connection conn;
    private SqlnessSession applied;

    /**
     * @param factory opens connections to the target
     * @param restartServer restarts the target for {@code -- SQLNESS ARG restart=true}; may be null
     */
    public JdbcSqlnessExecutor(ConnectionFactory factory, Runnable restartServer) {
        this.factory = Objects.requireNonNull(factory, "factory");
        this.restartServer = restartServer;
    }

    @Override
    public Answer execute(SqlnessSession session, String sql) {
        try {
            Connection c = connection();
            apply(c, session);
            try (Statement st = c.createStatement()) {
                if (!st.execute(sql)) {
                    return new Answer.Affected(st.getLargeUpdateCount());
                }
                try (ResultSet rs = st.getResultSet()) {
                    return new Answer.Table(table(rs));
                }
            }
        } catch (SQLException e) {
            return failure(e);
        } catch (RuntimeException e) {
            return new Answer.Failure(StatusCode.INTERNAL.code(), String.valueOf(e.getMessage()));
        }
    }

    private Connection connection() throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = factory.open();
            applied = null;
        }
        return conn;
    }

    /**
     * GreptimeDB reads {@code +8:00} as {@code +08:00}; the driver only takes the two-digit form, so the
     * runner's header value is given to it in that form (same zone, as GreptimeDB understands it).
     */
    static String paddedOffset(String zone) {
        if (zone.matches("[+-]\\d:\\d{2}")) {
            return zone.charAt(0) + "0" + zone.substring(1);
        }
        return zone;
    }

    /** Puts the runner's client-side session (database, zone) into the driver's session. */
    private void apply(Connection c, SqlnessSession session) throws SQLException {
        if (applied != null && applied.equals(session)) {
            return;
        }
        c.setSchema(schemaName(session.schema()));
        // The runner sends an empty zone, which GreptimeDB reads as UTC; the driver's default is the JVM zone.
        String zone = session.timeZone().isEmpty() ? "UTC" : paddedOffset(session.timeZone());
        try (Statement st = c.createStatement()) {
            st.execute("SET time_zone = '" + zone.replace("'", "''") + "'");
        } catch (SQLException invalidZone) {
            // GreptimeDB reads a zone it does not know as UTC; a driver may refuse it: use UTC then.
            try (Statement st = c.createStatement()) {
                st.execute("SET time_zone = 'UTC'");
            }
        }
        applied = session;
    }

    /**
     * The runner puts {@code USE}'s word in the header's schema field, which GreptimeDB lower-cases; a
     * quoted name keeps its case. JDBC's setSchema takes the name itself, so do the same here.
     */
    static String schemaName(String word) {
        if (word.length() >= 2
                && (word.startsWith("\"") && word.endsWith("\"") || word.startsWith("`") && word.endsWith("`"))) {
            return word.substring(1, word.length() - 1);
        }
        return word.toLowerCase(java.util.Locale.ROOT);
    }

    private static TableText table(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int columns = md.getColumnCount();
        List<String> labels = new ArrayList<>(columns);
        List<JdbcCellText> formats = new ArrayList<>(columns);
        for (int c = 1; c <= columns; c++) {
            labels.add(md.getColumnLabel(c));
            formats.add(JdbcCellText.forColumn(md, c));
        }
        TableText table = TableText.ofLabels(labels);
        while (rs.next()) {
            String[] row = new String[columns];
            for (int c = 0; c < columns; c++) {
                row[c] = cell(formats.get(c), rs, c + 1);
            }
            table.addRow(row);
        }
        return table;
    }

    private static String cell(JdbcCellText format, ResultSet rs, int column) {
        try {
            return format.cell(rs, column);
        } catch (SQLException | RuntimeException e) {
            // Like arrow-rs, print a cell that cannot be read rather than failing the whole answer.
            return "ERROR: " + e.getMessage();
        }
    }

    /** The vendor code is GreptimeDB's status code; without one, the SQLState picks the runner's fallback. */
    private static Answer failure(SQLException e) {
        int code = e.getErrorCode();
        if (StatusCode.fromCode(code) == null || code == 0) {
            code = switch (String.valueOf(e.getSQLState())) {
                case "57014" -> StatusCode.CANCELLED.code();
                case "HYT00" -> StatusCode.DEADLINE_EXCEEDED.code();
                default -> StatusCode.INTERNAL.code();
            };
        }
        String message = String.valueOf(e.getMessage());
        return new Answer.Failure(code, DRIVER_SUFFIX.matcher(message).replaceFirst(""));
    }

    /** Restarts the server; the connection stays open, as an application's would, and reconnects. */
    @Override
    public void restart() {
        if (restartServer != null) {
            restartServer.run();
            // A call on the old connection can race the restarted server's GOAWAY and fail UNAVAILABLE, as
            // against a restarted GreptimeDB; the runner reconnects, as an application would. (Retrying such
            // calls inside the driver belongs to its failover work.)
            closeConnection();
        }
    }

    private void closeConnection() {
        if (conn != null) {
            try {
                conn.close();
            } catch (SQLException ignored) {
                // the connection is being replaced; nothing to report
            }
            conn = null;
        }
    }

    @Override
    public void close() {
        closeConnection();
    }
}
