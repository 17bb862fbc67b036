package io.greptime.jdbc.tck.server;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Compresses responses with gzip (or zstd) when the client advertises it, as GreptimeDB's tonic services do
 * (protocol.md §10: every service but HealthCheck sends gzip/zstd on request). grpc-java clients
 * advertise gzip by default, so against a real server they receive gzip frames.
 */
final class TransportCompression implements ServerInterceptor {
    private static final Metadata.Key<String> ACCEPT_ENCODING =
            Metadata.Key.of("grpc-accept-encoding", Metadata.ASCII_STRING_MARSHALLER);

    private final java.util.concurrent.atomic.AtomicLong gzipped = new java.util.concurrent.atomic.AtomicLong();

    /** Calls whose responses were gzipped because the client said it accepts gzip (zstd ones not counted). */
    long gzippedCalls() {
        return gzipped.get();
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String accepted = headers.get(ACCEPT_ENCODING);
        if (accepted != null && accepted.contains("gzip")) {
            call.setCompression("gzip");
            gzipped.incrementAndGet();
        } else if (accepted != null && accepted.contains("zstd")) {
            call.setCompression("zstd");
        }
        return next.startCall(call, headers);
    }
}
