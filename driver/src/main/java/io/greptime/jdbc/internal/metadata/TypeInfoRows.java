package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * getTypeInfo: one row per GreptimeDB column type, TYPE_NAME in the standard SQL words getColumns and
 * ResultSetMetaData report (GreptimeDB accepts them in CREATE TABLE), LOCAL_TYPE_NAME as GreptimeDB names it
 * ({@code TimestampMillisecond}), with the JDBC type from the same mapping. Parameterised types appear once
 * with their CREATE_PARAMS.
 */
final class TypeInfoRows {
    private TypeInfoRows() {}

    static MetadataResultSet all() {
        List<Object[]> rows = new ArrayList<>();
        for (String name : GreptimeTypes.COLUMN_TYPES) {
            rows.add(row(name, GreptimeTypes.jdbcType(name)));
        }
        rows.sort(Comparator.comparing((Object[] r) -> (Integer) r[1]));
        return new MetadataResultSet(StandardColumns.TYPE_INFO, rows);
    }

    private static Object[] row(String greptimeName, JdbcColumnType t) {
        String name = t.sqlTypeName();
        String local = greptimeName;
        String params = null;
        int maxScale = t.scale();
        if (greptimeName.startsWith("Decimal")) {
            local = "Decimal";
            params = "precision,scale";
            maxScale = 38;
        } else if (greptimeName.startsWith("Vector")) {
            name = "VECTOR";
            local = "Vector";
            params = "dimension";
        }
        boolean numeric = GreptimeTypes.isNumeric(t.sqlType());
        String quote = quote(t.sqlType());
        return new Object[] {
            name,
            t.sqlType(),
            t.precision() == Integer.MAX_VALUE && !numeric ? null : t.precision(),
            t.sqlType() == Types.VARBINARY ? "X'" : quote,
            quote,
            params,
            (short) DatabaseMetaData.typeNullable,
            t.sqlType() == Types.VARCHAR,
            searchable(t.sqlType()),
            numeric && !t.signed(),
            false,
            false,
            local,
            (short) 0,
            (short) maxScale,
            null,
            null,
            numeric ? 10 : null
        };
    }

    private static String quote(int sqlType) {
        return switch (sqlType) {
            case Types.VARCHAR, Types.VARBINARY, Types.DATE, Types.TIME, Types.TIMESTAMP, Types.OTHER -> "'";
            default -> null;
        };
    }

    private static short searchable(int sqlType) {
        return (short)
                switch (sqlType) {
                    case Types.VARCHAR -> DatabaseMetaData.typeSearchable;
                    case Types.VARBINARY, Types.OTHER -> DatabaseMetaData.typePredNone;
                    default -> DatabaseMetaData.typePredBasic;
                };
    }
}
