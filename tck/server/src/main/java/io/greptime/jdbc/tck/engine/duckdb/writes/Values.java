package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ProtoTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Coerces Java values (from SQL literals, protobuf, Arrow or DuckDB) into the normalized value a column
 * stores: Long for integers, timestamps (in the column's unit), dates (days) and times (microseconds);
 * Double, Boolean, String (also JSON text), byte[] (binary, vectors), BigDecimal, long[3] intervals.
 */
final class Values {
    private static final Pattern OFFSET_NO_COLON =
            Pattern.compile("(.*[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)([+-]\\d{2})(\\d{2})?$");

    private static final Pattern DATE_SPACE_TIME = Pattern.compile("([+-]?\\d{4,}-\\d{2}-\\d{2}) +(.*)");

    private Values() {}

    static Object coerce(Object v, GreptimeType type, ZoneId zone, String column) {
        if (v == null) {
            return null;
        }
        try {
            return switch (type.kind()) {
                case BOOLEAN -> toBoolean(v);
                case INT, UINT -> toLong(v);
                case FLOAT ->
                    v instanceof Number n
                            ? n.doubleValue()
                            : Double.parseDouble(v.toString().trim());
                case STRING -> v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString();
                case JSON -> json(v);
                case JSON2 -> Json2Values.store(v, null);
                case BINARY -> binary(v);
                case VECTOR -> vector(v, type.dimension());
                case DATE -> toDate(v, zone);
                case TIMESTAMP -> toTimestamp(v, type.unit(), zone);
                case TIME -> toTimeMicros(v, type.unit());
                case DECIMAL -> toDecimal(v, type);
                case INTERVAL -> v instanceof long[] l ? l : interval(v.toString());
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Failed to parse value '" + v + "' for column " + column + " of type " + type.name(),
                    e);
        }
    }

    private static Boolean toBoolean(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            return n.longValue() != 0;
        }
        String s = v.toString().trim().toLowerCase(java.util.Locale.ROOT);
        return switch (s) {
            case "true", "t", "1", "yes" -> true;
            case "false", "f", "0", "no" -> false;
            default -> throw new NumberFormatException("not a boolean: " + v);
        };
    }

    private static Long toLong(Object v) {
        if (v instanceof BigInteger b) {
            return b.longValue();
        }
        if (v instanceof BigDecimal d) {
            return d.toBigInteger().longValue();
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        String s = v.toString().trim();
        return s.contains(".") ? (long) Double.parseDouble(s) : new BigInteger(s).longValue();
    }

    private static String json(Object v) {
        String s = v instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : v.toString();
        // GreptimeDB parses JSON text into JSONB when it is written, so text the JSONB encoder refuses
        // (such as a bare word, which a lenient parser would take for a string) is refused here too
        // instead of failing every later read of the row.
        try {
            io.greptime.jdbc.arrow.jsonb.Jsonb.encode(s);
        } catch (IllegalArgumentException e) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid JSON: " + s, e);
        }
        return s;
    }

    private static byte[] vector(Object v, int dim) {
        if (v instanceof byte[] b) {
            return b;
        }
        // vector_type.rs parse_string_to_vector_type_value: its messages name the text as written
        String text = v.toString();
        String s = text.trim();
        if (!s.startsWith("[") || !s.endsWith("]")) {
            throw invalidVector(text, "not properly enclosed in brackets");
        }
        String body = s.substring(1, s.length() - 1).trim();
        String[] parts = body.isEmpty() ? new String[0] : body.split(",");
        float[] values = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Float.parseFloat(parts[i].trim());
            } catch (NumberFormatException e) {
                throw invalidVector(text, "elements are not all float32");
            }
        }
        if (parts.length != dim) {
            throw invalidVector(text, "wrong dimension");
        }
        ByteBuffer buf = ByteBuffer.allocate(4 * dim).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : values) {
            buf.putFloat(f);
        }
        return buf.array();
    }

    private static GreptimeError invalidVector(String text, String why) {
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Invalid Vector: Failed to parse " + text + " to Vector value: " + why);
    }

    private static Long toDate(Object v, ZoneId zone) {
        if (v instanceof LocalDate d) {
            return d.toEpochDay();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toEpochDay();
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        String s = v.toString().trim();
        if (s.length() > 10) {
            return LocalDate.ofInstant(instant(s, zone), zone).toEpochDay();
        }
        return LocalDate.parse(s).toEpochDay();
    }

    static Long toTimestamp(Object v, TimeUnit unit, ZoneId zone) {
        if (v instanceof Number n) {
            return n.longValue();
        }
        Instant i;
        if (v instanceof Instant in) {
            i = in;
        } else if (v instanceof LocalDateTime ldt) {
            i = ldt.toInstant(ZoneOffset.UTC);
        } else if (v instanceof java.sql.Timestamp ts) {
            i = ts.toLocalDateTime().toInstant(ZoneOffset.UTC);
        } else if (v instanceof OffsetDateTime odt) {
            i = odt.toInstant();
        } else if (v instanceof ZonedDateTime zdt) {
            i = zdt.toInstant();
        } else {
            i = instant(v.toString().trim(), zone);
            try {
                return fromInstant(i, unit);
            } catch (ArithmeticException e) {
                throw overflow(i, unit);
            }
        }
        return fromInstant(i, unit);
    }

    /**
     * GreptimeDB reads a timestamp string in the finest unit its fraction needs ({@code Timestamp::from_splits},
     * {@code v1.0.0:src/common/time/src/timestamp.rs:308}), then converts it to the column's unit; a value the
     * column's unit cannot hold is TimestampOverflow ({@code src/common/sql/src/error.rs:114-120}), naming the
     * read value in Timestamp's Debug form.
     */
    private static GreptimeError overflow(Instant i, TimeUnit target) {
        long sec = i.getEpochSecond();
        int nanos = i.getNano();
        String read;
        if (nanos == 0) {
            read = sec + "::Second";
        } else if (nanos % 1_000_000 == 0) {
            read = java.math.BigInteger.valueOf(sec)
                            .multiply(java.math.BigInteger.valueOf(1000))
                            .add(java.math.BigInteger.valueOf(nanos / 1_000_000))
                    + "::Millisecond";
        } else if (nanos % 1_000 == 0) {
            read = java.math.BigInteger.valueOf(sec)
                            .multiply(java.math.BigInteger.valueOf(1_000_000))
                            .add(java.math.BigInteger.valueOf(nanos / 1_000))
                    + "::Microsecond";
        } else {
            read = java.math.BigInteger.valueOf(sec)
                            .multiply(java.math.BigInteger.valueOf(1_000_000_000))
                            .add(java.math.BigInteger.valueOf(nanos))
                    + "::Nanosecond";
        }
        String unit = switch (target) {
            case SECOND -> "Second";
            case MILLISECOND -> "Millisecond";
            case MICROSECOND -> "Microsecond";
            case NANOSECOND -> "Nanosecond";
        };
        return new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Converting timestamp " + read + " to unit " + unit + " overflow");
    }

    static long fromInstant(Instant i, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> i.getEpochSecond();
            case MILLISECOND -> scaled(i, 1000L, 1_000_000);
            case MICROSECOND -> scaled(i, 1_000_000L, 1_000);
            case NANOSECOND -> scaled(i, 1_000_000_000L, 1);
        };
    }

    /**
     * Seconds times {@code perSecond} plus the fraction, computed so that a value just above the i64 minimum (a
     * negative second with a positive fraction, e.g. 1677-09-21 00:12:43.145224192 = i64::MIN nanoseconds) does not
     * overflow on the way: it is borrowed from the next second first.
     */
    private static long scaled(Instant i, long perSecond, int nanosPerUnit) {
        long sec = i.getEpochSecond();
        long frac = i.getNano() / nanosPerUnit;
        if (sec < 0 && frac > 0) {
            return Math.addExact(Math.multiplyExact(sec + 1, perSecond), frac - perSecond);
        }
        return Math.addExact(Math.multiplyExact(sec, perSecond), frac);
    }

    /** Parses a timestamp string; a string without an offset is wall-clock time in {@code zone}. */
    static Instant instant(String raw, ZoneId zone) {
        String s = raw;
        if (s.length() == 10) {
            return LocalDate.parse(s).atStartOfDay(zone).toInstant();
        }
        Matcher dateThenTime = DATE_SPACE_TIME.matcher(s);
        if (dateThenTime.matches()) {
            s = dateThenTime.group(1) + 'T' + dateThenTime.group(2);
        }
        s = s.replace(" ", "");
        if (s.endsWith("Z") || s.endsWith("z")) {
            return OffsetDateTime.parse(s.substring(0, s.length() - 1) + "+00:00")
                    .toInstant();
        }
        Matcher m = OFFSET_NO_COLON.matcher(s);
        if (m.matches()) {
            String off = m.group(2) + ":" + (m.group(3) == null ? "00" : m.group(3));
            return OffsetDateTime.parse(m.group(1) + off).toInstant();
        }
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException e) {
            return LocalDateTime.parse(s).atZone(zone).toInstant();
        }
    }

    private static Long toTimeMicros(Object v, TimeUnit unit) {
        if (v instanceof Number n) {
            long x = n.longValue();
            return switch (unit) {
                case SECOND -> x * 1_000_000L;
                case MILLISECOND -> x * 1_000L;
                case MICROSECOND -> x;
                case NANOSECOND -> x / 1_000L;
            };
        }
        if (v instanceof LocalTime t) {
            return t.toNanoOfDay() / 1000;
        }
        return LocalTime.parse(v.toString().trim()).toNanoOfDay() / 1000;
    }

    private static BigDecimal toDecimal(Object v, GreptimeType type) {
        int scale = ((org.apache.arrow.vector.types.pojo.ArrowType.Decimal) type.arrow()).getScale();
        if (v instanceof ProtoTypes.UnscaledDecimal u) {
            return u.withScale(scale);
        }
        BigDecimal d =
                v instanceof BigDecimal b ? b : new BigDecimal(v.toString().trim());
        BigDecimal scaled = d.setScale(scale, java.math.RoundingMode.HALF_UP);
        int precision = ((org.apache.arrow.vector.types.pojo.ArrowType.Decimal) type.arrow()).getPrecision();
        // a value with more integer digits than the column holds is cast to NULL, as Arrow's safe cast does:
        // a real GreptimeDB v1.0.0 stores 123456.1 in a DECIMAL(10, 5) as NULL, without an error
        return scaled.precision() > precision ? null : scaled;
    }

    private static long[] interval(String s) {
        throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: interval literal '" + s + "' in INSERT");
    }

    /**
     * DuckDB's JDBC answers a BLOB value (an {@code X'..'} literal evaluated by the engine) with a
     * {@link java.sql.Blob}, whose toString is not its bytes.
     */
    private static byte[] binary(Object v) {
        if (v instanceof byte[] b) {
            return b;
        }
        if (v instanceof java.sql.Blob blob) {
            try {
                return blob.getBytes(1, Math.toIntExact(blob.length()));
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException("Unreadable binary value from DuckDB", e);
            }
        }
        return v.toString().getBytes(StandardCharsets.UTF_8);
    }
}
