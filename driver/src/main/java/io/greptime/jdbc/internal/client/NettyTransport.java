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
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The netty transports a channel can run on, best first. Each owns one event loop group shared by every
 * channel of the JVM that uses it, created on first use with daemon threads (like gRPC's own default group),
 * so that many connections do not each start a set of threads.
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

    private final String key;
    private final AtomicReference<EventLoopGroup> group = new AtomicReference<>();

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

    /** The JVM-wide event loop group of this transport, created on first use. */
    EventLoopGroup group() {
        EventLoopGroup g = group.get();
        if (g != null) {
            return g;
        }
        EventLoopGroup made = newGroup(new DefaultThreadFactory("greptime-jdbc-" + key, true));
        if (group.compareAndSet(null, made)) {
            return made;
        }
        // Another thread won the race; its threads have not started (netty starts them on first task).
        made.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        return group.get();
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
