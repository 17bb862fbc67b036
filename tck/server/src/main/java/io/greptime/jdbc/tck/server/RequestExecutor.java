package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.Metadata;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Authenticates one GreptimeRequest, builds its context and hands its body to the engine: the part that
 * Handle, HandleRequests and DoGet share.
 */
final class RequestExecutor {
    static final String MULTIPLE_STATEMENTS =
            "Not supported: execute multiple statements in SQL query string through GRPC interface";

    private final Engine engine;
    private final Authenticator authenticator;
    private final Consumer<RequestHeader> headerListener;
    private final ServerProfile profile;

    RequestExecutor(
            Engine engine, Authenticator authenticator, Consumer<RequestHeader> headerListener, ServerProfile profile) {
        this.engine = engine;
        this.authenticator = authenticator;
        this.headerListener = headerListener;
        this.profile = profile;
    }

    /** Runs the request; rows are allocated from {@code allocator} and the caller closes them. */
    Output execute(GreptimeRequest request, Metadata metadata, BufferAllocator allocator) {
        headerListener.accept(request.getHeader());
        String user = authenticator.authenticate(request.getHeader());
        QueryContext ctx = RequestContexts.fromHeader(request.getHeader(), metadata, user, profile);
        switch (request.getRequestCase()) {
            case QUERY:
                return query(ctx, request.getQuery(), allocator);
            case INSERTS:
                return new Output.AffectedRows(engine.insertColumns(ctx, request.getInserts()));
            case DELETES:
                return new Output.AffectedRows(engine.deleteColumns(ctx, request.getDeletes()));
            case ROW_INSERTS:
                return new Output.AffectedRows(engine.insertRows(ctx, request.getRowInserts()));
            case ROW_DELETES:
                return new Output.AffectedRows(engine.deleteRows(ctx, request.getRowDeletes()));
            case DDL:
                return new Output.AffectedRows(engine.ddl(ctx, request.getDdl()));
            default:
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "Invalid request parameter: missing request in GreptimeRequest");
        }
    }

    private Output query(QueryContext ctx, QueryRequest query, BufferAllocator allocator) {
        if (query.getQueryCase() == QueryRequest.QueryCase.PROM_RANGE_QUERY) {
            return PromqlService.rangeRows(engine, ctx, query.getPromRangeQuery(), allocator);
        }
        if (query.getQueryCase() != QueryRequest.QueryCase.SQL) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Not supported: query kind " + query.getQueryCase() + " in the embedded server");
        }
        if (StatementCounter.count(query.getSql()) > 1) {
            throw new GreptimeError(StatusCode.UNSUPPORTED, MULTIPLE_STATEMENTS);
        }
        return engine.execute(ctx, query.getSql(), allocator);
    }
}
