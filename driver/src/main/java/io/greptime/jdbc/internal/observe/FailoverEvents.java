package io.greptime.jdbc.internal.observe;

/**
 * What failover code reports so operators can follow it: each event is logged on
 * {@code io.greptime.jdbc.failover} (with the statement id of the execution running on the calling
 * thread) and breaker transitions also set the breaker-state metric. Endpoints are {@code host:port}
 * strings; reasons are short texts safe to log (a status code, "connect refused"), never credentials.
 * Implementations never throw and never block.
 */
public interface FailoverEvents {
    /** The endpoint a call (or a new connection) will use, and why (e.g. "first healthy", "round robin"). */
    void endpointChosen(String endpoint, String reason);

    /** A call or connection moves from one endpoint to another because of {@code reason}. */
    void failover(String from, String to, String reason);

    /** A circuit breaker changed state. */
    void breakerTransition(String endpoint, BreakerState from, BreakerState to);

    /** A call is retried: {@code attempt} counts from 1 for the first retry. */
    void retry(String endpoint, int attempt, long backoffMillis, String reason);

    /** Reports nothing. */
    FailoverEvents NONE = new FailoverEvents() {
        @Override
        public void endpointChosen(String endpoint, String reason) {}

        @Override
        public void failover(String from, String to, String reason) {}

        @Override
        public void breakerTransition(String endpoint, BreakerState from, BreakerState to) {}

        @Override
        public void retry(String endpoint, int attempt, long backoffMillis, String reason) {}
    };
}
