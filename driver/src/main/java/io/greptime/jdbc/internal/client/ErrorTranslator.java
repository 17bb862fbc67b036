package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeSqlException;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.internal.observe.ObservedScope;
import io.greptime.jdbc.internal.observe.StatementIds;
import io.greptime.jdbc.internal.observe.StatementObservation;
import io.greptime.jdbc.internal.redact.Printable;
import io.greptime.jdbc.internal.redact.Secrets;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Metadata;
import io.grpc.Status;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.grpc.StatusUtils;

/**
 * Turns a failed gRPC or Flight call into a {@link SQLException}: GreptimeDB's status code (trailer
 * {@code x-greptime-err-code}) becomes the vendor code and picks the SQLState (protocol.md §6.3); when
 * no code came, the gRPC code decides.
 *
 * <p>An exception is transient exactly when the failover rules would call the failure retryable (audit C5):
 * a GreptimeDB error by its {@code x-greptime-err-retry-hint} (v1.2+) or, from older servers, by the legacy
 * list of codes, whatever gRPC code it travelled under; a failure with no GreptimeDB code by gRPC
 * UNAVAILABLE (the connection failed). A server error is never a connection exception (class 08): the
 * connection is fine. Transient server errors are SQLState {@code 53000} for exhausted resources and
 * {@code 40000} otherwise; connection failures {@link SQLTransientConnectionException} {@code 08006}.
 */
public final class ErrorTranslator {
    private static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> RETRY_HINT =
            Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER);

    /** The password in every form a server could echo it (plain, base64 of user:password, of password). */
    private final List<String> secrets;

    /**
     * @param user the connection's user, needed to recognise the base64 of {@code user:password}; may be null
     * @param password the password to mask if a server ever echoes it, in any of its forms; may be null
     */
    public ErrorTranslator(String user, String password) {
        this.secrets = Secrets.credentialForms(user, password);
    }

    /**
     * A translator that knows the password but not the user: the base64 of {@code user:password} is then
     * not recognised (only the password and its own base64 are), so connections use the two-argument form.
     *
     * @param password the password to mask; may be null
     */
    public ErrorTranslator(String password) {
        this(null, password);
    }

    /** What we know of a failed call, independent of how it surfaced. */
    record Failure(Status.Code grpcCode, String text, String errCode, String retryHint, Throwable cause) {}

    /** Translates any exception thrown by a gRPC stub or a Flight stream. */
    public SQLException translate(Throwable t) {
        if (t instanceof SQLException e) {
            return e;
        }
        if (t instanceof FlightCallException e) {
            return translate(e);
        }
        SQLException local = fromTransport(t);
        if (local != null) {
            return local;
        }
        Failure f = describe(t);
        if (f == null) {
            String raw = String.valueOf(t.getMessage());
            String text = mask(raw);
            return new SQLException(
                    "Communication with GreptimeDB failed: " + text + StatementIds.messageSuffix(),
                    SqlState.CONNECTION_FAILURE.code(),
                    raw.equals(text) ? t : null);
        }
        return translate(f);
    }

    /** Translates a gRPC status with its trailers (which may be null). */
    public SQLException translate(Status status, Metadata trailers) {
        Function<Metadata.Key<String>, String> get = k -> trailers == null ? null : trailers.get(k);
        return translate(new Failure(
                status.getCode(),
                status.getDescription(),
                get.apply(ERR_CODE),
                get.apply(RETRY_HINT),
                status.asRuntimeException(trailers)));
    }

    /**
     * Translates a failed DoGet read by the flight-bridge cursor with the same status and trailer rules
     * as every other call. A result that outgrew its {@code maxResultMemory} allocator is the driver's own
     * limit, not a server error: it becomes SQLState {@code 53200} (out of memory, class 53 "insufficient
     * resources"), non-transient because running the same query again needs the same memory.
     */
    public SQLException translate(FlightCallException e) {
        if (e.memoryLimitExceeded()) {
            return new SQLNonTransientException(
                    mask(e.description()) + StatementIds.messageSuffix(), SqlState.OUT_OF_MEMORY.code(), e);
        }
        if (e.protocolViolation()) {
            return new SQLNonTransientException(
                    mask(e.description()) + StatementIds.messageSuffix(),
                    SqlState.COMMUNICATION_LINK_FAILURE.code(),
                    e);
        }
        return translate(new Failure(
                StatusUtils.toGrpcStatusCode(e.statusCode()),
                e.description(),
                e.trailers().get(StatusCode.ERR_CODE_HEADER),
                e.trailers().get(StatusCode.RETRY_HINT_HEADER),
                e));
    }

    /**
     * A failure of the driver's own side of the call (#29), found anywhere in the cause chain: a direct-memory
     * shortage is SQLState {@code 53200} for this call only (transient: others may free memory meanwhile);
     * a task refused by an event loop that has ended, or any other {@link Error} of the transport, is a
     * failed communication ({@code 08006}), never the raw throwable. Null when the failure is none of these.
     */
    private SQLException fromTransport(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError oom) {
                return new SQLTransientException(
                        "Not enough memory for this call (" + mask(String.valueOf(oom.getMessage()))
                                + "); the connection stays usable" + StatementIds.messageSuffix(),
                        SqlState.OUT_OF_MEMORY.code(),
                        t);
            }
            if (c instanceof RejectedExecutionException) {
                return new SQLTransientConnectionException(
                        "The driver's network event loop refused the call (" + mask(String.valueOf(c.getMessage()))
                                + "); the next call opens a new one" + StatementIds.messageSuffix(),
                        SqlState.CONNECTION_FAILURE.code(),
                        t);
            }
        }
        if (t instanceof Error e) {
            String raw = String.valueOf(e.getMessage());
            String text = mask(raw);
            return new SQLException(
                    "Communication with GreptimeDB failed: " + e.getClass().getName() + ": " + text
                            + StatementIds.messageSuffix(),
                    SqlState.CONNECTION_FAILURE.code(),
                    raw.equals(text) ? t : null); // a cause whose text had to be hidden is left out
        }
        return null;
    }

    private static Failure describe(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FlightRuntimeException fre) {
                var st = fre.status();
                return new Failure(
                        StatusUtils.toGrpcStatusCode(st.code()),
                        st.description(),
                        header(st.metadata(), StatusCode.ERR_CODE_HEADER),
                        header(st.metadata(), StatusCode.RETRY_HINT_HEADER),
                        t);
            }
            if (c instanceof io.grpc.StatusRuntimeException || c instanceof io.grpc.StatusException) {
                Status s = Status.fromThrowable(c);
                Metadata m = Status.trailersFromThrowable(c);
                if (RetryRules.writeOnClosedConnection(s)) {
                    // grpc says UNKNOWN, but nothing reached the server: the connection had closed (class 08)
                    return new Failure(
                            Status.Code.UNAVAILABLE,
                            "the connection to this server had closed before the request was written ("
                                    + s.getDescription() + ", gRPC " + s.getCode() + ")",
                            null,
                            null,
                            t);
                }
                return new Failure(
                        s.getCode(),
                        s.getDescription(),
                        m == null ? null : m.get(ERR_CODE),
                        m == null ? null : m.get(RETRY_HINT),
                        t);
            }
        }
        return null;
    }

    /** ErrorFlightMetadata.get throws for a missing key, so ask first. */
    private static String header(org.apache.arrow.flight.ErrorFlightMetadata m, String key) {
        return m != null && m.containsKey(key) ? m.get(key) : null;
    }

    SQLException translate(Failure f) {
        int code = parseCode(f.errCode());
        StatusCode status = StatusCode.fromCode(code);
        String text = f.text() == null || f.text().isBlank() ? silent(f.grpcCode()) : explained(mask(f.text()));
        String message = code > 0
                ? text + " [GreptimeDB status " + code + ", gRPC " + f.grpcCode() + "]"
                : text + " [gRPC " + f.grpcCode() + "]";
        message += StatementIds.messageSuffix();
        SQLException e = build(f, status, code, message);
        // the cause carries the server's raw text: keep it only when nothing in that text had to be hidden
        if (f.text() == null || f.text().equals(mask(f.text()))) {
            e.initCause(f.cause());
        }
        return e;
    }

    /** A status without a description says nothing by itself: say what it means and where the cause is. */
    private static String silent(Status.Code grpc) {
        return grpc == Status.Code.UNKNOWN
                ? "GreptimeDB ended the call with an error it did not describe (gRPC UNKNOWN: a failure the server"
                        + " did not turn into a status, for example while it built or sent a large answer);"
                        + " the server's log has the cause"
                : "GreptimeDB ended the call with gRPC status " + grpc + " and no message";
    }

    /**
     * gRPC's own text for a stream the client reset; the usual cause is an answer whose headers or
     * trailers (an error message travels in one) exceed the client's metadata limit.
     */
    private static String explained(String text) {
        return text.contains("HTTP/2 error code: PROTOCOL_ERROR")
                ? text + " (the server's answer broke HTTP/2 framing or had headers or trailers over "
                        + (ChannelDefaults.MAX_INBOUND_METADATA >> 10)
                        + " KiB, as an error message that long would)"
                : text;
    }

    private static SQLException build(Failure f, StatusCode status, int code, String message) {
        String state = StatusCodeStates.forStatus(status, f.grpcCode()).code();
        if (f.grpcCode() == Status.Code.DEADLINE_EXCEEDED || status == StatusCode.DEADLINE_EXCEEDED) {
            return new SQLTimeoutException(message, SqlState.TIMEOUT_EXPIRED.code(), code);
        }
        if (state.equals(SqlState.INVALID_AUTHORIZATION.code())) {
            return new SQLInvalidAuthorizationSpecException(message, state, code);
        }
        if (isRetryable(f, status, code)) {
            return code == 0
                    ? new SQLTransientConnectionException(message, SqlState.CONNECTION_FAILURE.code(), code)
                    : new SQLTransientException(
                            message,
                            f.grpcCode() == Status.Code.RESOURCE_EXHAUSTED
                                    ? SqlState.INSUFFICIENT_RESOURCES.code()
                                    : SqlState.TRANSACTION_ROLLBACK.code(),
                            code);
        }
        if (state.equals(SqlState.FEATURE_NOT_SUPPORTED.code())) {
            return new SQLFeatureNotSupportedException(message, state, code);
        }
        if (state.startsWith("42")) {
            return new SQLSyntaxErrorException(message, state, code);
        }
        return new GreptimeSqlException(message, state, code, f.grpcCode().name());
    }

    /** The verdict of {@code RetryRules.serverError}, and UNAVAILABLE for a failure with no GreptimeDB code. */
    private static boolean isRetryable(Failure f, StatusCode status, int code) {
        if (code == 0) {
            return f.grpcCode() == Status.Code.UNAVAILABLE;
        }
        if (f.retryHint() != null) {
            // v1.2+: the server decides per error, also for codes that travel as UNAVAILABLE (4008, 4010, 5000)
            return f.retryHint().trim().equalsIgnoreCase("retryable");
        }
        return status != null && status.legacyRetryable();
    }

    private static int parseCode(String raw) {
        if (raw == null) {
            return 0;
        }
        try {
            return Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Hides the password (in each of its forms) and the bound parameter values of the execution running on this thread, and
     * escapes control characters so a server's text cannot forge log lines (see {@link Printable}).
     */
    private String mask(String text) {
        String masked = Secrets.maskAll(text, secrets);
        StatementObservation current = ObservedScope.current();
        return Printable.of(current == null ? masked : current.mask(masked));
    }
}
