package io.greptime.jdbc.internal.observe;

import io.grpc.ClientStreamTracer;
import io.grpc.Metadata;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the bytes one call moved on the wire, from gRPC's per-message stream tracer callbacks (one per
 * message: per record batch on Flight streams, never per row).
 */
final class WireBytes extends ClientStreamTracer.Factory {
    final AtomicLong in = new AtomicLong();
    final AtomicLong out = new AtomicLong();

    @Override
    public ClientStreamTracer newClientStreamTracer(ClientStreamTracer.StreamInfo info, Metadata headers) {
        return new ClientStreamTracer() {
            @Override
            public void outboundWireSize(long bytes) {
                out.addAndGet(bytes);
            }

            @Override
            public void inboundWireSize(long bytes) {
                in.addAndGet(bytes);
            }
        };
    }
}
