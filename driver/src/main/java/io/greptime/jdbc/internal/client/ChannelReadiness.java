package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Connecting a channel within a time: it must reach READY (name resolved, socket connected, TLS handshake
 * and HTTP/2 preface done), else this says why. gRPC's connectivity states carry no reason, so when the
 * channel fails, one call on it (which fails at once with the transport's status) tells why; that call
 * never reaches a server.
 */
final class ChannelReadiness {
    private ChannelReadiness() {}

    /**
     * Waits until {@code channel} is READY.
     *
     * @throws SQLException 08001 on failure or timeout; the caller shuts the channel down
     */
    static void await(ManagedChannel channel, JdbcUrl.Endpoint endpoint, long timeoutMillis, boolean tls)
            throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(1, timeoutMillis));
        ConnectivityState state = channel.getState(true);
        while (state != ConnectivityState.READY) {
            if (state == ConnectivityState.TRANSIENT_FAILURE || state == ConnectivityState.SHUTDOWN) {
                SQLException failure = diagnose(channel, endpoint, tls);
                if (failure != null) {
                    throw failure;
                }
                // the diagnosing call went through: the channel recovered meanwhile
            } else if (!awaitChange(channel, endpoint, state, deadline - System.nanoTime())) {
                throw timedOut(endpoint, timeoutMillis);
            }
            state = channel.getState(true);
        }
    }

    /** The error of a connection that was not ready in time. */
    static SQLException timedOut(JdbcUrl.Endpoint endpoint, long timeoutMillis) {
        return new SQLTransientConnectionException(
                "Cannot connect to GreptimeDB at " + endpoint + " within " + timeoutMillis
                        + " ms (connectTimeout covers name resolution, connect and TLS handshake)",
                SqlState.CANNOT_CONNECT.code());
    }

    private static boolean awaitChange(
            ManagedChannel channel, JdbcUrl.Endpoint endpoint, ConnectivityState from, long nanosLeft)
            throws SQLException {
        if (nanosLeft <= 0) {
            return false;
        }
        CountDownLatch changed = new CountDownLatch(1);
        channel.notifyWhenStateChanged(from, changed::countDown);
        try {
            return changed.await(nanosLeft, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException(
                    "Interrupted while connecting to " + endpoint, SqlState.CANNOT_CONNECT.code(), e);
        }
    }

    /** The failed channel's reason, read from one fail-fast call; null when that call succeeded. */
    private static SQLException diagnose(ManagedChannel channel, JdbcUrl.Endpoint endpoint, boolean tls) {
        try {
            HealthCheckGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(2, TimeUnit.SECONDS)
                    .healthCheck(HealthCheckRequest.getDefaultInstance());
            return null;
        } catch (StatusRuntimeException e) {
            return ConnectFailures.translate(e.getStatus(), endpoint, tls);
        }
    }
}
