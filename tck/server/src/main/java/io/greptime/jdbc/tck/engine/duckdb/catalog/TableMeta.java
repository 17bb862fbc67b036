package io.greptime.jdbc.tck.engine.duckdb.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GreptimeDB's view of one table: what DESC, SHOW CREATE TABLE and information_schema report, and what
 * decides upsert keys. Persisted as JSON beside the data.
 */
public record TableMeta(
        String schema,
        String name,
        long id,
        String engine,
        List<ColumnMeta> columns,
        String timeIndex,
        List<String> primaryKeys,
        Map<String, String> options,
        long createTimeMillis,
        List<String> partitionColumns,
        List<String> partitionExprs) {

    public TableMeta {
        columns = List.copyOf(columns);
        primaryKeys = List.copyOf(primaryKeys);
        options = new LinkedHashMap<>(options);
        partitionColumns = partitionColumns == null ? List.of() : List.copyOf(partitionColumns);
        partitionExprs = partitionExprs == null ? List.of() : List.copyOf(partitionExprs);
    }

    public ColumnMeta column(String col) {
        for (ColumnMeta c : columns) {
            if (c.name().equals(col)) {
                return c;
            }
        }
        return null;
    }

    /** Column lookup that also accepts a case-insensitive match, as DuckDB resolves names. */
    public ColumnMeta columnLoose(String col) {
        ColumnMeta exact = column(col);
        if (exact != null) {
            return exact;
        }
        for (ColumnMeta c : columns) {
            if (c.name().equalsIgnoreCase(col)) {
                return c;
            }
        }
        return null;
    }

    public boolean appendMode() {
        return "true".equalsIgnoreCase(options.getOrDefault("append_mode", "false"));
    }

    public boolean lastNonNull() {
        return "last_non_null".equalsIgnoreCase(options.getOrDefault("merge_mode", "last_row"));
    }

    /** Upsert key: all tags in primary-key order, then the time index. */
    public List<String> keyColumns() {
        List<String> keys = new ArrayList<>(primaryKeys);
        keys.add(timeIndex);
        return keys;
    }

    public TableMeta withColumns(List<ColumnMeta> newColumns, List<String> newKeys) {
        return new TableMeta(
                schema,
                name,
                id,
                engine,
                newColumns,
                timeIndex,
                newKeys,
                options,
                createTimeMillis,
                partitionColumns,
                partitionExprs);
    }

    public TableMeta withOptions(Map<String, String> newOptions) {
        return new TableMeta(
                schema,
                name,
                id,
                engine,
                columns,
                timeIndex,
                primaryKeys,
                newOptions,
                createTimeMillis,
                partitionColumns,
                partitionExprs);
    }

    public TableMeta renamed(String newName) {
        return new TableMeta(
                schema,
                newName,
                id,
                engine,
                columns,
                timeIndex,
                primaryKeys,
                options,
                createTimeMillis,
                partitionColumns,
                partitionExprs);
    }

    public TableMeta copyAs(String newSchema, String newName, long newId, long created) {
        return new TableMeta(
                newSchema,
                newName,
                newId,
                engine,
                columns,
                timeIndex,
                primaryKeys,
                options,
                created,
                partitionColumns,
                partitionExprs);
    }
}
