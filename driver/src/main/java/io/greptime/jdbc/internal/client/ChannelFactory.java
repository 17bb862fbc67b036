package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.ManagedChannel;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.sql.SQLException;
import javax.net.ssl.SSLException;

/**
 * Builds the gRPC channel to one endpoint from a connection's configuration: transport, TLS,
 * timeouts, message limits and the user agent. Channels connect lazily; the caller owns and closes
 * what this returns.
 */
public final class ChannelFactory {
  static final String VERSION = "0.1.0";

  private ChannelFactory() {}

  /** A new channel to {@code endpoint}, configured from {@code config}. */
  public static ManagedChannel open(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
    NettyChannelBuilder b = NettyChannelBuilder.forAddress(endpoint.host(), endpoint.port())
        .maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, config.maxInboundMessageSize()))
        .userAgent(userAgent(config.applicationName()));
    if (config.connectTimeoutMillis() > 0) {
      b.withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis());
    }
    if (config.tls()) {
      configureTls(b, config);
    } else {
      b.usePlaintext();
    }
    return b.build();
  }

  private static String userAgent(String applicationName) {
    return "greptime-jdbc/" + VERSION + (applicationName == null ? "" : " " + applicationName);
  }

  private static void configureTls(NettyChannelBuilder b, ConnectionConfig config) throws SQLException {
    try {
      SslContextBuilder ssl = GrpcSslContexts.forClient();
      String root = config.string(GreptimeProperty.TLS_ROOT_CERT);
      if (root != null) {
        ssl.trustManager(new File(root));
      }
      String cert = config.string(GreptimeProperty.TLS_CLIENT_CERT);
      String key = config.string(GreptimeProperty.TLS_CLIENT_KEY);
      if (cert != null && key != null) {
        ssl.keyManager(new File(cert), new File(key));
      }
      b.sslContext(ssl.build()).useTransportSecurity();
      String serverName = config.string(GreptimeProperty.TLS_SERVER_NAME);
      if (serverName != null) {
        b.overrideAuthority(serverName);
      }
    } catch (SSLException | IllegalArgumentException e) {
      throw new SQLException("Cannot set up TLS: " + e.getMessage(), "08001", e);
    }
  }
}
