package io.greptime.jdbc.internal.observe;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Short ids for statement executions, unique within one JVM: a random prefix chosen once per JVM (so
 * ids from two application instances rarely collide in a shared log store) and a counter in base 36,
 * e.g. {@code 3f2a-1c}. One id costs one small string, made once per execution.
 */
public final class StatementIds {
    private static final String PREFIX =
            Integer.toHexString(0x1000 + ThreadLocalRandom.current().nextInt(0xF000)) + "-";
    private static final AtomicLong COUNTER = new AtomicLong();

    private StatementIds() {}

    /** A new id. */
    public static String next() {
        return PREFIX + Long.toString(COUNTER.incrementAndGet(), 36);
    }

    /**
     * The suffix that exception messages carry for the execution running on this thread, e.g.
     * {@code " [stmt 3f2a-1c]"}, or an empty string outside any execution.
     */
    public static String messageSuffix() {
        String id = ObservedScope.currentId();
        return id == null ? "" : " [stmt " + id + "]";
    }
}
