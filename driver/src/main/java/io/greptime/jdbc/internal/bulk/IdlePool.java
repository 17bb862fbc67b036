package io.greptime.jdbc.internal.bulk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Things a closed statement leaves for the next one that writes the same rows (a DoPut stream, a column
 * buffer), one per key, at most {@code capacity}: parking a second one for a key releases the first, and
 * beyond the capacity the least recently parked one is released. Once closed (the connection is closing)
 * everything parked is released, and so is anything parked later. Releasing happens outside the lock.
 * Thread-safe.
 */
final class IdlePool<K, V> {
    private final int capacity;
    private final Consumer<V> release;
    private final LinkedHashMap<K, V> idle = new LinkedHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    IdlePool(int capacity, Consumer<V> release) {
        this.capacity = capacity;
        this.release = release;
    }

    /** The value parked for {@code key}, now the caller's, or null. */
    V take(K key) {
        lock.lock();
        try {
            return idle.remove(key);
        } finally {
            lock.unlock();
        }
    }

    /** Keeps {@code value} for {@code key}. */
    void park(K key, V value) {
        List<V> released = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                released.add(value);
            } else {
                V previous = idle.put(key, value);
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
        released.forEach(release);
    }

    /** Releases everything parked; values parked from now on are released at once. */
    void close() {
        List<V> released;
        lock.lock();
        try {
            closed = true;
            released = new ArrayList<>(idle.values());
            idle.clear();
        } finally {
            lock.unlock();
        }
        released.forEach(release);
    }
}
