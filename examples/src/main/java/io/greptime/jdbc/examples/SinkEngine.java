package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The write benchmark's "sink" storage: the embedded server's whole front runs as usual (gRPC, Flight
 * DoPut with Arrow IPC decoding, protobuf decoding of row inserts, acknowledgements), but rows for the
 * benchmark's tables ({@code bench_w_*}) are counted instead of stored. The embedded DuckDB storage
 * ingests well under 100k rows/s on two cores, so with it every method measures the same server
 * bottleneck; the sink shows what the client paths themselves cost. Everything else (DDL, queries, other
 * tables) goes to the wrapped engine, so tables are created and checked as usual.
 */
final class SinkEngine implements Engine {
    private final Engine delegate;
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    SinkEngine(Engine delegate) {
        this.delegate = delegate;
    }

    private static boolean sunk(String table) {
        return table.startsWith("bench_w_");
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

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        return delegate.execute(ctx, sql, allocator);
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
