package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.failover.BreakerState;
import io.greptime.jdbc.internal.failover.EndpointSet;
import io.greptime.jdbc.internal.failover.FailoverSettings;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.Router;
import io.grpc.Status;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouterTest {
    private final FakeClock clock = new FakeClock();
    private final FakeProber prober = new FakeProber();
    private final RecordingListener listener = new RecordingListener();

    private Router router(int endpoints, int retries, long deadlineMillis) {
        FailoverSettings s = Endpoints.settings("round_robin", retries, deadlineMillis);
        EndpointSet set = Endpoints.set(endpoints, s, clock, prober, listener);
        return new Router(set, s, listener, clock);
    }

    private static SQLException translate(Throwable t) {
        return t instanceof SQLException e ? e : new SQLException(t.getMessage(), "08006", t);
    }

    @Test
    void refusedConnection_failsOverToTheNextEndpoint() throws SQLException {
        Router r = router(3, 2, 0);
        List<Integer> tried = new ArrayList<>();
        int answer = r.call(
                OperationKind.WRITE,
                0,
                (e, progress, remaining) -> {
                    tried.add(e.address().port());
                    if (e.address().port() == 1) {
                        throw Status.UNAVAILABLE
                                .withDescription("Connection refused")
                                .asRuntimeException();
                    }
                    return 42;
                },
                RouterTest::translate);
        assertThat(answer).isEqualTo(42);
        assertThat(tried).hasSize(2).startsWith(1).doesNotHaveDuplicates();
        assertThat(listener.events).contains("retry WRITE h:1->h:" + tried.get(1));
    }

    /** A retryable server error on a write that may have been applied in part (fidelity audit A3). */
    private static RuntimeException retryableServerError() {
        io.grpc.Metadata trailers = new io.grpc.Metadata();
        trailers.put(
                io.grpc.Metadata.Key.of(
                        io.greptime.jdbc.proto.StatusCode.ERR_CODE_HEADER, io.grpc.Metadata.ASCII_STRING_MARSHALLER),
                "4008");
        trailers.put(
                io.grpc.Metadata.Key.of(
                        io.greptime.jdbc.proto.StatusCode.RETRY_HINT_HEADER, io.grpc.Metadata.ASCII_STRING_MARSHALLER),
                "retryable");
        return Status.UNAVAILABLE.withDescription("region busy").asRuntimeException(trailers);
    }

    @Test
    void retryableServerError_onAWrite_isRepeatedOnlyWhenTheWriteIsRepeatable() throws SQLException {
        Router r = router(3, 2, 0);
        List<Integer> tried = new ArrayList<>();
        Router.Attempt<Integer> failsOnce = (e, p, rem) -> {
            tried.add(e.address().port());
            if (tried.size() == 1) {
                throw retryableServerError();
            }
            return 7;
        };
        assertThatThrownBy(() -> r.call(OperationKind.WRITE, 0, failsOnce, RouterTest::translate, () -> false))
                .isInstanceOf(SQLException.class);
        assertThat(tried).as("an append-mode write is not sent twice").hasSize(1);
        assertThat(listener.events).anyMatch(s -> s.contains("may have been applied in part"));

        tried.clear();
        assertThat(r.call(OperationKind.WRITE, 0, failsOnce, RouterTest::translate, () -> true))
                .isEqualTo(7);
        assertThat(tried).as("a deduplicating table's write is").hasSize(2);

        tried.clear();
        assertThat(r.call(OperationKind.QUERY, 0, failsOnce, RouterTest::translate, () -> false))
                .as("reads are repeated as before")
                .isEqualTo(7);
    }

    @Test
    void writeCutByAConnectionClosingAfterItsGoAway_isRepeatedOnlyWhenRepeatable() throws SQLException {
        Router r = router(3, 2, 0);
        List<Integer> tried = new ArrayList<>();
        Router.Attempt<Integer> cutOnce = (e, p, rem) -> {
            tried.add(e.address().port());
            if (tried.size() == 1) {
                Progresses.markSent(p);
                throw Status.UNAVAILABLE
                        .withDescription("Connection closed after GOAWAY. HTTP/2 error code: NO_ERROR")
                        .asRuntimeException();
            }
            return 5;
        };
        assertThatThrownBy(() -> r.call(OperationKind.WRITE, 0, cutOnce, RouterTest::translate, () -> false))
                .isInstanceOf(SQLException.class);
        assertThat(tried)
                .as("the server saw the stream: an append-mode write is not sent twice")
                .hasSize(1);

        tried.clear();
        assertThat(r.call(OperationKind.WRITE, 0, cutOnce, RouterTest::translate, () -> true))
                .isEqualTo(5);
        assertThat(tried)
                .as("a deduplicating table's write is repeated elsewhere")
                .hasSize(2);
    }

    @Test
    void retryBudget_boundsTheAttempts() {
        Router r = router(3, 1, 0);
        List<Integer> tried = new ArrayList<>();
        assertThatThrownBy(() -> r.call(
                        OperationKind.QUERY,
                        0,
                        (e, p, rem) -> {
                            tried.add(e.address().port());
                            throw Status.UNAVAILABLE.asRuntimeException();
                        },
                        RouterTest::translate))
                .isInstanceOf(SQLException.class);
        assertThat(tried).hasSize(2);
        assertThat(listener.events).anyMatch(s -> s.contains("retry budget of 1 spent"));
    }

    @Test
    void deadline_stopsRetriesOnceReached() {
        Router r = router(3, 5, 100);
        List<Integer> tried = new ArrayList<>();
        assertThatThrownBy(() -> r.call(
                        OperationKind.QUERY,
                        0,
                        (e, p, rem) -> {
                            tried.add(e.address().port());
                            clock.advanceMillis(60);
                            throw Status.UNAVAILABLE.asRuntimeException();
                        },
                        RouterTest::translate))
                .isInstanceOf(SQLException.class);
        assertThat(tried).hasSize(2);
        assertThat(listener.events).anyMatch(s -> s.contains("failoverTimeout reached"));
    }

    @Test
    void statementTimeout_shrinksForLaterAttempts() throws SQLException {
        Router r = router(2, 2, 0);
        List<Long> remaining = new ArrayList<>();
        r.call(
                OperationKind.QUERY,
                1000,
                (e, p, rem) -> {
                    remaining.add(rem);
                    if (remaining.size() == 1) {
                        clock.advanceMillis(400);
                        throw Status.UNAVAILABLE.asRuntimeException();
                    }
                    return 1;
                },
                RouterTest::translate);
        assertThat(remaining).containsExactly(1000L, 600L);
    }

    @Test
    void breakerOpens_thenTrafficAvoidsTheEndpoint_untilAProbeClosesIt() throws SQLException {
        Router r = router(2, 0, 0);
        prober.down.add(1);
        for (int i = 0; i < 4; i++) {
            try {
                r.call(
                        OperationKind.QUERY,
                        0,
                        (e, p, rem) -> {
                            if (e.address().port() == 1) {
                                throw Status.UNAVAILABLE.asRuntimeException();
                            }
                            return 0;
                        },
                        RouterTest::translate);
            } catch (SQLException expected) {
                // calls that went to h:1 while it was down
            }
        }
        assertThat(r.endpoints().all().get(0).breaker().state()).isEqualTo(BreakerState.OPEN);
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports.add(r.call(OperationKind.QUERY, 0, (e, p, rem) -> e.address().port(), RouterTest::translate));
        }
        assertThat(ports).containsOnly(2);
        assertThat(prober.probed).as("no probe before the cooldown").isEmpty();

        clock.advanceMillis(1000);
        r.call(OperationKind.QUERY, 0, (e, p, rem) -> 0, RouterTest::translate);
        assertThat(prober.probed).containsExactly(1);
        assertThat(r.endpoints().all().get(0).breaker().state())
                .as("probe failed")
                .isEqualTo(BreakerState.OPEN);

        prober.down.clear();
        clock.advanceMillis(1000);
        r.call(OperationKind.QUERY, 0, (e, p, rem) -> 0, RouterTest::translate);
        assertThat(r.endpoints().all().get(0).breaker().state()).isEqualTo(BreakerState.CLOSED);
        assertThat(listener.events)
                .containsSubsequence(
                        "h:1 CLOSED->OPEN",
                        "h:1 OPEN->HALF_OPEN",
                        "h:1 HALF_OPEN->OPEN",
                        "h:1 OPEN->HALF_OPEN",
                        "h:1 HALF_OPEN->CLOSED");
    }

    @Test
    void everyBreakerOpen_probesAtOnce_insteadOfFailingFast() throws SQLException {
        Router r = router(1, 0, 0);
        for (int i = 0; i < 2; i++) {
            r.endpoints().failed(r.endpoints().all().get(0));
        }
        int answer = r.call(OperationKind.WRITE, 0, (e, p, rem) -> 7, RouterTest::translate);
        assertThat(answer).isEqualTo(7);
        assertThat(prober.probed).containsExactly(1);
    }

    @Test
    void everyBreakerOpen_andEveryProbeFailing_isATransientConnectionError() {
        Router r = router(2, 0, 0);
        prober.down.add(1);
        prober.down.add(2);
        r.endpoints().all().forEach(e -> {
            r.endpoints().failed(e);
            r.endpoints().failed(e);
        });
        assertThatThrownBy(() -> r.call(OperationKind.WRITE, 0, (e, p, rem) -> 7, RouterTest::translate))
                .isInstanceOf(SQLTransientConnectionException.class)
                .hasMessageContaining("No GreptimeDB endpoint");
    }
}
