package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.arrow.write.ColumnWriter;
import io.greptime.jdbc.arrow.write.StrictUtf8;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * Renders parameter values as GreptimeDB SQL literals. Values become data, never code: strings are
 * single-quoted with quotes doubled (GreptimeDB's dialect has no backslash escapes, so nothing else needs
 * escaping), bytes are hex literals ({@code X'..'}), negative numbers are parenthesised so that
 * {@code a-?} cannot turn into a {@code --} comment.
 *
 * <p>Instants ({@code Timestamp}, {@code Instant}, offset or zoned date-times) are rendered in UTC with
 * an explicit {@code Z} (RFC 3339), which GreptimeDB parses exactly whatever the session time zone. Local
 * date-times are rendered without an offset, so the server reads them in the session time zone, which
 * the driver sends with every request.
 */
final class SqlLiterals {
    static final String NULL = "NULL";

    private static final DateTimeFormatter LOCAL_DATE_TIME = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral(' ')
            .appendPattern("HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .toFormatter();
    private static final DateTimeFormatter LOCAL_TIME = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .toFormatter();
    private static final int MAX_DECIMAL_PRECISION = 38;

    private SqlLiterals() {}

    /** @throws SQLDataException 22021 for a lone surrogate, at bind time, before any row of a batch is sent */
    static String string(String s) throws SQLDataException {
        return quoted(StrictUtf8.check(s, "string parameter"));
    }

    /** Text the driver formatted itself (dates, times, vectors): ASCII, nothing to check. */
    private static String quoted(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c);
            if (c == '\'') {
                sb.append('\'');
            }
        }
        return sb.append('\'').toString();
    }

    static String bool(boolean b) {
        return b ? "TRUE" : "FALSE";
    }

    static String integer(long v) {
        return v < 0 ? "(" + v + ")" : Long.toString(v);
    }

    static String integer(BigInteger v) {
        return v.signum() < 0 ? "(" + v + ")" : v.toString();
    }

    static String doubleValue(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            String name = Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
            return "CAST('" + name + "' AS DOUBLE)";
        }
        if (d == 0 && 1 / d < 0) {
            // (-0.0) is the negation of a literal that a planner may read as an exact number (DuckDB reads a
            // DECIMAL, whose negative zero is zero); the text cast is a double from the start
            return "CAST('-0.0' AS DOUBLE)";
        }
        return d < 0 ? "(" + d + ")" : Double.toString(d);
    }

    static String floatValue(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return doubleValue(f);
        }
        return "CAST(" + doubleValue(Double.parseDouble(Float.toString(f))) + " AS FLOAT)";
    }

    /**
     * An exact decimal: a bare {@code 1.5} would be planned as a double, so it is cast from text.
     *
     * @throws SQLException 22003 when it needs more than 38 digits
     */
    static String decimal(BigDecimal v) throws SQLException {
        BigDecimal d = v.scale() < 0 ? v.setScale(0) : v;
        int scale = d.scale();
        int precision = Math.max(d.precision(), scale);
        if (precision > MAX_DECIMAL_PRECISION) {
            throw new SQLException(
                    "Decimal " + v + " needs " + precision + " digits; GreptimeDB allows " + MAX_DECIMAL_PRECISION,
                    "22003");
        }
        return "CAST('" + d.toPlainString() + "' AS DECIMAL(" + Math.max(precision, 1) + "," + scale + "))";
    }

    static String bytes(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 2 + 3).append("X'");
        for (byte x : b) {
            sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
        }
        return sb.append('\'').toString();
    }

    static String instant(Instant i) {
        return quoted(DateTimeFormatter.ISO_INSTANT.format(i));
    }

    static String offsetDateTime(OffsetDateTime t) {
        return instant(t.toInstant());
    }

    static String zonedDateTime(ZonedDateTime t) {
        return instant(t.toInstant());
    }

    /** A wall-clock date-time the server reads in the session time zone. */
    static String localDateTime(LocalDateTime t) {
        return quoted(LOCAL_DATE_TIME.format(t));
    }

    static String date(LocalDate d) {
        return "DATE " + quoted(DateTimeFormatter.ISO_LOCAL_DATE.format(d));
    }

    static String time(LocalTime t) {
        return "TIME " + quoted(LOCAL_TIME.format(t));
    }

    /** A vector ({@code VECTOR(n)} column) as the text form GreptimeDB parses, e.g. {@code '[1.0,2.5]'}. */
    static String vector(float[] v) {
        return quoted(ColumnWriter.vectorText(v));
    }
}
