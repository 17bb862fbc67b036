package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.Engine;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.channel.ChannelOption;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * A GreptimeDB-compatible gRPC + Arrow Flight endpoint on one port, in front of an {@link Engine}: the
 * wire behaviour of protocol.md (services, headers, auth, errors, stream shapes), so that a client
 * tested against it also works against a real GreptimeDB.
 *
 * <pre>{@code
 * try (EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder().engine(engine).build()) {
 *   server.start();
 *   connect to server.address() ...
 * }
 * }</pre>
 *
 * <p>The engine belongs to the caller, who closes it after the server. The server owns its Arrow
 * allocator and checks on {@link #close()} that every call gave its memory back.
 */
public final class EmbeddedGreptimeServer implements AutoCloseable {
    /** GreptimeDB's default {@code grpc.max_recv_message_size}. */
    public static final int DEFAULT_MAX_INBOUND_MESSAGE_SIZE = 512 * 1024 * 1024;

    private final Builder config;
    private final ErrorStatuses errors;
    private final FaultInjector faults;
    private final BufferAllocator allocator = new RootAllocator();
    /**
     * The system property that, set to true, runs the TCP server's calls on gRPC's default executor
     * instead of {@link CallDispatch}'s: for measuring one against the other (docs/benchmarks.md).
     */
    public static final String DEFAULT_EXECUTOR_PROPERTY = "greptime.tck.grpcDefaultExecutor";

    private final ExecutorService streams;
    /** Where the TCP server's calls run (CallDispatch): gRPC itself runs with its direct executor. */
    private final ExecutorService calls;

    private final CallDispatch dispatch;
    private final java.util.concurrent.atomic.AtomicInteger serving = new java.util.concurrent.atomic.AtomicInteger();
    private final ReentrantLock lifecycleLock = new ReentrantLock();
    private final TransportCompression transportCompression = new TransportCompression();
    private Server server;
    private Server inProcessServer;
    private UnixSocketListener unixListener;
    /** The internal gRPC server (v0.17+, {@link Builder#internalGrpc}): the same services, no auth, no TLS. */
    private Server internalServer;
    /** The TCP listeners' event loops of the current start, or null while stopped. */
    private ServerLoops loops;

    private int boundPort;
    private int internalPort;
    private boolean closed;

    private EmbeddedGreptimeServer(Builder config) {
        this.config = config;
        this.errors = new ErrorStatuses(config.profile);
        this.faults = new FaultInjector(errors);
        this.boundPort = config.port;
        this.internalPort = config.internalGrpcPort == null ? 0 : config.internalGrpcPort;
        this.streams = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "greptime-embedded-doget");
            t.setDaemon(true);
            return t;
        });
        this.calls = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "greptime-embedded-call");
            t.setDaemon(true);
            return t;
        });
        this.dispatch = new CallDispatch(calls);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Binds and starts serving; with port 0 the chosen port is then {@link #port()}. */
    public EmbeddedGreptimeServer start() {
        lifecycleLock.lock();
        try {
            if (server != null || closed) {
                throw new IllegalStateException(closed ? "closed" : "already started");
            }
            List<ServerServiceDefinition> services = services(config.users);
            loops = ServerLoops.create();
            server = PortBinding.bind(boundPort, port -> buildServer(config.host, port, services, config.tls));
            boundPort = server.getPort();
            if (config.internalGrpcPort != null) {
                List<ServerServiceDefinition> anonymous = services(Map.of());
                internalServer =
                        PortBinding.bind(internalPort, port -> buildServer(config.host, port, anonymous, null));
                internalPort = internalServer.getPort();
            }
            if (config.clusterFrontend) {
                config.engine.cluster().heartbeat("FRONTEND", peerAddress(), config.host, config.profile.version());
            }
            if (config.inProcessName != null) {
                InProcessServerBuilder builder = InProcessServerBuilder.forName(config.inProcessName);
                services.forEach(builder::addService);
                inProcessServer = builder.maxInboundMessageSize(config.maxInboundMessageSize)
                        .build()
                        .start();
            }
            if (config.unixSocket != null) {
                unixListener =
                        UnixSocketListener.start(config.unixSocket, services, config.tls, config.maxInboundMessageSize);
            }
            return this;
        } catch (IOException e) {
            stopServer();
            throw new UncheckedIOException("cannot bind " + config.host + ":" + boundPort, e);
        } finally {
            lifecycleLock.unlock();
        }
    }

    /** Stops (cancelling every call in flight, like a crash) and starts again on the same port. */
    public void restart() {
        lifecycleLock.lock();
        try {
            stopServer();
            start();
        } finally {
            lifecycleLock.unlock();
        }
    }

    /**
     * Stops serving as a crash would (calls in flight are cancelled, the port is released) but keeps the
     * server's state, so {@link #start()} can bring it back on the same port; for failover tests.
     */
    public void stop() {
        lifecycleLock.lock();
        try {
            stopServer();
        } finally {
            lifecycleLock.unlock();
        }
    }

    /** Calls started and not yet finished (0 when idle), to check that clients leave no call open. */
    public int activeCalls() {
        return faults.activeCalls();
    }

    /** What the names of the current start's listener threads begin with, or null while stopped (for tests). */
    String loopThreadNamePrefix() {
        lifecycleLock.lock();
        try {
            return loops == null ? null : loops.threadNamePrefix();
        } finally {
            lifecycleLock.unlock();
        }
    }

    /** The bound port, once started. */
    public int port() {
        return boundPort;
    }

    /** {@code host:port} to connect to. */
    public String address() {
        return hostPort(config.host, boundPort);
    }

    /** The internal gRPC server's {@code host:port} ({@link Builder#internalGrpc}), or null without one. */
    public String internalAddress() {
        return config.internalGrpcPort == null ? null : hostPort(config.host, internalPort);
    }

    /**
     * What this server, as a frontend of a cluster, gives the metasrv as its address: its internal gRPC server's
     * when it has one, else {@code grpc.server_addr} ({@link Builder#serverAddr}, with the bound port when it
     * names none, as {@code HEAD:src/servers/src/addrs.rs:19-36}) or the bind address.
     */
    public String peerAddress() {
        if (config.internalGrpcPort != null) {
            return internalAddress();
        }
        if (config.serverAddr == null) {
            return address();
        }
        return config.serverAddr.contains(":") ? config.serverAddr : config.serverAddr + ":" + boundPort;
    }

    private static String hostPort(String host, int port) {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    public ServerProfile profile() {
        return config.profile;
    }

    /**
     * Calls answered with gzip because the client advertised it (with {@link Builder#transportCompression}),
     * for tests of what a client accepts.
     */
    public long gzippedCalls() {
        return transportCompression.gzippedCalls();
    }

    /** Fault injection, off by default. */
    public FaultInjector faults() {
        return faults;
    }

    /** Arrow memory still held by calls in flight (0 when idle). */
    public long allocatedMemory() {
        return allocator.getAllocatedMemory();
    }

    /**
     * The most Arrow memory the server's calls held at once since it was built: query results as they
     * are converted and sent, DoPut batches as they are decoded (DuckDB's exported buffers included).
     */
    public long peakAllocatedMemory() {
        return allocator.getPeakMemoryAllocation();
    }

    /**
     * DoGet results the server is still computing or sending (0 when idle). A cancelled call counts until
     * the engine has actually stopped working on it, which {@link #activeCalls()} does not show.
     */
    public int activeStreams() {
        return serving.get();
    }

    @Override
    public void close() {
        lifecycleLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            stopServer();
            streams.shutdownNow();
            calls.shutdownNow();
            awaitStreams();
            allocator.close();
        } finally {
            lifecycleLock.unlock();
        }
    }

    private void awaitStreams() {
        try {
            streams.awaitTermination(10, TimeUnit.SECONDS);
            calls.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stopServer() {
        if (server != null && config.clusterFrontend) {
            config.engine.cluster().silence(peerAddress());
        }
        for (Server s : new Server[] {server, inProcessServer, internalServer}) {
            if (s == null) {
                continue;
            }
            s.shutdownNow();
            try {
                s.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        server = null;
        inProcessServer = null;
        internalServer = null;
        if (loops != null) {
            try {
                loops.shutdown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            loops = null;
        }
        if (unixListener != null) {
            unixListener.stop();
            unixListener = null;
        }
    }

    /** The unix domain socket the server also listens on, or null. */
    public java.nio.file.Path unixSocket() {
        return config.unixSocket;
    }

    /** The in-process transport name the server also answers on, or null. */
    public String inProcessName() {
        return config.inProcessName;
    }

    /**
     * Fresh service instances for one start, checking {@code users}' credentials (none: anonymous, as the
     * internal gRPC server); the TCP and in-process servers share them.
     */
    private List<ServerServiceDefinition> services(Map<String, String> users) {
        Authenticator auth = new Authenticator(users, config.profile.acceptsBasicPutAuth());
        RequestExecutor executor = new RequestExecutor(config.engine, auth, config.headerListener, config.profile);
        CompressionCodec codec = config.compression || !config.profile.flightCompressionConfigurable()
                ? io.greptime.jdbc.arrow.Lz4FrameCodec.INSTANCE
                : NoCompressionCodec.INSTANCE;
        FlightService flight = new FlightService(
                executor, config.engine, auth, errors, allocator, codec, config.profile, streams, serving);
        return List.of(
                withInterceptors(compressed(new DatabaseService(executor, errors, allocator, streams).bindService())),
                withInterceptors(
                        compressed(ServerInterceptors.intercept(flight.bindService(), new PutHeadersAtOnce()))),
                withInterceptors(new SideServices.Health().bindService()),
                withInterceptors(compressed(new PromqlService(config.engine, auth, errors).bindService())));
    }

    /** GreptimeDB registers HealthCheck without compression and every other service with it. */
    private ServerServiceDefinition compressed(ServerServiceDefinition service) {
        return config.transportCompression ? ServerInterceptors.intercept(service, transportCompression) : service;
    }

    private Server buildServer(String host, int port, List<ServerServiceDefinition> services, ServerTls tls)
            throws IOException {
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(host, port))
                .bossEventLoopGroup(loops.group())
                .workerEventLoopGroup(loops.group())
                .channelType(loops.channelType())
                .withChildOption(ChannelOption.TCP_NODELAY, true)
                .withOption(ChannelOption.SO_REUSEADDR, true)
                .maxInboundMessageSize(config.maxInboundMessageSize)
                .decompressorRegistry(ZstdCodec.decompressors())
                .compressorRegistry(ZstdCodec.compressors());
        if (!Boolean.getBoolean(DEFAULT_EXECUTOR_PROPERTY)) {
            builder.directExecutor().callExecutor(dispatch).intercept(dispatch);
        }
        services.forEach(builder::addService);
        if (tls != null) {
            builder.sslContext(tls.sslContext());
        }
        return builder.build();
    }

    private ServerServiceDefinition withInterceptors(ServerServiceDefinition service) {
        // The last interceptor listed runs first: faults see the call before anything else but the
        // hostile fixture's interceptor, when there is one.
        ServerServiceDefinition inner = ServerInterceptors.intercept(service, new CallMetadata(), faults.interceptor());
        return config.outerInterceptor == null ? inner : ServerInterceptors.intercept(inner, config.outerInterceptor);
    }

    /** Configuration of an {@link EmbeddedGreptimeServer}; only the engine is required. */
    public static final class Builder {
        private int port;
        private String host = "127.0.0.1";
        private Engine engine;
        private final Map<String, String> users = new LinkedHashMap<>();
        private ServerTls tls;
        private ServerProfile profile = ServerProfile.V1_2;
        private boolean compression = true;
        private int maxInboundMessageSize = DEFAULT_MAX_INBOUND_MESSAGE_SIZE;
        private String inProcessName;
        private boolean transportCompression;
        private java.nio.file.Path unixSocket;
        private java.util.function.Consumer<io.greptime.jdbc.proto.v1.RequestHeader> headerListener = h -> {};
        private io.grpc.ServerInterceptor outerInterceptor;
        private boolean clusterFrontend;
        private String serverAddr;
        private Integer internalGrpcPort;

        private Builder() {}

        private Builder copy() {
            Builder b = new Builder();
            b.port = port;
            b.host = host;
            b.engine = engine;
            b.users.putAll(users);
            b.tls = tls;
            b.profile = profile;
            b.compression = compression;
            b.maxInboundMessageSize = maxInboundMessageSize;
            b.inProcessName = inProcessName;
            b.transportCompression = transportCompression;
            b.unixSocket = unixSocket;
            b.headerListener = headerListener;
            b.outerInterceptor = outerInterceptor;
            b.clusterFrontend = clusterFrontend;
            b.serverAddr = serverAddr;
            b.internalGrpcPort = internalGrpcPort;
            return b;
        }

        /**
         * Also serve on grpc-java's in-process transport under this name (connect with
         * {@code InProcessChannelBuilder.forName(name)}); the TCP port is served as well.
         */
        public Builder inProcess(String name) {
            this.inProcessName = Objects.requireNonNull(name);
            return this;
        }

        /**
         * Also listen on this unix domain socket (Linux, netty epoll), with the same services and TLS as the TCP
         * port; a stale file at the path is replaced, and the file is removed when the server stops.
         */
        public Builder unixSocket(java.nio.file.Path socketFile) {
            this.unixSocket = Objects.requireNonNull(socketFile);
            return this;
        }

        /**
         * 0 (the default) picks a free port, below the ephemeral port ranges so that {@link #restart()}
         * can always rebind it.
         */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Bind address; 127.0.0.1 by default. */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host);
            return this;
        }

        public Builder engine(Engine engine) {
            this.engine = engine;
            return this;
        }

        /** Adds a user of the static user provider; authentication is on once any user exists. */
        public Builder user(String name, String password) {
            users.put(Objects.requireNonNull(name), Objects.requireNonNull(password));
            return this;
        }

        /** TLS from PEM files: the certificate chain and its PKCS#8 private key. */
        public Builder tls(File certChainPem, File privateKeyPem) {
            tls = ServerTls.ofFiles(certChainPem, privateKeyPem);
            return this;
        }

        /** TLS from objects. */
        public Builder tls(PrivateKey key, X509Certificate... certChain) {
            tls = ServerTls.ofObjects(key, certChain);
            return this;
        }

        /** Requires client certificates signed by this CA (PEM); needs {@link #tls} first. */
        public Builder clientCa(File caPem) {
            requireTls().requireClientCertificates(caPem);
            return this;
        }

        /** Requires client certificates signed by one of these CAs; needs {@link #tls} first. */
        public Builder clientCa(X509Certificate... cas) {
            requireTls().requireClientCertificates(cas);
            return this;
        }

        public Builder profile(ServerProfile profile) {
            this.profile = Objects.requireNonNull(profile);
            return this;
        }

        /**
         * LZ4_FRAME IPC compression of DoGet batches: on by default, as GreptimeDB's
         * {@code grpc.flight_compression = "arrow_ipc"} in every release since v0.15; off is
         * {@code flight_compression = "none"}. A v0.14 profile always compresses (that release had no option).
         */
        public Builder compression(boolean lz4Frame) {
            this.compression = lz4Frame;
            return this;
        }

        /**
         * gzip-compress responses for clients that accept it, as a real GreptimeDB does. Off by default
         * because it costs CPU on every DoGet batch and is transparent to gRPC clients.
         */
        public Builder transportCompression(boolean gzipWhenAccepted) {
            this.transportCompression = gzipWhenAccepted;
            return this;
        }

        /**
         * Told the RequestHeader of every Handle, HandleRequests and DoGet request before it runs (e.g. for
         * tests that check what a client sent in {@code tracing_context}); must not block or throw.
         */
        public Builder onRequestHeader(java.util.function.Consumer<io.greptime.jdbc.proto.v1.RequestHeader> listener) {
            this.headerListener = Objects.requireNonNull(listener);
            return this;
        }

        /**
         * Sees every call before anything else of the server (the fault injector included), on every
         * service: how the hostile fixture ({@code io.greptime.jdbc.tck.hostile}) stalls, delays and
         * rewrites answers.
         */
        public Builder interceptor(io.grpc.ServerInterceptor interceptor) {
            this.outerInterceptor = Objects.requireNonNull(interceptor);
            return this;
        }

        /**
         * A frontend of the cluster its engine is: while it serves it heartbeats its {@link EmbeddedGreptimeServer#peerAddress()} into
         * {@link Engine#cluster()}, so every server on that engine lists it in information_schema.cluster_info
         * (the row stays, its {@code active_time} growing, once it stops).
         */
        public Builder clusterFrontend() {
            this.clusterFrontend = true;
            return this;
        }

        /** {@code grpc.server_addr}: the address advertised as a frontend ({@code host} or {@code host:port}). */
        public Builder serverAddr(String address) {
            this.serverAddr = Objects.requireNonNull(address);
            return this;
        }

        /**
         * Also runs the frontend's internal gRPC server on {@code port} (0 picks one), v0.17+: the same services
         * without authentication or TLS, on the bind host; a cluster frontend then advertises it.
         */
        public Builder internalGrpc(int port) {
            this.internalGrpcPort = port;
            return this;
        }

        public Builder maxInboundMessageSize(int bytes) {
            this.maxInboundMessageSize = bytes;
            return this;
        }

        public EmbeddedGreptimeServer build() {
            if (engine == null) {
                throw new IllegalStateException("an Engine is required");
            }
            if (clusterFrontend && engine.cluster() == null) {
                throw new IllegalStateException("this engine cannot be part of a cluster");
            }
            if (internalGrpcPort != null && !profile.hasInternalGrpc()) {
                throw new IllegalStateException("internal gRPC exists from v0.17, not on " + profile.label());
            }
            // A snapshot, so that reusing the builder cannot change a built server.
            return new EmbeddedGreptimeServer(copy());
        }

        private ServerTls requireTls() {
            if (tls == null) {
                throw new IllegalStateException("configure tls(...) before clientCa(...)");
            }
            return tls;
        }
    }
}
