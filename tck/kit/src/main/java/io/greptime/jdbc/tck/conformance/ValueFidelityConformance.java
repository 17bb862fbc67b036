package io.greptime.jdbc.tck.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The same values written through every write path of a {@code PreparedStatement} and read back exactly, in a UTC
 * session and in a session whose zone is neither UTC nor the JVM's and has daylight saving time. Paths: one row by
 * {@code executeUpdate}, one row by {@code executeBatch}, and 500 rows by {@code executeBatch} (the bulk path where
 * the driver has one). Every value goes in through a different setter, and the expectations are written out here,
 * never computed by the driver: a {@code Timestamp}, {@code Instant} or {@code OffsetDateTime} is an instant and
 * stays one; a {@code LocalDateTime} is a wall-clock time in the session zone; a {@code LocalDate} is a date with
 * no zone.
 */
public abstract class ValueFidelityConformance extends ConformanceSupport {
    private static final int BULK_ROWS = 500;

    /** 2024-05-06 07:08:09.123456789 UTC, the instant every timestamp column is written as. */
    private static final Instant AT = Instant.parse("2024-05-06T07:08:09.123456789Z");

    private static final String COLUMNS = "ts, k, b, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, amt, s, bin, d,"
            + " ts_s, ts_ms, ts_us, ts_ns, j";

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource({
        "update, UTC",
        "batch of one, UTC",
        "bulk batch, UTC",
        "update, America/New_York",
        "batch of one, America/New_York",
        "bulk batch, America/New_York"
    })
    public void everyType_throughEveryWritePath_readsBackExactly(String path, String zone) throws SQLException {
        update("SET time_zone = '" + zone + "'");
        String table = newTable("conf_fidelity");
        update("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, k STRING PRIMARY KEY,"
                + " b BOOLEAN, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT,"
                + " u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED,"
                + " f32 FLOAT, f64 DOUBLE, amt DECIMAL(20, 6), s STRING, bin VARBINARY, d DATE,"
                + " ts_s TIMESTAMP(0), ts_ms TIMESTAMP(3), ts_us TIMESTAMP(6), ts_ns TIMESTAMP(9), j JSON)");
        int rows = path.equals("bulk batch") ? BULK_ROWS : 1;
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + table + " (" + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?," + " ?, ?, ?, ?, ?, ?)")) {
            for (int r = 0; r < rows; r++) {
                bind(ps, r, ZoneId.of(zone));
                if (path.equals("update")) {
                    assertEquals(1, ps.executeUpdate(), "rows stored");
                } else {
                    ps.addBatch();
                }
            }
            if (!path.equals("update")) {
                int[] counts = ps.executeBatch();
                assertEquals(rows, counts.length);
                for (int c : counts) {
                    assertTrue(c == 1 || c == Statement.SUCCESS_NO_INFO, "count " + c);
                }
            }
        }
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT " + COLUMNS + " FROM " + table + " ORDER BY ts")) {
            for (int r = 0; r < rows; r++) {
                assertTrue(rs.next(), "row " + r + " of " + rows);
                check(rs, r, ZoneId.of(zone));
            }
            assertTrue(!rs.next(), "exactly " + rows + " rows");
        }
    }

    /** Row r: the key and time index vary by row, every other value is the same. */
    private static void bind(PreparedStatement ps, int r, ZoneId zone) throws SQLException {
        ps.setTimestamp(1, new Timestamp(1_000L * (r + 1)));
        ps.setString(2, "row-" + r);
        ps.setBoolean(3, true);
        ps.setByte(4, (byte) -128);
        ps.setShort(5, (short) -32768);
        ps.setInt(6, Integer.MIN_VALUE);
        ps.setLong(7, Long.MIN_VALUE);
        ps.setInt(8, 255);
        ps.setInt(9, 65535);
        ps.setLong(10, 4294967295L);
        ps.setObject(11, new BigInteger("18446744073709551615"));
        ps.setFloat(12, 1.5f);
        ps.setDouble(13, -2.25e300);
        ps.setBigDecimal(14, new BigDecimal("-12345678901234.123456"));
        ps.setString(15, "héllo, 世界 \u00e9\u0301 \ud83d\ude00");
        ps.setBytes(16, new byte[] {0, (byte) 0xFF, 0x7F});
        ps.setObject(17, LocalDate.of(2024, 2, 29));
        ps.setObject(18, AT); // Instant
        ps.setTimestamp(19, Timestamp.from(AT)); // an instant, whatever the JVM's zone
        ps.setObject(20, AT.atOffset(ZoneOffset.ofHours(2))); // OffsetDateTime: the same instant
        ps.setObject(21, LocalDateTime.ofInstant(AT, zone)); // wall clock in the session zone
        ps.setString(22, "{\"a\":1,\"b\":[true,null]}");
    }

    private static void check(ResultSet rs, int r, ZoneId zone) throws SQLException {
        assertEquals(Instant.ofEpochMilli(1_000L * (r + 1)), rs.getObject(1, Instant.class), "ts");
        assertEquals("row-" + r, rs.getString(2));
        assertEquals(Boolean.TRUE, rs.getObject(3, Boolean.class));
        assertEquals((byte) -128, rs.getByte(4));
        assertEquals((short) -32768, rs.getShort(5));
        assertEquals(Integer.MIN_VALUE, rs.getInt(6));
        assertEquals(Long.MIN_VALUE, rs.getLong(7));
        assertEquals(255, rs.getInt(8));
        assertEquals(65535, rs.getInt(9));
        assertEquals(4294967295L, rs.getLong(10));
        assertEquals(new BigInteger("18446744073709551615"), rs.getObject(11, BigInteger.class));
        assertEquals(1.5f, rs.getFloat(12));
        assertEquals(-2.25e300, rs.getDouble(13));
        assertEquals(new BigDecimal("-12345678901234.123456"), rs.getBigDecimal(14));
        assertEquals("héllo, 世界 \u00e9\u0301 \ud83d\ude00", rs.getString(15));
        assertArrayEquals(new byte[] {0, (byte) 0xFF, 0x7F}, rs.getBytes(16));
        assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(17, LocalDate.class), "date");
        assertEquals(Instant.parse("2024-05-06T07:08:09Z"), rs.getObject(18, Instant.class), "ts_s truncates");
        assertEquals(Instant.parse("2024-05-06T07:08:09.123Z"), rs.getObject(19, Instant.class), "ts_ms");
        assertEquals(Instant.parse("2024-05-06T07:08:09.123456Z"), rs.getObject(20, Instant.class), "ts_us");
        assertEquals(AT, rs.getObject(21, Instant.class), "ts_ns keeps nanoseconds");
        assertEquals(Types.TIMESTAMP, rs.getMetaData().getColumnType(21));
        // read in the session zone: the wall clock there, and the offset it had at that instant
        assertEquals(LocalDateTime.ofInstant(AT, zone), rs.getObject(21, LocalDateTime.class), "ts_ns wall clock");
        assertEquals(AT.atZone(zone).toOffsetDateTime(), rs.getObject(21, OffsetDateTime.class), "ts_ns offset");
        assertEquals("{\"a\":1,\"b\":[true,null]}", rs.getString(22));
    }

    /** NULL through every setter family reads back as SQL NULL, on the single-row path. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"update", "batch of one"})
    public void nulls_throughSetNull_readBackAsNull(String path) throws SQLException {
        String table = newTable("conf_fidelity_null");
        update("CREATE TABLE " + table + " (ts TIMESTAMP(3) NOT NULL TIME INDEX, k STRING PRIMARY KEY,"
                + " i64 BIGINT, f64 DOUBLE, s STRING, bin VARBINARY, d DATE, amt DECIMAL(10, 2))");
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO " + table + " (ts, k, i64, f64, s, bin, d, amt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setTimestamp(1, new Timestamp(5_000));
            ps.setString(2, "n");
            ps.setNull(3, Types.BIGINT);
            ps.setNull(4, Types.DOUBLE);
            ps.setString(5, null);
            ps.setBytes(6, null);
            ps.setObject(7, null);
            ps.setBigDecimal(8, null);
            if (path.equals("update")) {
                ps.executeUpdate();
            } else {
                ps.addBatch();
                ps.executeBatch();
            }
        }
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT i64, f64, s, bin, d, amt FROM " + table)) {
            assertTrue(rs.next());
            for (int c = 1; c <= 6; c++) {
                assertNull(rs.getObject(c), "column " + c);
            }
        }
    }
}
