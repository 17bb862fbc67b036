package io.greptime.jdbc.tck.server;

import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerDomainSocketChannel;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The embedded server's optional second listener on a unix domain socket (epoll's server channel; Linux
 * only), serving the same services and TLS as the TCP port. It owns its event loops and the socket file.
 */
final class UnixSocketListener {
    private final Path socket;
    private final EventLoopGroup loops;
    private final Server server;

    private UnixSocketListener(Path socket, EventLoopGroup loops, Server server) {
        this.socket = socket;
        this.loops = loops;
        this.server = server;
    }

    static UnixSocketListener start(
            Path socket, List<ServerServiceDefinition> services, ServerTls tls, int maxInboundMessageSize)
            throws IOException {
        if (!Epoll.isAvailable()) {
            throw new IOException(
                    "a unix socket listener needs netty's epoll transport: " + Epoll.unavailabilityCause());
        }
        // A file left by a server that died would make bind fail with "address in use".
        Files.deleteIfExists(socket);
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(
                2, new DefaultThreadFactory("greptime-embedded-unix", true), EpollIoHandler.newFactory());
        try {
            NettyServerBuilder builder = NettyServerBuilder.forAddress(new DomainSocketAddress(socket.toString()))
                    .channelType(EpollServerDomainSocketChannel.class)
                    .bossEventLoopGroup(loops)
                    .workerEventLoopGroup(loops)
                    .maxInboundMessageSize(maxInboundMessageSize);
            services.forEach(builder::addService);
            if (tls != null) {
                builder.sslContext(tls.sslContext());
            }
            return new UnixSocketListener(socket, loops, builder.build().start());
        } catch (IOException | RuntimeException e) {
            loops.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** Stops serving (cancelling calls in flight), releases the event loops and removes the socket file. */
    void stop() {
        server.shutdownNow();
        try {
            server.awaitTermination(10, TimeUnit.SECONDS);
            loops.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // a stale socket file is removed before the next bind anyway
        }
    }
}
