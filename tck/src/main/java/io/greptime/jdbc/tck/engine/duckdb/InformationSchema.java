package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.tck.engine.EngineProfile;
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
final class InformationSchema {
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

    private static final Map<String, String> DDL = Map.ofEntries(
            Map.entry(
                    "tables",
                    "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR, table_type VARCHAR,"
                            + " table_id UINTEGER, data_length UBIGINT, max_data_length UBIGINT, index_length UBIGINT,"
                            + " max_index_length UBIGINT, avg_row_length UBIGINT, engine VARCHAR, version UBIGINT,"
                            + " row_format VARCHAR, table_rows UBIGINT, data_free UBIGINT, auto_increment UBIGINT,"
                            + " create_time TIMESTAMP_S, update_time TIMESTAMP_S, check_time TIMESTAMP_S,"
                            + " table_collation VARCHAR, checksum UBIGINT, create_options VARCHAR, table_comment VARCHAR,"
                            + " temporary VARCHAR"),
            Map.entry(
                    "columns",
                    "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR,"
                            + " column_name VARCHAR, ordinal_position BIGINT, character_maximum_length BIGINT,"
                            + " character_octet_length BIGINT, numeric_precision BIGINT, numeric_scale BIGINT,"
                            + " datetime_precision BIGINT, character_set_name VARCHAR, collation_name VARCHAR,"
                            + " column_key VARCHAR, extra VARCHAR, privileges VARCHAR, generation_expression VARCHAR,"
                            + " greptime_data_type VARCHAR, data_type VARCHAR, semantic_type VARCHAR, column_default VARCHAR,"
                            + " is_nullable VARCHAR, column_type VARCHAR, column_comment VARCHAR, srs_id BIGINT"),
            Map.entry(
                    "schemata",
                    "catalog_name VARCHAR, schema_name VARCHAR, default_character_set_name VARCHAR,"
                            + " default_collation_name VARCHAR, sql_path VARCHAR, options VARCHAR"),
            Map.entry(
                    "key_column_usage",
                    "constraint_catalog VARCHAR, constraint_schema VARCHAR,"
                            + " constraint_name VARCHAR, table_catalog VARCHAR, real_table_catalog VARCHAR,"
                            + " table_schema VARCHAR, table_name VARCHAR, column_name VARCHAR, ordinal_position UINTEGER,"
                            + " position_in_unique_constraint UINTEGER, referenced_table_schema VARCHAR,"
                            + " referenced_table_name VARCHAR, referenced_column_name VARCHAR, greptime_index_type VARCHAR"),
            Map.entry(
                    "table_constraints",
                    "constraint_catalog VARCHAR, constraint_schema VARCHAR,"
                            + " constraint_name VARCHAR, table_schema VARCHAR, table_name VARCHAR, constraint_type VARCHAR,"
                            + " enforced VARCHAR"),
            Map.entry(
                    "views",
                    "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR,"
                            + " view_definition VARCHAR, check_option VARCHAR, is_updatable VARCHAR, definer VARCHAR,"
                            + " security_type VARCHAR, character_set_client VARCHAR, collation_connection VARCHAR"),
            Map.entry(
                    "flows",
                    "flow_name VARCHAR, flow_id UINTEGER, state_size UBIGINT, table_catalog VARCHAR,"
                            + " flow_definition VARCHAR, comment VARCHAR, expire_after BIGINT, source_table_ids VARCHAR,"
                            + " sink_table_name VARCHAR, flownode_ids VARCHAR, options VARCHAR, created_time TIMESTAMP_MS,"
                            + " updated_time TIMESTAMP_MS, last_execution_time TIMESTAMP_MS, source_table_names VARCHAR,"
                            + " flownode_addrs VARCHAR"),
            Map.entry(
                    "engines",
                    "engine VARCHAR, support VARCHAR, comment VARCHAR, transactions VARCHAR,"
                            + " xa VARCHAR, savepoints VARCHAR"),
            Map.entry(
                    "character_sets",
                    "character_set_name VARCHAR, default_collate_name VARCHAR,"
                            + " description VARCHAR, maxlen BIGINT"),
            Map.entry(
                    "collations",
                    "collation_name VARCHAR, character_set_name VARCHAR, id BIGINT,"
                            + " is_default VARCHAR, is_compiled VARCHAR, sortlen BIGINT"),
            Map.entry(
                    "build_info",
                    "git_branch VARCHAR, git_commit VARCHAR, git_commit_short VARCHAR,"
                            + " git_clean VARCHAR, pkg_version VARCHAR"),
            Map.entry(
                    "cluster_info",
                    "peer_id BIGINT, peer_type VARCHAR, peer_addr VARCHAR, peer_hostname VARCHAR,"
                            + " total_cpu_millicores BIGINT, total_memory_bytes BIGINT, cpu_usage_millicores BIGINT,"
                            + " memory_usage_bytes BIGINT, version VARCHAR, git_commit VARCHAR, start_time TIMESTAMP_MS,"
                            + " uptime VARCHAR, active_time VARCHAR, node_status VARCHAR"),
            Map.entry(
                    "statistics",
                    "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR,"
                            + " non_unique BIGINT, index_schema VARCHAR, index_name VARCHAR, seq_in_index BIGINT,"
                            + " column_name VARCHAR, \"collation\" VARCHAR, cardinality BIGINT, sub_part BIGINT, packed VARCHAR,"
                            + " nullable VARCHAR, index_type VARCHAR, comment VARCHAR, index_comment VARCHAR, is_visible VARCHAR,"
                            + " expression VARCHAR, greptime_index_type VARCHAR"),
            Map.entry(
                    "partitions",
                    "table_catalog VARCHAR, table_schema VARCHAR, table_name VARCHAR,"
                            + " partition_name VARCHAR, subpartition_name VARCHAR, partition_ordinal_position BIGINT,"
                            + " subpartition_ordinal_position BIGINT, partition_method VARCHAR, subpartition_method VARCHAR,"
                            + " partition_expression VARCHAR, subpartition_expression VARCHAR, partition_description VARCHAR,"
                            + " table_rows BIGINT, avg_row_length BIGINT, data_length BIGINT, max_data_length BIGINT,"
                            + " index_length BIGINT, data_free BIGINT, create_time TIMESTAMP_S, update_time TIMESTAMP_S,"
                            + " check_time TIMESTAMP_S, checksum BIGINT, partition_comment VARCHAR, nodegroup VARCHAR,"
                            + " tablespace_name VARCHAR, greptime_partition_id UBIGINT"));

    private InformationSchema() {}

    static String tempName(String table) {
        return "gt_is_" + table;
    }

    static boolean exists(String table) {
        return TABLE_IDS.containsKey(table);
    }

    /** Creates and fills the named temp tables on this connection, as the newest line shows them. */
    static void materialize(Connection c, Catalog catalog, Iterable<String> names) throws SQLException {
        materialize(c, catalog, names, EngineProfile.NEWEST);
    }

    /** Creates and fills the named temp tables on this connection, as {@code profile}'s line shows them. */
    static void materialize(Connection c, Catalog catalog, Iterable<String> names, EngineProfile profile)
            throws SQLException {
        for (String name : names) {
            List<Object[]> rows = rows(catalog, name, profile);
            String ddl = DDL.getOrDefault(name, "dummy" + S);
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
            case "build_info" -> List.<Object[]>of(new Object[] {"", "", "", "clean", profile.version()});
            case "cluster_info" ->
                List.<Object[]>of(new Object[] {
                    0L,
                    "STANDALONE",
                    "",
                    "",
                    0L,
                    0L,
                    0L,
                    0L,
                    profile.version(),
                    "",
                    java.time.Instant.ofEpochMilli(DuckDbEngine.START_MILLIS),
                    "",
                    "",
                    null
                });
            case "partitions" -> InformationSchemaRows.partitions(catalog);
            case "statistics" -> InformationSchemaRows.statistics(catalog);
            case "views" -> InformationSchemaRows.views(catalog);
            case "flows" -> FlowStatements.rows(catalog, catalog.flows);
            default -> new ArrayList<>();
        };
    }

    /** GreptimeDB-style metadata for an information_schema table, so DESC works on it. */
    static TableMeta meta(String table) {
        String ddl = DDL.get(table);
        if (ddl == null) {
            return null;
        }
        List<ColumnMeta> cols = new ArrayList<>();
        for (String part : ddl.split(",")) {
            String[] nt = part.trim().split("\\s+");
            String type = switch (nt[1]) {
                case "BIGINT" -> "Int64";
                case "UINTEGER" -> "UInt32";
                case "UBIGINT" -> "UInt64";
                case "TIMESTAMP_S" -> "TimestampSecond";
                case "TIMESTAMP_MS" -> "TimestampMillisecond";
                default -> "String";
            };
            boolean nullable = NULLABLE.contains(nt[0]) || NULLABLE.contains(table + "." + nt[0]);
            cols.add(new ColumnMeta(nt[0].replace("\"", ""), type, ColumnMeta.FIELD, nullable, null, null, Map.of()));
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

    /** Columns GreptimeDB declares nullable (protocol.md §9.2 marks them with '?'); the rest are NOT NULL. */
    private static final java.util.Set<String> NULLABLE = java.util.Set.of(
            "sql_path",
            "schemata.options",
            "position_in_unique_constraint",
            "referenced_table_schema",
            "referenced_table_name",
            "referenced_column_name",
            "greptime_index_type",
            "table_id",
            "data_length",
            "max_data_length",
            "index_length",
            "max_index_length",
            "avg_row_length",
            "tables.engine",
            "version",
            "row_format",
            "table_rows",
            "data_free",
            "auto_increment",
            "create_time",
            "update_time",
            "check_time",
            "table_collation",
            "checksum",
            "create_options",
            "table_comment",
            "temporary",
            "character_maximum_length",
            "character_octet_length",
            "numeric_precision",
            "numeric_scale",
            "datetime_precision",
            "character_set_name",
            "collation_name",
            "column_default",
            "column_comment",
            "srs_id",
            "check_option",
            "is_updatable",
            "definer",
            "security_type",
            "character_set_client",
            "collation_connection",
            "state_size",
            "comment",
            "expire_after",
            "source_table_ids",
            "flownode_ids",
            "flows.options",
            "last_execution_time",
            "source_table_names",
            "flownode_addrs");

    static List<String> allNames() {
        return Arrays.asList(TABLE_IDS.keySet().toArray(new String[0]));
    }
}
