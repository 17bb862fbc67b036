package io.greptime.jdbc.internal.observe;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptors;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import java.util.concurrent.TimeUnit;

/**
 * A channel whose calls pass through a {@link CallInterceptor}; everything else (lifecycle, state) is
 * the wrapped channel's. A ManagedChannel rather than a plain Channel because Flight's shared-channel
 * client needs one.
 */
final class InstrumentedChannel extends ManagedChannel {
    private final ManagedChannel delegate;
    private final Channel intercepted;

    InstrumentedChannel(ManagedChannel delegate, CallInterceptor interceptor) {
        this.delegate = delegate;
        this.intercepted = ClientInterceptors.intercept(delegate, interceptor);
    }

    @Override
    public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
        return intercepted.newCall(method, options);
    }

    @Override
    public String authority() {
        return delegate.authority();
    }

    @Override
    public ManagedChannel shutdown() {
        delegate.shutdown();
        return this;
    }

    @Override
    public boolean isShutdown() {
        return delegate.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return delegate.isTerminated();
    }

    @Override
    public ManagedChannel shutdownNow() {
        delegate.shutdownNow();
        return this;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return delegate.awaitTermination(timeout, unit);
    }

    @Override
    public ConnectivityState getState(boolean requestConnection) {
        return delegate.getState(requestConnection);
    }

    @Override
    public void notifyWhenStateChanged(ConnectivityState source, Runnable callback) {
        delegate.notifyWhenStateChanged(source, callback);
    }

    @Override
    public void resetConnectBackoff() {
        delegate.resetConnectBackoff();
    }

    @Override
    public void enterIdle() {
        delegate.enterIdle();
    }
}
