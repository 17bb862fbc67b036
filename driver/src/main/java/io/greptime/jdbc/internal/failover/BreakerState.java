package io.greptime.jdbc.internal.failover;

/** The states of an endpoint's circuit breaker. */
public enum BreakerState {
    /** Traffic flows. */
    CLOSED,
    /** Too many consecutive failures: no traffic until the cooldown ends and a probe succeeds. */
    OPEN,
    /** A HealthCheck probe is in flight; real traffic waits for its answer. */
    HALF_OPEN
}
