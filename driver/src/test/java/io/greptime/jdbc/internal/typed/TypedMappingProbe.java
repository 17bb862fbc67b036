package io.greptime.jdbc.internal.typed;

import java.sql.SQLException;

/** Lets tests in other packages see what a mapping would create and how names are derived. */
public final class TypedMappingProbe {
    private TypedMappingProbe() {}

    public static String createTableSql(Class<?> type, String table) throws SQLException {
        return RecordMapping.of(type).createTableSql(table);
    }

    public static String snakeCase(String name) {
        return ComponentReader.snakeCase(name);
    }
}
