package io.greptime.jdbc.tck.engine.duckdb.infoschema;

import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GreptimeDB's information_schema, materialized per request as DuckDB temp tables named
 * {@code gt_is_<table>} with GreptimeDB's column names, order and types (protocol.md §9.2).
 */
public final class InformationSchema {
    /** Every information_schema table name with GreptimeDB's table id. */
    static final Map<String, Integer> TABLE_IDS = new TreeMap<>(Map.ofEntries(
            Map.entry("build_info", 8),
            Map.entry("character_sets", 9),
            Map.entry("check_constraints", 12),
            Map.entry("cluster_info", 31),
            Map.entry("collation_character_set_applicability", 11),
            Map.entry("collations", 10),
            Map.entry("column_privileges", 6),
            Map.entry("column_statistics", 7),
            Map.entry("columns", 4),
            Map.entry("engines", 5),
            Map.entry("events", 13),
            Map.entry("files", 14),
            Map.entry("flow_statistics", 45),
            Map.entry("flows", 33),
            Map.entry("global_status", 25),
            Map.entry("key_column_usage", 16),
            Map.entry("optimizer_trace", 17),
            Map.entry("parameters", 18),
            Map.entry("partitions", 28),
            Map.entry("procedure_info", 34),
            Map.entry("process_list", 36),
            Map.entry("profiling", 19),
            Map.entry("referential_constraints", 20),
            Map.entry("region_info", 41),
            Map.entry("region_peers", 29),
            Map.entry("region_statistics", 35),
            Map.entry("routines", 21),
            Map.entry("schema_privileges", 22),
            Map.entry("schemata", 15),
            Map.entry("session_status", 26),
            Map.entry("ssts_index_meta", 39),
            Map.entry("ssts_manifest", 37),
            Map.entry("ssts_storage", 38),
            Map.entry("statistics", 43),
            Map.entry("table_constraints", 30),
            Map.entry("table_privileges", 23),
            Map.entry("table_semantics", 42),
            Map.entry("tables", 3),
            Map.entry("views", 32)));

    private static final String S = " VARCHAR";

    /** DuckDB column definitions of each table, from {@link InformationSchemaColumns}. */
    private static final Map<String, String> DDL = ddl();

    private static Map<String, String> ddl() {
        Map<String, String> out = new TreeMap<>();
        for (String table : InformationSchemaColumns.SPECS.keySet()) {
            out.put(table, ddl(InformationSchemaColumns.of(table)));
        }
        return out;
    }

    private static String ddl(List<InformationSchemaColumns.Column> columns) {
        StringBuilder sb = new StringBuilder();
        for (InformationSchemaColumns.Column c : columns) {
            sb.append(sb.length() == 0 ? "" : ", ")
                    .append('"')
                    .append(c.name())
                    .append("\" ")
                    .append(GreptimeType.ofName(c.type()).duck());
        }
        return sb.toString();
    }

    private InformationSchema() {}

    public static String tempName(String table) {
        return "gt_is_" + table;
    }

    static boolean exists(String table) {
        return TABLE_IDS.containsKey(table);
    }

    /** Creates and fills the named temp tables on this connection, as the newest line shows them. */
    public static void materialize(Connection c, Catalog catalog, Iterable<String> names) throws SQLException {
        materialize(c, catalog, names, EngineProfile.NEWEST);
    }

    /** Creates and fills the named temp tables on this connection, as {@code profile}'s line shows them. */
    public static void materialize(Connection c, Catalog catalog, Iterable<String> names, EngineProfile profile)
            throws SQLException {
        for (String name : names) {
            List<Object[]> rows = rows(catalog, name, profile);
            String ddl = name.equals(ClusterInfoRows.TABLE)
                    ? ddl(ClusterInfoRows.columns(profile))
                    : DDL.getOrDefault(name, "dummy" + S);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE OR REPLACE TEMP TABLE " + tempName(name) + " (" + ddl + ")");
                insert(st, tempName(name), rows);
            }
        }
    }

    private static void insert(Statement st, String table, List<Object[]> rows) throws SQLException {
        for (int from = 0; from < rows.size(); from += 500) {
            StringBuilder sb = new StringBuilder("INSERT INTO ").append(table).append(" VALUES ");
            for (int i = from; i < Math.min(rows.size(), from + 500); i++) {
                sb.append(i == from ? "(" : ",(");
                Object[] r = rows.get(i);
                for (int j = 0; j < r.length; j++) {
                    sb.append(j == 0 ? "" : ",").append(literal(r[j]));
                }
                sb.append(')');
            }
            st.execute(sb.toString());
        }
    }

    private static String literal(Object o) {
        if (o == null) {
            return "NULL";
        }
        if (o instanceof Number) {
            return o.toString();
        }
        if (o instanceof java.time.Instant i) {
            return "make_timestamp(" + (i.toEpochMilli() * 1000) + ")";
        }
        return "'" + o.toString().replace("'", "''") + "'";
    }

    private static List<Object[]> rows(Catalog catalog, String name, EngineProfile profile) {
        return switch (name) {
            case "tables" -> InformationSchemaRows.tables(catalog);
            case "columns" -> InformationSchemaRows.columns(catalog);
            case "schemata" -> InformationSchemaRows.schemata(catalog);
            case "key_column_usage" ->
                profile.keyColumnUsagePerConstraint()
                        ? InformationSchemaRows.keyColumnUsage(catalog)
                        : InformationSchemaRows.keyColumnUsageJoined(catalog);
            case "table_constraints" -> InformationSchemaRows.tableConstraints(catalog);
            case "engines" ->
                List.<Object[]>of(
                        new Object[] {"mito", "DEFAULT", "Storage engine for time-series data", "NO", "NO", "NO"},
                        new Object[] {
                            "metric",
                            "YES",
                            "Storage engine for observability scenarios, which is adept at handling a large number of small tables,"
                                    + " making it particularly suitable for cloud-native monitoring",
                            "NO",
                            "NO",
                            "NO"
                        });
            case "character_sets" -> List.<Object[]>of(new Object[] {"utf8", "utf8_bin", "UTF-8 Unicode", 4L});
            case "collations" -> List.<Object[]>of(new Object[] {"utf8_bin", "utf8", 1L, "Yes", "Yes", 1L});
            case "collation_character_set_applicability" -> List.<Object[]>of(new Object[] {"utf8_bin", "utf8"});
            case "build_info" -> List.<Object[]>of(new Object[] {"", "", "", "clean", profile.version()});
            case "cluster_info" -> ClusterInfoRows.rows(catalog.cluster, profile);
            case "partitions" -> InformationSchemaRows.partitions(catalog);
            case "statistics" -> InformationSchemaRows.statistics(catalog);
            case "views" -> InformationSchemaRows.views(catalog);
            case "flows" -> FlowRows.rows(catalog, catalog.flows);
            default -> new ArrayList<>();
        };
    }

    /** GreptimeDB-style metadata for an information_schema table, so DESC and information_schema.columns show it. */
    public static TableMeta meta(String table) {
        List<InformationSchemaColumns.Column> spec = InformationSchemaColumns.of(table);
        if (spec == null) {
            return null;
        }
        List<ColumnMeta> cols = new ArrayList<>();
        for (InformationSchemaColumns.Column c : spec) {
            cols.add(new ColumnMeta(c.name(), c.type(), ColumnMeta.FIELD, c.nullable(), null, null, Map.of()));
        }
        return new TableMeta(
                Catalog.INFORMATION_SCHEMA,
                table,
                TABLE_IDS.get(table),
                "",
                cols,
                "",
                List.of(),
                new java.util.LinkedHashMap<>(),
                0,
                List.of(),
                List.of());
    }

    static List<String> allNames() {
        return Arrays.asList(TABLE_IDS.keySet().toArray(new String[0]));
    }
}
