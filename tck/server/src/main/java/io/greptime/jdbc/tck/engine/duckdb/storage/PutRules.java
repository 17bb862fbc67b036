package io.greptime.jdbc.tck.engine.duckdb.storage;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * What a GreptimeDB line refuses on the DoPut (bulk insert) path, before any row is written (fidelity audit B4,
 * B5). Where the real server panics, this answers a clear error instead and says so; the rows are not
 * written either way.
 */
public final class PutRules {
    private PutRules() {}

    /** Whether a batch column the table lacks is dropped (flat-format regions, v1.0+) rather than refused. */
    public static boolean dropsExtraColumn(EngineProfile profile) {
        return !profile.putRefusesExtraColumns();
    }

    /** The refusal of a batch column the table does not have (a schema cached before DROP COLUMN). */
    public static GreptimeError extraColumn(EngineProfile profile, String column, String table) {
        if (profile.putRefusesExtraColumns()) {
            // v0.15-v0.17 index vectors[col_idx] past the region's columns and panic in the region worker
            // (v0.15.0:src/mito2/src/memtable/bulk/part.rs:133-158); the WAL entry replays the panic
            return panicked("column " + column + " is not in table " + table);
        }
        return new GreptimeError(
                StatusCode.TABLE_COLUMN_NOT_FOUND, "Column " + column + " not found in table " + table);
    }

    /** Refuses the batch when the line cannot bulk-write this table or these columns. */
    public static void check(EngineProfile profile, TableMeta t, List<ColumnMeta> given) {
        if ("metric".equals(t.engine()) && !profile.putIntoMetricTables()) {
            // v0.17.2:src/metric-engine/src/engine.rs:239-242; v1.0+ take only sparse primary-key encoding
            throw new GreptimeError(StatusCode.UNSUPPORTED, "Unsupported region request: BulkInserts into " + t.name());
        }
        if ("partition_tree".equalsIgnoreCase(t.options().get("memtable.type")) && !profile.putIntoPartitionTree()) {
            // v0.15.0:src/mito2/src/memtable/partition_tree.rs:172-177, unchanged through v1.0
            throw new GreptimeError(StatusCode.UNSUPPORTED, "PartitionTreeMemtable does not support write_bulk");
        }
        List<String> missing = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            if (!given.contains(c)) {
                missing.add(c.name());
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        switch (profile.missingPutColumns()) {
            case FILLED -> {} // v1.1+: defaults or nulls, as the row path fills them
            case COLUMN_NOT_FOUND ->
                // v1.0.0:src/mito2/src/memtable/bulk/part.rs:780-884 (convert_bulk_part, first absent column)
                throw new GreptimeError(
                        StatusCode.TABLE_COLUMN_NOT_FOUND,
                        "Column " + missing.get(0) + " not found in bulk insert into " + t.name());
            case PANICS ->
                // v0.15.0:src/mito-codec/src/key_values.rs:215-225: row.values[i] past the batch's columns
                throw panicked("the batch lacks columns " + missing + " of table " + t.name());
        }
    }

    private static GreptimeError panicked(String what) {
        return new GreptimeError(
                StatusCode.UNEXPECTED,
                "Embedded server refused a bulk insert that panics this GreptimeDB line's region worker (index out"
                        + " of bounds): " + what);
    }

    /** {@code ttl='instant'}: nothing is kept in storage. */
    public static boolean instant(TableMeta t) {
        return "instant".equalsIgnoreCase(t.options().get("ttl"));
    }
}
