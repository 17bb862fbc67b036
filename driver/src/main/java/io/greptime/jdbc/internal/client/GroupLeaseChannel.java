package io.greptime.jdbc.internal.client;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.RejectedExecutionException;
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
        try {
            super.shutdown();
        } catch (RejectedExecutionException loopEnded) {
            // its transport's loop has ended (#29): nothing is left to shut down there; the lease still goes back
        } finally {
            releaseWhenTerminated();
        }
        return this;
    }

    @Override
    public ManagedChannel shutdownNow() {
        try {
            super.shutdownNow();
        } catch (RejectedExecutionException loopEnded) {
            // as in shutdown()
        } finally {
            releaseWhenTerminated();
        }
        return this;
    }

    private void releaseWhenTerminated() {
        if (!watching.compareAndSet(false, true)) {
            return;
        }
        try {
            watch = group.scheduleWithFixedDelay(this::releaseIfTerminated, 0, CHECK_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException loopEnded) {
            // the group has a loop that ended: it is retired, and nothing can wait on it; give the lease back now
            if (released.compareAndSet(false, true)) {
                transport.release(group);
            }
        }
    }

    /**
     * Whether the group this channel runs on has a loop that ended (an {@link Error} killed its thread):
     * the channel's transports may sit on that loop, so the owner replaces the channel.
     */
    boolean onBrokenGroup() {
        return !NettyTransport.usable(group);
    }

    private void releaseIfTerminated() {
        // on a broken group the channel may never terminate (its transport's loop is gone): give the lease back
        if (released.get() || delegate.isTerminated() || onBrokenGroup()) {
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
