package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every GreptimeDB column type of protocol.md §7 created in a table, written with SQL literals and read
 * back with the getters that apply to it. The session runs in UTC (set here) so literal timestamps mean
 * the instants written beside them. A second row of NULLs checks that every type reads NULL as null.
 */
public abstract class TypesConformance extends ConformanceSupport {
    private String table;

    @BeforeEach
    void createTypeTable() throws SQLException {
        update("SET time_zone = 'UTC'");
        table = newTable("conf_types");
        update("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, k STRING PRIMARY KEY,"
                + " b BOOLEAN, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT,"
                + " u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED,"
                + " f32 FLOAT, f64 DOUBLE, amt DECIMAL(20, 6), s STRING, bin VARBINARY, d DATE,"
                + " ts_s TIMESTAMP(0), ts_ms TIMESTAMP(3), ts_us TIMESTAMP(6), ts_ns TIMESTAMP(9),"
                + " j JSON, vec VECTOR(3))");
        update("INSERT INTO " + table + " (ts, k, b, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, amt, s, bin, d,"
                + " ts_s, ts_ms, ts_us, ts_ns, j, vec) VALUES (1000, 'full', true, -128, -32768, -2147483648,"
                + " -9223372036854775808, 255, 65535, 4294967295, 18446744073709551615, 1.5, -2.25e300,"
                + " -12345678901234.123456, 'héllo, 世界', X'00FF7F', '2024-02-29', '2024-05-06 07:08:09',"
                + " '2024-05-06 07:08:09.123', '2024-05-06 07:08:09.123456', '2024-05-06 07:08:09.123456789',"
                + " '{\"a\":1,\"b\":[true,null]}', '[1.0,2.5,-3.0]')");
        update("INSERT INTO " + table + " (ts, k) VALUES (2000, 'nulls')");
    }

    private ResultSet row(Statement st, String column, String key) throws SQLException {
        ResultSet rs = st.executeQuery("SELECT " + column + " FROM " + table + " WHERE k = '" + key + "'");
        assertTrue(rs.next(), "row " + key);
        return rs;
    }

    @Test
    public void boolean_readsAsBoolean() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "b", "full")) {
            assertEquals(Types.BOOLEAN, rs.getMetaData().getColumnType(1));
            assertTrue(rs.getBoolean(1));
            assertEquals(Boolean.TRUE, rs.getObject(1));
            assertEquals(Boolean.TRUE, rs.getObject(1, Boolean.class));
            assertEquals("true", rs.getString(1));
        }
    }

    @Test
    public void signedIntegers_readTheirExtremes() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "i8, i16, i32, i64", "full")) {
            assertEquals(Types.TINYINT, rs.getMetaData().getColumnType(1));
            assertEquals(Types.SMALLINT, rs.getMetaData().getColumnType(2));
            assertEquals(Types.INTEGER, rs.getMetaData().getColumnType(3));
            assertEquals(Types.BIGINT, rs.getMetaData().getColumnType(4));
            assertEquals((byte) -128, rs.getByte(1));
            assertEquals((short) -32768, rs.getShort(2));
            assertEquals(-2147483648, rs.getInt(3));
            assertEquals(Long.MIN_VALUE, rs.getLong(4));
            assertEquals(-128L, rs.getLong(1));
            assertEquals(Integer.valueOf(-32768), rs.getObject(2, Integer.class));
            assertEquals(Long.valueOf(-2147483648L), rs.getObject(3, Long.class));
            assertEquals(new BigDecimal("-9223372036854775808"), rs.getBigDecimal(4));
            assertEquals("-9223372036854775808", rs.getString(4));
            assertEquals(Long.MIN_VALUE, rs.getObject(4));
        }
    }

    @Test
    public void unsignedIntegers_neverReadNegative() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "u8, u16, u32, u64", "full")) {
            assertEquals(255, rs.getInt(1));
            assertEquals(255, rs.getShort(1));
            assertEquals(65535, rs.getInt(2));
            assertEquals(4294967295L, rs.getLong(3));
            assertEquals(Long.valueOf(4294967295L), rs.getObject(3, Long.class));
            assertEquals(new BigInteger("18446744073709551615"), rs.getObject(4, BigInteger.class));
            assertEquals(new BigDecimal("18446744073709551615"), rs.getBigDecimal(4));
            assertEquals("18446744073709551615", rs.getString(4));
            assertEquals(new BigInteger("18446744073709551615"), rs.getObject(4));
            assertAnySqlState(() -> rs.getLong(4)); // does not fit: an error, never a wrapped negative
            assertAnySqlState(() -> rs.getByte(1));
        }
    }

    @Test
    public void floats_readExactly() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "f32, f64", "full")) {
            assertEquals(Types.REAL, rs.getMetaData().getColumnType(1));
            assertEquals(Types.DOUBLE, rs.getMetaData().getColumnType(2));
            assertEquals(1.5f, rs.getFloat(1));
            assertEquals(1.5, rs.getDouble(1));
            assertEquals(Float.valueOf(1.5f), rs.getObject(1));
            assertEquals(-2.25e300, rs.getDouble(2));
            assertEquals(Double.valueOf(-2.25e300), rs.getObject(2, Double.class));
        }
    }

    @Test
    public void decimal_keepsPrecisionAndScale() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "amt", "full")) {
            assertEquals(Types.DECIMAL, rs.getMetaData().getColumnType(1));
            assertEquals(20, rs.getMetaData().getPrecision(1));
            assertEquals(6, rs.getMetaData().getScale(1));
            assertEquals(new BigDecimal("-12345678901234.123456"), rs.getBigDecimal(1));
            assertEquals(new BigDecimal("-12345678901234.123456"), rs.getObject(1, BigDecimal.class));
            assertEquals(new BigDecimal("-12345678901234.123456"), rs.getObject(1));
            assertEquals("-12345678901234.123456", rs.getString(1));
        }
    }

    @Test
    public void stringAndBinary_roundTripBytes() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "s, bin", "full")) {
            assertEquals(Types.VARCHAR, rs.getMetaData().getColumnType(1));
            assertEquals("héllo, 世界", rs.getString(1));
            assertEquals("héllo, 世界", rs.getObject(1, String.class));
            assertEquals(Types.VARBINARY, rs.getMetaData().getColumnType(2));
            assertArrayEquals(new byte[] {0, (byte) 0xFF, 0x7F}, rs.getBytes(2));
            assertArrayEquals(new byte[] {0, (byte) 0xFF, 0x7F}, rs.getObject(2, byte[].class));
        }
    }

    @Test
    public void date_readsAsLocalDate() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "d", "full")) {
            assertEquals(Types.DATE, rs.getMetaData().getColumnType(1));
            assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(1, LocalDate.class));
            assertEquals(java.sql.Date.valueOf("2024-02-29"), rs.getDate(1));
            assertEquals("2024-02-29", rs.getString(1));
        }
    }

    @Test
    public void timestampsOfEveryUnit_readAsInstants() throws SQLException {
        String[] columns = {"ts_s", "ts_ms", "ts_us", "ts_ns"};
        Instant[] expected = {
            Instant.parse("2024-05-06T07:08:09Z"),
            Instant.parse("2024-05-06T07:08:09.123Z"),
            Instant.parse("2024-05-06T07:08:09.123456Z"),
            Instant.parse("2024-05-06T07:08:09.123456789Z"),
        };
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, String.join(", ", columns), "full")) {
            for (int c = 1; c <= columns.length; c++) {
                Instant want = expected[c - 1];
                String col = columns[c - 1];
                assertEquals(Types.TIMESTAMP, rs.getMetaData().getColumnType(c), col);
                assertEquals(want, rs.getObject(c, Instant.class), col);
                assertEquals(want, rs.getTimestamp(c).toInstant(), col);
                assertEquals(Timestamp.from(want), rs.getObject(c), col);
                assertEquals(want.atOffset(ZoneOffset.UTC), rs.getObject(c, OffsetDateTime.class), col);
                assertEquals(want, rs.getObject(c, ZonedDateTime.class).toInstant(), col);
                assertEquals(LocalDateTime.ofInstant(want, ZoneOffset.UTC), rs.getObject(c, LocalDateTime.class), col);
                assertEquals(
                        want,
                        rs.getTimestamp(c, java.util.Calendar.getInstance()).toInstant(),
                        col);
            }
            // GreptimeDB renders timestamps ISO-style with a T in the session zone (protocol.md §8).
            assertEquals("2024-05-06T07:08:09.123", rs.getString(2));
        }
    }

    @Test
    public void timestamps_renderInTheSessionZone() throws SQLException {
        update("SET time_zone = 'Asia/Shanghai'");
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "ts_ms", "full")) {
            Instant want = Instant.parse("2024-05-06T07:08:09.123Z");
            assertEquals(want, rs.getObject(1, Instant.class), "the instant never shifts");
            assertEquals(LocalDateTime.of(2024, 5, 6, 15, 8, 9, 123_000_000), rs.getObject(1, LocalDateTime.class));
            assertEquals(OffsetDateTime.parse("2024-05-06T15:08:09.123+08:00"), rs.getObject(1, OffsetDateTime.class));
            assertEquals("2024-05-06T15:08:09.123", rs.getString(1));
        }
    }

    @Test
    public void json_readsAsJsonText() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "j", "full")) {
            assertEquals("{\"a\":1,\"b\":[true,null]}", rs.getString(1));
            assertEquals("{\"a\":1,\"b\":[true,null]}", rs.getObject(1, String.class));
        }
    }

    @Test
    public void vector_readsAsFloatArray() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, "vec", "full")) {
            assertArrayEquals(new float[] {1.0f, 2.5f, -3.0f}, rs.getObject(1, float[].class));
            assertEquals("[1,2.5,-3]", rs.getString(1));
        }
    }

    @Test
    public void time_readsAsLocalTime() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT CAST('12:34:56.789' AS TIME) AS t")) {
            assertTrue(rs.next());
            assertEquals(Types.TIME, rs.getMetaData().getColumnType(1));
            assertEquals(LocalTime.of(12, 34, 56, 789_000_000), rs.getObject(1, LocalTime.class));
            assertEquals(
                    java.sql.Time.valueOf("12:34:56").toLocalTime(),
                    rs.getTime(1).toLocalTime().withNano(0));
        }
    }

    @Test
    public void nulls_ofEveryType_readAsNull() throws SQLException {
        String columns =
                "b, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, amt, s, bin, d, ts_s, ts_ms, ts_us, ts_ns, j, vec";
        try (Statement st = conn.createStatement();
                ResultSet rs = row(st, columns, "nulls")) {
            int count = rs.getMetaData().getColumnCount();
            assertEquals(21, count);
            for (int c = 1; c <= count; c++) {
                String label = rs.getMetaData().getColumnLabel(c);
                assertNull(rs.getObject(c), label);
                assertTrue(rs.wasNull(), label);
                assertNull(rs.getString(c), label);
                assertTrue(rs.wasNull(), label);
            }
            assertFalse(rs.getBoolean("b"));
            assertTrue(rs.wasNull());
            assertEquals(0, rs.getInt("i32"));
            assertTrue(rs.wasNull());
            assertEquals(0L, rs.getLong("u64"));
            assertTrue(rs.wasNull());
            assertEquals(0.0, rs.getDouble("f64"));
            assertTrue(rs.wasNull());
            assertNull(rs.getTimestamp("ts_ns"));
            assertNull(rs.getBytes("bin"));
            assertNull(rs.getBigDecimal("amt"));
        }
    }
}
