package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class SqlLiteralsTest {
    private static final ZoneId UTC = ZoneId.of("UTC");

    @Test
    void strings_doubleQuotesAndKeepBackslashes() throws Exception {
        assertThat(SqlLiterals.string("it's")).isEqualTo("'it''s'");
        assertThat(SqlLiterals.string("a\\b")).isEqualTo("'a\\b'");
        assertThat(SqlLiterals.string("")).isEqualTo("''");
    }

    @Test
    void negativeNumbers_areParenthesisedSoMinusCannotStartAComment() throws Exception {
        String sql = "SELECT 5 -?";
        String bound = PlaceholderScanner.substitute(
                sql, PlaceholderScanner.scan(sql), new String[] {SqlLiterals.integer(-3)});
        assertThat(bound).isEqualTo("SELECT 5 - -3");
        assertThat(SqlLiterals.doubleValue(-1.5)).isEqualTo(" -1.5");
        assertThat(SqlLiterals.doubleValue(-0.0)).isEqualTo("CAST('-0.0' AS DOUBLE)");
        assertThat(SqlLiterals.integer(BigInteger.valueOf(-1))).isEqualTo(" -1");
        assertThat(SqlLiterals.integer(Long.MIN_VALUE)).isEqualTo(" -9223372036854775808");
    }

    @Test
    void specialDoubles_areCastFromText() {
        assertThat(SqlLiterals.doubleValue(Double.NaN)).isEqualTo("CAST('NaN' AS DOUBLE)");
        assertThat(SqlLiterals.doubleValue(Double.NEGATIVE_INFINITY)).isEqualTo("CAST('-Infinity' AS DOUBLE)");
        assertThat(SqlLiterals.floatValue(1.5f)).isEqualTo("CAST(1.5 AS FLOAT)");
    }

    @Test
    void decimals_keepTheirDigitsAndScale() throws Exception {
        assertThat(SqlLiterals.decimal(new BigDecimal("12345678901234567890.123456789")))
                .isEqualTo("CAST('12345678901234567890.123456789' AS DECIMAL(29,9))");
        assertThat(SqlLiterals.decimal(new BigDecimal("1E+3"))).isEqualTo("CAST('1000' AS DECIMAL(4,0))");
        assertThat(SqlLiterals.decimal(new BigDecimal("0.001"))).isEqualTo("CAST('0.001' AS DECIMAL(3,3))");
        assertThatThrownBy(() -> SqlLiterals.decimal(new BigDecimal("1" + "0".repeat(40))))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22003"));
    }

    @Test
    void bytes_areHexLiterals() {
        assertThat(SqlLiterals.bytes(new byte[] {0, 1, (byte) 0xAB, (byte) 0xFF}))
                .isEqualTo("X'0001abff'");
        assertThat(SqlLiterals.bytes(new byte[0])).isEqualTo("X''");
    }

    @Test
    void instants_areUtcWithZWhateverTheJvmZone() throws Exception {
        TimeZone saved = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("America/Los_Angeles"));
            Timestamp ts = Timestamp.from(Instant.parse("2024-03-10T10:15:30.123456789Z"));
            assertThat(ParameterLiterals.of(ts, UTC)).isEqualTo("'2024-03-10T10:15:30.123456789Z'");
            assertThat(ParameterLiterals.of(OffsetDateTime.of(2024, 1, 1, 8, 0, 0, 0, ZoneOffset.ofHours(8)), UTC))
                    .isEqualTo("'2024-01-01T00:00:00Z'");
            assertThat(ParameterLiterals.of(Instant.EPOCH.atZone(ZoneId.of("Asia/Tokyo")), UTC))
                    .isEqualTo("'1970-01-01T00:00:00Z'");
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void localDateTime_isTheInstantItNamesInTheSessionZone() throws Exception {
        // GreptimeDB before HEAD reads a naive string in UTC off its fast INSERT path (audit A2): never send one
        assertThat(ParameterLiterals.of(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 600_000_000), ZoneId.of("Asia/Shanghai")))
                .isEqualTo("'2024-01-01T19:04:05.600Z'");
        assertThat(ParameterLiterals.of(LocalDateTime.of(2024, 7, 1, 12, 0), ZoneId.of("Europe/Berlin")))
                .isEqualTo("'2024-07-01T10:00:00Z'");
    }

    @Test
    void datesAndTimes_areTyped() throws Exception {
        assertThat(ParameterLiterals.of(LocalDate.of(2024, 2, 29), UTC)).isEqualTo("DATE '2024-02-29'");
        assertThat(ParameterLiterals.of(java.sql.Date.valueOf("2024-02-29"), UTC))
                .isEqualTo("DATE '2024-02-29'");
        assertThat(ParameterLiterals.of(LocalTime.of(23, 59, 1, 5000), UTC)).isEqualTo("TIME '23:59:01.000005'");
    }

    @Test
    void insertValues_getTheFormsOfTheFastPath() throws Exception {
        String[] sent = SqlLiterals.forInsertValues(new String[] {
            SqlLiterals.floatValue(0.1f),
            SqlLiterals.floatValue(-2.5f),
            SqlLiterals.decimal(new BigDecimal("-12.50")),
            SqlLiterals.decimal(new BigDecimal("1E+3")),
            ParameterLiterals.of(LocalDate.of(2024, 2, 29), UTC),
            ParameterLiterals.of(LocalTime.of(1, 2), UTC),
            SqlLiterals.doubleValue(Double.NaN),
            SqlLiterals.integer(-5),
            SqlLiterals.string("CAST('x' AS DECIMAL(1,0))"),
            null
        });
        assertThat(sent)
                .containsExactly(
                        "0.1",
                        " -2.5",
                        " -12.5",
                        "1000",
                        "'2024-02-29'",
                        "TIME '01:02:00'",
                        "CAST('NaN' AS DOUBLE)",
                        " -5",
                        "'CAST(''x'' AS DECIMAL(1,0))'",
                        null);
    }

    @Test
    void insertValues_areRecognised() {
        assertThat(SqlLiterals.isInsertValues("INSERT INTO t (a, b) VALUES (?, ?)"))
                .isTrue();
        assertThat(SqlLiterals.isInsertValues("/* x */ insert into t values (?), (?)"))
                .isTrue();
        assertThat(SqlLiterals.isInsertValues("INSERT INTO t SELECT * FROM u WHERE a = ?"))
                .isFalse();
        assertThat(SqlLiterals.isInsertValues("SELECT * FROM t WHERE v = ?")).isFalse();
        assertThat(SqlLiterals.isInsertValues("INSERT INTO \"values\" (a) SELECT ?"))
                .isFalse();
        assertThat(SqlLiterals.isInsertValues("DELETE FROM t WHERE s = 'values'"))
                .isFalse();
    }

    @Test
    void setObjectWithTargetType_convertsAtBindTime() throws Exception {
        assertThat(ParameterLiterals.of("42", Types.INTEGER, UTC)).isEqualTo("42");
        assertThat(ParameterLiterals.of("-42", Types.BIGINT, UTC)).isEqualTo(" -42");
        assertThat(ParameterLiterals.of(7, Types.VARCHAR, UTC)).isEqualTo("'7'");
        assertThat(ParameterLiterals.of("true", Types.BOOLEAN, UTC)).isEqualTo("TRUE");
        assertThat(ParameterLiterals.of(1.25, Types.DECIMAL, UTC)).isEqualTo("CAST('1.25' AS DECIMAL(3,2))");
        assertThat(ParameterLiterals.of("x", Types.NULL, UTC)).isEqualTo("NULL");
        assertThatThrownBy(() -> ParameterLiterals.of("forty", Types.INTEGER, UTC))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
        assertThatThrownBy(() -> ParameterLiterals.of("1.5", Types.INTEGER, UTC))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
    }

    @Test
    void unsupportedTypes_failWith0A000() {
        assertThatThrownBy(() -> ParameterLiterals.of(new Object(), UTC))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("0A000"));
    }

    @Test
    void negativeZero_isACastFromText_soNoPlannerReadsItAsAnExactZero() {
        assertThat(SqlLiterals.doubleValue(-0.0)).isEqualTo("CAST('-0.0' AS DOUBLE)");
        assertThat(SqlLiterals.doubleValue(0.0)).isEqualTo("0.0");
        assertThat(SqlLiterals.floatValue(-0.0f)).isEqualTo("CAST(CAST('-0.0' AS DOUBLE) AS FLOAT)");
    }

    @Test
    void loneSurrogate_isRefusedAtBindTime() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SqlLiterals.string("a\uD800"))
                .isInstanceOf(java.sql.SQLDataException.class)
                .hasMessageContaining("U+D800 at index 1");
    }
}
