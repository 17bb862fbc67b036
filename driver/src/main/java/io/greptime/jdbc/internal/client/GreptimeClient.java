package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.arrow.write.StrictUtf8;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.HintsFormat;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.internal.failover.CallProgress;
import io.greptime.jdbc.internal.failover.Endpoint;
import io.greptime.jdbc.internal.failover.EndpointSet;
import io.greptime.jdbc.internal.failover.FailoverListener;
import io.greptime.jdbc.internal.failover.FailoverLog;
import io.greptime.jdbc.internal.failover.FailoverSettings;
import io.greptime.jdbc.internal.failover.HealthProber;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.internal.failover.Router;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One connection's calls over its endpoint set: {@code Handle} for statements answering a row count,
 * Flight {@code DoGet} for statements answering rows, Flight {@code DoPut} for bulk writes and
 * {@code HealthCheck}. Each call goes to the endpoint its operation kind's policy picks and is repeated
 * elsewhere only when that is safe ({@link RetryRules}). Thread-safe: calls may run concurrently.
 */
public final class GreptimeClient implements AutoCloseable {
    private static final Metadata.Key<String> HINTS_KEY =
            Metadata.Key.of("x-greptime-hints", Metadata.ASCII_STRING_MARSHALLER);

    private final ChannelSource channels;
    private final Router router;
    private final HealthProber prober;
    private final String compression;
    private final ErrorTranslator errors;
    private final ServerProbe versions;
    /** {@code discoverFrontends}: null when off. */
    private final FrontendDiscovery discovery;

    private final long probeTimeoutMillis;
    /** Where DoGet's (and DoPut's) callbacks run: {@link #ON_TRANSPORT_THREAD} where the transport allows it. */
    private final CallOption callbackOption;
    /** The connection's allocator, once {@link #connected}; version probes read through it. */
    private volatile BufferAllocator allocator;

    private GreptimeClient(
            ChannelSource channels,
            Router router,
            HealthProber prober,
            ConnectionConfig config,
            ErrorTranslator errors) {
        this.channels = channels;
        this.router = router;
        this.prober = prober;
        this.compression = config.compression();
        this.callbackOption =
                ChannelFactory.callbacksMayRunOnTransport(config) ? ON_TRANSPORT_THREAD : ON_CHANNEL_EXECUTOR;
        this.errors = errors;
        String pinned = config.get(Settings.SERVER_VERSION);
        this.versions = new ServerProbe(
                pinned == null ? null : ServerCapabilities.ofVersionText(pinned), e -> channels.channel(e.address()));
        this.discovery = FrontendDiscovery.of(config);
        this.probeTimeoutMillis = config.connectTimeoutMillis() > 0 ? config.connectTimeoutMillis() : 10_000;
    }

    /** Opens a client over the configuration's endpoints (channels connect lazily). */
    public static GreptimeClient open(ConnectionConfig config) throws SQLException {
        return open(config, ChannelSource.owned(config));
    }

    /** Opens a client whose channels come from {@code channels}; closing the client closes the source. */
    public static GreptimeClient open(ConnectionConfig config, ChannelSource channels) throws SQLException {
        return open(config, channels, FailoverListener.NONE);
    }

    /**
     * As {@link #open(ConnectionConfig, ChannelSource)}, also reporting breaker transitions and failover
     * decisions to {@code listener} (after logging them).
     */
    public static GreptimeClient open(ConnectionConfig config, ChannelSource channels, FailoverListener listener)
            throws SQLException {
        HealthProber prober = null;
        try {
            FailoverSettings settings = FailoverSettings.of(config);
            FailoverListener all =
                    FailoverListener.both(new FailoverLog(config.endpoints().size() > 1), listener);
            // Probes get channels of their own (never the source's): a probe must not queue behind a bulk write.
            prober = HealthProber.overGrpc(
                    endpoint -> ChannelFactory.open(config, endpoint), settings.probeTimeoutMillis());
            EndpointSet endpoints = EndpointSet.of(
                    config.endpoints(),
                    settings,
                    all,
                    prober,
                    e -> resetBackoff(channels, e, settings.probeTimeoutMillis()));
            return new GreptimeClient(
                    channels,
                    new Router(endpoints, settings, all, System::nanoTime),
                    prober,
                    config,
                    new ErrorTranslator(config.user(), config.password()));
        } catch (RuntimeException e) {
            if (prober != null) {
                prober.close();
            }
            channels.close();
            throw e;
        }
    }

    /**
     * A probe found the endpoint healthy: let the real channel reconnect now rather than after its backoff,
     * and give it up to {@code waitMillis} to connect, so that the first call after the breaker closes does
     * not meet a channel still in TRANSIENT_FAILURE (which fails calls at once). Runs on a gRPC callback
     * thread, before the breaker closes.
     */
    private static void resetBackoff(ChannelSource channels, Endpoint e, long waitMillis) {
        try {
            ManagedChannel channel = channels.channel(e.address());
            channel.resetConnectBackoff();
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            while (channel.getState(true) != io.grpc.ConnectivityState.READY && System.nanoTime() - until < 0) {
                Thread.sleep(5);
            }
        } catch (SQLException | RuntimeException ignored) {
            // the next call opens or reconnects the channel anyway
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Called once the connection has its allocator: the version probe reads through it, and, with
     * {@code discoverFrontends}, the active frontends of {@code information_schema.cluster_info} join the
     * endpoint set.
     */
    public void connected(RequestSession session, BufferAllocator allocator, long timeoutMillis) {
        this.allocator = allocator;
        if (discovery != null) {
            discovery.join(this, session, allocator, timeoutMillis);
        }
    }

    /** The channel to {@code e}, for calls opened outside this class (the put package's DoPut). */
    public ManagedChannel channelTo(Endpoint e) throws SQLException {
        return channel(e);
    }

    private ManagedChannel channel(Endpoint e) throws SQLException {
        versions.used(e);
        return channels.channel(e.address());
    }

    // ---------------------------------------------------------------- server version and capabilities

    /**
     * What the servers behind this connection can do: the lowest capability set of the endpoints it has used
     * (each read once, with one {@code SELECT version(), timezone()}, the first time it is asked for after
     * the endpoint was used or reconnected), or the pinned {@code serverVersion}'s. Never fails: when no
     * server can be reached now, the conservative set (not remembered, so the next call asks again).
     */
    public ServerCapabilities capabilities(RequestSession session) {
        return versions.capabilities(session, this::preferredEndpoint, this::probeOn);
    }

    /** The version text the lowest endpoint reported (or the pinned one); empty when none is known. */
    public Optional<String> serverVersion(RequestSession session) {
        return Optional.ofNullable(versions.versionText(session, this::preferredEndpoint, this::probeOn));
    }

    /** Whether {@code serverVersion} pins the version (no probe is ever sent). */
    public boolean versionPinned() {
        return versions.pinnedVersion();
    }

    /**
     * Told when a server resolved the session's time zone as something else than what was sent (GreptimeDB
     * turns a zone its tz database lacks into UTC without an error, audit C9).
     */
    public void onZoneMismatch(ServerProbe.ZoneListener listener) {
        versions.onZoneMismatch(listener);
    }

    /**
     * Checks the credentials with the version probe itself, so that a connection with a user learns the
     * server's version and zone in the round trip it needs anyway. A failure (bad credentials, unknown
     * database) is thrown as the SQLException the caller sees.
     */
    public void verifyAndProbe(RequestSession session, long timeoutMillis) throws SQLException {
        router.call(
                OperationKind.QUERY,
                timeoutMillis,
                guarded((endpoint, progress, remaining) -> {
                    String[] row = probeRow(endpoint, session, remaining > 0 ? remaining : timeoutMillis);
                    versions.watch(endpoint, versions.record(endpoint, row, session));
                    return row;
                }),
                errors::translate);
    }

    /**
     * {@code attempt} with any {@link Error} of the transport (a direct-memory shortage above all) turned into
     * the SQLException of this call (#29), so that it neither reaches the application raw nor skips the
     * router's bookkeeping; errors of the JVM itself (a stack overflow, an internal error) pass untouched.
     */
    private <T> Router.Attempt<T> guarded(Router.Attempt<T> attempt) {
        return (endpoint, progress, remaining) -> {
            try {
                return attempt.run(endpoint, progress, remaining);
            } catch (Error e) {
                if (e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError)) {
                    throw e;
                }
                throw errors.translate(e);
            }
        };
    }

    private Endpoint preferredEndpoint() {
        return router.endpoints().select(OperationKind.QUERY, java.util.Set.of());
    }

    private String[] probeOn(Endpoint endpoint, RequestSession session) throws SQLException {
        try {
            return probeRow(endpoint, session, probeTimeoutMillis);
        } catch (FlightCallException e) {
            throw errors.translate(e);
        }
    }

    private String[] probeRow(Endpoint endpoint, RequestSession session, long timeoutMillis)
            throws SQLException, FlightCallException {
        return probeRow(endpoint, session, timeoutMillis, CancelHook.NONE);
    }

    private String[] probeRow(Endpoint endpoint, RequestSession session, long timeoutMillis, CancelHook hook)
            throws SQLException, FlightCallException {
        BufferAllocator parent = allocator;
        if (parent == null) {
            throw new SQLException("the connection is not open yet", SqlState.CONNECTION_DOES_NOT_EXIST.code());
        }
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(java.time.ZoneOffset.UTC), 1, 1L << 20);
        try (FlightBatchCursor cursor = doGetOn(
                channel(endpoint),
                callbackOption,
                session,
                sqlRequest(session, ServerProbe.SQL),
                timeoutMillis,
                hook,
                parent,
                settings)) {
            while (cursor.nextBatch()) {
                if (cursor.batchRowCount() > 0 && cursor.readers().size() >= 2) {
                    return new String[] {
                        cursor.readers().get(0).getString(0),
                        cursor.readers().get(1).getString(0)
                    };
                }
            }
            return new String[0];
        }
    }

    /** The endpoint set, its breakers and policies. */
    public Router router() {
        return router;
    }

    /** Each endpoint's breaker state and average latency, in URL order. */
    public List<GreptimeEndpointStatus> endpointStatus() {
        List<GreptimeEndpointStatus> out = new ArrayList<>();
        for (Endpoint e : router.endpoints().all()) {
            long avg = e.averageLatencyNanos();
            out.add(new GreptimeEndpointStatus(
                    e.address().toString(),
                    GreptimeEndpointStatus.Breaker.valueOf(e.breaker().state().name()),
                    e.breaker().consecutiveFailures(),
                    avg < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(avg))));
        }
        return out;
    }

    /** The translator for this connection's errors (masks its password). */
    public ErrorTranslator errors() {
        return errors;
    }

    /**
     * A request carrying one SQL statement.
     *
     * @throws SQLException 22021 when the text holds a lone surrogate, which protobuf would send as '?'
     */
    public static GreptimeRequest sqlRequest(RequestSession session, String sql) throws SQLException {
        return GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setQuery(QueryRequest.newBuilder().setSql(StrictUtf8.check(sql, "SQL text")))
                .build();
    }

    /**
     * Runs a statement through {@code GreptimeDatabase/Handle} and returns the affected rows.
     *
     * @param timeoutMillis deadline of the call, 0 for none
     */
    public long handle(RequestSession session, String sql, long timeoutMillis, CancelHook hook) throws SQLException {
        return handle(session, sqlRequest(session, sql), timeoutMillis, hook);
    }

    /**
     * Sends any request (row inserts and deletes too) through {@code Handle}; returns the affected rows.
     * A failure is repeated on another endpoint only when {@link RetryRules} says it is safe.
     */
    public long handle(RequestSession session, GreptimeRequest request, long timeoutMillis, CancelHook hook)
            throws SQLException {
        return router.call(
                OperationKind.ofHandle(request),
                timeoutMillis,
                guarded((endpoint, progress, remaining) ->
                        handleOn(channel(endpoint), progress, session, request, remaining, hook)),
                errors::translate);
    }

    private long handleOn(
            ManagedChannel channel,
            CallProgress progress,
            RequestSession session,
            GreptimeRequest request,
            long timeoutMillis,
            CancelHook hook)
            throws Exception {
        GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub stub = GreptimeDatabaseGrpc.newBlockingStub(channel)
                .withInterceptors(
                        MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())),
                        progress.interceptor());
        if (timeoutMillis > 0) {
            stub = stub.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
        }
        if (!compression.equals("none")) {
            stub = stub.withCompression(compression);
        }
        GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub call = stub;
        Context.CancellableContext ctx = Context.current().withCancellation();
        hook.onCancel(() -> ctx.cancel(new CancellationException("cancelled by Statement.cancel()")));
        try {
            GreptimeResponse response = ctx.call(() -> call.handle(request));
            checkInBand(response);
            return response.getAffectedRows().getValue() & 0xFFFFFFFFL;
        } finally {
            ctx.close();
        }
    }

    /** The server only sends status 0 in-band, but the official client treats non-zero as an error. */
    private void checkInBand(GreptimeResponse response) throws SQLException {
        if (response.hasHeader()
                && response.getHeader().hasStatus()
                && response.getHeader().getStatus().getStatusCode() != 0) {
            var st = response.getHeader().getStatus();
            throw errors.translate(
                    io.grpc.Status.UNKNOWN.withDescription(st.getErrMsg()), trailerWithCode(st.getStatusCode()));
        }
    }

    private static Metadata trailerWithCode(int code) {
        Metadata m = new Metadata();
        m.put(Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER), Integer.toString(code));
        return m;
    }

    private static Metadata hintHeaders(Map<String, String> hints) {
        Metadata m = new Metadata();
        if (!hints.isEmpty()) {
            m.put(HINTS_KEY, HintsFormat.format(hints));
        }
        return m;
    }

    /**
     * Starts a Flight {@code DoGet} for one statement and reads its first message. The result reads into
     * its own child of {@code parent}, limited to {@code settings.maxResultMemory()}, through its own
     * Flight client on the shared channel; closing the cursor releases both.
     *
     * <p>{@code hook} first cancels the raw stream (a cancel may arrive while the server is still
     * planning, before the cursor exists), then the cursor, so {@code Statement.cancel} reaches the call
     * at every point of its life.
     */
    public FlightBatchCursor doGet(
            RequestSession session,
            String sql,
            long timeoutMillis,
            CancelHook hook,
            BufferAllocator parent,
            CursorSettings settings)
            throws SQLException {
        return doGet(session, sqlRequest(session, sql), timeoutMillis, hook, parent, settings);
    }

    /**
     * As the SQL form of {@code doGet}, for any query request (PromQL range queries too). A failure before
     * the stream's first message is repeated on another endpoint when it is a connection failure or a
     * retryable server error: no row has reached the caller yet.
     */
    public FlightBatchCursor doGet(
            RequestSession session,
            GreptimeRequest request,
            long timeoutMillis,
            CancelHook hook,
            BufferAllocator parent,
            CursorSettings settings)
            throws SQLException {
        return router.call(
                OperationKind.QUERY,
                timeoutMillis,
                guarded((endpoint, progress, remaining) -> doGetOn(
                        channel(endpoint), callbackOption, session, request, remaining, hook, parent, settings)),
                errors::translate);
    }

    /**
     * A DoGet on {@code channel} itself, never repeated elsewhere (discovery checks a candidate with it),
     * its callbacks on the channel's executor: a probe gains nothing from {@link #ON_TRANSPORT_THREAD}.
     */
    static FlightBatchCursor doGetOn(
            ManagedChannel channel,
            RequestSession session,
            GreptimeRequest request,
            long timeoutMillis,
            CancelHook hook,
            BufferAllocator parent,
            CursorSettings settings)
            throws FlightCallException {
        return doGetOn(channel, ON_CHANNEL_EXECUTOR, session, request, timeoutMillis, hook, parent, settings);
    }

    /** A DoGet on {@code channel} itself, its callbacks where {@code callbacks} says. */
    private static FlightBatchCursor doGetOn(
            ManagedChannel channel,
            CallOption callbacks,
            RequestSession session,
            GreptimeRequest request,
            long timeoutMillis,
            CancelHook hook,
            BufferAllocator parent,
            CursorSettings settings)
            throws FlightCallException {
        FlightBatchCursor cursor = FlightBatchCursor.open(
                channel,
                parent,
                new Ticket(request.toByteArray()),
                settings,
                hook::onCancel,
                callOptions(callbacks, session, timeoutMillis));
        hook.onCancel(cursor::cancel);
        return cursor;
    }

    private static CallOption[] callOptions(CallOption callbacks, RequestSession session, long timeoutMillis) {
        FlightCallHeaders headers = new FlightCallHeaders();
        if (!session.hints().isEmpty()) {
            headers.insert(HINTS_KEY.name(), HintsFormat.format(session.hints()));
        }
        return timeoutMillis > 0
                ? new CallOption[] {
                    callbacks, new HeaderCallOption(headers), CallOptions.timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                }
                : new CallOption[] {callbacks, new HeaderCallOption(headers)};
    }

    /**
     * DoGet's gRPC callbacks run on the transport's event loop instead of hopping to a gRPC executor
     * thread first: each callback decodes the received message (LZ4 included) into the result's queue,
     * which the reading thread takes from, and never blocks; the transport thread is then the result's
     * decode-ahead thread. One thread hand-off less per message (for a
     * one-row result: schema, batch, metrics and the close) shortens every statement. Only where
     * {@link ChannelFactory#callbacksMayRunOnTransport} allows it.
     */
    private static final CallOption ON_TRANSPORT_THREAD = new CallOptions.GrpcCallOption() {
        @Override
        public <T extends io.grpc.stub.AbstractStub<T>> T wrapStub(T stub) {
            return stub.withExecutor(Runnable::run);
        }
    };

    /** The default: callbacks on the channel's executor. */
    private static final CallOption ON_CHANNEL_EXECUTOR = new CallOptions.GrpcCallOption() {
        @Override
        public <T extends io.grpc.stub.AbstractStub<T>> T wrapStub(T stub) {
            return stub;
        }
    };

    /**
     * Whether a call's callbacks may run on the transport's own thread ({@link #ON_TRANSPORT_THREAD}); the
     * put package opens its DoPut calls with this.
     */
    public boolean callbacksOnTransportThread() {
        return callbackOption == ON_TRANSPORT_THREAD;
    }

    /**
     * What the server can do, as the write path asks within {@code scope}: the connection's version probe
     * answers it ({@link #capabilities(RequestSession)}: the lowest line among the endpoints used, the pinned
     * {@code serverVersion}, or the conservative set when nothing is known). A cancelled or timed-out scope
     * ends the write before any probe is sent.
     */
    public ServerCapabilities capabilities(RequestSession session, CallScope scope) throws SQLException {
        SQLException stop = scope.stopped("the server's version");
        if (stop != null) {
            throw stop;
        }
        SQLException[] ended = new SQLException[1];
        ServerCapabilities caps = versions.capabilities(session, this::preferredEndpoint, (endpoint, s) -> {
            try {
                return probeWithin(endpoint, s, scope);
            } catch (SQLException e) {
                if (CallScope.TIMED_OUT.equals(e.getSQLState()) || CallScope.CANCELLED.equals(e.getSQLState())) {
                    ended[0] = e;
                }
                throw e;
            }
        });
        stop = scope.stopped("the server's version");
        if (stop != null) {
            throw stop; // the probe ran out of the statement's time (or was cancelled): no reason to guess
        }
        if (ended[0] != null) {
            // its deadline fired a hair before the scope's (whole milliseconds): the same timeout, said so
            throw CallScope.TIMED_OUT.equals(ended[0].getSQLState())
                    ? new java.sql.SQLTimeoutException(
                            "Statement timeout of " + scope.timeoutMillis()
                                    + " ms reached while waiting for the server's version",
                            CallScope.TIMED_OUT,
                            ended[0])
                    : ended[0];
        }
        return caps;
    }

    /**
     * The version probe inside a statement: bounded by what is left of the statement's timeout (#29: it ran
     * on the connect timeout, 10 s by default, whatever the statement's own), cancelled with it.
     */
    private String[] probeWithin(Endpoint endpoint, RequestSession session, CallScope scope) throws SQLException {
        long left = scope.callTimeoutMillis();
        try {
            return probeRow(
                    endpoint, session, left > 0 ? Math.min(left, probeTimeoutMillis) : probeTimeoutMillis, scope);
        } catch (FlightCallException e) {
            throw errors.translate(e);
        }
    }

    /**
     * Sends a write request through {@code Handle}; a server error that may have left it partly applied is
     * repeated (elsewhere) only when {@code repeatable} says a second copy is harmless (fidelity audit A3);
     * it is asked only then.
     */
    public long handleWrite(
            RequestSession session,
            GreptimeRequest request,
            long timeoutMillis,
            CancelHook hook,
            java.util.function.BooleanSupplier repeatable)
            throws SQLException {
        return router.call(
                OperationKind.ofHandle(request),
                timeoutMillis,
                guarded((endpoint, progress, remaining) ->
                        handleOn(channel(endpoint), progress, session, request, remaining, hook)),
                errors::translate,
                repeatable);
    }

    /**
     * Opens a client-streaming {@code HandleRequests} call with this session's hints and the transport
     * compression; no deadline, because the stream lives as long as its writer (streamInserter).
     */
    public HandleRequestsCall startHandleRequests(RequestSession session) throws SQLException {
        return openHandleRequests(session, pick(OperationKind.BULK, java.util.Set.of()), java.util.Set.of());
    }

    /**
     * Opens the call again on another endpoint after {@code failed} lost its connection before it sent
     * anything ({@link HandleRequestsCall#failedBeforeSending()}): no request of it reached a server, so
     * sending them elsewhere cannot store a row twice. The failed endpoint counts against its breaker.
     *
     * @return the new call, or null when every endpoint has been tried
     */
    public HandleRequestsCall reopenHandleRequests(RequestSession session, HandleRequestsCall failed)
            throws SQLException {
        router.endpoints().failed(failed.endpoint());
        java.util.Set<Endpoint> tried = new java.util.HashSet<>(failed.tried());
        tried.add(failed.endpoint());
        Endpoint next = pick(OperationKind.BULK, tried);
        if (tried.contains(next)) {
            return null;
        }
        router.listener()
                .retry(
                        OperationKind.BULK,
                        failed.endpoint().toString(),
                        next.toString(),
                        tried.size(),
                        "the HandleRequests stream lost its connection before sending anything");
        return openHandleRequests(session, next, tried);
    }

    private HandleRequestsCall openHandleRequests(
            RequestSession session, Endpoint endpoint, java.util.Set<Endpoint> tried) throws SQLException {
        GreptimeDatabaseGrpc.GreptimeDatabaseStub stub = GreptimeDatabaseGrpc.newStub(channel(endpoint))
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())));
        return HandleRequestsCall.open(
                compression.equals("none") ? stub : stub.withCompression(compression), errors, endpoint, tried);
    }

    /** A PrometheusGateway stub with this session's hints, the compression and the deadline (0 for none). */
    PrometheusGatewayGrpc.PrometheusGatewayBlockingStub prometheusStub(RequestSession session, long timeoutMillis)
            throws SQLException {
        var stub = PrometheusGatewayGrpc.newBlockingStub(anyChannel(OperationKind.QUERY))
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(hintHeaders(session.hints())));
        if (timeoutMillis > 0) {
            stub = stub.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS);
        }
        return compression.equals("none") ? stub : stub.withCompression(compression);
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing after a failure: the original error is what the caller needs to see
        }
    }

    /** The channel of the endpoint the policy picks for {@code kind}, for calls that are never repeated. */
    private ManagedChannel anyChannel(OperationKind kind) throws SQLException {
        return channel(pick(kind, java.util.Set.of()));
    }

    /** The endpoint the policy picks for {@code kind}, preferring one not in {@code tried}. */
    private Endpoint pick(OperationKind kind, java.util.Set<Endpoint> tried) throws SQLException {
        Endpoint e = router.endpoints().select(kind, tried);
        if (e == null) {
            throw new java.sql.SQLTransientConnectionException(
                    "No GreptimeDB endpoint is available: every circuit " + "breaker is open",
                    SqlState.CANNOT_CONNECT.code());
        }
        return e;
    }

    /** A {@code HealthCheck} call with this deadline, on the endpoints in turn; false when none answered. */
    public boolean healthCheck(long timeoutMillis) {
        try {
            return router.call(
                    OperationKind.QUERY,
                    timeoutMillis,
                    guarded((endpoint, progress, remaining) -> {
                        HealthCheckGrpc.newBlockingStub(channel(endpoint))
                                .withDeadlineAfter(
                                        Math.max(1, remaining > 0 ? remaining : timeoutMillis), TimeUnit.MILLISECONDS)
                                .healthCheck(HealthCheckRequest.getDefaultInstance());
                        return true;
                    }),
                    errors::translate);
        } catch (SQLException e) {
            return false;
        }
    }

    /** Releases the channels (an owned channel is shut down, cancelling calls still running). */
    @Override
    public void close() {
        prober.close();
        channels.close();
    }
}
