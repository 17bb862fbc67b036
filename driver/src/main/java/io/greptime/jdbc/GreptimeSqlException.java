package io.greptime.jdbc;

import io.greptime.jdbc.proto.StatusCode;
import java.sql.SQLException;

/**
 * An error reported by GreptimeDB that has no more specific JDBC class. Its vendor code
 * ({@link #getErrorCode()}) is GreptimeDB's status code (protocol.md §6.2), 0 when the server sent none.
 *
 * <p>Errors with a specific JDBC class (timeouts, authentication, transient, unsupported) use the
 * standard {@code java.sql} subclasses with the same vendor code; {@link #statusCodeOf(SQLException)}
 * reads the status from any of them.
 */
public class GreptimeSqlException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final String grpcCode;

    /**
     * @param message the server's text (never a password)
     * @param sqlState the SQLState
     * @param statusCode GreptimeDB's status code, 0 when unknown
     * @param grpcCode the gRPC status code name the error arrived with
     */
    public GreptimeSqlException(String message, String sqlState, int statusCode, String grpcCode) {
        super(message, sqlState, statusCode);
        this.grpcCode = grpcCode;
    }

    /** GreptimeDB's status code, or null when the server sent none or a number this driver does not know. */
    public StatusCode statusCode() {
        return StatusCode.fromCode(getErrorCode());
    }

    /** The gRPC status code name (e.g. {@code NOT_FOUND}) the error arrived with. */
    public String grpcCode() {
        return grpcCode;
    }

    /** GreptimeDB's status code carried as vendor code by any exception this driver throws, or null. */
    public static StatusCode statusCodeOf(SQLException e) {
        return e.getErrorCode() == 0 ? null : StatusCode.fromCode(e.getErrorCode());
    }
}
