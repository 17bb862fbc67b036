package io.greptime.jdbc.internal.failover;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * One endpoint's breaker: {@code threshold} consecutive failures open it; once {@code cooldown} has
 * passed it may be probed (HALF_OPEN), and only a successful probe closes it again, so real traffic
 * never returns to an endpoint that has not answered a HealthCheck. Any success resets the count.
 * Thread-safe.
 */
public final class CircuitBreaker {
    private final String endpoint;
    private final int threshold;
    private final long cooldownNanos;
    private final LongSupplier clock;
    private final FailoverListener listener;
    /** Guards every field below. */
    private final ReentrantLock stateLock = new ReentrantLock();

    private BreakerState state = BreakerState.CLOSED;
    private int consecutiveFailures;
    private long openedAt;

    /**
     * @param threshold consecutive failures that open the breaker, at least 1
     * @param cooldownNanos how long an open breaker waits before it may be probed
     * @param clock {@code System::nanoTime} or a test's clock
     */
    public CircuitBreaker(
            String endpoint, int threshold, long cooldownNanos, LongSupplier clock, FailoverListener listener) {
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1");
        }
        this.endpoint = endpoint;
        this.threshold = threshold;
        this.cooldownNanos = cooldownNanos;
        this.clock = clock;
        this.listener = listener;
    }

    public BreakerState state() {
        stateLock.lock();
        try {
            return state;
        } finally {
            stateLock.unlock();
        }
    }

    public int consecutiveFailures() {
        stateLock.lock();
        try {
            return consecutiveFailures;
        } finally {
            stateLock.unlock();
        }
    }

    /** True when real traffic may go to the endpoint. */
    public boolean allowsTraffic() {
        return state() == BreakerState.CLOSED;
    }

    /** A call succeeded or the server answered (even with an error of its own): the endpoint is alive. */
    public void onSuccess() {
        BreakerState before;
        stateLock.lock();
        try {
            before = state;
            consecutiveFailures = 0;
            if (state != BreakerState.CLOSED) {
                state = BreakerState.CLOSED;
            }
        } finally {
            stateLock.unlock();
        }
        if (before != BreakerState.CLOSED) {
            listener.breakerTransition(endpoint, before, BreakerState.CLOSED, 0);
        }
    }

    /** A call failed because of the endpoint (connection lost, retryable server error). */
    public void onFailure() {
        BreakerState before;
        int failures;
        stateLock.lock();
        try {
            before = state;
            failures = ++consecutiveFailures;
            if (state == BreakerState.CLOSED && failures >= threshold) {
                state = BreakerState.OPEN;
                openedAt = clock.getAsLong();
            }
        } finally {
            stateLock.unlock();
        }
        if (before == BreakerState.CLOSED && failures >= threshold) {
            listener.breakerTransition(endpoint, before, BreakerState.OPEN, failures);
        }
    }

    /**
     * Moves an open breaker to HALF_OPEN when a probe is allowed: its cooldown has passed, or
     * {@code early} (every endpoint is open, so waiting helps nobody). True when the caller must now
     * send the probe and report it with {@link #onProbe(boolean)}.
     */
    public boolean startProbe(boolean early) {
        int failures;
        stateLock.lock();
        try {
            if (state != BreakerState.OPEN || (!early && clock.getAsLong() - openedAt < cooldownNanos)) {
                return false;
            }
            state = BreakerState.HALF_OPEN;
            failures = consecutiveFailures;
        } finally {
            stateLock.unlock();
        }
        listener.breakerTransition(endpoint, BreakerState.OPEN, BreakerState.HALF_OPEN, failures);
        return true;
    }

    /** The probe's answer: closes the breaker, or opens it for another cooldown. */
    public void onProbe(boolean healthy) {
        if (healthy) {
            onSuccess();
            return;
        }
        int failures;
        stateLock.lock();
        try {
            if (state != BreakerState.HALF_OPEN) {
                return;
            }
            state = BreakerState.OPEN;
            openedAt = clock.getAsLong();
            failures = ++consecutiveFailures;
        } finally {
            stateLock.unlock();
        }
        listener.breakerTransition(endpoint, BreakerState.HALF_OPEN, BreakerState.OPEN, failures);
    }
}
