package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.internal.redact.GrpcLogging;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.unix.DomainSocketAddress;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeUnit;

/**
 * Builds the gRPC channel to one endpoint from a connection's configuration: transport (io_uring, epoll
 * or NIO, see {@link TransportChooser}; grpc's OkHttp transport, {@link OkHttpChannels}; or grpc's
 * in-process transport for tests), TCP or unix domain
 * socket, TLS ({@link TlsContextBuilder}), keepalive, message limits and the user agent. Channels connect
 * lazily, so {@link #open} never fails for network reasons (failover and pools rely on that: a dead
 * endpoint shows as failing calls, which they judge); it fails only for a configuration that cannot work
 * (TLS files, a transport that cannot load). The connection's first call carries {@code connectTimeout}
 * as its deadline, which bounds name resolution, connect and TLS handshake together; when it fails,
 * {@link #connectFailure} says why (from the failure {@link TransportFailures} recorded, or by connecting
 * once more). The caller owns and closes what {@link #open} returns.
 */
public final class ChannelFactory {
    private static final String IN_PROCESS = "inprocess";
    /** How old a recorded failure of the first call may be, beyond the timeout, to explain it. */
    private static final long RECENT_MILLIS = 5_000;

    private ChannelFactory() {}

    /**
     * Whether a call's callbacks may run inline on the transport's own thread: only on netty's event
     * loops. grpc's in-process transport would run them on the thread that asks for more messages, and
     * OkHttp's reader thread delivers them holding its transport lock, which a request for more (Arrow's
     * FlightStream, a resumed DoPut) takes too: both deadlocked ({@code OkHttpTransportTest}, {@code
     * OkHttpFailoverTest}).
     */
    static boolean callbacksMayRunOnTransport(ConnectionConfig config) {
        return !IN_PROCESS.equals(config.transport()) && !OkHttpChannels.KEY.equals(config.transport());
    }

    /** A new channel to {@code endpoint}, configured from {@code config}. */
    public static ManagedChannel open(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
        NettyStartup.apply(); // before netty initialises
        GrpcLogging.install(); // before the first HTTP/2 frame logger exists
        if (IN_PROCESS.equals(config.transport())) {
            return inProcess(config, endpoint);
        }
        if (OkHttpChannels.KEY.equals(config.transport())) {
            return okHttp(config, endpoint);
        }
        NettyTransport transport = TransportChooser.choose(config.transport(), endpoint.unixSocket() != null);
        EventLoopGroup group = transport.lease();
        try {
            return new GroupLeaseChannel(build(config, endpoint, transport, group), transport, group);
        } catch (SQLException | RuntimeException e) {
            transport.release(group);
            throw e;
        }
    }

    /**
     * The channel {@code channels} holds for {@code endpoint}, or null when there is none or it ran on an
     * event loop group one of whose loops has ended (#29: an {@link Error} killed a loop thread): such a
     * channel is removed and shut down, so that the caller opens a new one on a healthy group instead of
     * failing every call with "event executor terminated".
     */
    static ManagedChannel dropIfBroken(
            java.util.Map<JdbcUrl.Endpoint, ManagedChannel> channels, JdbcUrl.Endpoint endpoint) {
        ManagedChannel c = channels.get(endpoint);
        if (c instanceof GroupLeaseChannel leased && leased.onBrokenGroup()) {
            channels.remove(endpoint, c);
            c.shutdownNow();
            return null;
        }
        return c;
    }

    private static ManagedChannel build(
            ConnectionConfig config, JdbcUrl.Endpoint endpoint, NettyTransport transport, EventLoopGroup group)
            throws SQLException {
        NettyChannelBuilder b = builderFor(endpoint, transport, group)
                .intercept(TransportFailures.recorder(endpoint))
                .maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, config.maxInboundMessageSize()))
                .decompressorRegistry(ChannelDefaults.decompressors(config))
                .maxInboundMetadataSize(ChannelDefaults.MAX_INBOUND_METADATA)
                .userAgent(ChannelDefaults.userAgent(config.applicationName()));
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
        String serverName = config.get(Settings.TLS_SERVER_NAME);
        if (serverName != null) {
            b.overrideAuthority(serverName);
        }
        return b.build();
    }

    /**
     * Why {@code endpoint} cannot be reached, found by connecting a fresh channel for up to
     * {@code timeoutMillis} and reading the transport's failure: an SQLException (08001) naming, for TLS
     * problems, the property to fix ({@link ConnectFailures}). For the failure path of opening a connection,
     * whose first call failed without saying why.
     */
    public static SQLException connectFailure(ConnectionConfig config, JdbcUrl.Endpoint endpoint, long timeoutMillis) {
        Status recent = TransportFailures.recent(endpoint, timeoutMillis + RECENT_MILLIS);
        if (recent != null && recent.getCode() == Status.Code.DEADLINE_EXCEEDED) {
            return ChannelReadiness.timedOut(endpoint, timeoutMillis);
        }
        if (recent != null && recent.getCause() != null) {
            return ConnectFailures.translate(recent, endpoint, config.tls());
        }
        ManagedChannel channel;
        try {
            channel = open(config, endpoint);
        } catch (SQLException e) {
            return e;
        }
        try {
            ChannelReadiness.await(channel, endpoint, timeoutMillis, config.tls());
            // It connected this time: the first failure was passing, so all there is to say is that it happened.
            return new SQLTransientConnectionException(
                    "Cannot reach GreptimeDB at " + endpoint + " within " + timeoutMillis + " ms",
                    SqlState.CANNOT_CONNECT.code());
        } catch (SQLException e) {
            return e;
        } finally {
            channel.shutdownNow();
        }
    }

    /**
     * {@code transport=okhttp}. grpc-okhttp is an optional dependency of the thin jar (the all-in-one jar has
     * it), so its absence is a configuration error naming the artifact, not a NoClassDefFoundError.
     */
    private static ManagedChannel okHttp(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
        // looked up before OkHttpChannels initialises, which would otherwise fail once and then only say
        // "could not initialize class"; named from grpc's own package, so the all-in-one jar's relocated name
        String builder = ManagedChannel.class.getPackageName() + ".okhttp.OkHttpChannelBuilder";
        // okio too: without it the channel builds and its transport fails later, on a gRPC thread. Shade
        // rewrites some string literals that look like class names, so the prefix is found as GrpcLogging does
        boolean shaded = ManagedChannel.class.getName().startsWith(GrpcLogging.SHADED_ROOT + ".");
        String okio = (shaded ? GrpcLogging.SHADED_ROOT + "." : "") + "okio.Buffer";
        try {
            Class.forName(builder, false, ChannelFactory.class.getClassLoader());
            Class.forName(okio, false, ChannelFactory.class.getClassLoader());
            return OkHttpChannels.open(config, endpoint);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new SQLNonTransientConnectionException(
                    "transport=okhttp needs io.grpc:grpc-okhttp (of the driver's gRPC version, with its okio) on the"
                            + " class path: " + e,
                    SqlState.CANNOT_CONNECT.code(),
                    e);
        }
    }

    /** {@code transport=inprocess}: the URL host names a grpc in-process server of this JVM; no TLS. */
    private static ManagedChannel inProcess(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
        if (config.tls() || endpoint.unixSocket() != null) {
            throw new SQLNonTransientConnectionException(
                    "transport=inprocess takes neither tls=true nor a unix socket: it never leaves the JVM",
                    SqlState.CANNOT_CONNECT.code());
        }
        return InProcessChannelBuilder.forName(endpoint.host())
                .maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, config.maxInboundMessageSize()))
                .decompressorRegistry(ChannelDefaults.decompressors(config))
                .userAgent(ChannelDefaults.userAgent(config.applicationName()))
                .build();
    }

    /** The builder on the chosen transport and its leased group, for a TCP address or a unix socket. */
    private static NettyChannelBuilder builderFor(
            JdbcUrl.Endpoint endpoint, NettyTransport transport, EventLoopGroup group) {
        if (endpoint.unixSocket() != null) {
            // The socket path is no authority: the URL host stands in (and is the TLS name to verify).
            return NettyChannelBuilder.forAddress(new DomainSocketAddress(endpoint.unixSocket()))
                    .eventLoopGroup(group)
                    .channelFactory(
                            ConnectFailureCloser.channels(transport.domainSocketChannel()), DomainSocketAddress.class)
                    .overrideAuthority(endpoint.host());
        }
        return NettyChannelBuilder.forAddress(endpoint.host(), endpoint.port())
                .eventLoopGroup(group)
                .channelFactory(ConnectFailureCloser.channels(transport.socketChannel()), InetSocketAddress.class);
    }
}
