package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.internal.config.JdbcUrl;
import java.util.concurrent.atomic.AtomicLong;

/** One server of the endpoint set, with its breaker and the latency of calls to it. */
public final class Endpoint {
    private final JdbcUrl.Endpoint address;
    private final CircuitBreaker breaker;
    private final LatencyAverage latency = new LatencyAverage();
    /** The tick (see {@link Policy}) at which a policy last chose it, for latency-aware exploration. */
    private final AtomicLong lastChosen = new AtomicLong(-1);

    Endpoint(JdbcUrl.Endpoint address, CircuitBreaker breaker) {
        this.address = address;
        this.breaker = breaker;
    }

    public JdbcUrl.Endpoint address() {
        return address;
    }

    public CircuitBreaker breaker() {
        return breaker;
    }

    /** Average latency of successful calls in nanoseconds, -1 before the first. */
    public long averageLatencyNanos() {
        return latency.nanos();
    }

    void recordLatency(long nanos) {
        latency.record(nanos);
    }

    long lastChosen() {
        return lastChosen.get();
    }

    void chosenAt(long tick) {
        lastChosen.set(tick);
    }

    @Override
    public String toString() {
        return address.toString();
    }
}
