package io.greptime.jdbc.bulk;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A real DuckDB engine whose DoPut batches can be made to fail: after {@link #failPutAfter(int)} lets n
 * more batches through, the next one fails before writing anything (as a GreptimeDB region error
 * would), so tests know exactly which rows are stored. Also counts the rows every path wrote.
 */
final class FailingPutEngine extends ForwardingEngine {
    FailingPutEngine() {
        super(DuckDbEngine.inMemory());
    }

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
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        if (putsBeforeFailure.getAndUpdate(n -> n < 0 ? n : n - 1) == 0) {
            throw new GreptimeError(
                    StatusCode.STORAGE_UNAVAILABLE, "Injected region failure on batch " + (putBatches.get() + 1));
        }
        putBatches.incrementAndGet();
        onPut.accept(batch);
        return delegate.putBatch(ctx, table, batch);
    }
}
