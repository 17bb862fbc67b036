package io.greptime.jdbc.tck.server;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * Which thread runs each call's handler and callbacks on the TCP server. gRPC's default executor hands a
 * DoGet to an application thread three times before its handler starts: the method lookup, then (from
 * there) the request for the ticket, which the event loop answers, then the ticket's delivery. On two
 * busy cores each hand-off waits for a core. The server therefore runs with gRPC's direct executor, and
 * this puts every call on {@link #calls} again, with its callbacks in order on one thread at a time, as
 * gRPC's default does:
 *
 * <ul>
 *   <li>every method but DoGet through {@link ServerCallExecutorSupplier} (gRPC's own serializing
 *       executor over {@link #calls}): interceptors, handlers and callbacks run exactly as before, only
 *       the method lookup stays on the event loop;
 *   <li>DoGet through {@link #interceptCall}, the outermost interceptor: on the event loop it asks for
 *       the ticket at once and takes it with the half-close, then hands interceptors, handler and every
 *       callback over to {@link #calls} in order; the first hand-off carries the ticket, so the handler
 *       starts after one hand-off instead of three.
 * </ul>
 *
 * Nothing else runs on the event loop: no interceptor (some sleep on purpose), no handler, no engine
 * work. The call context's cancellation listeners do run there (a direct executor cancels contexts on
 * the transport's thread), so the server's listeners hand their work to another thread.
 */
final class CallDispatch implements ServerCallExecutorSupplier, ServerInterceptor {
    private static final Logger LOG = Logger.getLogger(CallDispatch.class.getName());
    private static final String DO_GET = FlightServiceGrpc.getDoGetMethod().getFullMethodName();

    private final Executor calls;

    CallDispatch(Executor calls) {
        this.calls = calls;
    }

    @Override
    public <Q, R> Executor getExecutor(ServerCall<Q, R> call, Metadata metadata) {
        // null: the call stays on the direct executor, where interceptCall takes it
        return isDoGet(call) ? null : calls;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!isDoGet(call)) {
            return next.startCall(call, headers);
        }
        return new Offloaded<>(call, headers, next, new InOrder(calls));
    }

    private static boolean isDoGet(ServerCall<?, ?> call) {
        return DO_GET.equals(call.getMethodDescriptor().getFullMethodName());
    }

    /**
     * A call's listener that forwards every callback, in order, to the listener the inner handler starts
     * on another thread, each in the call's context.
     */
    private static final class Offloaded<Q, R> extends ServerCall.Listener<Q> {
        private final ServerCall<Q, R> call;
        private final InOrder executor;
        private final Context context = Context.current();
        /** Only touched by tasks of {@link #executor}, one at a time. */
        private ServerCall.Listener<Q> delegate;

        Offloaded(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, InOrder executor) {
            this.call = call;
            this.executor = executor;
            submit(() -> delegate = next.startCall(call, headers), true);
            // the ticket now, on the event loop, not once the handler (on another thread) asks for it;
            // the handler's own request adds credit the client never uses (DoGet has one request message)
            call.request(1);
        }

        @Override
        public void onMessage(Q message) {
            submit(() -> delegate.onMessage(message), false);
        }

        @Override
        public void onHalfClose() {
            submit(() -> delegate.onHalfClose(), false);
        }

        @Override
        public void onCancel() {
            submit(() -> delegate.onCancel(), false);
        }

        @Override
        public void onComplete() {
            submit(() -> delegate.onComplete(), false);
        }

        @Override
        public void onReady() {
            submit(() -> delegate.onReady(), false);
        }

        private void submit(Runnable callback, boolean start) {
            executor.execute(context.wrap(() -> {
                if (delegate == null && !start) {
                    return; // the handler failed to start: the call is closed already
                }
                try {
                    callback.run();
                } catch (RuntimeException | Error e) {
                    if (start) {
                        delegate = null;
                    }
                    close(e, start);
                    if (e instanceof Error error) {
                        throw error;
                    }
                }
            }));
        }

        /** As gRPC closes a call whose handler threw. */
        private void close(Throwable t, boolean start) {
            Status status = start
                    ? Status.fromThrowable(t)
                    : Status.UNKNOWN
                            .withDescription("Application error processing RPC")
                            .withCause(t);
            try {
                call.close(status, new Metadata());
            } catch (IllegalStateException closed) {
                LOG.log(Level.FINE, "DoGet closed before its failure could be sent", t);
            }
        }
    }

    /**
     * Runs tasks on {@link #target} one at a time, in the order given (gRPC's serializing executor is
     * internal API). A task waits only for those of the same call.
     */
    static final class InOrder implements Executor {
        private final Executor target;
        private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean running = new AtomicBoolean();

        InOrder(Executor target) {
            this.target = target;
        }

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
            schedule();
        }

        private void schedule() {
            if (!running.compareAndSet(false, true)) {
                return;
            }
            try {
                target.execute(this::drain);
            } catch (RejectedExecutionException e) {
                // the server is shutting down and cancels the call anyway
                tasks.clear();
                running.set(false);
            }
        }

        private void drain() {
            try {
                for (Runnable task = tasks.poll(); task != null; task = tasks.poll()) {
                    try {
                        task.run();
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "a DoGet callback failed", e);
                    }
                }
            } finally {
                running.set(false);
            }
            if (!tasks.isEmpty()) {
                schedule();
            }
        }
    }
}
