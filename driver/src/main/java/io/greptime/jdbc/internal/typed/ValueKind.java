package io.greptime.jdbc.internal.typed;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Map;

/**
 * The Java component types a record may have, each with the column type a table created from the mapping
 * gets and the class values are read back as ({@code getObject(column, Class)}).
 */
enum ValueKind {
    BOOLEAN("BOOLEAN", Boolean.class),
    INT8("TINYINT", Byte.class),
    INT16("SMALLINT", Short.class),
    INT32("INT", Integer.class),
    INT64("BIGINT", Long.class),
    FLOAT32("FLOAT", Float.class),
    FLOAT64("DOUBLE", Double.class),
    STRING("STRING", String.class),
    JSON("JSON", String.class),
    BINARY("VARBINARY", byte[].class),
    DECIMAL("DECIMAL", BigDecimal.class),
    INSTANT("TIMESTAMP", Instant.class),
    LOCAL_DATE_TIME("TIMESTAMP", LocalDateTime.class),
    OFFSET_DATE_TIME("TIMESTAMP", OffsetDateTime.class),
    DATE("DATE", LocalDate.class),
    TIME("TIME", LocalTime.class);

    private static final Map<Class<?>, ValueKind> BY_CLASS = Map.ofEntries(
            Map.entry(boolean.class, BOOLEAN), Map.entry(Boolean.class, BOOLEAN),
            Map.entry(byte.class, INT8), Map.entry(Byte.class, INT8),
            Map.entry(short.class, INT16), Map.entry(Short.class, INT16),
            Map.entry(int.class, INT32), Map.entry(Integer.class, INT32),
            Map.entry(long.class, INT64), Map.entry(Long.class, INT64),
            Map.entry(float.class, FLOAT32), Map.entry(Float.class, FLOAT32),
            Map.entry(double.class, FLOAT64), Map.entry(Double.class, FLOAT64),
            Map.entry(String.class, STRING), Map.entry(byte[].class, BINARY),
            Map.entry(BigDecimal.class, DECIMAL), Map.entry(Instant.class, INSTANT),
            Map.entry(LocalDateTime.class, LOCAL_DATE_TIME), Map.entry(OffsetDateTime.class, OFFSET_DATE_TIME),
            Map.entry(LocalDate.class, DATE), Map.entry(LocalTime.class, TIME));

    /** The SQL type name, without precision or unit. */
    final String sqlType;
    /** What {@code getObject(column, Class)} is asked for when reading. */
    final Class<?> readAs;

    ValueKind(String sqlType, Class<?> readAs) {
        this.sqlType = sqlType;
        this.readAs = readAs;
    }

    /** The kind of a component type, or null when records cannot hold it. */
    static ValueKind of(Class<?> type) {
        return BY_CLASS.get(type);
    }

    boolean isTimestamp() {
        return this == INSTANT || this == LOCAL_DATE_TIME || this == OFFSET_DATE_TIME;
    }

    /** A list of the supported Java types, for the error message naming an unsupported one. */
    static String supported() {
        return "boolean, byte, short, int, long, float, double (and their boxes), String, byte[], BigDecimal, "
                + "Instant, LocalDateTime, OffsetDateTime, LocalDate, LocalTime";
    }
}
