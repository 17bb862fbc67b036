package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.time.Duration;

/**
 * Deterministic faults for failover tests, all off until asked for: a delay before every call, failing
 * the next N calls with a GreptimeDB status, and cutting the next stream after N server messages. A
 * method filter is a full method name such as {@link #DO_GET}; null matches every method. Rules survive
 * {@link EmbeddedGreptimeServer#restart()}.
 */
public final class FaultInjector {
    public static final String HANDLE = "greptime.v1.GreptimeDatabase/Handle";
    public static final String HANDLE_REQUESTS = "greptime.v1.GreptimeDatabase/HandleRequests";
    public static final String HEALTH_CHECK = "greptime.v1.HealthCheck/HealthCheck";
    public static final String DO_GET = "arrow.flight.protocol.FlightService/DoGet";
    public static final String DO_PUT = "arrow.flight.protocol.FlightService/DoPut";

    private final Object rulesLock = new Object();
    private final java.util.concurrent.atomic.AtomicInteger active = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicLong started = new java.util.concurrent.atomic.AtomicLong();
    private final ErrorStatuses errors;
    private Duration delay = Duration.ZERO;
    private int failuresLeft;
    private String failMethod;
    private StatusCode failCode;
    private int dropsLeft;
    private String dropMethod;
    private int dropAfter;

    FaultInjector(ErrorStatuses errors) {
        this.errors = errors;
    }

    /** Every call waits this long before it is handled ({@link Duration#ZERO} turns it off). */
    public void delayCalls(Duration callDelay) {
        synchronized (rulesLock) {
            delay = callDelay;
        }
    }

    /** The next {@code count} calls of {@code fullMethodName} (any method if null) fail with {@code code}. */
    public void failNextCalls(int count, String fullMethodName, StatusCode code) {
        synchronized (rulesLock) {
            failuresLeft = count;
            failMethod = fullMethodName;
            failCode = code;
        }
    }

    /**
     * The next call of {@code fullMethodName} (any if null) is cut after the server sent
     * {@code messages} messages: it ends with UNAVAILABLE as if the connection had been lost, and the
     * handler sees the call as cancelled.
     */
    public void dropStreamAfter(int messages, String fullMethodName) {
        synchronized (rulesLock) {
            dropsLeft = 1;
            dropMethod = fullMethodName;
            dropAfter = messages;
        }
    }

    /** Turns every fault off. */
    public void reset() {
        synchronized (rulesLock) {
            delay = Duration.ZERO;
            failuresLeft = 0;
            dropsLeft = 0;
        }
    }

    ServerInterceptor interceptor() {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
                return intercept(call, headers, next);
            }
        };
    }

    private <Q, R> ServerCall.Listener<Q> intercept(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        Duration wait;
        StatusCode fail = null;
        int dropAt = -1;
        synchronized (rulesLock) {
            wait = delay;
            if (failuresLeft > 0 && matches(failMethod, method)) {
                failuresLeft--;
                fail = failCode;
            } else if (dropsLeft > 0 && matches(dropMethod, method)) {
                dropsLeft--;
                dropAt = dropAfter;
            }
        }
        active.incrementAndGet();
        started.incrementAndGet();
        call = new CountedCall<>(call, active);
        sleep(wait);
        if (fail != null) {
            var status = errors.of(fail, "Injected fault: " + fail);
            call.close(status.getStatus(), status.getTrailers());
            return new ServerCall.Listener<>() {};
        }
        CountedCall<Q, R> counted = (CountedCall<Q, R>) call;
        ServerCall.Listener<Q> listener = next.startCall(dropAt < 0 ? call : new DroppingCall<>(call, dropAt), headers);
        return new io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onCancel() {
                counted.finish();
                super.onCancel();
            }

            @Override
            public void onComplete() {
                counted.finish();
                super.onComplete();
            }
        };
    }

    /** Calls this server has started since it was built (HealthChecks included), to see where clients went. */
    public long startedCalls() {
        return started.get();
    }

    /** Calls started and not yet closed or cancelled. */
    int activeCalls() {
        return active.get();
    }

    private static boolean matches(String filter, String method) {
        return filter == null || filter.equals(method);
    }

    private static void sleep(Duration wait) {
        if (wait.isZero()) {
            return;
        }
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Counts itself out of {@link #activeCalls()} once, when it closes or the client cancels it. */
    private static final class CountedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private final java.util.concurrent.atomic.AtomicInteger active;
        private final java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();

        CountedCall(ServerCall<Q, R> delegate, java.util.concurrent.atomic.AtomicInteger active) {
            super(delegate);
            this.active = active;
        }

        @Override
        public void close(Status status, Metadata trailers) {
            finish();
            super.close(status, trailers);
        }

        void finish() {
            if (done.compareAndSet(false, true)) {
                active.decrementAndGet();
            }
        }
    }

    /** Lets {@code limit} messages through, then ends the call with UNAVAILABLE and drops the rest. */
    private static final class DroppingCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private final int limit;
        private int sent;
        private volatile boolean dropped;

        DroppingCall(ServerCall<Q, R> delegate, int limit) {
            super(delegate);
            this.limit = limit;
        }

        @Override
        public void sendMessage(R message) {
            if (dropped) {
                return;
            }
            if (sent >= limit) {
                dropped = true;
                super.close(
                        Status.UNAVAILABLE.withDescription("connection dropped by fault injection"), new Metadata());
                return;
            }
            sent++;
            super.sendMessage(message);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            if (!dropped) {
                dropped = true;
                super.close(status, trailers);
            }
        }

        @Override
        public boolean isCancelled() {
            return dropped || super.isCancelled();
        }
    }
}
