package io.greptime.jdbc.tck.engine.duckdb.infoschema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The columns of GreptimeDB's 39 information_schema tables, in order, with GreptimeDB's type names and
 * nullability ({@code ?} marks a nullable column), as the tables declare their schemas in
 * {@code src/catalog/src/system_schema/information_schema/*.rs} (memory tables in
 * {@code information_memory_table.rs}) and {@code src/store-api/src/{region_info,sst_entry}.rs}.
 * information_schema.columns lists them, DESC shows them and the temp tables are made of them.
 */
public final class InformationSchemaColumns {
    private InformationSchemaColumns() {}

    /** One column of an information_schema table. */
    public record Column(String name, String type, boolean nullable) {}

    public static final Map<String, String> SPECS = Map.ofEntries(
            Map.entry(
                    "build_info",
                    "git_branch String, git_commit String, git_commit_short String, git_clean String,"
                            + " pkg_version String"),
            Map.entry(
                    "character_sets",
                    "character_set_name String, default_collate_name String, description String, maxlen Int64"),
            Map.entry(
                    "check_constraints",
                    "constraint_catalog String, constraint_schema String, constraint_name String,"
                            + " check_clause String"),
            Map.entry(
                    "cluster_info",
                    "peer_id Int64, peer_type String, peer_addr String?, peer_hostname String?,"
                            + " total_cpu_millicores Int64, total_memory_bytes Int64, cpu_usage_millicores Int64,"
                            + " memory_usage_bytes Int64, version String, git_commit String,"
                            + " start_time TimestampMillisecond?, uptime String?, active_time String?,"
                            + " node_status String?"),
            Map.entry("collation_character_set_applicability", "collation_name String, character_set_name String"),
            Map.entry(
                    "collations",
                    "collation_name String, character_set_name String, id Int64, is_default String,"
                            + " is_compiled String, sortlen Int64"),
            Map.entry(
                    "column_privileges",
                    "grantee String, table_catalog String, table_schema String, table_name String,"
                            + " column_name String, privilege_type String, is_grantable String"),
            Map.entry(
                    "column_statistics", "schema_name String, table_name String, column_name String, histogram String"),
            Map.entry(
                    "columns",
                    "table_catalog String, table_schema String, table_name String, column_name String,"
                            + " ordinal_position Int64, character_maximum_length Int64?, character_octet_length Int64?,"
                            + " numeric_precision Int64?, numeric_scale Int64?, datetime_precision Int64?,"
                            + " character_set_name String?, collation_name String?, column_key String, extra String,"
                            + " privileges String, generation_expression String, greptime_data_type String,"
                            + " data_type String, semantic_type String, column_default String?, is_nullable String,"
                            + " column_type String, column_comment String?, srs_id Int64?"),
            Map.entry(
                    "engines",
                    "engine String, support String, comment String, transactions String, xa String,"
                            + " savepoints String"),
            Map.entry(
                    "events",
                    "event_catalog String, event_schema String, event_name String, definer String,"
                            + " time_zone String, event_body String, event_definition String, event_type String,"
                            + " execute_at TimestampMicrosecond, interval_value Int64, interval_field String,"
                            + " sql_mode String, starts TimestampMicrosecond, ends TimestampMicrosecond, status String,"
                            + " on_completion String, created TimestampMicrosecond, last_altered TimestampMicrosecond,"
                            + " last_executed TimestampMicrosecond, event_comment String, originator Int64,"
                            + " character_set_client String, collation_connection String, database_collation String"),
            Map.entry(
                    "files",
                    "file_id Int64, file_name String, file_type String, tablespace_name String,"
                            + " table_catalog String, table_schema String, table_name String, logfile_group_name String,"
                            + " logfile_group_number Int64, engine String, fulltext_keys String, deleted_rows Int64,"
                            + " update_count Int64, free_extents Int64, total_extents Int64, extent_size Int64,"
                            + " initial_size Int64, maximum_size Int64, autoextend_size Int64,"
                            + " creation_time TimestampMicrosecond, last_update_time TimestampMicrosecond,"
                            + " last_access_time TimestampMicrosecond, recover_time TimestampMicrosecond,"
                            + " transaction_counter Int64, version String, row_format String, table_rows Int64,"
                            + " avg_row_length Int64, data_length Int64, max_data_length Int64, index_length Int64,"
                            + " data_free Int64, create_time TimestampMicrosecond, update_time TimestampMicrosecond,"
                            + " check_time TimestampMicrosecond, checksum String, status String, extra String"),
            Map.entry(
                    "flow_statistics",
                    "flow_id UInt32, flow_name String, start_time TimestampMillisecond?,"
                            + " last_execution_time TimestampMillisecond?, uptime_seconds Int64?, state_size UInt64?"),
            Map.entry(
                    "flows",
                    "flow_name String, flow_id UInt32, state_size UInt64?, table_catalog String,"
                            + " flow_definition String, comment String?, expire_after Int64?, source_table_ids String?,"
                            + " sink_table_name String, flownode_ids String?, options String?,"
                            + " created_time TimestampMillisecond, updated_time TimestampMillisecond,"
                            + " last_execution_time TimestampMillisecond?, source_table_names String?,"
                            + " flownode_addrs String?"),
            Map.entry("global_status", "variable_name String, variable_value String"),
            Map.entry(
                    "key_column_usage",
                    "constraint_catalog String, constraint_schema String, constraint_name String,"
                            + " table_catalog String, real_table_catalog String, table_schema String, table_name String,"
                            + " column_name String, ordinal_position UInt32, position_in_unique_constraint UInt32?,"
                            + " referenced_table_schema String?, referenced_table_name String?,"
                            + " referenced_column_name String?, greptime_index_type String?"),
            Map.entry(
                    "optimizer_trace",
                    "query String, trace String, missing_bytes_beyond_max_mem_size Int64,"
                            + " insufficient_privileges Int64"),
            Map.entry(
                    "parameters",
                    "specific_catalog String, specific_schema String, specific_name String,"
                            + " ordinal_position Int64, parameter_mode String, parameter_name String, data_type String,"
                            + " character_maximum_length Int64, character_octet_length Int64, numeric_precision Int64,"
                            + " numeric_scale Int64, datetime_precision Int64, character_set_name String,"
                            + " collation_name String, dtd_identifier String, routine_type String"),
            Map.entry(
                    "partitions",
                    "table_catalog String, table_schema String, table_name String, partition_name String,"
                            + " subpartition_name String?, partition_ordinal_position Int64?,"
                            + " subpartition_ordinal_position Int64?, partition_method String?,"
                            + " subpartition_method String?, partition_expression String?,"
                            + " subpartition_expression String?, partition_description String?, table_rows Int64?,"
                            + " avg_row_length Int64?, data_length Int64?, max_data_length Int64?, index_length Int64?,"
                            + " data_free Int64?, create_time TimestampSecond?, update_time TimestampSecond?,"
                            + " check_time TimestampSecond?, checksum Int64?, partition_comment String?,"
                            + " nodegroup String?, tablespace_name String?, greptime_partition_id UInt64?"),
            Map.entry(
                    "procedure_info",
                    "procedure_id String, procedure_type String, start_time TimestampMillisecond?,"
                            + " end_time TimestampMillisecond?, status String, lock_keys String?"),
            Map.entry(
                    "process_list",
                    "id String, catalog String, schemas String, query String, client String, frontend String,"
                            + " start_timestamp TimestampMillisecond, elapsed_time DurationMillisecond"),
            Map.entry(
                    "profiling",
                    "query_id Int64, seq Int64, state String, duration Int64, cpu_user Int64,"
                            + " cpu_system Int64, context_voluntary Int64, context_involuntary Int64, block_ops_in Int64,"
                            + " block_ops_out Int64, messages_sent Int64, messages_received Int64,"
                            + " page_faults_major Int64, page_faults_minor Int64, swaps Int64, source_function String,"
                            + " source_file String, source_line Int64"),
            Map.entry(
                    "referential_constraints",
                    "constraint_catalog String, constraint_schema String, constraint_name String,"
                            + " unique_constraint_catalog String, unique_constraint_schema String,"
                            + " unique_constraint_name String, match_option String, update_rule String,"
                            + " delete_rule String, table_name String, referenced_table_name String"),
            Map.entry(
                    "region_info",
                    "region_id UInt64, table_id UInt32, region_number UInt32, region_group UInt8,"
                            + " region_sequence UInt32, state String, role String, writable Boolean,"
                            + " committed_sequence UInt64, flushed_sequence UInt64?, manifest_version UInt64,"
                            + " compaction_time_window String?, region_options String, sst_format String,"
                            + " node_id UInt64?"),
            Map.entry(
                    "region_peers",
                    "table_catalog String, table_schema String, table_name String, region_id UInt64,"
                            + " peer_id UInt64?, peer_addr String?, is_leader String?, status String?,"
                            + " down_seconds Int64?"),
            Map.entry(
                    "region_statistics",
                    "region_id UInt64, table_id UInt32, region_number UInt32, region_rows UInt64?,"
                            + " written_bytes_since_open UInt64?, query_cpu_time_millis UInt64?,"
                            + " query_scanned_bytes UInt64?, disk_size UInt64?, memtable_size UInt64?,"
                            + " manifest_size UInt64?, sst_size UInt64?, sst_num UInt64?, index_size UInt64?,"
                            + " engine String?, region_role String?"),
            Map.entry(
                    "routines",
                    "specific_name String, routine_catalog String, routine_schema String, routine_name String,"
                            + " routine_type String, data_type String, character_maximum_length Int64,"
                            + " character_octet_length Int64, numeric_precision Int64, numeric_scale Int64,"
                            + " datetime_precision Int64, character_set_name String, collation_name String,"
                            + " dtd_identifier String, routine_body String, routine_definition String,"
                            + " external_name String, external_language String, parameter_style String,"
                            + " is_deterministic String, sql_data_access String, sql_path String, security_type String,"
                            + " created TimestampMicrosecond, last_altered TimestampMicrosecond, sql_mode String,"
                            + " routine_comment String, definer String, character_set_client String,"
                            + " collation_connection String, database_collation String"),
            Map.entry(
                    "schema_privileges",
                    "grantee String, table_catalog String, table_schema String, privilege_type String,"
                            + " is_grantable String"),
            Map.entry(
                    "schemata",
                    "catalog_name String, schema_name String, default_character_set_name String,"
                            + " default_collation_name String, sql_path String?, options String?"),
            Map.entry("session_status", "variable_name String, variable_value String"),
            Map.entry(
                    "ssts_index_meta",
                    "table_dir String, index_file_path String, region_id UInt64, table_id UInt32,"
                            + " region_number UInt32, region_group UInt8, region_sequence UInt32, file_id String,"
                            + " index_file_size UInt64?, index_type String, target_type String, target_key String,"
                            + " target_json String, blob_size UInt64, meta_json String?, node_id UInt64?"),
            Map.entry(
                    "ssts_manifest",
                    "table_dir String, region_id UInt64, table_id UInt32, region_number UInt32,"
                            + " region_group UInt8, region_sequence UInt32, file_id String, index_version UInt64,"
                            + " level UInt8, file_path String, file_size UInt64, index_file_path String?,"
                            + " index_file_size UInt64?, num_rows UInt64, num_row_groups UInt64, num_series UInt64?,"
                            + " min_ts TimestampNanosecond?, max_ts TimestampNanosecond?, sequence UInt64?,"
                            + " origin_region_id UInt64, node_id UInt64?, visible Boolean, primary_key_min Binary?,"
                            + " primary_key_max Binary?"),
            Map.entry(
                    "ssts_storage",
                    "file_path String, file_size UInt64?, last_modified_ms TimestampMillisecond?,"
                            + " node_id UInt64?"),
            Map.entry(
                    "statistics",
                    "table_catalog String, table_schema String, table_name String, non_unique Int64,"
                            + " index_schema String, index_name String, seq_in_index Int64, column_name String,"
                            + " collation String?, cardinality Int64?, sub_part Int64?, packed String?, nullable String,"
                            + " index_type String, comment String, index_comment String, is_visible String,"
                            + " expression String?, greptime_index_type String?"),
            Map.entry(
                    "table_constraints",
                    "constraint_catalog String, constraint_schema String, constraint_name String,"
                            + " table_schema String, table_name String, constraint_type String, enforced String"),
            Map.entry(
                    "table_privileges",
                    "grantee String, table_catalog String, table_schema String, table_name String,"
                            + " privilege_type String, is_grantable String"),
            Map.entry(
                    "table_semantics",
                    "table_catalog String, table_schema String, table_name String, table_id UInt32,"
                            + " signal_type String?, source String?, source_version String?, pipeline String?,"
                            + " metadata_quality String?, semantic_options String?"),
            Map.entry(
                    "tables",
                    "table_catalog String, table_schema String, table_name String, table_type String,"
                            + " table_id UInt32?, data_length UInt64?, max_data_length UInt64?, index_length UInt64?,"
                            + " max_index_length UInt64?, avg_row_length UInt64?, engine String?, version UInt64?,"
                            + " row_format String?, table_rows UInt64?, data_free UInt64?, auto_increment UInt64?,"
                            + " create_time TimestampSecond?, update_time TimestampSecond?, check_time TimestampSecond?,"
                            + " table_collation String?, checksum UInt64?, create_options String?, table_comment String?,"
                            + " temporary String?"),
            Map.entry(
                    "views",
                    "table_catalog String, table_schema String, table_name String, view_definition String,"
                            + " check_option String?, is_updatable String?, definer String?, security_type String?,"
                            + " character_set_client String?, collation_connection String?"));

    /** The columns of {@code table}, or null when information_schema has no such table. */
    public static List<Column> of(String table) {
        String spec = SPECS.get(table);
        if (spec == null) {
            return null;
        }
        List<Column> cols = new ArrayList<>();
        for (String part : spec.split(",")) {
            String[] nt = part.trim().split(" ");
            boolean nullable = nt[1].endsWith("?");
            cols.add(new Column(nt[0], nullable ? nt[1].substring(0, nt[1].length() - 1) : nt[1], nullable));
        }
        return cols;
    }
}
