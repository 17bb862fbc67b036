package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.HealthCheckResponse;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Sends the HealthCheck that decides whether an open breaker closes. Probes go out on channels of their
 * own, one per endpoint, never on the channel real calls use: a probe must not queue behind a bulk write
 * that fills the connection's flow-control window, and its answer must say whether the server is up
 * now, not whether an old connection still looks alive. Asynchronous: no thread waits for a probe
 * unless every endpoint is open.
 */
public interface HealthProber extends AutoCloseable {

    /** Completes with true when the endpoint answered a HealthCheck in time, false otherwise; never fails. */
    CompletableFuture<Boolean> probe(JdbcUrl.Endpoint endpoint);

    @Override
    void close();

    /** Opens a probe channel to an endpoint. */
    @FunctionalInterface
    interface ChannelOpener {
        ManagedChannel open(JdbcUrl.Endpoint endpoint) throws SQLException;
    }

    /** Probes over gRPC on dedicated channels opened by {@code opener}, with the given deadline. */
    static HealthProber overGrpc(ChannelOpener opener, long timeoutMillis) {
        return new Grpc(opener, timeoutMillis);
    }

    /** The gRPC prober; closes its channels with itself. */
    final class Grpc implements HealthProber {
        private final ChannelOpener opener;
        private final long timeoutMillis;
        private final Map<JdbcUrl.Endpoint, ManagedChannel> channels = new ConcurrentHashMap<>();

        Grpc(ChannelOpener opener, long timeoutMillis) {
            this.opener = opener;
            this.timeoutMillis = Math.max(1, timeoutMillis);
        }

        @Override
        public CompletableFuture<Boolean> probe(JdbcUrl.Endpoint endpoint) {
            CompletableFuture<Boolean> answer = new CompletableFuture<>();
            ManagedChannel channel;
            try {
                channel = channels.computeIfAbsent(endpoint, this::openUnchecked);
            } catch (IllegalStateException e) {
                answer.complete(false);
                return answer;
            }
            // A probe is a deliberate connection attempt: skip whatever reconnect backoff the channel is in.
            channel.resetConnectBackoff();
            HealthCheckGrpc.newStub(channel)
                    .withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS)
                    .healthCheck(HealthCheckRequest.getDefaultInstance(), new StreamObserver<HealthCheckResponse>() {
                        @Override
                        public void onNext(HealthCheckResponse value) {
                            answer.complete(true);
                        }

                        @Override
                        public void onError(Throwable t) {
                            answer.complete(false);
                        }

                        @Override
                        public void onCompleted() {
                            answer.complete(true);
                        }
                    });
            return answer;
        }

        private ManagedChannel openUnchecked(JdbcUrl.Endpoint endpoint) {
            try {
                return opener.open(endpoint);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void close() {
            channels.values().forEach(ManagedChannel::shutdownNow);
            for (ManagedChannel c : channels.values()) {
                try {
                    c.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
