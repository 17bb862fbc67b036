package io.greptime.jdbc.testing;

/**
 * A GreptimeDB server of {@link GreptimeDBProcess} did not start: the
 * binary is missing, it exited, or it was not ready in time. The message says which, with the end of the log.
 */
public final class GreptimeDBStartException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean exited;

    public GreptimeDBStartException(String message, boolean exited) {
        super(message);
        this.exited = exited;
    }

    /** True when the process exited by itself before it was ready (as opposed to a time-out or a missing binary). */
    public boolean exited() {
        return exited;
    }
}
