package io.greptime.jdbc.tck.engine;

import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * GreptimeDB's SQL and write semantics, independent of the wire. The gRPC/Flight front decodes requests,
 * authenticates, builds the {@link QueryContext} and calls one of these; every failure is a
 * {@link GreptimeError}. Implementations are thread-safe: the front calls them from many gRPC threads.
 */
public interface Engine extends AutoCloseable {

    /**
     * Runs one SQL statement (the front has already rejected multi-statement strings). Rows are
     * allocated from {@code allocator}, which the caller owns.
     */
    Output execute(QueryContext ctx, String sql, BufferAllocator allocator);

    /** Row inserts: auto-creates missing tables and adds missing columns unless hinted otherwise. */
    long insertRows(QueryContext ctx, RowInsertRequests requests);

    /** Row deletes by all tags and the time index. */
    long deleteRows(QueryContext ctx, RowDeleteRequests requests);

    /** Columnar (legacy) inserts; same semantics as row inserts. */
    long insertColumns(QueryContext ctx, InsertRequests requests);

    /** Columnar (legacy) deletes. */
    long deleteColumns(QueryContext ctx, DeleteRequests requests);

    /** A DDL expression sent as GreptimeRequest.ddl. */
    long ddl(QueryContext ctx, DdlRequest request);

    /**
     * The Arrow schema of an existing table, as DoPut writers must send it; {@link GreptimeError} with
     * TABLE_NOT_FOUND when it does not exist.
     */
    Schema tableSchema(QueryContext ctx, String table);

    /**
     * One DoPut record batch into an existing table, matched to its columns by name, with upsert semantics.
     * Returns the rows written. All-or-nothing: a failing batch leaves no rows behind.
     */
    long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch);

    /**
     * Several DoPut record batches of one stream into the same table, all or nothing: every batch is
     * written (the answer holds each batch's rows, in order) or none is (the error is thrown), as if
     * they had been written one after the other by {@link #putBatch}. An engine that cannot write them
     * at once answers null, and the front writes them one at a time. {@link ForwardingEngine} answers
     * null, so that an engine wrapped to count or fail puts still sees every batch.
     */
    default long[] putBatches(QueryContext ctx, String table, List<VectorSchemaRoot> batches) {
        return null;
    }

    /**
     * Runs {@code body} with read access to this engine's tables for the PromQL evaluator (TQL,
     * {@code prom_range_query}, the PrometheusGateway); engines without PromQL answer Unsupported.
     */
    default <T> T withSeries(
            QueryContext ctx, java.util.function.Function<io.greptime.jdbc.tck.promql.SeriesSource, T> body) {
        throw new GreptimeError(
                io.greptime.jdbc.proto.StatusCode.UNSUPPORTED, "PromQL is not supported by this engine");
    }

    /**
     * The cluster whose storage this engine is, as its metasrv sees it (information_schema.cluster_info lists
     * it); null for an engine that cannot be part of one.
     */
    default ClusterNodes cluster() {
        return null;
    }

    @Override
    void close();
}
