package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The column buffers of closed DoPut statements, one per session, table and column list, kept for the
 * next statement that prepares the same INSERT. Frameworks prepare a statement per batch (Spring's
 * {@code batchUpdate} does); building the writers and allocating their arrays again each time cost about
 * 7% of such a write, and a reused buffer also keeps its strings' UTF-8 cache warm. A parked buffer has
 * no rows and no parameter values. At most {@code capacity} are kept, the least recently parked one is
 * released beyond that; all are released with the connection. Thread-safe.
 */
final class ParkedBuffers {
    /** A buffer and the allocator its vectors (and nothing else) live in. */
    record Parked(BatchBuffer buffer, BufferAllocator allocator) {
        void release() {
            try {
                buffer.close();
            } finally {
                allocator.close();
            }
        }
    }

    /** A buffer holding more than this (after very large batches or long texts) is released, not kept. */
    static final long MAX_PARKED_BYTES = 4L << 20;

    private final int capacity;
    private final LinkedHashMap<BulkWrites.StreamKey, Parked> idle = new LinkedHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    ParkedBuffers(int capacity) {
        this.capacity = capacity;
    }

    /** A parked buffer for {@code key}, now the caller's, or null. */
    Parked take(BulkWrites.StreamKey key) {
        lock.lock();
        try {
            return idle.remove(key);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Empties the buffer (rows and parameter values) and keeps it for {@code key}; releases it instead
     * when the connection is closing or the buffer holds more than {@link #MAX_PARKED_BYTES}.
     */
    void park(BulkWrites.StreamKey key, BatchBuffer buffer, BufferAllocator allocator) {
        buffer.reset();
        buffer.clearParameters();
        Parked parked = new Parked(buffer, allocator);
        boolean large = buffer.retainedBytes() + allocator.getAllocatedMemory() > MAX_PARKED_BYTES;
        List<Parked> released = new ArrayList<>();
        lock.lock();
        try {
            if (closed || large) {
                released.add(parked);
            } else {
                Parked previous = idle.put(key, parked);
                if (previous != null) {
                    released.add(previous);
                }
                var oldest = idle.values().iterator();
                while (idle.size() > capacity) {
                    released.add(oldest.next());
                    oldest.remove();
                }
            }
        } finally {
            lock.unlock();
        }
        released.forEach(Parked::release);
    }

    /** Releases every parked buffer; later ones are released as they come. */
    void close() {
        List<Parked> released;
        lock.lock();
        try {
            closed = true;
            released = new ArrayList<>(idle.values());
            idle.clear();
        } finally {
            lock.unlock();
        }
        released.forEach(Parked::release);
    }
}
