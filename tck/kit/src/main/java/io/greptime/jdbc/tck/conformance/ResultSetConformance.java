package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Result sets: forward-only streaming over many record batches, column lookup by label
 * (case-insensitive), {@code wasNull}, getters by index and by label, metadata, and the errors of a
 * closed or misused result set.
 */
public abstract class ResultSetConformance extends ConformanceSupport {

    @Test
    public void streamsEveryRowOfAManyBatchResultInOrder() throws SQLException {
        String table = newTable("conf_many");
        update("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, v BIGINT)");
        assertEquals(
                30_000, update("INSERT INTO " + table + " SELECT x * 1000, x FROM generate_series(1, 30000) AS g(x)"));
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, v FROM " + table + " ORDER BY ts")) {
            long expected = 1;
            while (rs.next()) {
                assertEquals(expected, rs.getLong(2));
                assertEquals(Instant.ofEpochSecond(expected), rs.getObject(1, Instant.class));
                expected++;
            }
            assertEquals(30_001, expected, "rows read");
            assertFalse(rs.next(), "next() stays false at the end");
        }
    }

    @Test
    public void streamsATableLargerThanOneBatch() throws SQLException {
        String table = newMetricTable("conf_stream");
        StringBuilder insert = new StringBuilder("INSERT INTO " + table + " (ts, host, v) VALUES ");
        for (int i = 0; i < 5000; i++) {
            insert.append(i == 0 ? "" : ", ")
                    .append('(')
                    .append(i * 1000L)
                    .append(", 'h")
                    .append(i % 3)
                    .append("', ")
                    .append(i)
                    .append(".5)");
        }
        assertEquals(5000, update(insert.toString()));
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, v FROM " + table + " ORDER BY ts")) {
            int n = 0;
            while (rs.next()) {
                assertEquals(Instant.ofEpochSecond(n), rs.getObject(1, Instant.class));
                assertEquals(n + 0.5, rs.getDouble(2));
                n++;
            }
            assertEquals(5000, n);
        }
    }

    @Test
    public void findColumn_isCaseInsensitive() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 AS alpha, 'two' AS beta_col")) {
            assertEquals(1, rs.findColumn("alpha"));
            assertEquals(1, rs.findColumn("ALPHA"));
            assertEquals(2, rs.findColumn("Beta_Col"));
            assertAnySqlState(() -> rs.findColumn("gamma"));
            assertTrue(rs.next());
            assertEquals(1, rs.getInt("Alpha"));
            assertEquals("two", rs.getString("BETA_COL"));
        }
    }

    @Test
    public void gettersByIndexAndByLabel_agree() throws SQLException {
        String table = newMetricTable("conf_get");
        update("INSERT INTO " + table + " VALUES (1700000000123, 'web-1', 12.25)");
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v FROM " + table)) {
            assertTrue(rs.next());
            Instant ts = Instant.parse("2023-11-14T22:13:20.123Z");
            assertEquals(Timestamp.from(ts), rs.getTimestamp(1));
            assertEquals(Timestamp.from(ts), rs.getTimestamp("ts"));
            assertEquals("web-1", rs.getString(2));
            assertEquals("web-1", rs.getString("host"));
            assertEquals("web-1", rs.getObject("HOST"));
            assertEquals(12.25, rs.getDouble(3));
            assertEquals(12.25, rs.getDouble("v"));
            assertEquals(12.25f, rs.getFloat("V"));
            assertEquals(12.25, rs.getObject(3));
            assertEquals(1, rs.getRow());
            assertFalse(rs.next());
        }
    }

    @Test
    public void wasNull_reportsTheLastGetter() throws SQLException {
        String table = newMetricTable("conf_null");
        update("INSERT INTO " + table + " (ts, host, v) VALUES (1000, 'a', NULL), (2000, 'b', 2.0)");
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT host, v FROM " + table + " ORDER BY ts")) {
            assertTrue(rs.next());
            assertEquals(0.0, rs.getDouble("v"));
            assertTrue(rs.wasNull());
            assertNull(rs.getObject("v"));
            assertTrue(rs.wasNull());
            assertEquals("a", rs.getString("host"));
            assertFalse(rs.wasNull());
            assertEquals(0, rs.getInt("v"));
            assertTrue(rs.wasNull());
            assertNull(rs.getString("v"));
            assertTrue(rs.next());
            assertEquals(2.0, rs.getDouble("v"));
            assertFalse(rs.wasNull());
        }
    }

    @Test
    public void metaData_describesTheColumns() throws SQLException {
        String table = newMetricTable("conf_meta");
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v, v * 2 AS doubled FROM " + table)) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(4, md.getColumnCount());
            assertEquals("ts", md.getColumnLabel(1));
            assertEquals("host", md.getColumnName(2));
            assertEquals("doubled", md.getColumnLabel(4));
            assertEquals(Types.TIMESTAMP, md.getColumnType(1));
            assertEquals(Types.VARCHAR, md.getColumnType(2));
            assertEquals(Types.DOUBLE, md.getColumnType(3));
            assertEquals(Types.DOUBLE, md.getColumnType(4));
            assertEquals(Timestamp.class.getName(), md.getColumnClassName(1));
            assertEquals(String.class.getName(), md.getColumnClassName(2));
            assertEquals(Double.class.getName(), md.getColumnClassName(3));
            assertEquals(3, md.getScale(1), "TIMESTAMP(3) has millisecond scale");
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(3));
            assertFalse(md.isAutoIncrement(1));
            assertTrue(md.isReadOnly(1));
            assertTrue(md.isSigned(3));
            assertAnySqlState(() -> md.getColumnType(5));
            assertFalse(rs.next(), "an empty table answers no rows");
        }
    }

    @Test
    public void misuse_failsWithSqlStates() throws SQLException {
        try (Statement st = conn.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT 1 AS one");
            assertAnySqlState(() -> rs.getInt(1)); // before the first row
            assertTrue(rs.next());
            assertAnySqlState(() -> rs.getInt(2)); // no such column
            assertAnySqlState(() -> rs.getInt(0));
            assertAnySqlState(rs::previous);
            assertAnySqlState(rs::first);
            assertAnySqlState(() -> rs.absolute(1));
            assertUnsupported(() -> rs.updateInt(1, 2));
            assertUnsupported(rs::insertRow);
            assertFalse(rs.next());
            assertAnySqlState(() -> rs.getInt(1)); // after the last row
            rs.close();
            assertTrue(rs.isClosed());
            assertAnySqlState(rs::next);
            assertAnySqlState(() -> rs.getInt(1));
            rs.close(); // idempotent
        }
    }

    @Test
    public void closingEarly_abandonsALargeResult() throws SQLException {
        try (Statement st = conn.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT x FROM generate_series(1, 5000000) AS g(x)");
            assertTrue(rs.next());
            rs.close();
            try (ResultSet again = st.executeQuery("SELECT 7")) {
                assertTrue(again.next());
                assertEquals(7, again.getInt(1), "the statement is reusable after closing a result early");
            }
        }
    }
}
