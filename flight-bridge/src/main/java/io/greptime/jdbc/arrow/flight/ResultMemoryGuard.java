package io.greptime.jdbc.arrow.flight;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.AllocationOutcome;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;

/**
 * The allocator of one result, limited to {@code maxResultMemory}, and the listener that keeps a limit
 * failure from stranding memory.
 *
 * <p>The DoGet decoder ({@link BatchDecoder}) checks what a batch will take before it allocates, and frees
 * what it allocated when it fails, so its own allocations simply fail at the limit. What it cannot see ahead
 * exactly is Arrow's {@code VectorLoader}, which allocates validity bitmaps of its own while it loads (and, in
 * Arrow 19, strands the buffers it already made for a field when a later allocation fails). So an allocation
 * that fails inside a vector load is let through and marks the result as over its limit: the cursor fails the
 * batch with SQLState 53200 as soon as the load returns, and closing the cursor frees every buffer. The price
 * is a transient overshoot of at most those bitmaps (one bit a row).
 */
public final class ResultMemoryGuard implements AllocationListener {
    private static final String VECTOR_LOADER = VectorLoader.class.getName();

    private final long limit;
    private final AtomicBoolean exceeded = new AtomicBoolean();
    private volatile BufferAllocator allocator;

    private ResultMemoryGuard(long limit) {
        this.limit = limit;
    }

    /** A guard over a new child of {@code parent} named {@code name}, limited to {@code limit} bytes. */
    public static ResultMemoryGuard open(BufferAllocator parent, String name, long limit) {
        ResultMemoryGuard guard = new ResultMemoryGuard(limit);
        guard.allocator = parent.newChildAllocator(name, guard, 0, limit);
        return guard;
    }

    /** The result's allocator; children made from it (the Flight client's) share this guard. */
    public BufferAllocator allocator() {
        return allocator;
    }

    /** The configured limit in bytes. */
    public long limit() {
        return limit;
    }

    @Override
    public boolean onFailedAllocation(long size, AllocationOutcome outcome) {
        BufferAllocator a = allocator;
        if (a == null || !insideVectorLoad()) {
            return false;
        }
        long needed = a.getAllocatedMemory() + size;
        if (needed < 0) {
            return false;
        }
        exceeded.set(true);
        synchronized (this) {
            a.setLimit(Math.max(a.getLimit(), needed));
        }
        return true;
    }

    /**
     * Whether a load went past the limit since the last call; the caller fails the result then. The
     * limit is not lowered again: the result is failing, and its buffers go when the stream closes.
     */
    boolean takeExceeded() {
        return exceeded.getAndSet(false);
    }

    private static boolean insideVectorLoad() {
        return StackWalker.getInstance()
                .walk(frames -> frames.anyMatch(f -> f.getClassName().equals(VECTOR_LOADER)));
    }
}
