package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.PromRangeQuery;
import io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.proto.v1.PromqlResponse;
import io.greptime.jdbc.proto.v1.ResponseHeader;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.promql.PromQueries;
import io.grpc.stub.StreamObserver;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code PrometheusGateway/Handle}: PromQL instant and range queries answered with Prometheus HTTP API
 * JSON. As in GreptimeDB, query failures travel in-band (status "error" in the JSON, gRPC OK); only a
 * missing query or failed authentication is a gRPC error.
 */
final class PromqlService extends PrometheusGatewayGrpc.PrometheusGatewayImplBase {
    private final Engine engine;
    private final Authenticator authenticator;
    private final ErrorStatuses errors;

    PromqlService(Engine engine, Authenticator authenticator, ErrorStatuses errors) {
        this.engine = engine;
        this.authenticator = authenticator;
        this.errors = errors;
    }

    @Override
    public void handle(PromqlRequest request, StreamObserver<PromqlResponse> responses) {
        byte[] body;
        try {
            body = answer(request);
        } catch (RuntimeException e) {
            responses.onError(errors.from(e));
            return;
        }
        responses.onNext(PromqlResponse.newBuilder()
                .setHeader(ResponseHeader.newBuilder()
                        .setStatus(io.greptime.jdbc.proto.v1.Status.newBuilder().setStatusCode(0)))
                .setBody(com.google.protobuf.ByteString.copyFrom(body))
                .build());
        responses.onCompleted();
    }

    private byte[] answer(PromqlRequest request) {
        if (request.getPromqlCase() == PromqlRequest.PromqlCase.PROMQL_NOT_SET) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid query: Expecting non-empty PromqlRequest.");
        }
        String user = authenticator.authenticate(request.getHeader());
        QueryContext ctx =
                RequestContexts.fromHeader(request.getHeader(), CallMetadata.current(), user, ServerProfile.V1_3);
        if (request.getPromqlCase() == PromqlRequest.PromqlCase.RANGE_QUERY) {
            PromQueries.Params p = params(request.getRangeQuery());
            return engine.withSeries(ctx, src -> PromQueries.rangeJson(src, p));
        }
        var q = request.getInstantQuery();
        return engine.withSeries(ctx, src -> PromQueries.instantJson(src, q.getQuery(), q.getTime(), q.getLookback()));
    }

    static PromQueries.Params params(PromRangeQuery q) {
        return new PromQueries.Params(q.getQuery(), q.getStart(), q.getEnd(), q.getStep(), q.getLookback());
    }

    /** {@code QueryRequest.prom_range_query} over DoGet: the same rows a TQL EVAL would give. */
    static Output rangeRows(Engine engine, QueryContext ctx, PromRangeQuery q, BufferAllocator allocator) {
        PromQueries.Params p = params(q);
        return engine.withSeries(ctx, src -> new Output.Rows(PromQueries.rangeRows(src, p, allocator)));
    }
}
