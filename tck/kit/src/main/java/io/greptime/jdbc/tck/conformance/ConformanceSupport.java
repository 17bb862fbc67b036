package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;

/**
 * What every conformance suite shares: the one hook a target implements ({@link #openConnection()}), a
 * connection per test, uniquely named tables that are dropped after the test, and assertions on
 * SQLStates. Suites use only {@code java.sql}, so they run unchanged against the embedded server and
 * against a real GreptimeDB.
 */
public abstract class ConformanceSupport {
    private static final AtomicLong SEQUENCE = new AtomicLong();
    /** Tests of several JVMs (or earlier runs against a live server) must not collide on names. */
    private static final String RUN = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36), 36);

    private final List<String> createdTables = new ArrayList<>();
    private final List<String> createdDatabases = new ArrayList<>();

    /** The connection of the running test, opened before it and closed after it. */
    protected Connection conn;

    /**
     * Opens a new connection to the target, with database {@code public}. Each call returns a distinct
     * connection; the suite closes it.
     */
    protected abstract Connection openConnection() throws SQLException;

    @BeforeEach
    final void openTestConnection() throws SQLException {
        conn = openConnection();
    }

    @AfterEach
    final void dropCreatedObjectsAndClose() throws SQLException {
        try (Connection c = openConnection();
                Statement st = c.createStatement()) {
            for (String table : createdTables) {
                st.executeUpdate("DROP TABLE IF EXISTS " + table);
            }
            for (String db : createdDatabases) {
                st.executeUpdate("DROP DATABASE IF EXISTS " + db);
            }
        } finally {
            if (conn != null) {
                conn.close();
            }
        }
    }

    /** A fresh lower-case name, registered so the table is dropped after the test. */
    protected final String newTable(String prefix) {
        String name = uniqueName(prefix);
        createdTables.add(name);
        return name;
    }

    /** A fresh database name, registered so the database is dropped after the test. */
    protected final String newDatabase(String prefix) {
        String name = uniqueName(prefix);
        createdDatabases.add(name);
        return name;
    }

    /** Registers a table of another database (qualified {@code db.table}) for dropping. */
    protected final void dropAfterTest(String qualifiedTable) {
        createdTables.add(0, qualifiedTable);
    }

    private static String uniqueName(String prefix) {
        return (prefix + "_" + RUN + "_" + SEQUENCE.incrementAndGet()).toLowerCase(Locale.ROOT);
    }

    /** Runs a statement that returns no rows on the test connection and returns its count. */
    protected final long update(String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            return st.executeLargeUpdate(sql);
        }
    }

    /** Creates a table {@code (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)}. */
    protected final String newMetricTable(String prefix) throws SQLException {
        String table = newTable(prefix);
        update("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        return table;
    }

    /** The single long value of a one-row, one-column query. */
    protected final long singleLong(String sql) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            if (!rs.next()) {
                throw new AssertionError("no row for " + sql);
            }
            long v = rs.getLong(1);
            assertEquals(false, rs.next(), "more than one row for " + sql);
            return v;
        }
    }

    /** Asserts {@code body} throws a SQLException of {@code type} with {@code sqlState}; returns it. */
    protected static <T extends SQLException> T assertSqlException(Class<T> type, String sqlState, Executable body) {
        T e = assertThrows(type, body);
        assertEquals(sqlState, e.getSQLState(), () -> "SQLState of " + describe(e));
        return e;
    }

    /** Asserts {@code body} throws a SQLException that carries some SQLState; returns it. */
    protected static SQLException assertAnySqlState(Executable body) {
        SQLException e = assertThrows(SQLException.class, body);
        assertNotNull(e.getSQLState(), () -> "every SQLException has a SQLState: " + describe(e));
        assertEquals(5, e.getSQLState().length(), () -> "a SQLState has five characters: " + describe(e));
        return e;
    }

    /** Asserts an unsupported method throws SQLFeatureNotSupportedException with {@code 0A000}. */
    protected static void assertUnsupported(Executable body) {
        assertSqlException(java.sql.SQLFeatureNotSupportedException.class, "0A000", body);
    }

    static String describe(SQLException e) {
        return e.getClass().getSimpleName() + "[state=" + e.getSQLState() + ", code=" + e.getErrorCode() + "]: "
                + e.getMessage();
    }
}
