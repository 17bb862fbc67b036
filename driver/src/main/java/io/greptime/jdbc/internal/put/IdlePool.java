package io.greptime.jdbc.internal.put;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Things a closed statement leaves for the next one that writes the same rows (a DoPut stream, a column
 * buffer), one per key, at most {@code capacity}, each for at most {@code maxIdleNanos}: parking a second
 * one for a key releases the first, beyond the capacity the least recently parked one is released, and
 * one parked for longer than that is released instead of handed out (GreptimeDB resolves a stream's table
 * once, so a stream parked across a DROP and CREATE would write to a table that is gone). {@link #clear()}
 * releases everything (after DDL through the connection). Once closed (the connection is closing)
 * everything parked is released, and so is anything parked later. Releasing happens outside the lock.
 * Thread-safe.
 */
public final class IdlePool<K, V> {
    private final int capacity;
    private final long maxIdleNanos;
    private final LongSupplier clock;
    private final Consumer<V> release;
    private final LinkedHashMap<K, Parked<V>> idle = new LinkedHashMap<>();
    private final ReentrantLock lock = new ReentrantLock();
    private boolean closed;

    private record Parked<V>(V value, long since) {}

    public IdlePool(int capacity, long maxIdleNanos, LongSupplier clock, Consumer<V> release) {
        this.capacity = capacity;
        this.maxIdleNanos = maxIdleNanos;
        this.clock = clock;
        this.release = release;
    }

    public IdlePool(int capacity, Consumer<V> release) {
        this(capacity, Long.MAX_VALUE, System::nanoTime, release);
    }

    /** The value parked for {@code key}, now the caller's, or null (also when it was parked too long). */
    public V take(K key) {
        Parked<V> p;
        lock.lock();
        try {
            p = idle.remove(key);
        } finally {
            lock.unlock();
        }
        if (p != null && clock.getAsLong() - p.since() > maxIdleNanos) {
            release.accept(p.value());
            return null;
        }
        return p == null ? null : p.value();
    }

    /** Keeps {@code value} for {@code key}. */
    public void park(K key, V value) {
        List<V> released = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                released.add(value);
            } else {
                Parked<V> previous = idle.put(key, new Parked<>(value, clock.getAsLong()));
                if (previous != null) {
                    released.add(previous.value());
                }
                Iterator<Parked<V>> oldest = idle.values().iterator();
                while (idle.size() > capacity) {
                    released.add(oldest.next().value());
                    oldest.remove();
                }
            }
        } finally {
            lock.unlock();
        }
        released.forEach(release);
    }

    /** Releases everything parked now; the pool stays open. */
    public void clear() {
        List<V> released = new ArrayList<>();
        lock.lock();
        try {
            idle.values().forEach(p -> released.add(p.value()));
            idle.clear();
        } finally {
            lock.unlock();
        }
        released.forEach(release);
    }

    /** Releases everything parked; values parked from now on are released at once. */
    public void close() {
        closeAndTake().forEach(release);
    }

    /** Closes the pool and hands what was parked to the caller, unreleased. */
    public List<V> closeAndTake() {
        List<V> taken = new ArrayList<>();
        lock.lock();
        try {
            closed = true;
            idle.values().forEach(p -> taken.add(p.value()));
            idle.clear();
        } finally {
            lock.unlock();
        }
        return taken;
    }
}
