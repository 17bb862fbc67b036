package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Turns whatever a handler throws into the gRPC status GreptimeDB would send (protocol.md §6.1): the
 * mapped code, the (masked) message and the {@code x-greptime-err-*} trailers.
 */
final class ErrorStatuses {
    private static final Logger LOG = Logger.getLogger(ErrorStatuses.class.getName());

    static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RETRY_HINT =
            Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private final ServerProfile profile;

    ErrorStatuses(ServerProfile profile) {
        this.profile = profile;
    }

    /** A GreptimeDB error as status + trailers. */
    StatusRuntimeException of(StatusCode code, String message) {
        Metadata trailers = new Metadata();
        trailers.put(ERR_CODE, Integer.toString(code.code()));
        if (profile.sendsRetryHint()) {
            // v1.2 decides per error instance; our engine has no per-instance knowledge, so the legacy
            // per-code rule (Internal, RegionNotReady, RegionBusy, TableUnavailable, StorageUnavailable,
            // RuntimeResourcesExhausted) is the best available approximation.
            trailers.put(RETRY_HINT, code.legacyRetryable() ? "retryable" : "non_retryable");
        }
        String text = code.masked() ? "Internal error: " + code.code() : message;
        return Status.fromCode(code.grpcCode()).withDescription(text).asRuntimeException(trailers);
    }

    /**
     * Any throwable from a handler: GreptimeErrors keep their code, ready-made gRPC statuses pass through,
     * everything else is an unexpected failure reported as a masked Internal error and logged.
     */
    StatusRuntimeException from(Throwable t) {
        if (t instanceof GreptimeError e) {
            return of(e.status(), e.getMessage());
        }
        if (t instanceof StatusRuntimeException s) {
            return s;
        }
        LOG.log(Level.WARNING, "unexpected failure in the embedded server; answering Internal", t);
        return of(StatusCode.INTERNAL, String.valueOf(t));
    }

    /** A status GreptimeDB builds directly, without x-greptime headers (§6.1 last bullet). */
    static StatusRuntimeException plain(Status.Code code, String message) {
        return Status.fromCode(code).withDescription(message).asRuntimeException();
    }
}
