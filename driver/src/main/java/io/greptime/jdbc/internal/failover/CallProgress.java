package io.greptime.jdbc.internal.failover;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientStreamTracer;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Whether one attempt's request may have reached a server: a stream tracer notes when grpc-java hands a
 * request message to a transport. An attempt that failed before that (no connection, a channel in
 * backoff, a stream refused before it started) sent nothing, so it is safe to repeat whatever it was.
 */
public final class CallProgress {
    private final AtomicBoolean messageSent = new AtomicBoolean();
    private final AtomicBoolean responded = new AtomicBoolean();

    /** True once a request message went to a transport (it may or may not have reached the server). */
    public boolean messageSent() {
        return messageSent.get();
    }

    /** True once response headers arrived: the server has seen the call. */
    public boolean responded() {
        return responded.get();
    }

    /** An interceptor that installs this attempt's tracer on the calls it intercepts. */
    public ClientInterceptor interceptor() {
        ClientStreamTracer.Factory factory = new ClientStreamTracer.Factory() {
            @Override
            public ClientStreamTracer newClientStreamTracer(ClientStreamTracer.StreamInfo info, Metadata headers) {
                return new ClientStreamTracer() {
                    @Override
                    public void outboundMessage(int seqNo) {
                        messageSent.set(true);
                    }

                    @Override
                    public void inboundHeaders() {
                        responded.set(true);
                    }
                };
            }
        };
        return new ClientInterceptor() {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(
                    MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
                return next.newCall(method, options.withStreamTracerFactory(factory));
            }
        };
    }
}
