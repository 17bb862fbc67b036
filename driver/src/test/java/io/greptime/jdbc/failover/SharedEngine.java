package io.greptime.jdbc.failover;

import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One DuckDB engine behind several embedded servers, as frontends share a datanode: a row stored through
 * any server is stored once for all. Can run an action (on its own thread) once a number of DoPut
 * batches have been stored, so a test can kill a server in the middle of a bulk insert.
 */
final class SharedEngine implements Engine {
    private final DuckDbEngine delegate = DuckDbEngine.inMemory();
    private final AtomicInteger putBatches = new AtomicInteger();
    private final AtomicInteger trigger = new AtomicInteger(-1);
    private final AtomicReference<Runnable> action = new AtomicReference<>();

    /** Runs {@code then} on a new thread right after the {@code batches}-th DoPut batch from now is stored. */
    void afterPutBatches(int batches, Runnable then) {
        action.set(then);
        trigger.set(putBatches.get() + batches);
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        long rows = delegate.putBatch(ctx, table, batch);
        if (putBatches.incrementAndGet() == trigger.get()) {
            Runnable r = action.getAndSet(null);
            if (r != null) {
                Thread t = new Thread(r, "failover-test-fault");
                t.setDaemon(true);
                t.start();
            }
        }
        return rows;
    }

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        return delegate.execute(ctx, sql, allocator);
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        return delegate.insertRows(ctx, requests);
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
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
    public void close() {
        delegate.close();
    }
}
