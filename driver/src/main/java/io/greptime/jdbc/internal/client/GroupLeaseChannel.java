package io.greptime.jdbc.internal.client;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A netty channel that holds a lease of its transport's event loop group ({@link NettyTransport#lease})
 * and gives it back once it has terminated, not merely been shut down: until then its transports still
 * run on the group, and a group shut down under them would fail their last writes and closes. gRPC says
 * nothing when a channel terminates, so after the shutdown a task on the group checks every
 * {@link #CHECK_MILLIS} (a channel that is never shut down keeps its lease, as it keeps its sockets).
 */
final class GroupLeaseChannel extends ForwardingManagedChannel {
    static final long CHECK_MILLIS = 200;

    private final NettyTransport transport;
    private final EventLoopGroup group;
    private final AtomicBoolean watching = new AtomicBoolean();
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile ScheduledFuture<?> watch;

    GroupLeaseChannel(ManagedChannel delegate, NettyTransport transport, EventLoopGroup group) {
        super(delegate);
        this.transport = transport;
        this.group = group;
    }

    @Override
    public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
        return delegate.newCall(method, options);
    }

    @Override
    public ManagedChannel shutdown() {
        super.shutdown();
        releaseWhenTerminated();
        return this;
    }

    @Override
    public ManagedChannel shutdownNow() {
        super.shutdownNow();
        releaseWhenTerminated();
        return this;
    }

    private void releaseWhenTerminated() {
        if (!watching.compareAndSet(false, true)) {
            return;
        }
        watch = group.scheduleWithFixedDelay(this::releaseIfTerminated, 0, CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void releaseIfTerminated() {
        if (released.get() || delegate.isTerminated()) {
            ScheduledFuture<?> w = watch;
            if (w != null) {
                w.cancel(false); // a first run before the field was set leaves this to the next one
            }
            if (released.compareAndSet(false, true)) {
                transport.release(group);
            }
        }
    }
}
