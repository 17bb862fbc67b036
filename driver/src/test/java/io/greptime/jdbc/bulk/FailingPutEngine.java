package io.greptime.jdbc.bulk;

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
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A real DuckDB engine whose DoPut batches can be made to fail: after {@link #failPutAfter(int)} lets n
 * more batches through, the next one fails before writing anything (as a GreptimeDB region error
 * would), so tests know exactly which rows are stored. Also counts the rows every path wrote.
 */
final class FailingPutEngine implements Engine {
    private final DuckDbEngine delegate = DuckDbEngine.inMemory();
    private final AtomicInteger putsBeforeFailure = new AtomicInteger(-1);
    final AtomicLong putBatches = new AtomicLong();
    final AtomicLong rowInserts = new AtomicLong();
    final AtomicLong rowDeletes = new AtomicLong();
    /** Sees every DoPut batch before it is written (tests record what arrived, in order). */
    volatile java.util.function.Consumer<VectorSchemaRoot> onPut = batch -> {};

    /** The next {@code n} batches succeed, the one after fails with StorageUnavailable. */
    void failPutAfter(int n) {
        putsBeforeFailure.set(n);
    }

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        return delegate.execute(ctx, sql, allocator);
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        rowInserts.incrementAndGet();
        return delegate.insertRows(ctx, requests);
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
        rowDeletes.incrementAndGet();
        return delegate.deleteRows(ctx, requests);
    }

    @Override
    public long insertColumns(QueryContext ctx, InsertRequests requests) {
        return delegate.insertColumns(ctx, requests);
    }

    @Override
    public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
        return delegate.deleteColumns(ctx, requests);
    }

    @Override
    public long ddl(QueryContext ctx, DdlRequest request) {
        return delegate.ddl(ctx, request);
    }

    @Override
    public Schema tableSchema(QueryContext ctx, String table) {
        return delegate.tableSchema(ctx, table);
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        if (putsBeforeFailure.getAndUpdate(n -> n < 0 ? n : n - 1) == 0) {
            throw new GreptimeError(
                    StatusCode.STORAGE_UNAVAILABLE, "Injected region failure on batch " + (putBatches.get() + 1));
        }
        putBatches.incrementAndGet();
        onPut.accept(batch);
        return delegate.putBatch(ctx, table, batch);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
