package io.greptime.jdbc.internal.observe;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/** Lock-free latency summary of one call kind for JMX: count, total, max and fixed millisecond buckets. */
final class LatencyHistogram {
    /** Upper bounds in milliseconds; one more bucket holds everything slower. */
    static final long[] BOUNDS_MILLIS = {1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000};

    private final LongAdder count = new LongAdder();
    private final LongAdder totalNanos = new LongAdder();
    private final AtomicLong maxNanos = new AtomicLong();
    private final AtomicLongArray buckets = new AtomicLongArray(BOUNDS_MILLIS.length + 1);

    void record(long nanos) {
        count.increment();
        totalNanos.add(nanos);
        maxNanos.accumulateAndGet(nanos, Math::max);
        buckets.incrementAndGet(bucketOf(nanos));
    }

    private static int bucketOf(long nanos) {
        for (int i = 0; i < BOUNDS_MILLIS.length; i++) {
            if (nanos <= BOUNDS_MILLIS[i] * 1_000_000L) {
                return i;
            }
        }
        return BOUNDS_MILLIS.length;
    }

    long count() {
        return count.sum();
    }

    double meanMillis() {
        long n = count.sum();
        return n == 0 ? 0 : totalNanos.sum() / 1e6 / n;
    }

    double maxMillis() {
        return maxNanos.get() / 1e6;
    }

    /** Cumulative buckets under {@code <prefix> le <bound>ms}. */
    void cumulative(String prefix, Map<String, Long> into) {
        long running = 0;
        for (int i = 0; i <= BOUNDS_MILLIS.length; i++) {
            running += buckets.get(i);
            String bound = i < BOUNDS_MILLIS.length ? BOUNDS_MILLIS[i] + "ms" : "+Inf";
            into.put(prefix + " le " + bound, running);
        }
    }
}
