package io.greptime.jdbc.tck.engine;

import io.greptime.jdbc.proto.StatusCode;

/**
 * An error as GreptimeDB reports it: a status code and the text the server would put in grpc-message.
 * The server front turns it into a gRPC status with GreptimeDB's trailers.
 */
public final class GreptimeError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final StatusCode status;

    public GreptimeError(StatusCode status, String message) {
        super(message);
        this.status = status;
    }

    public GreptimeError(StatusCode status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    public StatusCode status() {
        return status;
    }
}
