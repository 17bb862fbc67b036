package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.unix.DomainSocketAddress;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Builds the gRPC channel to one endpoint from a connection's configuration: transport (io_uring, epoll
 * or NIO, see {@link TransportChooser}), TCP or unix domain socket, TLS ({@link TlsContextBuilder}),
 * keepalive, message limits and the user agent. With a {@code connectTimeout} the channel is connected
 * before this returns ({@link ChannelReadiness}), so that timeout bounds name resolution, connect and
 * handshake together; the caller owns and closes what this returns.
 */
public final class ChannelFactory {
  static final String VERSION = "0.1.0";

  private ChannelFactory() {}

  /** A new channel to {@code endpoint}, configured from {@code config}. */
  public static ManagedChannel open(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
    NettyChannelBuilder b = builderFor(config, endpoint)
        .maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, config.maxInboundMessageSize()))
        .userAgent(userAgent(config.applicationName()));
    if (config.connectTimeoutMillis() > 0) {
      b.withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis());
    }
    if (config.keepAliveTimeMillis() > 0) {
      b.keepAliveTime(config.keepAliveTimeMillis(), TimeUnit.MILLISECONDS)
          .keepAliveTimeout(Math.max(1, config.keepAliveTimeoutMillis()), TimeUnit.MILLISECONDS)
          .keepAliveWithoutCalls(config.keepAliveWithoutCalls());
    }
    if (config.tls()) {
      b.sslContext(TlsContextBuilder.build(config)).useTransportSecurity();
    } else {
      b.usePlaintext();
    }
    String serverName = config.string(GreptimeProperty.TLS_SERVER_NAME);
    if (serverName != null) {
      b.overrideAuthority(serverName);
    }
    ManagedChannel channel = b.build();
    if (config.connectTimeoutMillis() > 0) {
      try {
        ChannelReadiness.await(channel, endpoint, config.connectTimeoutMillis(), config.tls());
      } catch (SQLException | RuntimeException e) {
        channel.shutdownNow();
        throw e;
      }
    }
    return channel;
  }

  /** The builder on the chosen transport, for a TCP address or a unix socket. */
  private static NettyChannelBuilder builderFor(ConnectionConfig config, JdbcUrl.Endpoint endpoint)
      throws SQLException {
    boolean unix = endpoint.unixSocket() != null;
    NettyTransport transport = TransportChooser.choose(config.transport(), unix);
    if (unix) {
      // The socket path is no authority: the URL host stands in (and is the TLS name to verify).
      return NettyChannelBuilder.forAddress(new DomainSocketAddress(endpoint.unixSocket()))
          .eventLoopGroup(transport.group())
          .channelType(transport.domainSocketChannel(), DomainSocketAddress.class)
          .overrideAuthority(endpoint.host());
    }
    return NettyChannelBuilder.forAddress(endpoint.host(), endpoint.port())
        .eventLoopGroup(transport.group())
        .channelType(transport.socketChannel(), InetSocketAddress.class);
  }

  private static String userAgent(String applicationName) {
    return "greptime-jdbc/" + VERSION + (applicationName == null ? "" : " " + applicationName);
  }
}
