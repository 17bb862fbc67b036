package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
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
 * The one {@code setObject} dispatcher of every write route: the Java type of the value picks the typed
 * setter of the route's {@link ParameterSink}, and {@link #convert} applies JDBC's conversion table for a
 * target type first. So the same value binds (or fails, with the same SQLState) alike whether the
 * statement's batches go by DoPut, row requests or SQL text: a type with no GreptimeDB meaning is 0A000,
 * a value that does not convert to the target type 22018.
 */
public final class ObjectParameters {

    private ObjectParameters() {}

    public static void bind(ParameterSink b, int index, Object x) throws SQLException {
        if (x == null) {
            b.setNull(index);
        } else if (x instanceof String s) {
            b.setString(index, s);
        } else if (x instanceof Boolean v) {
            b.setBoolean(index, v);
        } else if (x instanceof Byte || x instanceof Short || x instanceof Integer || x instanceof Long) {
            b.setLong(index, ((Number) x).longValue());
        } else if (x instanceof Float f) {
            b.setFloat(index, f);
        } else if (x instanceof Double d) {
            b.setDouble(index, d);
        } else if (x instanceof BigDecimal d) {
            b.setDecimal(index, d);
        } else if (x instanceof BigInteger i) {
            b.setBigInteger(index, i);
        } else if (x instanceof byte[] bytes) {
            b.setBytes(index, bytes);
        } else if (x instanceof float[] floats) {
            b.setFloats(index, floats);
        } else if (x instanceof Character || x instanceof UUID) {
            b.setString(index, x.toString());
        } else {
            bindTemporal(b, index, x);
        }
    }

    private static void bindTemporal(ParameterSink b, int index, Object x) throws SQLException {
        if (x instanceof java.sql.Timestamp t) {
            b.setInstant(index, Math.floorDiv(t.getTime(), 1000L), t.getNanos());
        } else if (x instanceof java.sql.Date d) {
            b.setDate(index, d.toLocalDate());
        } else if (x instanceof java.sql.Time t) {
            b.setTime(index, t.toLocalTime());
        } else if (x instanceof java.util.Date d) {
            b.setInstant(index, d.toInstant());
        } else if (x instanceof Instant i) {
            b.setInstant(index, i);
        } else if (x instanceof OffsetDateTime o) {
            b.setInstant(index, o.toInstant());
        } else if (x instanceof ZonedDateTime z) {
            b.setInstant(index, z.toInstant());
        } else if (x instanceof LocalDateTime l) {
            b.setLocalDateTime(index, l);
        } else if (x instanceof LocalDate d) {
            b.setDate(index, d);
        } else if (x instanceof LocalTime t) {
            b.setTime(index, t);
        } else if (x instanceof OffsetTime) {
            throw new SQLFeatureNotSupportedException(
                    "Parameter " + index + ": OffsetTime is not supported: GreptimeDB's TIME has no zone",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        } else {
            throw new SQLFeatureNotSupportedException(
                    "Parameter " + index + ": values of type " + x.getClass().getName() + " are not supported",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    /**
     * The value of {@code setObject(i, x, targetSqlType)} converted to the target type, as JDBC's
     * conversion table asks (a String to INTEGER is parsed here, so a bad number fails at the setter);
     * types without a conversion keep the value as it is.
     */
    public static Object convert(Object x, int targetSqlType) throws SQLException {
        if (x == null || targetSqlType == Types.NULL) {
            return null;
        }
        switch (targetSqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT:
                BigInteger i = toInteger(x);
                return i.bitLength() < 64 ? (Object) i.longValue() : i;
            case Types.REAL, Types.FLOAT:
                return toBigDecimal(x).floatValue();
            case Types.DOUBLE:
                return x instanceof Number n ? n.doubleValue() : toBigDecimal(x).doubleValue();
            case Types.DECIMAL, Types.NUMERIC:
                return toBigDecimal(x);
            case Types.BOOLEAN, Types.BIT:
                return toBoolean(x);
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR:
                return x instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : x.toString();
            default:
                return x;
        }
    }

    private static BigInteger toInteger(Object x) throws SQLException {
        try {
            return toBigDecimal(x).toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new SQLDataException(
                    "Cannot convert " + shown(x) + " to an integer without losing its fraction",
                    SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(),
                    e);
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
            throw new SQLDataException(
                    "Cannot convert " + shown(x) + " to a number", SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code(), e);
        }
        throw new SQLDataException(
                "Cannot convert " + x.getClass().getName() + " to a number",
                SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }

    /** What a message may say of a value: its type and size, never the value (it may be a secret). */
    private static String shown(Object x) {
        return x instanceof String s
                ? "a string of " + s.length() + " characters"
                : "a " + x.getClass().getSimpleName();
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
        throw new SQLDataException(
                "Cannot convert " + shown(x) + " to a boolean", SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }
}
