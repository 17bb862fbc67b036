package io.greptime.jdbc.internal.failover;

import java.util.concurrent.atomic.AtomicLong;

/**
 * An exponentially weighted moving average of call latency (weight 0.2 for the newest sample), lock-free.
 * Unmeasured endpoints report -1 so that a latency-aware policy tries them first.
 */
final class LatencyAverage {
    private static final double WEIGHT = 0.2;
    /** The average in nanoseconds as double bits; NaN until the first sample. */
    private final AtomicLong bits = new AtomicLong(Double.doubleToLongBits(Double.NaN));

    void record(long nanos) {
        bits.updateAndGet(b -> {
            double old = Double.longBitsToDouble(b);
            double next = Double.isNaN(old) ? nanos : old + WEIGHT * (nanos - old);
            return Double.doubleToLongBits(next);
        });
    }

    /** The average in nanoseconds, or -1 before the first sample. */
    long nanos() {
        double v = Double.longBitsToDouble(bits.get());
        return Double.isNaN(v) ? -1 : (long) v;
    }
}
