package io.greptime.jdbc.tck.ingester;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An engine that keeps every row insert exactly as the wire front decoded it, so a test can see what
 * a client's bytes became; everything else is UNSUPPORTED.
 */
final class RecordingEngine implements Engine {
    final List<RowInsertRequest> inserts = new CopyOnWriteArrayList<>();
    final List<QueryContext> contexts = new CopyOnWriteArrayList<>();

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        contexts.add(ctx);
        inserts.addAll(requests.getInsertsList());
        return requests.getInsertsList().stream()
                .mapToLong(r -> r.getRows().getRowsCount())
                .sum();
    }

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        throw unsupported("SQL");
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
        throw unsupported("row deletes");
    }

    @Override
    public long insertColumns(QueryContext ctx, InsertRequests requests) {
        throw unsupported("column inserts");
    }

    @Override
    public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
        throw unsupported("column deletes");
    }

    @Override
    public long ddl(QueryContext ctx, DdlRequest request) {
        throw unsupported("DDL");
    }

    @Override
    public Schema tableSchema(QueryContext ctx, String table) {
        throw unsupported("DoPut");
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        throw unsupported("DoPut");
    }

    @Override
    public void close() {}

    private static GreptimeError unsupported(String what) {
        return new GreptimeError(StatusCode.UNSUPPORTED, what + " is not recorded by this test engine");
    }
}
