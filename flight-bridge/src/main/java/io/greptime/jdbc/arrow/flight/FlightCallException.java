package io.greptime.jdbc.arrow.flight;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.ErrorFlightMetadata;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;

/**
 * A DoGet call failed: before the first message (plan errors, auth) or mid-stream. Carries what
 * the driver needs to pick a SQLState: the Flight/gRPC status code, the server's message, the
 * trailers (GreptimeDB's {@code x-greptime-err-code} and, since v1.2,
 * {@code x-greptime-err-retry-hint}), and whether the result hit the cursor's memory limit.
 * The cause is the original exception.
 */
public final class FlightCallException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Trailer with GreptimeDB's numeric StatusCode (protocol.md §6.1). */
    public static final String ERROR_CODE_TRAILER = "x-greptime-err-code";
    /** Trailer {@code retryable | non_retryable}, sent by GreptimeDB since v1.2. */
    public static final String RETRY_HINT_TRAILER = "x-greptime-err-retry-hint";

    private final FlightStatusCode statusCode;
    private final String description;
    private final transient Map<String, String> trailers;
    private final boolean memoryLimitExceeded;
    private final boolean protocolViolation;

    private FlightCallException(
            FlightStatusCode statusCode,
            String description,
            Map<String, String> trailers,
            boolean memoryLimitExceeded,
            Throwable cause) {
        this(statusCode, description, trailers, memoryLimitExceeded, false, cause);
    }

    private FlightCallException(
            FlightStatusCode statusCode,
            String description,
            Map<String, String> trailers,
            boolean memoryLimitExceeded,
            boolean protocolViolation,
            Throwable cause) {
        super(statusCode + ": " + description, cause);
        this.statusCode = statusCode;
        this.description = description;
        this.trailers = Collections.unmodifiableMap(trailers);
        this.memoryLimitExceeded = memoryLimitExceeded;
        this.protocolViolation = protocolViolation;
    }

    /** The status and text trailers of a failed Flight call. */
    static FlightCallException fromFlight(FlightRuntimeException e) {
        CallStatus status = e.status();
        Map<String, String> trailers = new LinkedHashMap<>();
        ErrorFlightMetadata metadata = status.metadata();
        if (metadata != null) {
            for (String key : metadata.keys()) {
                if (!key.endsWith("-bin")) {
                    trailers.put(key, metadata.get(key));
                }
            }
        }
        String description = status.description() == null ? "" : status.description();
        return new FlightCallException(status.code(), description, trailers, false, e);
    }

    /** The result needed more memory than the cursor's limit. */
    static FlightCallException memoryLimit(long limitBytes, Throwable cause) {
        return new FlightCallException(
                FlightStatusCode.RESOURCE_EXHAUSTED,
                "The result set needs more than its memory limit of " + limitBytes
                        + " bytes (maxResultMemory); lower the batch size on the server or raise the limit",
                Map.of(),
                true,
                cause);
    }

    /** A local failure while reading the stream (a malformed message, a missing dictionary). */
    static FlightCallException local(String description, Throwable cause) {
        return new FlightCallException(FlightStatusCode.INTERNAL, description, Map.of(), false, cause);
    }

    /**
     * The server sent a DoGet answer that cannot be right (a record batch whose row count or buffers do not
     * match its body or schema, a second schema, an LZ4 frame claiming an impossible size); the cursor
     * refused it before allocating for it and cancelled the call.
     */
    static FlightCallException protocol(String what, Throwable cause) {
        return new FlightCallException(
                FlightStatusCode.INTERNAL,
                "The server sent " + what + " (protocol violation)",
                Map.of(),
                false,
                true,
                cause);
    }

    /** This protocol violation with the server that committed it named ({@code host:port}). */
    FlightCallException atServer(String authority) {
        if (!protocolViolation || authority == null) {
            return this;
        }
        String text = description.replaceFirst("^The server sent", "The server " + authority + " sent");
        return new FlightCallException(statusCode, text, Map.of(), false, true, getCause());
    }

    /** True when the server's answer broke the Flight/IPC protocol (see {@link #protocol}). */
    public boolean protocolViolation() {
        return protocolViolation;
    }

    /** The Flight status code (mirrors the gRPC status code). */
    public FlightStatusCode statusCode() {
        return statusCode;
    }

    /** The server's message (grpc-message), or a local description. */
    public String description() {
        return description;
    }

    /** Text trailers of the failed call, keys in lower case; empty for local failures. */
    public Map<String, String> trailers() {
        return trailers == null ? Map.of() : trailers;
    }

    /** GreptimeDB's StatusCode from {@code x-greptime-err-code}, when the server sent one. */
    public OptionalInt greptimeStatusCode() {
        String value = trailers().get(ERROR_CODE_TRAILER);
        if (value == null) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** {@code retryable} or {@code non_retryable} when the server said so (v1.2+). */
    public Optional<String> retryHint() {
        return Optional.ofNullable(trailers().get(RETRY_HINT_TRAILER));
    }

    /** True when the failure is the cursor's memory limit, not the server. */
    public boolean memoryLimitExceeded() {
        return memoryLimitExceeded;
    }
}
