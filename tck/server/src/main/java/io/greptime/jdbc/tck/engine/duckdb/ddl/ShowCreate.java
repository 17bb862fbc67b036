package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.IndexOptions;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Hints;
import java.util.Map;

/** GreptimeDB's normalized DDL text for SHOW CREATE TABLE / DATABASE. */
public final class ShowCreate {
    static final java.util.List<String> INDEX_ORDER = IndexOptions.KIND_ORDER;

    private ShowCreate() {}

    /**
     * SHOW CREATE TABLE; a table without its own TTL shows its database's
     * ({@code src/query/src/sql/show_create_table.rs} create_sql_options).
     */
    public static String table(TableMeta t, Map<String, String> databaseOptions) {
        String dbTtl = databaseOptions == null ? null : databaseOptions.get("ttl");
        if (dbTtl == null || t.options().containsKey("ttl")) {
            return table(t);
        }
        Map<String, String> options = new java.util.LinkedHashMap<>(t.options());
        options.put("ttl", dbTtl);
        boolean sorted = new java.util.ArrayList<>(t.options().keySet())
                .equals(new java.util.ArrayList<>(new java.util.TreeMap<>(t.options()).keySet()));
        return render(t, sorted ? new java.util.TreeMap<>(options) : options);
    }

    public static String table(TableMeta t) {
        return render(t, t.options());
    }

    private static String render(TableMeta t, Map<String, String> shownOptions) {
        StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ")
                .append(Catalog.quote(t.name()))
                .append(" (\n");
        for (ColumnMeta c : t.columns()) {
            sb.append("  ")
                    .append(Catalog.quote(c.name()))
                    .append(' ')
                    .append(c.type().sql());
            String json2 = c.options().get(Json2Hints.OPTION);
            if (json2 != null) {
                sb.append(json2);
            }
            sb.append(c.nullable() ? " NULL" : " NOT NULL");
            if (c.defaultSql() != null) {
                sb.append(" DEFAULT ").append(c.defaultSql());
            }
            if (c.comment() != null) {
                sb.append(" COMMENT '").append(c.comment().replace("'", "''")).append('\'');
            }
            for (String kind : INDEX_ORDER) {
                String with = c.options().get(kind);
                if (with != null) {
                    sb.append(' ')
                            .append(kind.toUpperCase(java.util.Locale.ROOT))
                            .append(" INDEX");
                    if (!with.isEmpty()) {
                        sb.append(" WITH").append(with);
                    }
                }
            }
            sb.append(",\n");
        }
        sb.append("  TIME INDEX (").append(Catalog.quote(t.timeIndex())).append(")");
        if (!t.primaryKeys().isEmpty()) {
            sb.append(",\n  PRIMARY KEY (");
            for (int i = 0; i < t.primaryKeys().size(); i++) {
                sb.append(i == 0 ? "" : ", ")
                        .append(Catalog.quote(t.primaryKeys().get(i)));
            }
            sb.append(")");
        }
        sb.append("\n)\n");
        if (!t.partitionColumns().isEmpty()) {
            sb.append("PARTITION ON COLUMNS (");
            for (int i = 0; i < t.partitionColumns().size(); i++) {
                sb.append(i == 0 ? "" : ", ")
                        .append(Catalog.quote(t.partitionColumns().get(i)));
            }
            sb.append(") (\n");
            for (int i = 0; i < t.partitionExprs().size(); i++) {
                sb.append("  ")
                        .append(t.partitionExprs().get(i))
                        .append(i + 1 < t.partitionExprs().size() ? ",\n" : "\n");
            }
            sb.append(")\n");
        } else {
            sb.append('\n');
        }
        sb.append("ENGINE=").append(t.engine()).append('\n');
        sb.append(with(shownOptions));
        return sb.toString();
    }

    private static String with(Map<String, String> options) {
        if (options.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("WITH(\n");
        int i = 0;
        for (Map.Entry<String, String> e : options.entrySet()) {
            sb.append("  ")
                    .append(TableOptions.render(e.getKey(), e.getValue()))
                    .append(++i < options.size() ? ",\n" : "\n");
        }
        return sb.append(')').toString();
    }

    /** The {@code FOR POSTGRES_FOREIGN_TABLE} variant: a foreign table over GreptimeDB's PostgreSQL port. */
    public static String postgresForeignTable(TableMeta t) {
        StringBuilder sb =
                new StringBuilder("CREATE FOREIGN TABLE ft_").append(t.name()).append(" (\n");
        for (int i = 0; i < t.columns().size(); i++) {
            ColumnMeta c = t.columns().get(i);
            sb.append("  ")
                    .append(Catalog.quote(c.name()))
                    .append(' ')
                    .append(postgresType(c.type()))
                    .append(i + 1 < t.columns().size() ? ",\n" : "\n");
        }
        return sb.append(")\nSERVER greptimedb\nOPTIONS (table_name '")
                .append(t.name())
                .append("')")
                .toString();
    }

    private static String postgresType(GreptimeType type) {
        return switch (type.kind()) {
            case BOOLEAN -> "BOOL";
            case INT, UINT ->
                switch (type.name()) {
                    case "Int8", "Int16", "UInt8" -> "INT2";
                    case "Int32", "UInt16", "UInt32" -> "INT4";
                    default -> "INT8";
                };
            case FLOAT -> type.name().equals("Float32") ? "FLOAT4" : "FLOAT8";
            case STRING -> "VARCHAR";
            case BINARY, VECTOR -> "BYTEA";
            case DATE -> "DATE";
            case TIMESTAMP -> "TIMESTAMP";
            case TIME -> "TIME";
            case INTERVAL -> "INTERVAL";
            case DECIMAL -> "NUMERIC";
            case JSON, JSON2 -> "JSONB";
        };
    }

    public static String database(Catalog.Database d) {
        String text = "CREATE DATABASE IF NOT EXISTS " + d.name();
        return d.options().isEmpty() ? text : text + "\n" + with(new java.util.TreeMap<>(d.options()));
    }
}
