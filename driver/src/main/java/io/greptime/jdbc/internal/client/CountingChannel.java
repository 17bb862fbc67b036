package io.greptime.jdbc.internal.client;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A channel that counts its calls in flight (started and not yet closed), so a worker pool can lease the
 * least busy one. Counting happens on the threads that start and end calls (the caller and netty's event
 * loop); nothing is scheduled elsewhere.
 */
final class CountingChannel extends ForwardingManagedChannel {
    private final AtomicInteger inFlight = new AtomicInteger();

    CountingChannel(ManagedChannel delegate) {
        super(delegate);
    }

    /** Calls started on this channel and not yet closed. */
    int inFlight() {
        return inFlight.get();
    }

    @Override
    public <Q, R> ClientCall<Q, R> newCall(MethodDescriptor<Q, R> method, CallOptions options) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(delegate.newCall(method, options)) {
            private final AtomicBoolean ended = new AtomicBoolean();

            @Override
            public void start(Listener<R> listener, Metadata headers) {
                inFlight.incrementAndGet();
                try {
                    super.start(
                            new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                @Override
                                public void onClose(Status status, Metadata trailers) {
                                    end();
                                    super.onClose(status, trailers);
                                }
                            },
                            headers);
                } catch (RuntimeException e) {
                    end();
                    throw e;
                }
            }

            private void end() {
                if (ended.compareAndSet(false, true)) {
                    inFlight.decrementAndGet();
                }
            }
        };
    }
}
