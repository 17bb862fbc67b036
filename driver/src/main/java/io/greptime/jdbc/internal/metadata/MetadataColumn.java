package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import java.sql.Types;

/**
 * One column of a metadata result: its standard name and {@code java.sql.Types} code.
 *
 * @param name the name the JDBC specification gives the column
 * @param sqlType VARCHAR, INTEGER, SMALLINT, BIGINT or BOOLEAN
 * @param nullable whether the specification lets the column be null
 */
record MetadataColumn(String name, int sqlType, boolean nullable) {

    static MetadataColumn text(String name) {
        return new MetadataColumn(name, Types.VARCHAR, false);
    }

    static MetadataColumn textOrNull(String name) {
        return new MetadataColumn(name, Types.VARCHAR, true);
    }

    static MetadataColumn integer(String name) {
        return new MetadataColumn(name, Types.INTEGER, false);
    }

    static MetadataColumn integerOrNull(String name) {
        return new MetadataColumn(name, Types.INTEGER, true);
    }

    static MetadataColumn small(String name) {
        return new MetadataColumn(name, Types.SMALLINT, false);
    }

    static MetadataColumn smallOrNull(String name) {
        return new MetadataColumn(name, Types.SMALLINT, true);
    }

    static MetadataColumn bigint(String name) {
        return new MetadataColumn(name, Types.BIGINT, false);
    }

    static MetadataColumn bool(String name) {
        return new MetadataColumn(name, Types.BOOLEAN, false);
    }

    String typeName() {
        return switch (sqlType) {
            case Types.INTEGER -> "Int32";
            case Types.SMALLINT -> "Int16";
            case Types.BIGINT -> "Int64";
            case Types.BOOLEAN -> "Boolean";
            default -> "String";
        };
    }

    String className() {
        return switch (sqlType) {
            case Types.INTEGER -> Integer.class.getName();
            case Types.SMALLINT -> Short.class.getName();
            case Types.BIGINT -> Long.class.getName();
            case Types.BOOLEAN -> Boolean.class.getName();
            default -> String.class.getName();
        };
    }

    int precision() {
        return switch (sqlType) {
            case Types.INTEGER -> 10;
            case Types.SMALLINT -> 5;
            case Types.BIGINT -> 19;
            case Types.BOOLEAN -> 1;
            default -> Integer.MAX_VALUE;
        };
    }

    /** This column as the driver's ResultSetMetaData describes any result column. */
    ColumnMetadata describe() {
        boolean signed = sqlType == Types.INTEGER || sqlType == Types.SMALLINT || sqlType == Types.BIGINT;
        int displaySize = sqlType == Types.VARCHAR ? Integer.MAX_VALUE : precision() + 1;
        return new ColumnMetadata(
                name,
                new JdbcColumnType(sqlType, typeName(), precision(), 0, displaySize, className(), signed),
                nullable,
                false);
    }
}
