package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Statement behaviour: which execute method accepts which statement, the JDBC rules for
 * {@code getUpdateCount}/{@code getMoreResults}/{@code getResultSet}, max rows, fetch size, one statement
 * per call, query timeouts and batches.
 */
public abstract class StatementConformance extends ConformanceSupport {

    /**
     * A query that runs for seconds before its first row on the target (it must not finish within the
     * one-second timeout of {@link #queryTimeout_stopsALongQuery}); override to tune it for a target.
     */
    protected String slowQuery() {
        return "SELECT count(*) FROM generate_series(1, 20000) AS a(x) CROSS JOIN generate_series(1, 20000) AS b(y)"
                + " WHERE (a.x * 31 + b.y) % 1000003 = 7";
    }

    @Test
    public void execute_routesRowsAndCounts() throws SQLException {
        String table = newTable("conf_exec");
        try (Statement st = conn.createStatement()) {
            assertFalse(st.execute("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)"));
            assertNull(st.getResultSet());
            assertEquals(0, st.getUpdateCount());

            assertFalse(st.execute("INSERT INTO " + table + " VALUES (1000, 1), (2000, 2), (3000, 3)"));
            assertEquals(3, st.getUpdateCount());
            assertEquals(3L, st.getLargeUpdateCount());

            assertTrue(st.execute("SELECT v FROM " + table + " ORDER BY v"));
            assertEquals(-1, st.getUpdateCount());
            ResultSet rs = st.getResultSet();
            assertNotNull(rs);
            assertTrue(rs.next());
            assertEquals(1, rs.getLong(1));
        }
    }

    @Test
    public void executeUpdate_andLargeUpdate_returnAffectedRows() throws SQLException {
        String table = newTable("conf_upd");
        try (Statement st = conn.createStatement()) {
            assertEquals(0, st.executeUpdate("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)"));
            assertEquals(2, st.executeUpdate("INSERT INTO " + table + " VALUES (1000, 1), (2000, 2)"));
            assertEquals(1L, st.executeLargeUpdate("INSERT INTO " + table + " VALUES (3000, 3)"));
            assertEquals(1, st.executeUpdate("DELETE FROM " + table + " WHERE v = 1"));
            assertEquals(2, singleLong("SELECT count(*) FROM " + table));
        }
    }

    @Test
    public void executeQuery_refusesStatementsWithoutRows() throws SQLException {
        String table = newTable("conf_q");
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        try (Statement st = conn.createStatement()) {
            assertAnySqlState(() -> st.executeQuery("INSERT INTO " + table + " VALUES (1000, 1)"));
            assertAnySqlState(() -> st.executeUpdate("SELECT 1"));
        }
    }

    @Test
    public void getMoreResults_endsAfterTheOnlyResult() throws SQLException {
        try (Statement st = conn.createStatement()) {
            assertTrue(st.execute("SELECT 1"));
            ResultSet rs = st.getResultSet();
            assertFalse(st.getMoreResults());
            assertTrue(rs.isClosed(), "getMoreResults() closes the current result set");
            assertNull(st.getResultSet());
            assertEquals(-1, st.getUpdateCount(), "no more results: update count is -1");

            assertTrue(st.execute("SELECT 1 WHERE 1 = 0"), "an empty result is still a result set");
            ResultSet empty = st.getResultSet();
            assertFalse(empty.next());
            assertFalse(st.getMoreResults(Statement.CLOSE_CURRENT_RESULT));
            assertTrue(empty.isClosed());
            assertEquals(-1, st.getUpdateCount());
        }
    }

    @Test
    public void getMoreResults_afterAnUpdateCount() throws SQLException {
        String table = newTable("conf_more");
        try (Statement st = conn.createStatement()) {
            assertFalse(st.execute("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)"));
            assertEquals(0, st.getUpdateCount());
            assertFalse(st.getMoreResults());
            assertEquals(-1, st.getUpdateCount());
            assertNull(st.getResultSet());
        }
    }

    @Test
    public void newExecution_closesThePreviousResultSet() throws SQLException {
        try (Statement st = conn.createStatement()) {
            ResultSet first = st.executeQuery("SELECT 1");
            ResultSet second = st.executeQuery("SELECT 2");
            assertTrue(first.isClosed());
            assertTrue(second.next());
            assertEquals(2, second.getInt(1));
        }
    }

    @Test
    public void maxRows_limitsTheRowsRead() throws SQLException {
        String table = newTable("conf_max");
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        update("INSERT INTO " + table + " VALUES (1000, 1), (2000, 2), (3000, 3), (4000, 4), (5000, 5)");
        try (Statement st = conn.createStatement()) {
            assertEquals(0, st.getMaxRows());
            st.setMaxRows(2);
            assertEquals(2, st.getMaxRows());
            try (ResultSet rs = st.executeQuery("SELECT v FROM " + table + " ORDER BY v")) {
                assertTrue(rs.next());
                assertEquals(1, rs.getLong(1));
                assertTrue(rs.next());
                assertEquals(2, rs.getLong(1));
                assertFalse(rs.next());
            }
            st.setLargeMaxRows(0);
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM (SELECT v FROM " + table + ") AS s")) {
                assertTrue(rs.next());
                assertEquals(5, rs.getLong(1));
            }
            assertAnySqlState(() -> st.setMaxRows(-1));
        }
    }

    @Test
    public void fetchSize_isAcceptedAndReported() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.setFetchSize(100);
            assertEquals(100, st.getFetchSize());
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                rs.setFetchSize(10);
                assertEquals(10, rs.getFetchSize());
                assertTrue(rs.next());
            }
            assertAnySqlState(() -> st.setFetchSize(-1));
        }
    }

    @Test
    public void multipleStatements_areRefusedAndNoneRuns() throws SQLException {
        String table = newTable("conf_multi");
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        try (Statement st = conn.createStatement()) {
            assertAnySqlState(() -> st.execute(
                    "INSERT INTO " + table + " VALUES (1000, 1); INSERT INTO " + table + " VALUES (2000, 2)"));
            assertEquals(0, singleLong("SELECT count(*) FROM " + table));
            // One statement with a trailing semicolon is one statement.
            assertEquals(1, st.executeUpdate("INSERT INTO " + table + " VALUES (1000, 1);"));
        }
    }

    @Test
    public void queryTimeout_stopsALongQuery() throws SQLException {
        try (Statement st = conn.createStatement()) {
            assertEquals(0, st.getQueryTimeout());
            st.setQueryTimeout(1);
            assertEquals(1, st.getQueryTimeout());
            SQLTimeoutException e = assertThrows(SQLTimeoutException.class, () -> {
                try (ResultSet rs = st.executeQuery(slowQuery())) {
                    rs.next();
                }
            });
            assertNotNull(e.getSQLState());
            st.setQueryTimeout(0);
            try (ResultSet rs = st.executeQuery("SELECT 42")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1), "the statement is usable after a timeout");
            }
            assertAnySqlState(() -> st.setQueryTimeout(-1));
        }
    }

    @Test
    public void batch_runsInOrderAndReportsCounts() throws SQLException {
        String table = newTable("conf_batch");
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        try (Statement st = conn.createStatement()) {
            st.addBatch("INSERT INTO " + table + " VALUES (1000, 1)");
            st.addBatch("INSERT INTO " + table + " VALUES (2000, 2), (3000, 3)");
            st.addBatch("DELETE FROM " + table + " WHERE v = 1");
            assertArrayEquals(new int[] {1, 2, 1}, st.executeBatch());
            assertArrayEquals(new int[0], st.executeBatch(), "executeBatch empties the batch");
            assertEquals(2, singleLong("SELECT count(*) FROM " + table));
        }
    }

    @Test
    public void batch_stopsAtTheFirstFailure() throws SQLException {
        String table = newTable("conf_batchf");
        update("CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, v BIGINT)");
        try (Statement st = conn.createStatement()) {
            st.addBatch("INSERT INTO " + table + " VALUES (1000, 1)");
            st.addBatch("INSERT INTO no_such_table_" + table + " VALUES (2000, 2)");
            st.addBatch("INSERT INTO " + table + " VALUES (3000, 3)");
            BatchUpdateException e = assertThrows(BatchUpdateException.class, st::executeBatch);
            assertNotNull(e.getSQLState());
            assertEquals(1, e.getUpdateCounts().length);
            assertEquals(1, e.getUpdateCounts()[0]);
            assertEquals(1, singleLong("SELECT count(*) FROM " + table));
            st.clearBatch();
            assertArrayEquals(new int[0], st.executeBatch());
        }
    }

    @Test
    public void resultSetShape_isForwardOnlyReadOnly() throws SQLException {
        try (Statement st = conn.createStatement()) {
            assertEquals(ResultSet.TYPE_FORWARD_ONLY, st.getResultSetType());
            assertEquals(ResultSet.CONCUR_READ_ONLY, st.getResultSetConcurrency());
            assertEquals(conn, st.getConnection());
            try (ResultSet rs = st.executeQuery("SELECT 1")) {
                assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
                assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
                assertEquals(st, rs.getStatement());
            }
        }
    }

    @Test
    public void closeOnCompletion_closesWithTheResultSet() throws SQLException {
        Statement st = conn.createStatement();
        st.closeOnCompletion();
        assertTrue(st.isCloseOnCompletion());
        ResultSet rs = st.executeQuery("SELECT 1");
        assertFalse(st.isClosed());
        rs.close();
        assertTrue(st.isClosed());
    }
}
