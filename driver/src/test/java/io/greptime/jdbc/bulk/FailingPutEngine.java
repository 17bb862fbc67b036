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
    /** What the server answers a DoPut batch of n rows with (a lying or broken server answers otherwise). */
    volatile java.util.function.LongUnaryOperator putAnswer = n -> n;
    /** What the server answers a row insert of n rows with. */
    volatile java.util.function.LongUnaryOperator rowAnswer = n -> n;
    /**
     * The GreptimeDB version {@code version()} and {@code information_schema.build_info} answer with (null: the
     * engine's own), so route tests can meet versions no profile imitates (a build that names no version, a
     * point release inside a line).
     */
    volatile String version;
    /** Statements containing this text block (in the server's handler) until {@link #release()}; null: none. */
    volatile String stallStatementsContaining;

    private volatile java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

    /** Ends every stall now and for the rest of the test. */
    void release() {
        stallStatementsContaining = null;
        onPut = batch -> {};
        release.countDown();
    }

    /** Blocks the calling server thread until {@link #release()} (at most 60 s, so a broken test ends). */
    void stall() {
        try {
            release.await(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lets {@code n} more DoPut batches through, then blocks every later one until {@link #release()}. */
    void stallPutsAfter(int n) {
        java.util.concurrent.atomic.AtomicInteger left = new java.util.concurrent.atomic.AtomicInteger(n);
        onPut = batch -> {
            if (left.getAndDecrement() <= 0) {
                stall();
            }
        };
    }

    @Override
    public io.greptime.jdbc.tck.engine.Output execute(
            QueryContext ctx, String sql, org.apache.arrow.memory.BufferAllocator allocator) {
        String stall = stallStatementsContaining;
        if (stall != null && sql.contains(stall)) {
            stall();
        }
        String v = version;
        if (v != null && sql.contains("information_schema.build_info")) {
            return delegate.execute(ctx, "SELECT '" + v + "' AS pkg_version", allocator);
        }
        if (v != null && sql.contains("version()")) {
            // the driver's version probe (SELECT version(), timezone())
            return delegate.execute(ctx, sql.replace("version()", "'" + v + "'"), allocator);
        }
        return delegate.execute(ctx, sql, allocator);
    }

    /** The next {@code n} batches succeed, the one after fails with StorageUnavailable. */
    void failPutAfter(int n) {
        putsBeforeFailure.set(n);
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        rowInserts.incrementAndGet();
        return rowAnswer.applyAsLong(delegate.insertRows(ctx, requests));
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
        return putAnswer.applyAsLong(delegate.putBatch(ctx, table, batch));
    }
}
