package io.greptime.jdbc.tck.engine;

import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.promql.SeriesSource;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An engine that hands every call to another one; tests, fault injection and benchmarks override only
 * the calls they change (count puts, fail the n-th batch, sink the rows) and keep the rest real.
 */
public abstract class ForwardingEngine implements Engine {
    /** The engine every call not overridden goes to; closed with this one. */
    protected final Engine delegate;

    protected ForwardingEngine(Engine delegate) {
        this.delegate = delegate;
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
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        return delegate.putBatch(ctx, table, batch);
    }

    @Override
    public <T> T withSeries(QueryContext ctx, Function<SeriesSource, T> body) {
        return delegate.withSeries(ctx, body);
    }

    @Override
    public ClusterNodes cluster() {
        return delegate.cluster();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
