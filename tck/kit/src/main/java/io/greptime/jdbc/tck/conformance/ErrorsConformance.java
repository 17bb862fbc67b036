package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Server errors surface as SQLExceptions with GreptimeDB's status code as the vendor code and the
 * SQLState of protocol.md §6.3, carrying the server's text; the connection keeps working afterwards.
 */
public abstract class ErrorsConformance extends ConformanceSupport {

    /** Asserts {@code sql} fails with {@code vendorCode} and {@code sqlState}; returns the exception. */
    private SQLException assertFails(String sql, int vendorCode, String sqlState) {
        SQLException e = assertAnySqlState(() -> {
            try (Statement st = conn.createStatement()) {
                st.execute(sql);
            }
        });
        assertEquals(vendorCode, e.getErrorCode(), () -> "vendor code for " + sql + ": " + describe(e));
        assertEquals(sqlState, e.getSQLState(), () -> "SQLState for " + sql + ": " + describe(e));
        return e;
    }

    @Test
    public void unknownTable_is4001And42S02() throws SQLException {
        String missing = newTable("conf_missing");
        SQLException e = assertFails("SELECT * FROM " + missing, 4001, "42S02");
        assertTrue(e.getMessage().contains(missing), e.getMessage());
        assertFails("INSERT INTO " + missing + " (ts) VALUES (1)", 4001, "42S02");
        assertFails("DROP TABLE " + missing, 4001, "42S02");
        assertConnectionWorks();
    }

    @Test
    public void syntaxError_is2000And42000() throws SQLException {
        assertFails("SELECT * FROM", 2000, "42000");
        assertFails("CREATE TABLE (", 2000, "42000");
        assertConnectionWorks();
    }

    @Test
    public void duplicateTable_is4000And42S01() throws SQLException {
        String table = newMetricTable("conf_dup");
        SQLException e = assertFails("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX)", 4000, "42S01");
        assertTrue(e.getMessage().contains(table), e.getMessage());
        assertEquals(0, update("CREATE TABLE IF NOT EXISTS " + table + " (ts TIMESTAMP TIME INDEX)"));
        assertConnectionWorks();
    }

    @Test
    public void unknownDatabase_is1004And3F000() throws SQLException {
        String db = newDatabase("conf_nodb");
        // USE answers the operator's SchemaNotFound, InvalidArguments on every line (a real v1.0.0 answered
        // "Failed to find schema, schema info: ..." with 1004); the driver names it as SQL's invalid schema name
        assertFails("USE " + db, 1004, "3F000");
        assertEquals("public", conn.getSchema(), "a failed USE leaves the session database unchanged");
        // GreptimeDB plans a table of a missing database as a missing table.
        assertFails("SELECT * FROM " + db + ".t", 4001, "42S02");
        assertConnectionWorks();
    }

    @Test
    public void duplicateDatabase_is1004And22023() throws SQLException {
        String db = newDatabase("conf_dupdb");
        update("CREATE DATABASE " + db);
        // GreptimeDB answers InvalidArguments "Schema x already exists" (sqlness catalog/schema), not 4011.
        assertFails("CREATE DATABASE " + db, 1004, "22023");
        assertConnectionWorks();
    }

    @Test
    public void unknownColumn_failsWithThePlanError() throws SQLException {
        String table = newMetricTable("conf_nocol");
        SQLException e = assertAnySqlState(() -> {
            try (Statement st = conn.createStatement()) {
                st.executeQuery("SELECT no_such_column FROM " + table);
            }
        });
        assertTrue(e.getErrorCode() == 3000 || e.getErrorCode() == 4002, () -> describe(e));
        assertTrue(e.getMessage().contains("no_such_column"), e.getMessage());
        assertConnectionWorks();
    }

    @Test
    public void unsupportedStatement_is1001And0A000() throws SQLException {
        assertFails("SELEC 1", 1001, "0A000");
        assertConnectionWorks();
    }

    @Test
    public void invalidArguments_is1004And22023() throws SQLException {
        String table = newMetricTable("conf_badarg");
        assertFails("INSERT INTO " + table + " (ts, host, v) VALUES (1000, 'a', 'not a number')", 1004, "22023");
        assertConnectionWorks();
    }

    @Test
    public void failedInsert_writesNothing() throws SQLException {
        String table = newMetricTable("conf_atomic");
        assertAnySqlState(
                () -> update("INSERT INTO " + table + " (ts, host, v) VALUES (1000, 'a', 1.0), (2000, 'b', 'x')"));
        assertEquals(0, singleLong("SELECT count(*) FROM " + table));
    }

    private void assertConnectionWorks() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT 3")) {
            assertTrue(rs.next());
            assertEquals(3, rs.getInt(1));
            assertFalse(rs.next());
        }
    }
}
