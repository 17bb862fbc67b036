package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ManagedChannel;
import io.grpc.okhttp.OkHttpChannelBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.net.SocketFactory;

/**
 * Channels on grpc-java's OkHttp transport ({@code transport=okhttp}): blocking JDK sockets read by one
 * thread per connection from grpc's shared pool, no netty event loops, channel pipeline or native
 * library. A cold JVM loads and runs far less of it before its first call than of the netty transport
 * (about 600 fewer classes), which is most of what a fresh process pays to connect (figures in
 * docs/benchmarks.md, section "Connect"). Plaintext TCP only: the driver's TLS options are built as a
 * netty {@code SslContext} (BoringSSL or the JDK's), and a unix domain socket needs netty's native
 * transports, so both combinations are refused at connect rather than half-supported.
 */
final class OkHttpChannels {
    /** The {@code transport} value that selects this transport. */
    static final String KEY = "okhttp";

    /**
     * OkHttp's HTTP/2 frame logger: at FINE it prints every header (the authorization header among them)
     * and the first bytes of each body (a request's header carries the password). Held strongly, as JUL
     * forgets the filter of a logger nobody references.
     */
    private static final Logger FRAMES =
            Logger.getLogger(OkHttpChannelBuilder.class.getPackageName() + ".OkHttpClientTransport");

    static {
        FRAMES.setFilter(OkHttpChannels::notAFrame);
    }

    private OkHttpChannels() {}

    /**
     * Drops the frame logger's records (netty's are redacted field by field, these are preformatted text);
     * every other record of that logger (connection failures, GOAWAYs) passes.
     */
    static boolean notAFrame(LogRecord r) {
        String m = r.getMessage();
        return m == null || !(m.startsWith("INBOUND") || m.startsWith("OUTBOUND"));
    }

    /** A channel to {@code endpoint} configured as netty's are ({@link ChannelDefaults}). */
    static ManagedChannel open(ConnectionConfig config, JdbcUrl.Endpoint endpoint) throws SQLException {
        check(config.tls(), endpoint.unixSocket() != null);
        OkHttpChannelBuilder b = OkHttpChannelBuilder.forAddress(endpoint.host(), endpoint.port())
                .usePlaintext()
                .socketFactory(new TimedConnects(config.connectTimeoutMillis()))
                .intercept(TransportFailures.recorder(endpoint))
                .maxInboundMessageSize((int) Math.min(Integer.MAX_VALUE, config.maxInboundMessageSize()))
                .decompressorRegistry(ChannelDefaults.decompressors(config))
                .maxInboundMetadataSize(ChannelDefaults.MAX_INBOUND_METADATA)
                .userAgent(ChannelDefaults.userAgent(config.applicationName()));
        if (config.keepAliveTimeMillis() > 0) {
            b.keepAliveTime(config.keepAliveTimeMillis(), TimeUnit.MILLISECONDS)
                    .keepAliveTimeout(Math.max(1, config.keepAliveTimeoutMillis()), TimeUnit.MILLISECONDS)
                    .keepAliveWithoutCalls(config.keepAliveWithoutCalls());
        }
        String serverName = config.get(Settings.TLS_SERVER_NAME);
        if (serverName != null) {
            b.overrideAuthority(serverName);
        }
        return b.build();
    }

    /** 08001 for the combinations this transport cannot carry, naming what to change. */
    static void check(boolean tls, boolean unixSocket) throws SQLException {
        if (tls) {
            throw new SQLNonTransientConnectionException(
                    "transport=okhttp carries plaintext TCP only; for tls=true use transport=auto, io_uring, epoll"
                            + " or nio",
                    SqlState.CANNOT_CONNECT.code());
        }
        if (unixSocket) {
            throw new SQLNonTransientConnectionException(
                    "transport=okhttp cannot connect to a unix domain socket; use transport=auto, epoll or io_uring",
                    SqlState.CANNOT_CONNECT.code());
        }
    }

    /**
     * Plain sockets whose connect is bounded by {@code connectTimeout}, as netty's
     * {@code CONNECT_TIMEOUT_MILLIS} bounds it on the other transports: OkHttp asks for a connected socket
     * ({@code createSocket(InetAddress, int)}) and would otherwise wait for the kernel's own timeout on an
     * address that never answers. A socket whose connect fails is closed here, so an outage leaks none.
     */
    private static final class TimedConnects extends SocketFactory {
        private final int timeoutMillis;

        TimedConnects(long timeoutMillis) {
            this.timeoutMillis = (int) Math.max(0, Math.min(Integer.MAX_VALUE, timeoutMillis));
        }

        @Override
        public Socket createSocket() {
            return new Socket();
        }

        @Override
        public Socket createSocket(InetAddress address, int port) throws IOException {
            return connected(new InetSocketAddress(address, port));
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return connected(new InetSocketAddress(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localAddress, int localPort) throws IOException {
            throw new IOException("binding a local address is not supported here");
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            throw new IOException("binding a local address is not supported here");
        }

        private Socket connected(InetSocketAddress address) throws IOException {
            Socket s = new Socket();
            try {
                s.connect(address, timeoutMillis);
                return s;
            } catch (IOException | RuntimeException e) {
                s.close();
                throw e;
            }
        }
    }
}
