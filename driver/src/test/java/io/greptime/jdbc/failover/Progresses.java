package io.greptime.jdbc.failover;

import io.greptime.jdbc.internal.failover.CallProgress;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientStreamTracer;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;

/** Drives a {@link CallProgress} through grpc's own tracer hooks, as a real call would. */
final class Progresses {
    private Progresses() {}

    /** Marks {@code p} as having handed its request message to a transport; returns it. */
    static CallProgress markSent(CallProgress p) {
        ClientStreamTracer.Factory[] factory = new ClientStreamTracer.Factory[1];
        Channel capture = new Channel() {
            @Override
            public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> m, CallOptions o) {
                factory[0] = o.getStreamTracerFactories().get(0);
                return null;
            }

            @Override
            public String authority() {
                return "test";
            }
        };
        p.interceptor().interceptCall(null, CallOptions.DEFAULT, capture);
        factory[0]
                .newClientStreamTracer(
                        ClientStreamTracer.StreamInfo.newBuilder().build(), new Metadata())
                .outboundMessage(0);
        return p;
    }
}
