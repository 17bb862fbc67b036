package io.greptime.jdbc.tck.engine.flow;

import java.util.List;
import java.util.Map;

/**
 * What the flow engine needs from the SQL engine that hosts it: table shapes, query typing, sink creation,
 * atomic flow passes and persistence. The DuckDB engine implements it; tests may run flows against it
 * through plain SQL only.
 */
public interface FlowHost {

    /** A column: name, GreptimeDB type name ({@code Int64}, {@code TimestampMillisecond}) and nullability. */
    record Column(String name, String typeName, boolean nullable) {}

    /** A table's shape as the flow engine needs it. */
    record Table(
            String schema,
            String name,
            List<Column> columns,
            String timeIndex,
            List<String> tags,
            Map<String, String> options) {

        public Column column(String col) {
            return columns.stream()
                    .filter(c -> c.name().equals(col))
                    .findFirst()
                    .orElse(null);
        }
    }

    /**
     * One flow pass.
     *
     * @param sql the flow query with its source restricted to what changed (GreptimeDB SQL)
     * @param replaceRanges sink time-index ranges [start, end) in epoch microseconds whose rows are removed
     *     before the new results are written (windows that lost source rows), may be empty
     * @param clearBuffer whether the streaming key buffer is emptied in the same transaction
     */
    record Pass(String sql, List<long[]> replaceRanges, boolean clearBuffer) {}

    /** The table, or null when it does not exist. */
    Table table(String schema, String name);

    /** Output columns of a query (names as GreptimeDB derives them), without writing anything. */
    List<Column> describe(String schema, String query);

    /** Creates a sink table. */
    void createTable(Table table);

    /**
     * Runs one pass atomically: runs the query, removes the replaced ranges from the sink, upserts the rows
     * into the sink (positionally, {@code update_at} set to now), clears the buffer when asked. Returns rows
     * written. On failure nothing is changed.
     */
    long run(FlowDefinition flow, Pass pass);

    /** The DuckDB-side name of a streaming flow's key buffer, as the query may reference it. */
    String bufferName(FlowDefinition flow);

    /** Drops a streaming flow's key buffer, if any. */
    void dropBuffer(FlowDefinition flow);

    /** Persists (inserts or replaces) a flow. */
    void save(FlowDefinition flow);

    /** Removes a persisted flow. */
    void remove(FlowDefinition flow);

    /** Every persisted flow. */
    List<FlowDefinition> load();
}
