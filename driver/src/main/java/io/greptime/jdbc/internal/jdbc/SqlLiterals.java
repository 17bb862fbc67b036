package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.arrow.write.ColumnWriter;
import io.greptime.jdbc.arrow.write.StrictUtf8;
import io.greptime.jdbc.internal.sql.SqlLexer;
import io.greptime.jdbc.sqlstate.SqlState;
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
 * escaping), bytes are hex literals ({@code X'..'}), negative numbers carry a leading space ({@code " -5"})
 * so that {@code a-?} cannot turn into a {@code --} comment.
 *
 * <p>Instants ({@code Timestamp}, {@code Instant}, offset or zoned date-times) are rendered in UTC with
 * an explicit {@code Z} (RFC 3339), which GreptimeDB parses exactly whatever the session time zone. Local
 * date-times are turned into the instant they name in the session time zone and rendered the same way:
 * GreptimeDB reads a naive string in the session zone only on its fast INSERT path, and in UTC on every
 * other path before its HEAD (fidelity audit A2), so the driver never sends one.
 *
 * <p>GreptimeDB runs an {@code INSERT ... VALUES} whose values are all plain literals (numbers, a unary
 * minus on a number, strings, booleans, NULL, DEFAULT, hex) on its fast path, and anything else
 * ({@code CAST}, {@code DATE '…'}) through its query engine ({@code v0.14.4:src/sql/src/statements/
 * insert.rs:81-107}). {@link #forInsertValues} turns the typed forms into plain ones there, where the server
 * converts each literal to its column's type exactly; elsewhere (comparisons, expressions) the typed forms
 * keep the value's type.
 */
final class SqlLiterals {
    static final String NULL = "NULL";

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

    /**
     * A negative number as a unary minus on its magnitude, the one signed form GreptimeDB's fast INSERT path
     * accepts ({@code (-5)} is an expression there); the space keeps {@code a-?} from forming {@code --}.
     */
    private static String signed(boolean negative, String magnitude) {
        return negative ? " -" + magnitude : magnitude;
    }

    static String integer(long v) {
        return v < 0 ? signed(true, Long.toString(v).substring(1)) : Long.toString(v);
    }

    static String integer(BigInteger v) {
        return signed(v.signum() < 0, v.abs().toString());
    }

    static String doubleValue(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            String name = Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
            return "CAST('" + name + "' AS DOUBLE)";
        }
        if (d == 0 && 1 / d < 0) {
            // -0.0 is the negation of a literal that a planner may read as an exact number (DuckDB reads a
            // DECIMAL, whose negative zero is zero); the text cast is a double from the start
            return "CAST('-0.0' AS DOUBLE)";
        }
        return signed(d < 0, Double.toString(Math.abs(d)));
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
                    SqlState.NUMERIC_VALUE_OUT_OF_RANGE.code());
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

    /**
     * A wall-clock date-time as the instant it names in {@code sessionZone} (the zone the server would have
     * read it in on its fast path), rendered with {@code Z} so that no server path can read it otherwise.
     */
    static String localDateTime(LocalDateTime t, java.time.ZoneId sessionZone) {
        return instant(t.atZone(sessionZone).toInstant());
    }

    static String date(LocalDate d) {
        return "DATE " + quoted(DateTimeFormatter.ISO_LOCAL_DATE.format(d));
    }

    static String time(LocalTime t) {
        return "TIME " + quoted(LOCAL_TIME.format(t));
    }

    /**
     * Whether {@code sql} is an {@code INSERT ... VALUES}, where GreptimeDB's fast path converts plain literals
     * to the column types itself (an INSERT ... SELECT goes through the query engine whatever its literals).
     */
    static boolean isInsertValues(String sql) {
        String first = null;
        boolean values = false;
        int i = 0;
        while (i < sql.length()) {
            int next = SqlLexer.skipNonCode(sql, i);
            if (next > i) {
                i = next;
                continue;
            }
            if (!Character.isLetter(sql.charAt(i))) {
                i++;
                continue;
            }
            int end = i;
            while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                end++;
            }
            String word = sql.substring(i, end).toUpperCase(java.util.Locale.ROOT);
            first = first == null ? word : first;
            if (word.equals("SELECT")) {
                return false;
            }
            values |= word.equals("VALUES");
            i = end;
        }
        return "INSERT".equals(first) && values;
    }

    /**
     * The literals of an {@code INSERT ... VALUES} in the forms its fast path takes: {@code CAST('1.5' AS
     * DECIMAL(2,1))} becomes {@code 1.5}, {@code CAST(0.1 AS FLOAT)} becomes {@code 0.1} (the server parses a
     * number straight into the column's type, so a FLOAT column gets exactly the float and a DECIMAL column
     * exactly the decimal), {@code DATE '2024-01-02'} becomes {@code '2024-01-02'}. {@code TIME '…'} stays:
     * no release parses a string into a TIME column on the fast path ({@code HEAD:src/common/sql/src/
     * convert.rs}, {@code parse_string_to_value}), and with timestamps rendered as instants the query-engine
     * path shifts nothing. NaN and infinities keep their casts for the same reason.
     */
    static String[] forInsertValues(String[] literals) {
        String[] out = literals.clone();
        for (int i = 0; i < out.length; i++) {
            String l = out[i];
            if (l == null) {
                continue;
            }
            if (l.startsWith(DECIMAL_CAST) && l.contains(DECIMAL_CAST_TYPE)) {
                out[i] = plainDecimal(l.substring(DECIMAL_CAST.length(), l.indexOf('\'', DECIMAL_CAST.length())));
            } else if (l.startsWith(FLOAT_CAST) && l.endsWith(FLOAT_CAST_END)) {
                out[i] = l.substring(FLOAT_CAST.length(), l.length() - FLOAT_CAST_END.length());
            } else if (l.startsWith(DATE_PREFIX)) {
                out[i] = l.substring(DATE_PREFIX.length());
            }
        }
        return out;
    }

    private static final String DECIMAL_CAST = "CAST('";
    private static final String DECIMAL_CAST_TYPE = "' AS DECIMAL(";
    private static final String FLOAT_CAST = "CAST(";
    private static final String FLOAT_CAST_END = " AS FLOAT)";
    private static final String DATE_PREFIX = "DATE ";

    /** {@code -1.50} as {@code " -1.5"}: trailing zeros go, so an integral value also fits an integer column. */
    private static String plainDecimal(String text) {
        BigDecimal d = new BigDecimal(text).stripTrailingZeros();
        if (d.scale() < 0) {
            d = d.setScale(0);
        }
        return signed(d.signum() < 0, d.abs().toPlainString());
    }

    /** A vector ({@code VECTOR(n)} column) as the text form GreptimeDB parses, e.g. {@code '[1.0,2.5]'}. */
    static String vector(float[] v) {
        return quoted(ColumnWriter.vectorText(v));
    }
}
