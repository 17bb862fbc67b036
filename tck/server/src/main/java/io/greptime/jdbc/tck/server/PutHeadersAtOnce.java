package io.greptime.jdbc.tck.server;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Sends DoPut's response headers as soon as the call arrives, as GreptimeDB's tonic server does (its
 * {@code do_put} returns the response stream at once, and tonic writes the headers then). grpc-java sends
 * them only with the first message, so on the profiles that answer nothing before the client's schema
 * (v0.15 – v1.0.0-beta.2) a client that awaits the headers before sending its first frame, as the
 * official Rust ingester's bulk writer does ({@code do_put(request).await}), waited for ever.
 */
final class PutHeadersAtOnce implements ServerInterceptor {
    private static final String DO_PUT = "arrow.flight.protocol.FlightService/DoPut";

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!DO_PUT.equals(call.getMethodDescriptor().getFullMethodName())) {
            return next.startCall(call, headers);
        }
        call.sendHeaders(new Metadata());
        return next.startCall(
                new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                    @Override
                    public void sendHeaders(Metadata ignored) {
                        // already sent
                    }
                },
                headers);
    }
}
