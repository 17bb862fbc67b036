package io.greptime.jdbc.internal.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;

/**
 * Converts the value a column reader produced to what a getter asks for. Timestamps are instants; where
 * a getter needs a wall clock (strings, {@code LocalDateTime}, {@code getDate}) the session time zone
 * supplies it, so the same instant reads the same whatever the JVM zone.
 */
final class ValueConversions {
  private static final DateTimeFormatter WALL_CLOCK = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE).appendLiteral(' ').appendPattern("HH:mm:ss")
      .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).toFormatter();

  private ValueConversions() {}

  static SQLException cannot(Object v, String target) {
    return new SQLException("Cannot convert " + v.getClass().getSimpleName() + " value '" + v + "' to "
        + target, "22018");
  }

  static String toString(Object v, ZoneId zone) {
    if (v instanceof Instant i) {
      return WALL_CLOCK.format(i.atZone(zone).toLocalDateTime());
    }
    if (v instanceof byte[] b) {
      return hex(b);
    }
    if (v instanceof LocalDateTime t) {
      return WALL_CLOCK.format(t);
    }
    return v.toString();
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length * 2);
    for (byte x : b) {
      sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
    }
    return sb.toString();
  }

  static BigDecimal toBigDecimal(Object v) throws SQLException {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    if (v instanceof Number n) {
      return new BigDecimal(n.toString());
    }
    if (v instanceof Boolean b) {
      return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    if (v instanceof String s) {
      try {
        return new BigDecimal(s.trim());
      } catch (NumberFormatException e) {
        throw cannot(v, "a number");
      }
    }
    throw cannot(v, "a number");
  }

  /** An integral value within [min, max]; fractions are truncated as JDBC drivers usually do. */
  static long toLong(Object v, long min, long max, String target) throws SQLException {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      long l = ((Number) v).longValue();
      if (l < min || l > max) {
        throw new SQLException("Value " + l + " is out of range for " + target, "22003");
      }
      return l;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || d < min || d > max) {
        throw new SQLException("Value " + d + " is out of range for " + target, "22003");
      }
      return (long) d;
    }
    BigDecimal d = toBigDecimal(v);
    BigInteger i = d.toBigInteger();
    if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new SQLException("Value " + d + " is out of range for " + target, "22003");
    }
    return i.longValue();
  }

  static double toDouble(Object v) throws SQLException {
    if (v instanceof Number n && !(v instanceof BigDecimal) && !(v instanceof BigInteger)) {
      return n.doubleValue();
    }
    return toBigDecimal(v).doubleValue();
  }

  static boolean toBoolean(Object v) throws SQLException {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number) {
      return toBigDecimal(v).signum() != 0;
    }
    if (v instanceof String s) {
      String t = s.trim();
      if (t.equalsIgnoreCase("true") || t.equals("1")) {
        return true;
      }
      if (t.equalsIgnoreCase("false") || t.equals("0")) {
        return false;
      }
    }
    throw cannot(v, "boolean");
  }

  static byte[] toBytes(Object v) throws SQLException {
    if (v instanceof byte[] b) {
      return b;
    }
    if (v instanceof String s) {
      return s.getBytes(StandardCharsets.UTF_8);
    }
    throw cannot(v, "bytes");
  }

  /** The instant a value stands for; wall-clock values are placed in {@code zone}. */
  static Instant toInstant(Object v, ZoneId zone) throws SQLException {
    if (v instanceof Instant i) {
      return i;
    }
    if (v instanceof LocalDateTime t) {
      return t.atZone(zone).toInstant();
    }
    if (v instanceof LocalDate d) {
      return d.atStartOfDay(zone).toInstant();
    }
    if (v instanceof String s) {
      try {
        return LocalDateTime.parse(s.trim().replace(' ', 'T')).atZone(zone).toInstant();
      } catch (java.time.format.DateTimeParseException e) {
        throw cannot(v, "a timestamp");
      }
    }
    throw cannot(v, "a timestamp");
  }

  static LocalDate toLocalDate(Object v, ZoneId zone) throws SQLException {
    if (v instanceof LocalDate d) {
      return d;
    }
    return LocalDateTime.ofInstant(toInstant(v, zone), zone).toLocalDate();
  }

  static LocalTime toLocalTime(Object v, ZoneId zone) throws SQLException {
    if (v instanceof LocalTime t) {
      return t;
    }
    return LocalDateTime.ofInstant(toInstant(v, zone), zone).toLocalTime();
  }

  /** What {@code getObject(int)} returns: java.sql types for dates and times, as JDBC specifies. */
  static Object toJdbcObject(Object v) {
    if (v instanceof Instant i) {
      return Timestamp.from(i);
    }
    if (v instanceof LocalDate d) {
      return Date.valueOf(d);
    }
    if (v instanceof LocalTime t) {
      return Time.valueOf(t);
    }
    return v;
  }

  /** {@code getObject(i, type)} for the types JDBC 4.2 lists and the java.time types. */
  @SuppressWarnings("unchecked")
  static <T> T convert(Object v, Class<T> type, ZoneId zone) throws SQLException {
    if (type.isInstance(v) && !(v instanceof Instant && type == Object.class)) {
      return (T) v;
    }
    Object out = convertTemporal(v, type, zone);
    if (out == null) {
      out = convertScalar(v, type, zone);
    }
    if (out == null) {
      throw cannot(v, type.getName());
    }
    return (T) out;
  }

  private static Object convertTemporal(Object v, Class<?> type, ZoneId zone) throws SQLException {
    if (type == Instant.class) {
      return toInstant(v, zone);
    }
    if (type == Timestamp.class || type == java.util.Date.class) {
      return Timestamp.from(toInstant(v, zone));
    }
    if (type == OffsetDateTime.class) {
      return toInstant(v, zone).atZone(zone).toOffsetDateTime();
    }
    if (type == ZonedDateTime.class) {
      return toInstant(v, zone).atZone(zone);
    }
    if (type == LocalDateTime.class) {
      return LocalDateTime.ofInstant(toInstant(v, zone), zone);
    }
    if (type == LocalDate.class) {
      return toLocalDate(v, zone);
    }
    if (type == Date.class) {
      return Date.valueOf(toLocalDate(v, zone));
    }
    if (type == LocalTime.class) {
      return toLocalTime(v, zone);
    }
    if (type == Time.class) {
      return Time.valueOf(toLocalTime(v, zone));
    }
    return null;
  }

  private static Object convertScalar(Object v, Class<?> type, ZoneId zone) throws SQLException {
    if (type == String.class) {
      return toString(v, zone);
    }
    if (type == Object.class) {
      return toJdbcObject(v);
    }
    if (type == Long.class || type == long.class) {
      return toLong(v, Long.MIN_VALUE, Long.MAX_VALUE, "long");
    }
    if (type == Integer.class || type == int.class) {
      return (int) toLong(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
    }
    if (type == Short.class || type == short.class) {
      return (short) toLong(v, Short.MIN_VALUE, Short.MAX_VALUE, "short");
    }
    if (type == Byte.class || type == byte.class) {
      return (byte) toLong(v, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
    }
    if (type == Double.class || type == double.class) {
      return toDouble(v);
    }
    if (type == Float.class || type == float.class) {
      return (float) toDouble(v);
    }
    if (type == BigDecimal.class) {
      return toBigDecimal(v);
    }
    if (type == BigInteger.class) {
      return toBigDecimal(v).toBigInteger();
    }
    if (type == Boolean.class || type == boolean.class) {
      return toBoolean(v);
    }
    if (type == byte[].class) {
      return toBytes(v);
    }
    return null;
  }
}
