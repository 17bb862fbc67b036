package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.proto.StatusCode;
import io.grpc.Metadata;
import io.grpc.Status;
import java.sql.SQLException;
import java.util.Map;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.grpc.StatusUtils;

/**
 * Decides whether a failed attempt may be repeated (on another endpoint when there is one) and whether
 * it counts against the endpoint's breaker. Only failures that are safe to repeat are retried:
 *
 * <ul>
 *   <li>a GreptimeDB error the server marked retryable ({@code x-greptime-err-retry-hint: retryable}; on
 *       servers older than v1.2, which send no hint, a code of the legacy list, protocol.md §6.2). The hint
 *       means "may succeed if retried", not "nothing was applied": a write spanning regions may have been
 *       applied on some ({@link Verdict#mayHaveApplied()}), so the router repeats a write only when its
 *       table deduplicates (fidelity audit A3);
 *   <li>a connection failure (gRPC UNAVAILABLE without a GreptimeDB code) before the request message
 *       went to a transport, one where HTTP/2 says the server never started the stream (GOAWAY), or a
 *       write the OS refused because the server had already closed the connection (broken pipe), or
 *       that netty refused on a connection it had already closed ({@link #writeOnClosedConnection});
 *   <li>any connection failure of a read before its first row reached the caller.
 * </ul>
 *
 * A write whose request may have reached the server is never repeated: the caller gets the error.
 */
public final class RetryRules {
    private static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> RETRY_HINT =
            Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private RetryRules() {}

    /**
     * The verdict on one failed attempt.
     *
     * @param retry whether the attempt may be repeated
     * @param endpointFault whether the failure counts against the endpoint's breaker
     * @param reason the rule that decided, for logs
     * @param mayHaveApplied whether the server may have applied the request (a server error answered it)
     */
    public record Verdict(boolean retry, boolean endpointFault, String reason, boolean mayHaveApplied) {
        public Verdict(boolean retry, boolean endpointFault, String reason) {
            this(retry, endpointFault, reason, false);
        }
    }

    /** What a failure says about itself, however it surfaced. */
    record Facts(Status.Code code, String description, int errCode, String retryHint, boolean neverArrived) {}

    /**
     * @param progress the attempt's progress, or null when the call kind never applies its request before
     *     answering (a read that failed before its first row)
     */
    public static Verdict judge(Throwable failure, OperationKind kind, CallProgress progress) {
        if (failure instanceof FlightCallException fce && fce.memoryLimitExceeded()) {
            return new Verdict(false, false, "result exceeded maxResultMemory");
        }
        if (failure instanceof FlightCallException fce && fce.protocolViolation()) {
            return new Verdict(false, false, "the server's answer broke the protocol");
        }
        Facts f = facts(failure);
        if (f == null) {
            return new Verdict(
                    false,
                    false,
                    failure instanceof SQLException
                            ? "server answered with an error"
                            : "not a gRPC failure: " + failure.getClass().getSimpleName());
        }
        if (f.errCode() > 0) {
            return serverError(f);
        }
        if (f.code() == Status.Code.UNAVAILABLE) {
            return connectionFailure(f, kind, progress);
        }
        return new Verdict(false, false, "gRPC " + f.code() + " is not repeated");
    }

    /**
     * The verdict on a broken stream the driver did not cancel itself: a CANCELLED status then means the
     * server reset the stream (it was shutting down), which says as much against the endpoint as a lost
     * connection.
     */
    public static Verdict judgeBrokenStream(Throwable failure, OperationKind kind, boolean cancelledByClient) {
        Facts f = facts(failure);
        if (!cancelledByClient && f != null && f.errCode() == 0 && f.code() == Status.Code.CANCELLED) {
            return new Verdict(true, true, "the server reset the stream (CANCELLED)");
        }
        return judge(failure, kind, null);
    }

    private static Verdict serverError(Facts f) {
        boolean retryable;
        String rule;
        if (f.retryHint() != null) {
            retryable = f.retryHint().trim().equalsIgnoreCase("retryable");
            rule = "retry hint " + f.retryHint().trim();
        } else {
            StatusCode status = StatusCode.fromCode(f.errCode());
            retryable = status != null && status.legacyRetryable();
            rule = "no retry hint; code " + f.errCode() + (retryable ? " is" : " is not")
                    + " in the legacy retryable list";
        }
        return new Verdict(retryable, retryable, "GreptimeDB status " + f.errCode() + ", " + rule, true);
    }

    private static Verdict connectionFailure(Facts f, OperationKind kind, CallProgress progress) {
        if (progress == null || kind == OperationKind.QUERY) {
            return new Verdict(true, true, "connection failed before the first row of a read");
        }
        if (!progress.messageSent()) {
            return new Verdict(true, true, "connection failed before the request was sent");
        }
        if (neverStarted(f.description()) && !progress.responded()) {
            return new Verdict(true, true, "the server went away (GOAWAY) before starting the call");
        }
        if (closedAfterGoAway(f.description()) && !progress.responded()) {
            return new Verdict(
                    true,
                    true,
                    "the connection closed after a GOAWAY that covered the call: the server may have processed it",
                    true);
        }
        if (f.neverArrived() && !progress.responded()) {
            return new Verdict(
                    true,
                    true,
                    "the request never reached the server (broken pipe on a closed connection, or connect refused)");
        }
        return new Verdict(
                false,
                true,
                "connection lost after the request was sent; a " + kind + " may have been applied and is not repeated");
    }

    /**
     * grpc-java's descriptions of streams the server never started: refused above the GOAWAY's last
     * stream id, or never written because the connection was going or gone.
     *
     * <p>grpc-netty 1.79 ({@code NettyClientHandler}) gives "GOAWAY shut down transport" only to streams it
     * never put on the wire: created after the GOAWAY arrived, or still buffered when the connection closed (the
     * streams the server knew get "Connection closed after GOAWAY", {@link #closedAfterGoAway}). A stream above
     * the GOAWAY's last stream id
     * gets "Abrupt GOAWAY closed sent stream"; with HTTP/2 error code NO_ERROR the server promised it did not
     * process it (RFC 9113, 6.8), while with another code grpc suspects netty's wrong last stream id and so do we.
     */
    private static boolean neverStarted(String description) {
        if (description == null) {
            return false;
        }
        return description.contains("unsent stream")
                || description.contains("buffered stream")
                || description.contains("stream is buffered")
                || description.startsWith("GOAWAY shut down transport")
                || negotiationCut(description)
                || description.startsWith("Abrupt GOAWAY closed sent stream. HTTP/2 error code: NO_ERROR");
    }

    /**
     * grpc-netty 1.79 ({@code WriteBufferingAndExceptionHandler}) holds every write of a new connection until
     * its protocol negotiation (the HTTP/2 preface, and TLS when on) is done, and fails the held writes with
     * "Connection closing while performing protocol negotiation" when the channel is closed before that, or
     * "Connection closed while performing protocol negotiation" when it goes inactive. Either way HTTP/2 was
     * never established and no request went out: seen in FrontendDeathTest when DDL on a sticky connection
     * reconnected to the frontend that had just stopped.
     */
    private static boolean negotiationCut(String description) {
        return description.startsWith("Connection closing while performing protocol negotiation")
                || description.startsWith("Connection closed while performing protocol negotiation");
    }

    /**
     * grpc-netty 1.79 gives "Connection closed after GOAWAY" to the streams still open when a connection that
     * had received a GOAWAY closes, and only to those at or below the GOAWAY's last stream id: the streams the
     * server had seen and promised to finish ({@code NettyClientHandler.goingAway}: "the only RPCs that are
     * actually covered by the GOAWAY error code"). A server that dies before answering may have applied such a
     * write in whole or in part, so it is repeated only where a second copy is harmless: a read, DDL, or a write
     * whose table deduplicates ({@link Verdict#mayHaveApplied()}).
     */
    private static boolean closedAfterGoAway(String description) {
        return description != null && description.startsWith("Connection closed after GOAWAY");
    }

    /**
     * The OS refused the write (EPIPE): the peer had closed the connection before the bytes went out, the
     * other face of the restart race. A unary request is flushed in one write, so it never arrived whole.
     * A refused connect ({@code ConnectException}) is the same case: the call waited for a connection
     * (grpc counts its message as sent into the pending stream) and none was ever made.
     */
    private static boolean neverArrived(Throwable cause) {
        for (Throwable c = cause; c != null; c = c.getCause()) {
            if (c instanceof java.net.ConnectException) {
                return true; // the stream waited for a connection that was refused: nothing went out
            }
            if (c instanceof java.io.IOException
                    && c.getMessage() != null
                    && c.getMessage().contains("Broken pipe")) {
                return true;
            }
        }
        return false;
    }

    /**
     * grpc-java's status for a write the transport refused because the connection had already closed: netty
     * fails the write with a {@link java.nio.channels.ClosedChannelException} and grpc-netty (1.79,
     * {@code Utils.statusFromThrowable}) turns one without a cause into gRPC UNKNOWN "channel closed". A real
     * GreptimeDB cluster answers the first call after {@code kill -9} of a frontend this way when the call was
     * given to the old connection before the driver saw it close. Netty refuses writes on a closed channel and
     * fails the ones still buffered, so the request never left: a connection failure before sending, not a
     * server error.
     */
    public static boolean writeOnClosedConnection(Status status) {
        if (status.getCode() != Status.Code.UNKNOWN && status.getCode() != Status.Code.UNAVAILABLE) {
            return false;
        }
        return status.getCause() instanceof java.nio.channels.ClosedChannelException
                && "channel closed".equals(status.getDescription());
    }

    /**
     * Whether {@code failure} is a failed connection with no word from GreptimeDB (gRPC UNAVAILABLE, or a write
     * on a connection that had closed, without a GreptimeDB status code).
     */
    public static boolean isConnectionFailure(Throwable failure) {
        Facts f = facts(failure);
        return f != null && f.errCode() == 0 && f.code() == Status.Code.UNAVAILABLE;
    }

    static Facts facts(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FlightCallException e) {
                Map<String, String> trailers = e.trailers();
                return new Facts(
                        StatusUtils.toGrpcStatusCode(e.statusCode()),
                        e.description(),
                        parse(trailers.get(StatusCode.ERR_CODE_HEADER)),
                        trailers.get(StatusCode.RETRY_HINT_HEADER),
                        false);
            }
            if (c instanceof FlightRuntimeException e) {
                var md = e.status().metadata();
                return new Facts(
                        StatusUtils.toGrpcStatusCode(e.status().code()),
                        e.status().description(),
                        parse(
                                md != null && md.containsKey(StatusCode.ERR_CODE_HEADER)
                                        ? md.get(StatusCode.ERR_CODE_HEADER)
                                        : null),
                        md != null && md.containsKey(StatusCode.RETRY_HINT_HEADER)
                                ? md.get(StatusCode.RETRY_HINT_HEADER)
                                : null,
                        false);
            }
            if (c instanceof io.grpc.StatusRuntimeException || c instanceof io.grpc.StatusException) {
                Status s = Status.fromThrowable(c);
                Metadata m = Status.trailersFromThrowable(c);
                boolean closed = writeOnClosedConnection(s);
                return new Facts(
                        closed ? Status.Code.UNAVAILABLE : s.getCode(),
                        s.getDescription(),
                        parse(m == null ? null : m.get(ERR_CODE)),
                        m == null ? null : m.get(RETRY_HINT),
                        closed || neverArrived(s.getCause()));
            }
        }
        return null;
    }

    private static int parse(String raw) {
        if (raw == null) {
            return 0;
        }
        try {
            return Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
