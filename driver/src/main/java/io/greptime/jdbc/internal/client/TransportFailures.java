package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The last transport-level failure (UNAVAILABLE or DEADLINE_EXCEEDED) of a call to each endpoint, recorded
 * by an interceptor on every channel {@link ChannelFactory} builds. A connection whose first call failed
 * reads the reason here instead of connecting again, so its error can say what went wrong (an expired
 * certificate, a refused connection) within {@code connectTimeout}.
 */
final class TransportFailures {
    private record Failure(Status status, long atNanos) {}

    private static final Map<JdbcUrl.Endpoint, Failure> LAST = new ConcurrentHashMap<>();

    private TransportFailures() {}

    /** The interceptor that records failures of calls to {@code endpoint}. */
    static ClientInterceptor recorder(JdbcUrl.Endpoint endpoint) {
        return new ClientInterceptor() {
            @Override
            public <Q, R> ClientCall<Q, R> interceptCall(
                    MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
                return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                    @Override
                    public void start(Listener<R> listener, Metadata headers) {
                        super.start(
                                new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                    @Override
                                    public void onClose(Status status, Metadata trailers) {
                                        record(endpoint, status);
                                        super.onClose(status, trailers);
                                    }
                                },
                                headers);
                    }
                };
            }
        };
    }

    private static void record(JdbcUrl.Endpoint endpoint, Status status) {
        Status.Code code = status.getCode();
        if (code == Status.Code.UNAVAILABLE || code == Status.Code.DEADLINE_EXCEEDED) {
            LAST.put(endpoint, new Failure(status, System.nanoTime()));
        } else if (code == Status.Code.OK) {
            LAST.remove(endpoint);
        }
    }

    /** The failure recorded for {@code endpoint} within the last {@code withinMillis}, or null. */
    static Status recent(JdbcUrl.Endpoint endpoint, long withinMillis) {
        Failure f = LAST.get(endpoint);
        if (f == null || System.nanoTime() - f.atNanos() > TimeUnit.MILLISECONDS.toNanos(withinMillis)) {
            return null;
        }
        return f.status();
    }
}
