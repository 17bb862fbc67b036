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
        int sqlType, String typeName, int precision, int scale, int displaySize, String className, boolean signed) {}
