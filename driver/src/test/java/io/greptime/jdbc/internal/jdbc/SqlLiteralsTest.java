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
        assertThat(bound).isEqualTo("SELECT 5 -(-3)");
        assertThat(SqlLiterals.doubleValue(-1.5)).isEqualTo("(-1.5)");
        assertThat(SqlLiterals.integer(BigInteger.valueOf(-1))).isEqualTo("(-1)");
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
            assertThat(ParameterLiterals.of(ts)).isEqualTo("'2024-03-10T10:15:30.123456789Z'");
            assertThat(ParameterLiterals.of(OffsetDateTime.of(2024, 1, 1, 8, 0, 0, 0, ZoneOffset.ofHours(8))))
                    .isEqualTo("'2024-01-01T00:00:00Z'");
            assertThat(ParameterLiterals.of(Instant.EPOCH.atZone(ZoneId.of("Asia/Tokyo"))))
                    .isEqualTo("'1970-01-01T00:00:00Z'");
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void wallClockValues_carryNoOffset() throws Exception {
        assertThat(ParameterLiterals.of(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 600_000_000)))
                .isEqualTo("'2024-01-02 03:04:05.6'");
        assertThat(ParameterLiterals.of(LocalDate.of(2024, 2, 29))).isEqualTo("DATE '2024-02-29'");
        assertThat(ParameterLiterals.of(java.sql.Date.valueOf("2024-02-29"))).isEqualTo("DATE '2024-02-29'");
        assertThat(ParameterLiterals.of(LocalTime.of(23, 59, 1, 5000))).isEqualTo("TIME '23:59:01.000005'");
    }

    @Test
    void setObjectWithTargetType_convertsAtBindTime() throws Exception {
        assertThat(ParameterLiterals.of("42", Types.INTEGER)).isEqualTo("42");
        assertThat(ParameterLiterals.of("-42", Types.BIGINT)).isEqualTo("(-42)");
        assertThat(ParameterLiterals.of(7, Types.VARCHAR)).isEqualTo("'7'");
        assertThat(ParameterLiterals.of("true", Types.BOOLEAN)).isEqualTo("TRUE");
        assertThat(ParameterLiterals.of(1.25, Types.DECIMAL)).isEqualTo("CAST('1.25' AS DECIMAL(3,2))");
        assertThat(ParameterLiterals.of("x", Types.NULL)).isEqualTo("NULL");
        assertThatThrownBy(() -> ParameterLiterals.of("forty", Types.INTEGER))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
        assertThatThrownBy(() -> ParameterLiterals.of("1.5", Types.INTEGER))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22018"));
    }

    @Test
    void unsupportedTypes_failWith0A000() {
        assertThatThrownBy(() -> ParameterLiterals.of(new Object()))
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
