package io.greptime.jdbc.failover;

import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One DuckDB engine behind several embedded servers, as frontends share a datanode: a row stored through
 * any server is stored once for all. Can run an action (on its own thread) once a number of DoPut
 * batches have been stored, so a test can kill a server in the middle of a bulk insert.
 */
final class SharedEngine extends ForwardingEngine {
    SharedEngine() {
        super(DuckDbEngine.inMemory());
    }

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
}
