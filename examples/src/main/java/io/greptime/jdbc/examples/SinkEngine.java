package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The write benchmark's "sink" storage: the embedded server's whole front runs as usual (gRPC, Flight
 * DoPut with Arrow IPC decoding, protobuf decoding of row inserts, acknowledgements), but rows for the
 * benchmarks' tables ({@code bench_w_*}, {@code bench_p_*}) are counted instead of stored. The embedded DuckDB storage
 * ingests well under 100k rows/s on two cores, so with it every method measures the same server
 * bottleneck; the sink shows what the client paths themselves cost. Everything else (DDL, queries, other
 * tables) goes to the wrapped engine, so tables are created and checked as usual.
 */
final class SinkEngine extends ForwardingEngine {
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    SinkEngine(Engine delegate) {
        super(delegate);
    }

    private static boolean sunk(String table) {
        return table.startsWith("bench_w_") || table.startsWith("bench_p_"); // WriteBenchmark, WriteProcesses
    }

    /** Rows received for {@code table} so far. */
    long count(String table) {
        AtomicLong n = counts.get(table);
        return n == null ? 0 : n.get();
    }

    private long add(String table, long rows) {
        counts.computeIfAbsent(table, t -> new AtomicLong()).addAndGet(rows);
        return rows;
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        if (!sunk(table)) {
            return delegate.putBatch(ctx, table, batch);
        }
        if (delegate.tableSchema(ctx, table) == null) { // keeps DoPut's rule: the table must exist
            return delegate.putBatch(ctx, table, batch);
        }
        return add(table, batch.getRowCount());
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        if (!requests.getInsertsList().stream().allMatch(r -> sunk(r.getTableName()))) {
            return delegate.insertRows(ctx, requests);
        }
        long n = 0;
        for (RowInsertRequest r : requests.getInsertsList()) {
            n += add(r.getTableName(), r.getRows().getRowsCount());
        }
        return n;
    }
}
