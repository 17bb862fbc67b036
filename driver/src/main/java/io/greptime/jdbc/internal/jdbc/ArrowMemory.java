package io.greptime.jdbc.internal.jdbc;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The driver's one root allocator (design rule 7). Each connection gets a child, each result set a
 * bounded grandchild; every one of them is closed by whoever made it, so a leak shows up as an error at
 * close instead of as a slowly growing process.
 */
final class ArrowMemory {
    private static final RootAllocator ROOT = new RootAllocator(Long.MAX_VALUE);
    private static final AtomicLong CONNECTIONS = new AtomicLong();

    private ArrowMemory() {}

    /** Creates the root allocator if it is not yet (the class's initialisation does). */
    static void ensureRoot() {
        // initialising this class made ROOT
    }

    /** A child for the connect warm-up's one-row batch, closed (and so leak-checked) right after. */
    static BufferAllocator newWarmupAllocator() {
        return ROOT.newChildAllocator("warmup", 0, 1L << 20);
    }

    static BufferAllocator newConnectionAllocator() {
        return ROOT.newChildAllocator("connection-" + CONNECTIONS.incrementAndGet(), 0, Long.MAX_VALUE);
    }

    /** Bytes allocated by all connections right now (for leak checks in tests). */
    static long allocatedBytes() {
        return ROOT.getAllocatedMemory();
    }
}
