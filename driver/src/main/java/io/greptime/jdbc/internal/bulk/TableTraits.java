package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.sql.CreateTableText;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What the write path knows of one table, read together and cached per connection ({@link TableCatalog}):
 * its exact Arrow schema (from {@code SELECT * ... LIMIT 0}, which is how GreptimeDB's columns come out),
 * its tags, which columns declare a default, its engine and options (from {@code SHOW CREATE TABLE}) and
 * whether a streaming flow reads it (from {@code information_schema.flows}).
 *
 * @param table the table name as stored
 * @param schema the Arrow schema, columns in table order
 * @param tags the tag (primary key) columns
 * @param withDefault columns that declare a DEFAULT
 * @param engine {@code mito}, {@code metric}, ... (empty when unknown)
 * @param memtableType the {@code memtable.type} option (empty when none)
 * @param modeKnown whether the options could be read; when not, the table counts as append-only
 * @param appendMode {@code append_mode = 'true'}
 * @param instantTtl {@code ttl = 'instant'}
 * @param streamingFlow a streaming flow (or a flow of unknown type) reads the table
 * @param readAt when this was read, on the connection's clock
 */
record TableTraits(
        String table,
        Schema schema,
        List<String> tags,
        Set<String> withDefault,
        String engine,
        String memtableType,
        boolean modeKnown,
        boolean appendMode,
        boolean instantTtl,
        boolean streamingFlow,
        long readAt) {

    static TableTraits of(
            String table, Schema schema, CreateTableText ddl, List<String> tags, boolean streamingFlow, long readAt) {
        if (ddl == null) {
            return new TableTraits(table, schema, tags, Set.of(), "", "", false, false, false, streamingFlow, readAt);
        }
        return new TableTraits(
                table,
                schema,
                tags,
                ddl.withDefault(),
                ddl.engine(),
                ddl.memtableType(),
                true,
                ddl.appendMode(),
                ddl.instantTtl(),
                streamingFlow,
                readAt);
    }

    /**
     * Whether a row written twice is stored once (a mito table without append mode): only then may a
     * write whose fate is unknown be sent again (replay after a broken DoPut, retry after a server error).
     */
    boolean deduplicates() {
        return modeKnown && !appendMode;
    }

    /** A metric-engine logical table. */
    boolean metricEngine() {
        return engine.equals("metric");
    }
}
