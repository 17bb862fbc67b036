package io.greptime.jdbc.internal.observe;

import java.util.logging.Level;

/**
 * Failover events as log records on {@code io.greptime.jdbc.failover} (endpoint choices and retries at
 * FINE, failovers and breaker transitions at INFO, a breaker opening at WARNING) plus the breaker-state
 * metric. Each record names the execution running on the calling thread, if any. With a single host there
 * is nothing to fail over to and the failure itself reaches the caller as an SQLException, so its breaker
 * transitions are FINE: a refused connection to one server logs no INFO or WARNING line.
 */
final class LoggedFailoverEvents implements FailoverEvents {
    private final Observability owner;
    private final DriverLog log;
    private final boolean severalHosts;

    LoggedFailoverEvents(Observability owner, DriverLog log, boolean severalHosts) {
        this.owner = owner;
        this.log = log;
        this.severalHosts = severalHosts;
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
        Level level = !severalHosts ? Level.FINE : to == BreakerState.OPEN ? Level.WARNING : Level.INFO;
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
