package io.greptime.jdbc.arrow.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Struct;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The type-conformance matrix's vocabulary: a case is (column, row, getter, expected), with the
 * expected value written by hand in the test, or {@link Fails} with the SQLState the getter must
 * throw. Getter names are JDBC's; {@code @Tokyo} passes a Calendar in Asia/Tokyo; {@code as:X}
 * is {@code getObject(row, X.class)}.
 */
final class Conformance {
    /** The getter must throw a SQLException with this SQLState. */
    record Fails(String sqlState) {}

    static final Fails INVALID = new Fails("22018");
    static final Fails RANGE = new Fails("22003");

    private static final Map<String, Class<?>> CLASSES = Map.ofEntries(
            Map.entry("String", String.class),
            Map.entry("Boolean", Boolean.class),
            Map.entry("Byte", Byte.class),
            Map.entry("Short", Short.class),
            Map.entry("Integer", Integer.class),
            Map.entry("Long", Long.class),
            Map.entry("Float", Float.class),
            Map.entry("Double", Double.class),
            Map.entry("BigDecimal", BigDecimal.class),
            Map.entry("BigInteger", BigInteger.class),
            Map.entry("bytes", byte[].class),
            Map.entry("floats", float[].class),
            Map.entry("Instant", Instant.class),
            Map.entry("OffsetDateTime", OffsetDateTime.class),
            Map.entry("ZonedDateTime", ZonedDateTime.class),
            Map.entry("LocalDateTime", LocalDateTime.class),
            Map.entry("LocalDate", LocalDate.class),
            Map.entry("LocalTime", LocalTime.class),
            Map.entry("Duration", Duration.class),
            Map.entry("Period", Period.class),
            Map.entry("Timestamp", java.sql.Timestamp.class),
            Map.entry("Date", java.sql.Date.class),
            Map.entry("Time", java.sql.Time.class),
            Map.entry("Struct", Struct.class),
            Map.entry("Array", Array.class));

    private Conformance() {}

    static Arguments c(String column, int row, String getter, Object expected) {
        return Arguments.of(column, row, getter, expected);
    }

    static Calendar tokyo() {
        return Calendar.getInstance(TimeZone.getTimeZone(ZoneId.of("Asia/Tokyo")));
    }

    static Object call(ColumnReader r, int row, String getter) throws SQLException {
        if (getter.startsWith("as:")) {
            Class<?> type = CLASSES.get(getter.substring(3));
            assertThat(type).as("test vocabulary: " + getter).isNotNull();
            return r.getObject(row, type);
        }
        return switch (getter) {
            case "getString" -> r.getString(row);
            case "getBoolean" -> r.getBoolean(row);
            case "getByte" -> r.getByte(row);
            case "getShort" -> r.getShort(row);
            case "getInt" -> r.getInt(row);
            case "getLong" -> r.getLong(row);
            case "getFloat" -> r.getFloat(row);
            case "getDouble" -> r.getDouble(row);
            case "getBigDecimal" -> r.getBigDecimal(row);
            case "getBytes" -> r.getBytes(row);
            case "getDate" -> r.getDate(row, null);
            case "getDate@Tokyo" -> r.getDate(row, tokyo());
            case "getTime" -> r.getTime(row, null);
            case "getTime@Tokyo" -> r.getTime(row, tokyo());
            case "getTimestamp" -> r.getTimestamp(row, null);
            case "getTimestamp@Tokyo" -> r.getTimestamp(row, tokyo());
            case "getArray" -> r.getArray(row);
            case "getObject" -> r.getObject(row);
            case "isNull" -> r.isNull(row);
            default -> throw new AssertionError("test vocabulary: unknown getter " + getter);
        };
    }

    /** Runs one matrix case against a reader. */
    static void check(ColumnReader reader, int row, String getter, Object expected) throws SQLException {
        if (expected instanceof Fails fails) {
            assertThatThrownBy(() -> call(reader, row, getter))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo(fails.sqlState()));
            return;
        }
        Object actual = call(reader, row, getter);
        if (actual instanceof Array array && expected instanceof Object[] elements) {
            assertThat((Object[]) array.getArray()).containsExactly(elements);
        } else if (actual instanceof Struct struct && expected instanceof Object[] attributes) {
            assertThat(struct.getAttributes()).containsExactly(attributes);
        } else {
            assertThat(actual).isEqualTo(expected);
            if (expected != null) {
                assertThat(actual).isExactlyInstanceOf(expected.getClass());
            }
        }
    }
}
