package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A tiny engine for the wire tests: a handful of SQL forms with fixed meanings, a set of existing
 * tables for DoPut, and a record of what it was asked.
 *
 * <ul>
 *   <li>{@code SELECT ROWS <total> BATCH <size> [FAIL AFTER <batches>]}: generated rows
 *   <li>{@code SELECT DICT}: one batch with a dictionary-encoded string column
 *   <li>{@code FAIL <code>}: throws a GreptimeError with that status code and message {@code boom <code>}
 *   <li>{@code CRASH}: throws an IllegalStateException (an engine bug)
 *   <li>{@code CREATE TABLE <t>}: adds the table, 0 rows; {@code INSERT <n>}: n rows; anything else: 0
 * </ul>
 */
final class FakeEngine implements Engine {
    static final Schema TABLE_SCHEMA = new Schema(List.of(
            Field.notNullable("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
            Field.nullable("v", new ArrowType.Int(64, true))));

    final Map<String, Boolean> tables = new ConcurrentHashMap<>();
    final AtomicReference<QueryContext> lastContext = new AtomicReference<>();
    final List<String> statements = new CopyOnWriteArrayList<>();
    /** (table, sum of column v) per DoPut batch, to check what arrived. */
    final List<String> putBatches = new CopyOnWriteArrayList<>();

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        lastContext.set(ctx);
        statements.add(sql);
        String[] words = sql.trim().replaceAll(";$", "").split("\\s+");
        String first = words[0].toUpperCase(Locale.ROOT);
        switch (first) {
            case "SELECT":
                if (words[1].equalsIgnoreCase("DICT")) {
                    return new Output.Rows(new DictionaryRowsReader(allocator));
                }
                int failAfter = words.length > 7 ? Integer.parseInt(words[7]) : -1;
                return new Output.Rows(new GeneratedRowsReader(
                        allocator, Long.parseLong(words[2]), Integer.parseInt(words[4]), failAfter));
            case "FAIL":
                int code = Integer.parseInt(words[1]);
                throw new GreptimeError(StatusCode.fromCode(code), "boom " + code);
            case "CRASH":
                throw new IllegalStateException("engine bug with secret detail");
            case "CREATE":
                tables.put(words[2], true);
                return new Output.AffectedRows(0);
            case "INSERT":
                return new Output.AffectedRows(Long.parseLong(words[1]));
            default:
                return new Output.AffectedRows(0);
        }
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        lastContext.set(ctx);
        return requests.getInsertsList().stream()
                .mapToLong(r -> r.getRows().getRowsCount())
                .sum();
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
        lastContext.set(ctx);
        return requests.getDeletesList().stream()
                .mapToLong(r -> r.getRows().getRowsCount())
                .sum();
    }

    @Override
    public long insertColumns(QueryContext ctx, InsertRequests requests) {
        lastContext.set(ctx);
        return requests.getInsertsList().stream()
                .mapToLong(r -> r.getRowCount())
                .sum();
    }

    @Override
    public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
        lastContext.set(ctx);
        return requests.getDeletesList().stream()
                .mapToLong(r -> r.getRowCount())
                .sum();
    }

    @Override
    public long ddl(QueryContext ctx, DdlRequest request) {
        lastContext.set(ctx);
        if (request.hasCreateTable()) {
            tables.put(request.getCreateTable().getTableName(), true);
        }
        return 0;
    }

    @Override
    public Schema tableSchema(QueryContext ctx, String table) {
        requireTable(ctx, table);
        return TABLE_SCHEMA;
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        lastContext.set(ctx);
        requireTable(ctx, table);
        BigIntVector v = (BigIntVector) batch.getVector("v");
        long sum = 0;
        for (int i = 0; i < batch.getRowCount(); i++) {
            sum += v.get(i);
        }
        putBatches.add(table + ":" + sum);
        return batch.getRowCount();
    }

    private void requireTable(QueryContext ctx, String table) {
        if (!tables.containsKey(table)) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND, "Table not found: " + ctx.catalog() + "." + ctx.schema() + "." + table);
        }
    }

    @Override
    public void close() {}
}
