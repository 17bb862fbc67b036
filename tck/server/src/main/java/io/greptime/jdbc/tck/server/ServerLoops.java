package io.greptime.jdbc.tck.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The event loops of one start of the embedded server's TCP listeners, owned by the server rather than
 * borrowed from gRPC's JVM-wide default group. gRPC shuts its default group down on a timer of its own,
 * about a second after the last server using it has stopped, so a server closed at the end of a program run
 * inside another JVM (Maven's exec:java, a test runner, an application server) left loop threads ending
 * after the program's class loader was closed, and netty's last log line failed with NoClassDefFoundError.
 * With these loops {@link EmbeddedGreptimeServer#close()} returns only once their threads have ended.
 * epoll where netty's native transport loads (as gRPC's default), NIO elsewhere.
 */
final class ServerLoops {
    private static final AtomicInteger STARTS = new AtomicInteger();

    private final String threadNamePrefix;
    private final EventLoopGroup group;
    private final Class<? extends ServerChannel> channelType;

    private ServerLoops(String threadNamePrefix, EventLoopGroup group, Class<? extends ServerChannel> channelType) {
        this.threadNamePrefix = threadNamePrefix;
        this.group = group;
        this.channelType = channelType;
    }

    static ServerLoops create() {
        // netty names the threads "<pool name>-<factory number>-<thread number>"
        String name = "greptime-embedded-loop-" + STARTS.incrementAndGet();
        DefaultThreadFactory threads = new DefaultThreadFactory(name, true);
        if (Epoll.isAvailable()) {
            return new ServerLoops(
                    name + "-",
                    new MultiThreadIoEventLoopGroup(0, threads, EpollIoHandler.newFactory()),
                    EpollServerSocketChannel.class);
        }
        return new ServerLoops(
                name + "-",
                new MultiThreadIoEventLoopGroup(0, threads, NioIoHandler.newFactory()),
                NioServerSocketChannel.class);
    }

    /** What the names of this start's loop threads begin with (and no other start's do). */
    String threadNamePrefix() {
        return threadNamePrefix;
    }

    EventLoopGroup group() {
        return group;
    }

    Class<? extends ServerChannel> channelType() {
        return channelType;
    }

    /** Shuts the loops down and waits (at most 10 s) for their threads to end; call once the servers stopped. */
    void shutdown() throws InterruptedException {
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).await(10, TimeUnit.SECONDS);
    }
}
