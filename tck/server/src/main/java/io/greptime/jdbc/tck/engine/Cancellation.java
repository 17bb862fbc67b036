package io.greptime.jdbc.tck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Stops the engine work of one request from another thread: the front trips it when the client cancels,
 * its deadline passes or it goes away, and the engine has registered what stops its current work (for
 * DuckDB, interrupting the connection that runs the statement or streams its rows).
 *
 * <p>The front binds it to the thread that runs the request ({@link #bind()}), and the engine finds it
 * with {@link #current()}: a thread-bound scope rather than an {@link Engine} parameter, so that engines
 * wrapped in a {@link ForwardingEngine} (fault injection, sinks, recorders) pass it on without knowing of
 * it. Outside a request there is none, and nothing can be cancelled.
 */
public final class Cancellation {
    private static final ThreadLocal<Cancellation> CURRENT = new ThreadLocal<>();

    /** Guards {@link #cancelled} and {@link #hooks}; hooks run outside it. */
    private final ReentrantLock lock = new ReentrantLock();

    private final List<Runnable> hooks = new ArrayList<>();
    private boolean cancelled;

    /** The cancellation of the request this thread is running, or null. */
    public static Cancellation current() {
        return CURRENT.get();
    }

    /** Makes this the current cancellation of this thread until the returned scope is closed. */
    public Scope bind() {
        Cancellation previous = CURRENT.get();
        CURRENT.set(this);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /**
     * Registers what stops the caller's work; it runs at once (on this thread) if the request is already
     * cancelled. Closing the returned registration removes it: work that has ended must not be stopped.
     */
    public Registration onCancel(Runnable hook) {
        lock.lock();
        try {
            if (!cancelled) {
                hooks.add(hook);
                return () -> remove(hook);
            }
        } finally {
            lock.unlock();
        }
        hook.run();
        return () -> {};
    }

    private void remove(Runnable hook) {
        lock.lock();
        try {
            hooks.remove(hook);
        } finally {
            lock.unlock();
        }
    }

    /** Cancels the request: every registered hook runs once, on the calling thread. */
    public void cancel() {
        List<Runnable> toRun;
        lock.lock();
        try {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = new ArrayList<>(hooks);
            hooks.clear();
        } finally {
            lock.unlock();
        }
        toRun.forEach(Runnable::run);
    }

    public boolean isCancelled() {
        lock.lock();
        try {
            return cancelled;
        } finally {
            lock.unlock();
        }
    }

    /** The binding of a cancellation to a thread; closing restores what was bound before. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** A registered hook; closing it unregisters it. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
