package io.greptime.jdbc;

import java.time.Duration;
import java.util.Optional;

/**
 * A snapshot of one server of a connection's endpoint set, from
 * {@link GreptimeConnection#getEndpointStatus()}.
 *
 * @param address {@code host:port}
 * @param breaker the state of its circuit breaker
 * @param consecutiveFailures connection failures and retryable server errors since its last success
 * @param averageLatency moving average of successful call latency; empty before the first success
 */
public record GreptimeEndpointStatus(
        String address, Breaker breaker, int consecutiveFailures, Optional<Duration> averageLatency) {

    /** Circuit breaker states. */
    public enum Breaker {
        /** Calls go to the endpoint. */
        CLOSED,
        /** Calls avoid the endpoint until its cooldown ends and a HealthCheck probe succeeds. */
        OPEN,
        /** A HealthCheck probe is in flight; calls still avoid the endpoint. */
        HALF_OPEN
    }
}
