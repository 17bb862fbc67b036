package io.greptime.jdbc.internal.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * Turns the Java objects of {@code setObject} (and the JDBC types of its target-type overloads) into SQL
 * literals through {@link SqlLiterals}. Unsupported values fail at bind time, not at execute time.
 */
final class ParameterLiterals {
    private ParameterLiterals() {}

    /**
     * The literal for a value of any supported Java type; a {@code LocalDateTime} is taken in
     * {@code sessionZone} (see {@link SqlLiterals#localDateTime}).
     */
    static String of(Object x, java.time.ZoneId sessionZone) throws SQLException {
        if (x == null) {
            return SqlLiterals.NULL;
        }
        if (x instanceof String s) {
            return SqlLiterals.string(s);
        }
        if (x instanceof Character c) {
            return SqlLiterals.string(c.toString());
        }
        if (x instanceof Boolean b) {
            return SqlLiterals.bool(b);
        }
        if (x instanceof Byte || x instanceof Short || x instanceof Integer || x instanceof Long) {
            return SqlLiterals.integer(((Number) x).longValue());
        }
        if (x instanceof BigInteger b) {
            return SqlLiterals.integer(b);
        }
        if (x instanceof Float f) {
            return SqlLiterals.floatValue(f);
        }
        if (x instanceof Double d) {
            return SqlLiterals.doubleValue(d);
        }
        if (x instanceof BigDecimal d) {
            return SqlLiterals.decimal(d);
        }
        if (x instanceof byte[] b) {
            return SqlLiterals.bytes(b);
        }
        if (x instanceof float[] v) {
            return SqlLiterals.vector(v);
        }
        if (x instanceof UUID u) {
            return SqlLiterals.string(u.toString());
        }
        return temporal(x, sessionZone);
    }

    private static String temporal(Object x, java.time.ZoneId sessionZone) throws SQLException {
        if (x instanceof java.sql.Timestamp t) {
            return SqlLiterals.instant(t.toInstant());
        }
        if (x instanceof java.sql.Date d) {
            return SqlLiterals.date(d.toLocalDate());
        }
        if (x instanceof java.sql.Time t) {
            return SqlLiterals.time(t.toLocalTime());
        }
        if (x instanceof java.util.Date d) {
            return SqlLiterals.instant(d.toInstant());
        }
        if (x instanceof Instant i) {
            return SqlLiterals.instant(i);
        }
        if (x instanceof OffsetDateTime t) {
            return SqlLiterals.offsetDateTime(t);
        }
        if (x instanceof ZonedDateTime t) {
            return SqlLiterals.zonedDateTime(t);
        }
        if (x instanceof LocalDateTime t) {
            return SqlLiterals.localDateTime(t, sessionZone);
        }
        if (x instanceof LocalDate d) {
            return SqlLiterals.date(d);
        }
        if (x instanceof LocalTime t) {
            return SqlLiterals.time(t);
        }
        if (x instanceof OffsetTime) {
            throw new SQLFeatureNotSupportedException(
                    "OffsetTime parameters are not supported: GreptimeDB's TIME has no zone", "0A000");
        }
        throw new SQLFeatureNotSupportedException(
                "Parameters of type " + x.getClass().getName() + " are not supported", "0A000");
    }

    /**
     * The literal for {@code setObject(i, x, targetSqlType)}: the value converted to the target type, as
     * JDBC's conversion table asks (e.g. a String to INTEGER is parsed here, so bad numbers fail at bind).
     */
    static String of(Object x, int targetSqlType, java.time.ZoneId sessionZone) throws SQLException {
        if (x == null || targetSqlType == Types.NULL) {
            return SqlLiterals.NULL;
        }
        switch (targetSqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT:
                return SqlLiterals.integer(toInteger(x));
            case Types.REAL, Types.FLOAT:
                return SqlLiterals.floatValue(toBigDecimal(x).floatValue());
            case Types.DOUBLE:
                return SqlLiterals.doubleValue(
                        x instanceof Number n
                                ? n.doubleValue()
                                : toBigDecimal(x).doubleValue());
            case Types.DECIMAL, Types.NUMERIC:
                return SqlLiterals.decimal(toBigDecimal(x));
            case Types.BOOLEAN, Types.BIT:
                return SqlLiterals.bool(toBoolean(x));
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR:
                return SqlLiterals.string(
                        x instanceof byte[]
                                ? new String((byte[]) x, java.nio.charset.StandardCharsets.UTF_8)
                                : x.toString());
            default:
                return of(x, sessionZone);
        }
    }

    private static java.math.BigInteger toInteger(Object x) throws SQLException {
        try {
            return toBigDecimal(x).toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new SQLException("Cannot convert '" + x + "' to an integer without losing its fraction", "22018", e);
        }
    }

    private static BigDecimal toBigDecimal(Object x) throws SQLException {
        try {
            if (x instanceof BigDecimal d) {
                return d;
            }
            if (x instanceof Boolean b) {
                return b ? BigDecimal.ONE : BigDecimal.ZERO;
            }
            if (x instanceof Double || x instanceof Float) {
                return new BigDecimal(x.toString());
            }
            if (x instanceof Number || x instanceof String) {
                return new BigDecimal(x.toString().trim());
            }
        } catch (NumberFormatException e) {
            throw new SQLException("Cannot convert '" + x + "' to a number", "22018", e);
        }
        throw new SQLException("Cannot convert " + x.getClass().getName() + " to a number", "22018");
    }

    private static boolean toBoolean(Object x) throws SQLException {
        if (x instanceof Boolean b) {
            return b;
        }
        if (x instanceof Number n) {
            return n.doubleValue() != 0;
        }
        String s = x.toString().trim();
        if (s.equalsIgnoreCase("true") || s.equals("1")) {
            return true;
        }
        if (s.equalsIgnoreCase("false") || s.equals("0")) {
            return false;
        }
        throw new SQLException("Cannot convert '" + s + "' to a boolean", "22018");
    }

    /** Reads a character stream fully (GreptimeDB has no streaming parameters). */
    static String read(Reader r, long length) throws SQLException {
        try {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            int n;
            while ((length < 0 || sb.length() < length) && (n = r.read(buf)) > 0) {
                sb.append(buf, 0, n);
            }
            return length >= 0 && sb.length() > length ? sb.substring(0, (int) length) : sb.toString();
        } catch (IOException e) {
            throw new SQLException("Cannot read the parameter stream: " + e.getMessage(), "22000", e);
        }
    }

    /** Reads a byte stream fully. */
    static byte[] read(InputStream in, long length) throws SQLException {
        try {
            byte[] all = in.readAllBytes();
            return length >= 0 && all.length > length ? java.util.Arrays.copyOf(all, (int) length) : all;
        } catch (IOException e) {
            throw new SQLException("Cannot read the parameter stream: " + e.getMessage(), "22000", e);
        }
    }
}
