package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Prepared statements bound on the client: every setter writes a value that reads back equal, NULL of
 * any declared type binds as NULL, hostile strings stay data, {@code ?} in literals and comments is not
 * a parameter, and parameter metadata answers the count (and the column types of an INSERT).
 */
public abstract class PreparedStatementConformance extends ConformanceSupport {
    private static final Instant BASE = Instant.parse("2024-03-01T00:00:00Z");

    private String table;
    private int nextKey;

    @BeforeEach
    void createTable() throws SQLException {
        update("SET time_zone = 'UTC'");
        table = newTable("conf_ps");
        update("CREATE TABLE " + table + " (ts TIMESTAMP(9) NOT NULL TIME INDEX, k STRING PRIMARY KEY, b BOOLEAN,"
                + " i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, f32 FLOAT, f64 DOUBLE, amt DECIMAL(18, 4), s STRING,"
                + " bin VARBINARY, d DATE, t2 TIMESTAMP(3), t9 TIMESTAMP(9))");
    }

    /** Inserts one row whose {@code column} is bound by {@code binder}; returns the row's key. */
    private String insert(String column, Binder binder) throws SQLException {
        String key = "k" + (++nextKey);
        try (PreparedStatement ps =
                conn.prepareStatement("INSERT INTO " + table + " (ts, k, " + column + ") VALUES (?, ?, ?)")) {
            ps.setTimestamp(1, Timestamp.from(BASE.plusSeconds(nextKey)));
            ps.setString(2, key);
            binder.bind(ps, 3);
            assertEquals(1, ps.executeUpdate());
        }
        return key;
    }

    private interface Binder {
        void bind(PreparedStatement ps, int index) throws SQLException;
    }

    private interface Check {
        void check(ResultSet rs) throws SQLException;
    }

    private void readBack(String column, String key, Check check) throws SQLException {
        try (PreparedStatement q = conn.prepareStatement("SELECT " + column + " FROM " + table + " WHERE k = ?")) {
            q.setString(1, key);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next(), "row " + key);
                check.check(rs);
                assertFalse(rs.next());
            }
        }
    }

    private void roundTrip(String column, Binder binder, Check check) throws SQLException {
        readBack(column, insert(column, binder), check);
    }

    @Test
    public void numericSetters_roundTrip() throws SQLException {
        roundTrip("b", (ps, i) -> ps.setBoolean(i, true), rs -> assertTrue(rs.getBoolean(1)));
        roundTrip("i8", (ps, i) -> ps.setByte(i, (byte) -7), rs -> assertEquals((byte) -7, rs.getByte(1)));
        roundTrip("i16", (ps, i) -> ps.setShort(i, (short) 31000), rs -> assertEquals((short) 31000, rs.getShort(1)));
        roundTrip(
                "i32", (ps, i) -> ps.setInt(i, Integer.MIN_VALUE), rs -> assertEquals(Integer.MIN_VALUE, rs.getInt(1)));
        roundTrip("i64", (ps, i) -> ps.setLong(i, Long.MAX_VALUE), rs -> assertEquals(Long.MAX_VALUE, rs.getLong(1)));
        roundTrip("f32", (ps, i) -> ps.setFloat(i, 0.1f), rs -> assertEquals(0.1f, rs.getFloat(1)));
        roundTrip("f64", (ps, i) -> ps.setDouble(i, -1.0e-300), rs -> assertEquals(-1.0e-300, rs.getDouble(1)));
        roundTrip(
                "f64", (ps, i) -> ps.setDouble(i, 0.1 + 0.2), rs -> assertEquals(0.30000000000000004, rs.getDouble(1)));
        roundTrip(
                "amt",
                (ps, i) -> ps.setBigDecimal(i, new BigDecimal("-98765432101234.5678")),
                rs -> assertEquals(new BigDecimal("-98765432101234.5678"), rs.getBigDecimal(1)));
    }

    @Test
    public void textSetters_roundTrip() throws SQLException {
        roundTrip("s", (ps, i) -> ps.setString(i, "plain"), rs -> assertEquals("plain", rs.getString(1)));
        roundTrip("s", (ps, i) -> ps.setNString(i, "ñandú"), rs -> assertEquals("ñandú", rs.getString(1)));
        roundTrip(
                "s",
                (ps, i) -> ps.setCharacterStream(i, new StringReader("from a reader")),
                rs -> assertEquals("from a reader", rs.getString(1)));
    }

    @Test
    public void setBytes_roundTrips() throws SQLException {
        roundTrip(
                "bin",
                (ps, i) -> ps.setBytes(i, new byte[] {0, 1, (byte) 0x80, (byte) 0xFF}),
                rs -> assertArrayEquals(new byte[] {0, 1, (byte) 0x80, (byte) 0xFF}, rs.getBytes(1)));
    }

    @Test
    public void temporalSetters_roundTripInstantExact() throws SQLException {
        Instant ns = Instant.parse("2024-05-06T07:08:09.123456789Z");
        roundTrip(
                "d",
                (ps, i) -> ps.setDate(i, java.sql.Date.valueOf("2024-02-29")),
                rs -> assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(1, LocalDate.class)));
        roundTrip(
                "d",
                (ps, i) -> ps.setObject(i, LocalDate.of(1999, 12, 31)),
                rs -> assertEquals(LocalDate.of(1999, 12, 31), rs.getObject(1, LocalDate.class)));
        roundTrip(
                "t2",
                (ps, i) -> ps.setTimestamp(i, Timestamp.from(Instant.parse("2024-05-06T07:08:09.123Z"))),
                rs -> assertEquals(Instant.parse("2024-05-06T07:08:09.123Z"), rs.getObject(1, Instant.class)));
        roundTrip("t9", (ps, i) -> ps.setObject(i, ns), rs -> assertEquals(ns, rs.getObject(1, Instant.class)));
        roundTrip(
                "t2",
                (ps, i) -> ps.setObject(i, OffsetDateTime.parse("2024-05-06T09:08:09.5+02:00")),
                rs -> assertEquals(Instant.parse("2024-05-06T07:08:09.500Z"), rs.getObject(1, Instant.class)));
        roundTrip(
                "t2",
                (ps, i) -> ps.setObject(i, Timestamp.from(Instant.parse("1969-12-31T23:59:59.001Z")), Types.TIMESTAMP),
                rs -> assertEquals(Instant.parse("1969-12-31T23:59:59.001Z"), rs.getObject(1, Instant.class)));
    }

    @Test
    public void setObject_withTargetTypes_roundTrip() throws SQLException {
        roundTrip("i64", (ps, i) -> ps.setObject(i, 42), rs -> assertEquals(42L, rs.getLong(1)));
        roundTrip("i64", (ps, i) -> ps.setObject(i, "43", Types.BIGINT), rs -> assertEquals(43L, rs.getLong(1)));
        roundTrip(
                "f64",
                (ps, i) -> ps.setObject(i, new BigDecimal("2.5"), Types.DOUBLE),
                rs -> assertEquals(2.5, rs.getDouble(1)));
        roundTrip("s", (ps, i) -> ps.setObject(i, 17, Types.VARCHAR), rs -> assertEquals("17", rs.getString(1)));
        roundTrip("b", (ps, i) -> ps.setObject(i, Boolean.FALSE), rs -> assertFalse(rs.getBoolean(1)));
        roundTrip(
                "amt",
                (ps, i) -> ps.setObject(i, new BigDecimal("1.25"), Types.DECIMAL, 4),
                rs -> assertEquals(new BigDecimal("1.2500"), rs.getBigDecimal(1)));
    }

    @Test
    public void setNull_ofAnyDeclaredType_bindsNull() throws SQLException {
        List<Binder> nulls = List.of(
                (ps, i) -> ps.setNull(i, Types.NULL),
                (ps, i) -> ps.setNull(i, Types.OTHER),
                (ps, i) -> ps.setNull(i, Types.DOUBLE),
                (ps, i) -> ps.setNull(i, Types.VARCHAR),
                (ps, i) -> ps.setNull(i, Types.TIMESTAMP, "TIMESTAMP"),
                (ps, i) -> ps.setObject(i, null),
                (ps, i) -> ps.setObject(i, null, Types.DOUBLE),
                (ps, i) -> ps.setBigDecimal(i, null));
        for (Binder binder : nulls) {
            roundTrip("f64", binder, rs -> {
                assertNull(rs.getObject(1));
                assertTrue(rs.wasNull());
            });
        }
        roundTrip("s", (ps, i) -> ps.setString(i, null), rs -> assertNull(rs.getString(1)));
        roundTrip("bin", (ps, i) -> ps.setBytes(i, null), rs -> assertNull(rs.getBytes(1)));
        roundTrip("t2", (ps, i) -> ps.setTimestamp(i, null), rs -> assertNull(rs.getTimestamp(1)));
        roundTrip("d", (ps, i) -> ps.setDate(i, null), rs -> assertNull(rs.getObject(1)));
    }

    /** Strings that would break out of a naively quoted literal; each must come back as data. */
    protected List<String> hostileStrings() {
        return List.of(
                "it's",
                "''",
                "'; DROP TABLE " + table + "; --",
                "-- not a comment",
                "/* nor this */",
                "a\\b",
                "\"double\"",
                "`back`",
                "?",
                "$1",
                "line\nbreak\ttab\r",
                "emoji 🦖 and 中文",
                "\u2028\u2029",
                "%_*",
                "' OR '1'='1");
    }

    @Test
    public void hostileStrings_roundTripAsData() throws SQLException {
        for (String s : hostileStrings()) {
            roundTrip("s", (ps, i) -> ps.setString(i, s), rs -> assertEquals(s, rs.getString(1), "round trip of " + s));
        }
        try (PreparedStatement q = conn.prepareStatement("SELECT count(*) FROM " + table)) {
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(hostileStrings().size(), rs.getLong(1), "every row is there and the table survived");
            }
        }
    }

    @Test
    public void backslashBeforeQuote_isData() throws SQLException {
        for (String s : List.of("a\\", "\\'", "x\\'); DROP TABLE " + table + "; --")) {
            roundTrip("s", (ps, i) -> ps.setString(i, s), rs -> assertEquals(s, rs.getString(1), "round trip of " + s));
        }
    }

    @Test
    public void questionMarksInLiteralsAndComments_areNotParameters() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT '?' AS a, ? AS b /* ? */ -- ?\n")) {
            assertEquals(1, ps.getParameterMetaData().getParameterCount());
            ps.setInt(1, 5);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("?", rs.getString("a"));
                assertEquals(5, rs.getInt("b"));
            }
        }
    }

    @Test
    public void parameterMetaData_describesInsertColumns() throws SQLException {
        try (PreparedStatement ps =
                conn.prepareStatement("INSERT INTO " + table + " (ts, k, f64, i64, b) VALUES (?, ?, ?, ?, ?)")) {
            ParameterMetaData md = ps.getParameterMetaData();
            assertEquals(5, md.getParameterCount());
            assertEquals(Types.TIMESTAMP, md.getParameterType(1));
            assertEquals(Types.VARCHAR, md.getParameterType(2));
            assertEquals(Types.DOUBLE, md.getParameterType(3));
            assertEquals(Types.BIGINT, md.getParameterType(4));
            assertEquals(Types.BOOLEAN, md.getParameterType(5));
            assertEquals(ParameterMetaData.parameterModeIn, md.getParameterMode(1));
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT * FROM " + table + " WHERE k = ? AND i64 > ?")) {
            assertEquals(2, ps.getParameterMetaData().getParameterCount());
        }
    }

    @Test
    public void unsetParameter_failsBeforeSending() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ?, ?")) {
            ps.setInt(1, 1);
            assertAnySqlState(ps::executeQuery);
            assertAnySqlState(() -> ps.setInt(3, 1));
            assertAnySqlState(() -> ps.setInt(0, 1));
            ps.setInt(2, 2);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(2));
            }
        }
    }

    @Test
    public void batch_insertsEveryParameterSet() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + table + " (ts, k, i64) VALUES (?, ?, ?)")) {
            for (int i = 0; i < 4; i++) {
                ps.setObject(1, BASE.plusMillis(1000 + i).atOffset(ZoneOffset.UTC));
                ps.setString(2, "batch");
                ps.setLong(3, i * 10L);
                ps.addBatch();
            }
            assertArrayEquals(new int[] {1, 1, 1, 1}, ps.executeBatch());
        }
        try (PreparedStatement q = conn.prepareStatement("SELECT sum(i64) FROM " + table + " WHERE k = ?")) {
            q.setString(1, "batch");
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(60, rs.getLong(1));
            }
        }
    }

    @Test
    public void reexecution_usesTheNewParameters() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT ? * 2")) {
            for (int v : new int[] {1, 21, -4}) {
                ps.setInt(1, v);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(v * 2L, rs.getLong(1));
                }
            }
            ps.clearParameters();
            assertAnySqlState(ps::executeQuery);
        }
    }
}
