package io.greptime.jdbc.tck.server;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Makes each call's request metadata visible to the service code (hints, {@code x-greptime-db-name},
 * DoPut credentials), which grpc-java's generated service methods do not otherwise see.
 */
final class CallMetadata implements ServerInterceptor {
    private static final Context.Key<Metadata> KEY = Context.key("greptime-request-metadata");

    /** The metadata of the call this thread serves; empty outside a call. */
    static Metadata current() {
        Metadata metadata = KEY.get();
        return metadata == null ? new Metadata() : metadata;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return Contexts.interceptCall(Context.current().withValue(KEY, headers), call, headers, next);
    }
}
