package io.greptime.jdbc.internal.client;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import java.util.concurrent.TimeUnit;

/**
 * A ManagedChannel that hands its lifecycle and state to another one and leaves only {@code newCall} to
 * the subclass: the shape of every channel wrapper here (counting calls for leases, instrumenting them
 * for metrics). ManagedChannel rather than Channel because Flight's shared-channel client needs one.
 */
public abstract class ForwardingManagedChannel extends ManagedChannel {
    /** The wrapped channel; shutting this one down shuts it down. */
    protected final ManagedChannel delegate;

    protected ForwardingManagedChannel(ManagedChannel delegate) {
        this.delegate = delegate;
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
