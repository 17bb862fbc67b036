package io.greptime.jdbc.failover;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/** A nanosecond clock that moves only when a test says so. */
final class FakeClock implements LongSupplier {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Override
    public long getAsLong() {
        return now.get();
    }

    void advanceMillis(long millis) {
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }
}
