package io.greptime.jdbc.tck.engine;

/**
 * Where the GreptimeDB line an engine imitates decides what a statement or write does (fidelity audit:
 * version answers, {@code key_column_usage} shapes, which tables DoPut may write and with which columns).
 * The server's {@code ServerProfile} implements it and hands it to the engine with every request
 * ({@link QueryContext#profile()}); each method is one behaviour, so a profile's differences read in one
 * place.
 */
public interface EngineProfile {
    /** The newest line: what a context without a profile gets. */
    EngineProfile NEWEST = new EngineProfile() {};

    /** {@code version()} and {@code information_schema.build_info.pkg_version}: the plain package version. */
    default String version() {
        return "1.3.0";
    }

    /**
     * {@code information_schema.key_column_usage} has one row per constraint and the primary key's own order
     * in {@code ordinal_position} (v1.1+, {@code HEAD:src/catalog/src/system_schema/information_schema/
     * key_column_usage.rs:248-276}); before, one row per column joins the constraint names ({@code "PRIMARY,
     * INVERTED INDEX"}) and {@code ordinal_position} is the column's place in the table
     * ({@code v1.0.0:…/key_column_usage.rs:296-306}).
     */
    default boolean keyColumnUsagePerConstraint() {
        return true;
    }

    /**
     * Whether an INSERT off the fast path (any value that is not a plain literal) reads naive timestamp
     * strings in UTC instead of the session zone: every release before GreptimeDB's HEAD (audit A2; fixed by
     * commit c3cd186997, 2026-08-14, which no tag contains).
     */
    default boolean slowInsertReadsNaiveTimestampsInUtc() {
        return false;
    }

    /**
     * Whether {@code information_schema.cluster_info} has the columns v1.0 added ({@code peer_hostname}, the CPU
     * and memory columns, {@code node_status}: {@code v1.0.0:src/catalog/src/system_schema/information_schema/
     * cluster_info.rs:97-133}); before, eight columns ({@code v0.14.4:…/cluster_info.rs:80-95}).
     */
    default boolean clusterInfoHasNodeResources() {
        return true;
    }

    /** What a DoPut batch that lacks some of the table's columns meets. */
    enum MissingColumns {
        /** v1.1+: defaults or nulls are filled ({@code HEAD:src/mito2/src/memtable/bulk/part.rs:199-270}). */
        FILLED,
        /** v1.0: ColumnNotFound ({@code v1.0.0:src/mito2/src/memtable/bulk/part.rs:780-884}). */
        COLUMN_NOT_FOUND,
        /**
         * v0.15-v0.17: the region worker indexes past the batch's columns and panics
         * ({@code v0.15.0:src/mito-codec/src/key_values.rs:215-225}); we refuse with a clear error instead.
         */
        PANICS
    }

    default MissingColumns missingPutColumns() {
        return MissingColumns.FILLED;
    }

    /**
     * A DoPut batch with a column the table no longer has: v0.15-v0.17 panic (time-series memtable,
     * {@code v0.15.0:src/mito2/src/memtable/bulk/part.rs:133-158}); flat-format regions (the default from v1.0,
     * {@code v1.0.0:src/mito2/src/config.rs:230}) ignore it.
     */
    default boolean putRefusesExtraColumns() {
        return false;
    }

    /**
     * DoPut into a {@code memtable.type='partition_tree'} table: refused up to v1.0
     * ({@code v0.15.0:src/mito2/src/memtable/partition_tree.rs:172-177}, {@code v1.0.0:…:173-178}).
     */
    default boolean putIntoPartitionTree() {
        return true;
    }

    /**
     * DoPut into a metric-engine logical table: refused before v1.0 ({@code v0.17.2:src/metric-engine/src/
     * engine.rs:239-242}); from v1.0 only sparse primary-key encoding is taken
     * ({@code v1.0.0:src/metric-engine/src/engine/bulk_insert.rs:96-101}), which our engine does not model,
     * so it is refused on every line.
     */
    default boolean putIntoMetricTables() {
        return false;
    }

    /**
     * Which of the SQL parser's keyword lists CREATE TABLE and CREATE VIEW refuse as unquoted column names:
     * {@code "0.14"} (sqlparser rev 0cf6c044 of v0.14/v0.15, the same list as v0.16's), {@code "0.17"} (rev
     * 39e4fc94) or {@code "1.0"} (the v0.61.x fork of v1.0 to v1.3). Each list holds the one before it.
     */
    default String columnKeywordList() {
        return "1.0";
    }

    /**
     * {@code COMMENT ON TABLE | COLUMN | FLOW}: from v1.0 ({@code v1.0.0:src/sql/src/parsers/comment_parser.rs});
     * v0.17.2's parser has no such statement and refuses the keyword as unsupported.
     */
    default boolean commentOn() {
        return true;
    }

    /**
     * A metric-engine logical table must have its physical table's time unit: checked from v0.15
     * ({@code v0.15.0:src/metric-engine/src/engine/create.rs}; absent from v0.14.0's).
     */
    default boolean metricChecksTimeUnit() {
        return true;
    }

    /**
     * GreptimeDB's string type carries its size type from v1.0, which its errors print in the type's debug
     * form ({@code String(StringType { size_type: Utf8 })}; before, {@code String(StringType)}).
     */
    default boolean stringTypeHasSizeType() {
        return true;
    }

    /**
     * Whether a comparison keeps a narrowing cast of its column ({@code CAST(i AS TINYINT) = 5} evaluates the
     * cast, failing on rows out of range): from v1.2, whose planner unwraps only value-preserving casts
     * (DataFusion fork with cast preimages, GreptimeDB commits 4f5dccf6bb and 64c66f0a6b, July 2026, first
     * tagged in v1.2.0-beta.1). Before, DataFusion's unwrap drops any integer cast whose literal fits both
     * types ({@code datafusion/optimizer/src/simplify_expressions/unwrap_cast.rs}).
     */
    default boolean exactCastPreimages() {
        return true;
    }
}
