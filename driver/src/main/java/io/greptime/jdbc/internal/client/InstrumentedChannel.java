package io.greptime.jdbc.internal.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;

/**
 * A channel whose calls pass through an interceptor (the connection's observability); everything else (lifecycle, state) is
 * the wrapped channel's.
 */
final class InstrumentedChannel extends ForwardingManagedChannel {
    private final Channel intercepted;

    InstrumentedChannel(ManagedChannel delegate, ClientInterceptor interceptor) {
        super(delegate);
        this.intercepted = ClientInterceptors.intercept(delegate, interceptor);
    }

    @Override
    public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
        return intercepted.newCall(method, options);
    }
}
