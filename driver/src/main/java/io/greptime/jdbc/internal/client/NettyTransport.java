package io.greptime.jdbc.internal.client;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDomainSocketChannel;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringDomainSocketChannel;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The netty transports a channel can run on, best first. Each owns one event loop group shared by every
 * channel of the JVM that uses it, created on first use with daemon threads (like gRPC's own default group),
 * so that many connections do not each start a set of threads. Channels lease the group
 * ({@link #lease}/{@link #release}); once the last one has terminated and none came for
 * {@link #IDLE_SHUTDOWN_MILLIS}, the group shuts down, so that a process done with the database keeps
 * neither the loop threads nor the pooled buffers they cache (as gRPC does with its own default group).
 *
 * <p>The native classes are only touched inside the methods of the constant that needs them, and their
 * absence ({@link LinkageError}) counts as "unavailable", so a class path without the native jars still
 * works on NIO.
 *
 * <p>epoll and NIO build their groups with the classes netty 4.1 and 4.2 both have, so the thin jar also runs
 * where the application's dependency management (Spring Boot 3's BOM) pins netty 4.1; only io_uring needs
 * netty 4.2's {@code MultiThreadIoEventLoopGroup}, and under 4.1 it is reported unavailable, with the reason.
 */
enum NettyTransport {
    IO_URING("io_uring") {
        @Override
        Throwable probe() {
            return IoUring.isAvailable() ? null : IoUring.unavailabilityCause();
        }

        @Override
        EventLoopGroup newGroup(ThreadFactory threads) {
            return new MultiThreadIoEventLoopGroup(0, threads, IoUringIoHandler.newFactory());
        }

        @Override
        Class<? extends Channel> socketChannel() {
            return IoUringSocketChannel.class;
        }

        @Override
        Class<? extends Channel> domainSocketChannel() {
            return IoUringDomainSocketChannel.class;
        }
    },
    EPOLL("epoll") {
        @Override
        Throwable probe() {
            return Epoll.isAvailable() ? null : Epoll.unavailabilityCause();
        }

        @Override
        @SuppressWarnings("deprecation") // netty 4.2 deprecates it, netty 4.1 has nothing else
        EventLoopGroup newGroup(ThreadFactory threads) {
            return new EpollEventLoopGroup(0, threads);
        }

        @Override
        Class<? extends Channel> socketChannel() {
            return EpollSocketChannel.class;
        }

        @Override
        Class<? extends Channel> domainSocketChannel() {
            return EpollDomainSocketChannel.class;
        }
    },
    NIO("nio") {
        @Override
        Throwable probe() {
            return null;
        }

        @Override
        @SuppressWarnings("deprecation") // as for epoll
        EventLoopGroup newGroup(ThreadFactory threads) {
            return new NioEventLoopGroup(0, threads);
        }

        @Override
        Class<? extends Channel> socketChannel() {
            return NioSocketChannel.class;
        }

        @Override
        Class<? extends Channel> domainSocketChannel() {
            return null;
        }
    };

    /**
     * How long a transport's event loop group outlives its last channel. Long enough that a pool-less
     * application opening a connection every few seconds keeps its threads; short enough that an
     * application done with the database gets its threads and their buffer caches back.
     */
    static final long IDLE_SHUTDOWN_MILLIS = 10_000;

    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.client");

    private final String key;
    /** Guards {@link #group}, {@link #leases} and {@link #idleShutdown}. */
    private final Object lock = new Object();

    /** The group new channels get, or null until the next lease creates one. */
    private EventLoopGroup group;
    /**
     * Leases out per group: the current one and any retired because one of its loops ended (a retired group
     * shuts down once its last channel has terminated).
     */
    private final Map<EventLoopGroup, Integer> leases = new IdentityHashMap<>();

    private Future<?> idleShutdown;
    private long idleMillis = IDLE_SHUTDOWN_MILLIS;
    /** Set by {@link #endGroups}, cleared by the next lease: the last lease ends its group at once. */
    private boolean ending;

    NettyTransport(String key) {
        this.key = key;
    }

    /** The value of the {@code transport} property that names this transport. */
    String key() {
        return key;
    }

    /** Why this transport cannot run here, or null when it can. */
    Throwable unavailabilityCause() {
        try {
            return probe();
        } catch (LinkageError e) {
            return e;
        }
    }

    abstract Throwable probe();

    /** A new event loop group of this transport, one thread per core as netty's default. */
    abstract EventLoopGroup newGroup(ThreadFactory threads);

    abstract Class<? extends Channel> socketChannel();

    /** The unix domain socket channel type, or null when the transport has none. */
    abstract Class<? extends Channel> domainSocketChannel();

    /**
     * The JVM-wide event loop group of this transport for one more channel, created on first use (again
     * after an idle shutdown, or when one of the group's loops has ended: a loop whose thread died, for
     * example on an {@link Error} in its shutdown path, would fail every task given to it with "event
     * executor terminated"). The caller gives it back with {@link #release} once that channel has
     * terminated: the group shuts down when no channel has used it for {@link #IDLE_SHUTDOWN_MILLIS}.
     */
    EventLoopGroup lease() {
        synchronized (lock) {
            ending = false;
            if (idleShutdown != null) {
                idleShutdown.cancel(false);
                idleShutdown = null;
            }
            if (group != null && !usable(group)) {
                retire(group);
            }
            if (group == null) {
                group = newGroup(new DefaultThreadFactory("greptime-jdbc-" + key, true));
            }
            leases.merge(group, 1, Integer::sum);
            return group;
        }
    }

    /** Whether the group and every one of its loops still take tasks. */
    static boolean usable(EventLoopGroup g) {
        if (g.isShuttingDown()) {
            return false;
        }
        for (EventExecutor loop : g) {
            if (loop.isShuttingDown()) {
                return false;
            }
        }
        return true;
    }

    /** No new channel gets {@code broken}; it shuts down now if no channel holds it, else with its last one. */
    private void retire(EventLoopGroup broken) {
        LOG.warning(() -> "a " + key + " event loop of the driver has ended; new channels get a new loop group");
        group = null;
        if (!leases.containsKey(broken)) {
            broken.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Gives back a lease of {@code leased}; the last one of the current group schedules its idle shutdown,
     * the last one of a retired group shuts it down.
     */
    void release(EventLoopGroup leased) {
        synchronized (lock) {
            Integer n = leases.get(leased);
            if (n == null) {
                return; // not a group of ours with leases out: nothing to give back
            }
            if (n > 1) {
                leases.put(leased, n - 1);
                return;
            }
            leases.remove(leased);
            if (leased != group || ending) {
                if (leased == group) {
                    group = null;
                }
                leased.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                return;
            }
            try {
                idleShutdown = leased.schedule(() -> shutDownIfIdle(leased), idleMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException loopEnded) {
                group = null; // the loop picked has ended: the group is of no further use
                leased.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            }
        }
    }

    private void shutDownIfIdle(EventLoopGroup idle) {
        synchronized (lock) {
            if (leases.containsKey(idle) || group != idle) {
                return; // leased again meanwhile
            }
            group = null;
            idleShutdown = null;
        }
        // No channel uses it: nothing to drain, and the loop threads end (freeing their buffer caches).
        idle.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }

    /**
     * Ends this transport's event loop threads as the driver is deregistered ({@link DriverThreads}): a group
     * no channel holds shuts down now, without the idle time; one still leased shuts down as soon as its last
     * channel has terminated. A later lease starts a new group as usual.
     *
     * @return the termination futures of every group of this transport that is ending
     */
    List<Future<?>> endGroups() {
        List<Future<?>> ending = new ArrayList<>();
        synchronized (lock) {
            this.ending = true;
            if (idleShutdown != null) {
                idleShutdown.cancel(false);
                idleShutdown = null;
            }
            if (group != null && !leases.containsKey(group)) {
                group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
                ending.add(group.terminationFuture());
                group = null;
            }
            for (EventLoopGroup leased : leases.keySet()) {
                ending.add(leased.terminationFuture());
            }
        }
        return ending;
    }

    /** Channels holding a lease of any group of this transport. */
    int leases() {
        synchronized (lock) {
            int n = 0;
            for (int each : leases.values()) {
                n += each;
            }
            return n;
        }
    }

    /** Whether the transport has a group now (for tests). */
    boolean hasGroup() {
        synchronized (lock) {
            return group != null;
        }
    }

    /** The group the next lease would get, or null (for tests). */
    EventLoopGroup currentGroup() {
        synchronized (lock) {
            return group;
        }
    }

    /** Sets the idle time before the group shuts down (tests shorten it). */
    void idleMillis(long millis) {
        synchronized (lock) {
            idleMillis = millis;
        }
    }

    /** The constant for a {@code transport} property value other than {@code auto}. */
    static NettyTransport forKey(String key) {
        for (NettyTransport t : values()) {
            if (t.key.equals(key)) {
                return t;
            }
        }
        throw new IllegalArgumentException(key);
    }
}
