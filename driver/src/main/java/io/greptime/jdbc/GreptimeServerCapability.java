package io.greptime.jdbc;

/**
 * What a GreptimeDB server can do where releases differ, as {@link GreptimeConnection#getServerCapabilities()}
 * reports it. The driver derives the set from the server's version (read once per endpoint, or pinned with
 * the {@code serverVersion} property) and adapts to it: an unknown version gets the smallest set, never the
 * newest.
 */
public enum GreptimeServerCapability {
    /** Flight DoPut stores rows (v0.15+). Without it batched inserts go as row inserts over Handle. */
    BULK_WRITES,
    /** DoPut accepts {@code Basic <base64>} as well as bare base64 in {@code x-greptime-auth} (v0.17+). */
    BASIC_AUTH_ON_BULK_WRITES,
    /** A DoPut batch may leave out columns; the server fills defaults or nulls (v1.1+). */
    BULK_WRITES_FILL_MISSING_COLUMNS,
    /** DoPut into tables with {@code memtable.type='partition_tree'} (v1.1+). */
    BULK_WRITES_INTO_PARTITION_TREE,
    /** DoPut decodes dictionary-encoded columns (v1.0+). */
    BULK_WRITES_WITH_DICTIONARIES,
    /** DoPut acknowledges the call at once rather than answering the schema message (v1.0.0-beta.3+). */
    IMMEDIATE_BULK_ACK,
    /** Error trailers say whether retrying may succeed ({@code x-greptime-err-retry-hint}, v1.2+). */
    RETRY_HINTS,
    /**
     * {@code information_schema.key_column_usage} has one row per constraint with the primary key's own order
     * (v1.1+); before, constraint names of a column are joined in one row.
     */
    KEY_COLUMN_USAGE_PER_CONSTRAINT,
    /** JSON2 columns (native structs and lists marked as JSON) may appear in results (v1.3+). */
    JSON2
}
