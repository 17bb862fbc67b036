package io.greptime.jdbc.internal.failover;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Logs failover decisions (FINE) and breaker transitions (INFO when an endpoint opens or recovers, where the
 * URL has several hosts; FINE with one, where the failure reaches the caller as its SQLException and there
 * is no other host to move to) under {@code io.greptime.jdbc.failover}. Messages name endpoints and rules,
 * never credentials.
 */
public final class FailoverLog implements FailoverListener {
    static final Logger LOG = Logger.getLogger("io.greptime.jdbc.failover");
    private final boolean severalHosts;

    /** @param severalHosts whether the URL names more than one host */
    public FailoverLog(boolean severalHosts) {
        this.severalHosts = severalHosts;
    }

    @Override
    public void breakerTransition(String endpoint, BreakerState from, BreakerState to, int failures) {
        Level level = to == BreakerState.HALF_OPEN || !severalHosts ? Level.FINE : Level.INFO;
        LOG.log(
                level,
                () -> "circuit breaker of " + endpoint + ": " + from + " -> " + to + " after " + failures
                        + " consecutive failures");
    }

    @Override
    public void retry(OperationKind kind, String failed, String next, int attempt, String reason) {
        LOG.fine(
                () -> kind + " attempt " + attempt + " on " + failed + " failed (" + reason + "); retrying on " + next);
    }

    @Override
    public void gaveUp(OperationKind kind, String endpoint, int attempts, String reason) {
        LOG.fine(() -> kind + " on " + endpoint + " not retried after " + attempts + " attempt(s): " + reason);
    }

    @Override
    public void putResumed(String table, String failed, String next, long fromRequestId, int batches) {
        LOG.info(() -> "DoPut into " + table + " broke on " + failed + "; resuming on " + next + " from request_id "
                + fromRequestId + " (" + batches + " unacknowledged batches replayed)");
    }

    @Override
    public void discovered(String endpoint) {
        LOG.info(() -> "discovered frontend " + endpoint + " in information_schema.cluster_info");
    }
}
