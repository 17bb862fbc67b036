package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.failover.CallProgress;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.proto.StatusCode;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The retry table of docs/connecting.md ("What is retried"), row by row. */
class RetryRulesTest {

    private static StatusRuntimeException status(Status.Code code, String description, Integer errCode, String hint) {
        Metadata trailers = new Metadata();
        if (errCode != null) {
            trailers.put(
                    Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER), errCode.toString());
        }
        if (hint != null) {
            trailers.put(Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER), hint);
        }
        return Status.fromCode(code).withDescription(description).asRuntimeException(trailers);
    }

    /** A progress whose tracer saw the request message go to a transport. */
    private static CallProgress sent() {
        return Progresses.markSent(new CallProgress());
    }

    private static RetryRules.Verdict write(Throwable t, CallProgress p) {
        return RetryRules.judge(t, OperationKind.WRITE, p);
    }

    @Test
    void connectionRefused_beforeSending_isRetriedForWrites() {
        var refused = Status.UNAVAILABLE
                .withDescription("io exception")
                .withCause(new ConnectException("Connection refused"))
                .asRuntimeException();
        var v = write(refused, new CallProgress());
        assertThat(v.retry()).isTrue();
        assertThat(v.endpointFault()).isTrue();
    }

    @Test
    void connectionLost_afterSending_isNotRetriedForWrites_butCountsAgainstTheEndpoint() {
        var v = write(status(Status.Code.UNAVAILABLE, "Network closed for unknown reason", null, null), sent());
        assertThat(v.retry()).isFalse();
        assertThat(v.endpointFault()).isTrue();
        assertThat(v.reason()).contains("may have been applied");
    }

    @Test
    void connectionLost_ofAReadBeforeItsFirstRow_isRetried() {
        var v = RetryRules.judge(
                status(Status.Code.UNAVAILABLE, "Network closed", null, null), OperationKind.QUERY, sent());
        assertThat(v.retry()).isTrue();
    }

    @Test
    void goAwayRaceAfterARestart_isRetriedEvenForWrites() {
        for (String d : new String[] {
            "Abrupt GOAWAY closed unsent stream",
            "GOAWAY closed buffered stream",
            // a call created on a transport a graceful server shutdown had just closed (seen under load in
            // FrontendDeathTest: DDL on a sticky connection right after its frontend stopped)
            "GOAWAY shut down transport. HTTP/2 error code: NO_ERROR, debug data: app_requested",
            "Abrupt GOAWAY closed sent stream. HTTP/2 error code: NO_ERROR",
            // writes grpc-netty held while a new connection's HTTP/2 negotiation had not finished (seen in
            // FrontendDeathTest when the DDL reconnected to the frontend that had just stopped)
            "Connection closing while performing protocol negotiation for [greptime-close-on-connect-failure,"
                    + " ProtocolNegotiators$WaitUntilActiveHandler#0, WriteBufferingAndExceptionHandler#0,"
                    + " DefaultChannelPipeline$TailContext#0]",
            "Connection closed while performing protocol negotiation for [WriteBufferingAndExceptionHandler#0]"
        }) {
            assertThat(write(status(Status.Code.UNAVAILABLE, d, null, null), sent())
                            .retry())
                    .as(d)
                    .isTrue();
        }
    }

    @Test
    void streamTheServerSawBeforeItsGoAway_mayHaveBeenApplied() {
        // grpc-netty's status for a stream at or below the GOAWAY's last stream id when the connection then closes
        var v = write(
                status(
                        Status.Code.UNAVAILABLE,
                        "Connection closed after GOAWAY. HTTP/2 error code: NO_ERROR, debug data: graceful_stop",
                        null,
                        null),
                sent());
        assertThat(v.retry()).isTrue();
        assertThat(v.endpointFault()).isTrue();
        assertThat(v.mayHaveApplied())
                .as("the server had seen the stream; a write may be stored")
                .isTrue();
        assertThat(v.reason()).contains("may have processed it");
    }

    @Test
    void sentStreamAboveAGoAwayWithAnErrorCode_isNotRetriedForWrites() {
        // REFUSED_STREAM maps to UNAVAILABLE too, but only NO_ERROR promises the stream was not processed
        var v = write(
                status(
                        Status.Code.UNAVAILABLE,
                        "Abrupt GOAWAY closed sent stream. HTTP/2 error code: REFUSED_STREAM",
                        null,
                        null),
                sent());
        assertThat(v.retry()).isFalse();
    }

    @Test
    void brokenPipe_isRetried_butAResetAfterSendingIsNot() {
        var pipe = Status.UNAVAILABLE
                .withDescription("io exception")
                .withCause(new java.io.IOException("Broken pipe"))
                .asRuntimeException();
        assertThat(write(pipe, sent()).retry()).isTrue();
        var reset = Status.UNAVAILABLE
                .withDescription("io exception")
                .withCause(new java.io.IOException("Connection reset by peer"))
                .asRuntimeException();
        assertThat(write(reset, sent()).retry()).isFalse();
    }

    /**
     * netty refuses a write on a connection it has closed, and grpc-netty reports that as UNKNOWN "channel
     * closed" (a real cluster's answer to the first DDL after {@code kill -9} of a frontend): nothing went out,
     * so even a write is repeated elsewhere, and the endpoint is blamed.
     */
    @Test
    void writeOnAClosedConnection_isRetried_evenForWrites() {
        var closed = io.grpc.netty.NettyStatuses.of(new java.nio.channels.ClosedChannelException())
                .asRuntimeException();
        RetryRules.Verdict v = write(closed, sent());
        assertThat(v.retry()).isTrue();
        assertThat(v.endpointFault()).isTrue();
        // any other UNKNOWN stays unrepeated: the server may have applied it
        var other = Status.UNKNOWN.withDescription("channel closed").asRuntimeException();
        assertThat(write(other, sent()).retry()).isFalse();
    }

    @Test
    void refusedConnect_isRetried_evenWhenTheMessageWasQueued() {
        var refused = Status.UNAVAILABLE
                .withDescription("io exception")
                .withCause(new java.net.ConnectException("connect(..) failed: Connection refused"))
                .asRuntimeException();
        assertThat(write(refused, sent()).retry()).isTrue();
    }

    @Test
    void serverRetryHint_decides_whateverTheCode() {
        assertThat(write(status(Status.Code.RESOURCE_EXHAUSTED, "busy", 6001, "retryable"), sent())
                        .retry())
                .isTrue();
        var v = write(status(Status.Code.RESOURCE_EXHAUSTED, "exhausted", 6000, "non_retryable"), sent());
        assertThat(v.retry()).isFalse();
        assertThat(v.endpointFault()).isFalse();
    }

    @Test
    void withoutHint_theLegacyCodeListDecides() {
        assertThat(write(status(Status.Code.RESOURCE_EXHAUSTED, "x", 6000, null), sent())
                        .retry())
                .isTrue();
        assertThat(write(status(Status.Code.UNAVAILABLE, "x", 4008, null), sent())
                        .retry())
                .isTrue();
        assertThat(write(status(Status.Code.INTERNAL, "x", 1003, null), sent()).retry())
                .isTrue();
        assertThat(write(status(Status.Code.RESOURCE_EXHAUSTED, "x", 6001, null), sent())
                        .retry())
                .isFalse();
        assertThat(write(status(Status.Code.UNAVAILABLE, "x", 5000, "non_retryable"), sent())
                        .retry())
                .isFalse();
    }

    @Test
    void ordinaryServerErrors_areNeitherRetriedNorHeldAgainstTheEndpoint() {
        var v = write(status(Status.Code.INVALID_ARGUMENT, "syntax", 2000, "non_retryable"), sent());
        assertThat(v.retry()).isFalse();
        assertThat(v.endpointFault()).isFalse();
        assertThat(write(new SQLException("in-band status", "HY000"), sent()).retry())
                .isFalse();
    }

    @Test
    void deadlineAndCancel_areNotRetried() {
        assertThat(write(status(Status.Code.DEADLINE_EXCEEDED, "deadline", null, null), new CallProgress())
                        .retry())
                .isFalse();
        assertThat(RetryRules.judge(status(Status.Code.CANCELLED, "cancelled", null, null), OperationKind.QUERY, null)
                        .retry())
                .isFalse();
    }
}
