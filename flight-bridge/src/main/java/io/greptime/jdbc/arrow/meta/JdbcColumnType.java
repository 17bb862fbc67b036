package io.greptime.jdbc.arrow.meta;

/**
 * What {@code ResultSetMetaData} reports for one Arrow column type.
 *
 * @param sqlType a {@link java.sql.Types} constant
 * @param typeName GreptimeDB's name for the type, as {@code DESC TABLE} prints it ({@code UInt64},
 *     {@code TimestampMillisecond}, {@code String}, {@code Json}, {@code Vector(3)})
 * @param precision JDBC precision: digits for numbers, characters for text and temporals, bytes
 *     for fixed binary, {@code Integer.MAX_VALUE} when unbounded, 0 when not applicable
 * @param scale digits after the point (decimals; fractional-second digits for time types)
 * @param displaySize characters {@code getString} needs at most ({@code Integer.MAX_VALUE} when
 *     unbounded)
 * @param className the class {@code getObject(int)} returns
 * @param signed whether the values can be negative
 */
public record JdbcColumnType(
        int sqlType, String typeName, int precision, int scale, int displaySize, String className, boolean signed) {

    /**
     * The type's name in standard SQL words, for {@code TYPE_NAME} and {@code getColumnTypeName}: generic tools
     * (jOOQ's Meta, BI tools, schema browsers) map names such as {@code VARCHAR}, {@code TIMESTAMP} or {@code
     * BIGINT UNSIGNED} to their own types, and know nothing of {@code String} or {@code TimestampMillisecond}.
     * GreptimeDB accepts all of these in CREATE TABLE. Units and precision stay in the size and scale columns;
     * {@link #typeName()} keeps GreptimeDB's own name (getTypeInfo's LOCAL_TYPE_NAME).
     */
    public String sqlTypeName() {
        if (!signed && typeName.startsWith("UInt")) {
            return switch (typeName) {
                case "UInt8" -> "TINYINT UNSIGNED";
                case "UInt16" -> "SMALLINT UNSIGNED";
                case "UInt32" -> "INT UNSIGNED";
                default -> "BIGINT UNSIGNED";
            };
        }
        return switch (sqlType) {
            case java.sql.Types.OTHER, java.sql.Types.JAVA_OBJECT -> genericOther();
            default -> java.sql.JDBCType.valueOf(sqlType).getName().replace("_WITH_TIMEZONE", " WITH TIME ZONE");
        };
    }

    /** JSON, VECTOR(n), INTERVAL, or GreptimeDB's name upper-cased for what SQL has no word for. */
    private String genericOther() {
        if (typeName.startsWith("Interval") || typeName.startsWith("Duration")) {
            return "INTERVAL";
        }
        return typeName.toUpperCase(java.util.Locale.ROOT);
    }
}
