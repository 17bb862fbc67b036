package io.greptime.jdbc.internal.failover;

/**
 * Where breaker transitions and failover decisions are reported. The driver logs them through
 * {@link FailoverLog}; metrics can listen here too. Called on the thread that caused the event (a
 * caller's thread or a gRPC callback thread), so implementations must be quick and thread-safe.
 */
public interface FailoverListener {
    /** A listener that ignores everything. */
    FailoverListener NONE = new FailoverListener() {};

    /** An endpoint's breaker moved from {@code from} to {@code to}. */
    default void breakerTransition(String endpoint, BreakerState from, BreakerState to, int consecutiveFailures) {}

    /**
     * A failed attempt is being repeated.
     *
     * @param attempt the attempt that failed, 1-based
     * @param next the endpoint the next attempt goes to
     * @param reason why the failure was judged safe to repeat (no credentials)
     */
    default void retry(OperationKind kind, String failed, String next, int attempt, String reason) {}

    /** A failed attempt is not repeated; {@code reason} says which rule stopped it. */
    default void gaveUp(OperationKind kind, String endpoint, int attempts, String reason) {}

    /** A broken DoPut stream resumes on {@code next} from request {@code fromRequestId}. */
    default void putResumed(String table, String failed, String next, long fromRequestId, int batches) {}

    /** An endpoint was added by discovery. */
    default void discovered(String endpoint) {}

    /** Both listeners, in order. */
    static FailoverListener both(FailoverListener a, FailoverListener b) {
        return new FailoverListener() {
            @Override
            public void breakerTransition(String endpoint, BreakerState from, BreakerState to, int failures) {
                a.breakerTransition(endpoint, from, to, failures);
                b.breakerTransition(endpoint, from, to, failures);
            }

            @Override
            public void retry(OperationKind kind, String failed, String next, int attempt, String reason) {
                a.retry(kind, failed, next, attempt, reason);
                b.retry(kind, failed, next, attempt, reason);
            }

            @Override
            public void gaveUp(OperationKind kind, String endpoint, int attempts, String reason) {
                a.gaveUp(kind, endpoint, attempts, reason);
                b.gaveUp(kind, endpoint, attempts, reason);
            }

            @Override
            public void putResumed(String table, String failed, String next, long fromRequestId, int batches) {
                a.putResumed(table, failed, next, fromRequestId, batches);
                b.putResumed(table, failed, next, fromRequestId, batches);
            }

            @Override
            public void discovered(String endpoint) {
                a.discovered(endpoint);
                b.discovered(endpoint);
            }
        };
    }
}
