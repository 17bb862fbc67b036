package io.greptime.jdbc.internal.observe;

import java.util.logging.Level;

/**
 * Failover events as log records on {@code io.greptime.jdbc.failover} (endpoint choices and retries at
 * FINE, failovers and breaker transitions at INFO, a breaker opening at WARNING) plus the breaker-state
 * metric. Each record names the execution running on the calling thread, if any.
 */
final class LoggedFailoverEvents implements FailoverEvents {
    private final Observability owner;
    private final DriverLog log;

    LoggedFailoverEvents(Observability owner, DriverLog log) {
        this.owner = owner;
        this.log = log;
    }

    private static String prefix() {
        String id = ObservedScope.currentId();
        return id == null ? "" : "[stmt " + id + "] ";
    }

    private long connection() {
        return owner.identity().connectionId();
    }

    @Override
    public void endpointChosen(String endpoint, String reason) {
        String p = prefix();
        log.log(Level.FINE, () -> p + "connection " + connection() + " uses " + endpoint + " (" + reason + ")");
    }

    @Override
    public void failover(String from, String to, String reason) {
        String p = prefix();
        log.log(
                Level.INFO,
                () -> p + "connection " + connection() + " fails over from " + from + " to " + to + ": " + reason);
    }

    @Override
    public void breakerTransition(String endpoint, BreakerState from, BreakerState to) {
        owner.metrics().breakerState(endpoint, to);
        Level level = to == BreakerState.OPEN ? Level.WARNING : Level.INFO;
        log.log(
                level,
                () -> "circuit breaker of " + endpoint + " (connection " + connection() + "): " + from + " -> " + to);
    }

    @Override
    public void retry(String endpoint, int attempt, long backoffMillis, String reason) {
        String p = prefix();
        log.log(
                Level.FINE,
                () -> p + "retry " + attempt + " on " + endpoint + " in " + backoffMillis + " ms: " + reason);
    }
}
