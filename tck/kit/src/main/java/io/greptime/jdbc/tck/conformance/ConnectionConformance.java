package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Connection behaviour a GreptimeDB driver must show: the session (database, time zone) is kept by the
 * client and applies to every later statement, {@code isValid}, auto-commit on a database without
 * transactions, closing cascades, and errors for closed connections and unsupported methods.
 */
public abstract class ConnectionConformance extends ConformanceSupport {

    @Test
    public void setSchema_appliesToLaterStatements() throws SQLException {
        String db = newDatabase("conf_db");
        update("CREATE DATABASE " + db);
        conn.setSchema(db);
        assertEquals(db, conn.getSchema());
        String table = "only_here";
        dropAfterTest(db + "." + table);
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        update("INSERT INTO " + table + " VALUES (1000, 7)");
        assertEquals(7, singleLong("SELECT v FROM " + table));

        conn.setSchema("public");
        assertEquals("public", conn.getSchema());
        assertSqlException(SQLSyntaxErrorException.class, "42S02", () -> singleLong("SELECT v FROM " + table));
        assertEquals(7, singleLong("SELECT v FROM " + db + "." + table));
    }

    @Test
    public void useStatement_switchesTheSessionDatabase() throws SQLException {
        String db = newDatabase("conf_use");
        update("CREATE DATABASE " + db);
        try (Statement st = conn.createStatement()) {
            assertFalse(st.execute("USE " + db));
            assertEquals(0, st.getUpdateCount());
        }
        assertEquals(db, conn.getSchema());
        dropAfterTest(db + ".t");
        update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v BIGINT)");
        update("INSERT INTO t VALUES (1000, 3)");
        // The table was created in the database chosen by USE, not in public.
        assertEquals(3, singleLong("SELECT v FROM " + db + ".t"));
    }

    @Test
    public void sessionDatabase_isPerConnection() throws SQLException {
        String db = newDatabase("conf_iso");
        update("CREATE DATABASE " + db);
        conn.setSchema(db);
        try (Connection other = openConnection()) {
            assertEquals("public", other.getSchema());
        }
    }

    @Test
    public void setTimeZone_appliesToTimestampLiterals() throws SQLException {
        String table = newMetricTable("conf_tz");
        try (Statement st = conn.createStatement()) {
            assertFalse(st.execute("SET time_zone = '+08:00'"));
            st.executeUpdate("INSERT INTO " + table + " (ts, host, v) VALUES ('2024-01-01 08:00:00', 'a', 1)");
            st.execute("SET time_zone = 'UTC'");
            st.executeUpdate("INSERT INTO " + table + " (ts, host, v) VALUES ('2024-01-01 08:00:00', 'b', 2)");
            try (ResultSet rs = st.executeQuery("SELECT host, ts FROM " + table + " ORDER BY host")) {
                assertTrue(rs.next());
                assertEquals(Instant.parse("2024-01-01T00:00:00Z"), rs.getObject(2, Instant.class));
                assertTrue(rs.next());
                assertEquals(Instant.parse("2024-01-01T08:00:00Z"), rs.getObject(2, Instant.class));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    public void isValid_answersForOpenAndClosedConnections() throws SQLException {
        assertTrue(conn.isValid(5));
        assertTrue(conn.isValid(0));
        assertAnySqlState(() -> conn.isValid(-1));
        conn.close();
        assertFalse(conn.isValid(5));
    }

    @Test
    public void autoCommit_isOnAndCommitRollbackAreHarmless() throws SQLException {
        assertTrue(conn.getAutoCommit());
        assertDoesNotThrow(() -> conn.commit());
        String table = newMetricTable("conf_tx");
        conn.setAutoCommit(false);
        update("INSERT INTO " + table + " VALUES (1000, 'a', 1.0)");
        conn.rollback();
        // GreptimeDB has no transactions: the row was applied when the statement ran.
        assertEquals(1, singleLong("SELECT count(*) FROM " + table));
        conn.commit();
        conn.setAutoCommit(true);
        assertTrue(conn.getAutoCommit());
    }

    @Test
    public void close_closesStatementsAndResultSets() throws SQLException {
        Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT 1");
        PreparedStatement ps = conn.prepareStatement("SELECT ?");
        conn.close();
        assertTrue(conn.isClosed());
        assertTrue(st.isClosed());
        assertTrue(rs.isClosed());
        assertTrue(ps.isClosed());
        assertDoesNotThrow(() -> conn.close(), "close is idempotent");
    }

    @Test
    public void closedConnection_failsWith08003() throws SQLException {
        conn.close();
        assertSqlException(SQLException.class, "08003", () -> conn.createStatement());
        assertSqlException(SQLException.class, "08003", () -> conn.prepareStatement("SELECT 1"));
        assertSqlException(SQLException.class, "08003", () -> conn.setSchema("public"));
        assertSqlException(SQLException.class, "08003", () -> conn.getMetaData());
        assertSqlException(SQLException.class, "08003", () -> conn.commit());
    }

    @Test
    public void closedStatement_failsWithASqlState() throws SQLException {
        Statement st = conn.createStatement();
        st.close();
        assertTrue(st.isClosed());
        assertAnySqlState(() -> st.executeQuery("SELECT 1"));
        assertAnySqlState(() -> st.execute("SELECT 1"));
        assertAnySqlState(st::getResultSet);
    }

    @Test
    public void unsupportedMethods_throwFeatureNotSupported() {
        assertUnsupported(() -> conn.prepareCall("CALL x()"));
        assertUnsupported(() -> conn.setSavepoint());
        assertUnsupported(() -> conn.setSavepoint("s"));
        assertUnsupported(() -> conn.createBlob());
        assertUnsupported(() -> conn.createClob());
        assertUnsupported(() -> conn.createSQLXML());
        assertUnsupported(() -> conn.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
        assertUnsupported(() -> conn.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE));
    }

    @Test
    public void metadata_namesTheDriver() throws SQLException {
        var md = conn.getMetaData();
        assertTrue(md.getURL().startsWith("jdbc:"), md.getURL());
        assertFalse(md.getDriverName().isBlank());
        assertFalse(md.supportsTransactions());
        assertEquals(Connection.TRANSACTION_NONE, conn.getTransactionIsolation());
    }
}
