package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per-thread mode: each thread that opens connections gets its own channel per endpoint, shared by every
 * connection it opens. A connection keeps the channels of the thread that opened it even if it later
 * serves another thread (a channel is thread-safe; the point is to keep threads off each other's
 * connections, not to pin a channel to a thread).
 *
 * <p>A thread's channels shut down when its cache is cleared ({@link #clearCurrentThread()}), when the
 * thread has died, or when the pool closes, in each case once no connection that leased them is still
 * open: closing never breaks a connection in use.
 */
public final class ThreadChannels implements ChannelLender {
    private final ConnectionConfig config;
    private final Map<Thread, PerThread> byThread = new ConcurrentHashMap<>();
    private final List<ManagedChannel> opened = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    public ThreadChannels(ConnectionConfig config) {
        this.config = config;
    }

    /** One thread's channels and the leases on them. */
    private final class PerThread {
        final Map<JdbcUrl.Endpoint, ManagedChannel> channels = new ConcurrentHashMap<>();
        final AtomicInteger leases = new AtomicInteger();
        final AtomicBoolean retired = new AtomicBoolean();
        final AtomicBoolean shut = new AtomicBoolean();

        ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
            ManagedChannel c = ChannelFactory.dropIfBroken(channels, endpoint);
            if (c == null) {
                if (shut.get()) {
                    throw new SQLException(
                            "This thread's channels were closed", SqlState.CONNECTION_DOES_NOT_EXIST.code());
                }
                c = ChannelFactory.open(config, endpoint);
                ManagedChannel raced = channels.putIfAbsent(endpoint, c);
                if (raced != null) {
                    c.shutdownNow();
                    return raced;
                }
                opened.add(c);
            }
            return c;
        }

        void retire() {
            retired.set(true);
            shutDownIfDrained();
        }

        void shutDownIfDrained() {
            if (retired.get() && leases.get() == 0 && shut.compareAndSet(false, true)) {
                channels.values().forEach(ManagedChannel::shutdown);
            }
        }
    }

    @Override
    public List<JdbcUrl.Endpoint> endpoints() {
        return config.endpoints();
    }

    @Override
    public Lease lease(Object key) throws SQLException {
        if (closed.get()) {
            throw ChannelLender.closedError();
        }
        retireDeadThreads();
        PerThread mine = byThread.computeIfAbsent(Thread.currentThread(), t -> new PerThread());
        mine.leases.incrementAndGet();
        if (closed.get()) { // closed meanwhile: close() may have missed this thread's new entry
            mine.retire();
            giveBack(mine);
            throw ChannelLender.closedError();
        }
        return new ThreadLease(mine);
    }

    private void giveBack(PerThread p) {
        p.leases.decrementAndGet();
        p.shutDownIfDrained();
    }

    /** A thread that has ended opens no more connections: its channels go once its connections close. */
    private void retireDeadThreads() {
        byThread.entrySet().removeIf(e -> {
            if (e.getKey().isAlive()) {
                return false;
            }
            e.getValue().retire();
            return true;
        });
    }

    /**
     * Closes the calling thread's channels once the connections that use them are closed; the thread's next
     * connection opens new ones.
     */
    public void clearCurrentThread() {
        PerThread mine = byThread.remove(Thread.currentThread());
        if (mine != null) {
            mine.retire();
        }
    }

    @Override
    public void close() {
        closed.set(true);
        byThread.values().forEach(PerThread::retire);
        byThread.clear();
    }

    // ---------------------------------------------------------------- what tests and monitoring read

    /** Every channel this pool opened, in order (shut down ones included). */
    public List<ManagedChannel> openedChannels() {
        return List.copyOf(opened);
    }

    /** Threads that currently have channels. */
    public int threads() {
        return byThread.size();
    }

    /** A connection's view of its opening thread's channels. */
    private final class ThreadLease implements Lease {
        private final PerThread owner;
        private final AtomicBoolean returned = new AtomicBoolean();

        ThreadLease(PerThread owner) {
            this.owner = owner;
        }

        @Override
        public JdbcUrl.Endpoint home() {
            return null;
        }

        @Override
        public ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
            if (returned.get()) {
                throw new SQLException(
                        "The connection's channel lease was returned", SqlState.CONNECTION_DOES_NOT_EXIST.code());
            }
            return owner.channel(endpoint);
        }

        /** Gives the channels back to the thread; they stay up for its next connection. */
        @Override
        public void close() {
            if (returned.compareAndSet(false, true)) {
                giveBack(owner);
            }
        }
    }
}
