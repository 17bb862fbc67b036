package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.internal.client.ForwardingManagedChannel;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;

/**
 * A channel whose calls pass through a {@link CallInterceptor}; everything else (lifecycle, state) is
 * the wrapped channel's.
 */
final class InstrumentedChannel extends ForwardingManagedChannel {
    private final Channel intercepted;

    InstrumentedChannel(ManagedChannel delegate, CallInterceptor interceptor) {
        super(delegate);
        this.intercepted = ClientInterceptors.intercept(delegate, interceptor);
    }

    @Override
    public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
        return intercepted.newCall(method, options);
    }
}
