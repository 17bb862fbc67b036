package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeEndpointStatus;
import io.greptime.jdbc.GreptimePromResult;
import io.greptime.jdbc.GreptimeServerCapability;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.internal.bulk.BulkWrites;
import io.greptime.jdbc.internal.bulk.CommitUnit;
import io.greptime.jdbc.internal.bulk.TypedWrites;
import io.greptime.jdbc.internal.bulk.WriteExecutions;
import io.greptime.jdbc.internal.client.ChannelFactory;
import io.greptime.jdbc.internal.client.ChannelSource;
import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.InstrumentedChannelSource;
import io.greptime.jdbc.internal.client.NettyStartup;
import io.greptime.jdbc.internal.client.PromqlGateway;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.internal.metadata.GreptimeDatabaseMetaData;
import io.greptime.jdbc.internal.observe.Observability;
import io.greptime.jdbc.internal.redact.GrpcLogging;
import io.greptime.jdbc.internal.redact.Secrets;
import io.greptime.jdbc.internal.typed.TypedBulkWriter;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLWarning;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A connection: one gRPC channel and the session state GreptimeDB expects with every request. GreptimeDB
 * has no transactions, so every statement is applied when it runs; with auto-commit off, batched DoPut
 * INSERTs return once their rows are sent and {@link #commit()} is the point where every row since the
 * last commit is confirmed, or reported row by row as failed or in doubt ({@link CommitUnit},
 * docs/bulk-writes.md).
 */
public final class ConnectionImpl extends ConnectionSettings implements GreptimeConnection {
    private final ConnectionConfig config;
    private final String url;
    private final GreptimeClient client;
    private final BufferAllocator allocator;
    private final AtomicReference<RequestSession> session;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Set<StatementImpl> statements = ConcurrentHashMap.newKeySet();
    private final BulkWrites bulkWrites;
    private final ThreadAffinity affinity;
    /** Typed-row writers still open: freed (unsent rows dropped) when the connection closes first. */
    private final Set<TypedBulkWriter<?>> typedWriters = ConcurrentHashMap.newKeySet();

    private final Observability observe;
    /** The clock executions measure their deadlines on. */
    private final LongSupplier clock = System::nanoTime;
    /** Guards {@link #running} and {@link #allocatorCloseDeferred}. */
    private final ReentrantLock runningLock = new ReentrantLock();

    private final Condition runningChanged = runningLock.newCondition();
    /** Executions running now, on any thread: close and abort stop them. */
    private final Set<Execution> running = new HashSet<>();
    /** Set when close gave up waiting for executions: the last one to end closes the allocator. */
    private boolean allocatorCloseDeferred;

    private final AtomicBoolean allocatorClosed = new AtomicBoolean();
    /** Set by abort: close then cancels the commit unit's streams instead of waiting for their answers. */
    private final AtomicBoolean aborted = new AtomicBoolean();
    /** How long close waits for executions it cancelled to unwind before returning anyway. */
    static final long CLOSE_WAIT_MILLIS = 500;

    private ConnectionImpl(
            ConnectionConfig config,
            String url,
            GreptimeClient client,
            BufferAllocator allocator,
            Observability observe) {
        this.observe = observe;
        this.config = config;
        this.url = Secrets.redactUrl(url); // shown by getURL(): never with a password in it
        this.client = client;
        this.allocator = allocator;
        this.session = new AtomicReference<>(new RequestSession(
                config.database(), config.timeZone(), config.user(), config.password(), config.hints()));
        this.bulkWrites = new BulkWrites(client, config, allocator, this::session, clock);
        this.affinity = ThreadAffinity.forConnection(config.get(Settings.THREAD_AFFINITY));
        client.onZoneMismatch(this::zoneMismatch);
    }

    /**
     * Opens a connection and checks the server answers (a HealthCheck within the connect timeout) and,
     * when credentials are configured, that it accepts them.
     */
    public static ConnectionImpl open(ConnectionConfig config, String url) throws SQLException {
        return open(config, url, ChannelSource.owned(config), null);
    }

    /** As {@link #open(ConnectionConfig, String)}, with a Micrometer registry object (or null) for metrics. */
    public static ConnectionImpl open(ConnectionConfig config, String url, Object meterRegistry) throws SQLException {
        return open(config, url, ChannelSource.owned(config), meterRegistry);
    }

    /**
     * As {@link #open(ConnectionConfig, String)}, over channels from {@code channels} (closed with it), with a
     * Micrometer registry object (or null) for metrics.
     */
    public static ConnectionImpl open(ConnectionConfig config, String url, ChannelSource channels, Object meterRegistry)
            throws SQLException {
        Observability observe;
        try {
            // before anything initialises netty (Arrow's allocator does): its JFR events off unless asked for,
            // and relocated netty's start-up logged at FINE, which io.greptime.jdbc.level = FINE would show
            NettyStartup.apply();
            GrpcLogging.install();
            // Arrow's check and allocator, and the first query's classes, on a second thread meanwhile
            ConnectWarmup.start();
            observe = Observability.open(config, meterRegistry);
        } catch (SQLException | RuntimeException e) {
            channels.close();
            throw e;
        }
        GreptimeClient client;
        try {
            client = GreptimeClient.open(config, new InstrumentedChannelSource(channels, observe::callInterceptor));
        } catch (SQLException | RuntimeException e) {
            observe.openFailed(e);
            observe.close();
            throw e;
        }
        BufferAllocator allocator;
        try {
            allocator = reachAndPrepareArrow(config, client);
        } catch (SQLException | RuntimeException e) {
            observe.openFailed(e);
            client.close();
            observe.close();
            throw e;
        }
        observe.arrowMemory(allocator::getAllocatedMemory);
        ConnectionImpl conn = new ConnectionImpl(config, url, client, allocator, observe);
        try {
            conn.verify();
            observe.opened();
            return conn;
        } catch (SQLException | RuntimeException e) {
            observe.openFailed(e);
            conn.close();
            throw e;
        }
    }

    /**
     * Checks that the server answers (a HealthCheck within the connect timeout) while the warm-up thread gets
     * Arrow ready, then returns the connection's allocator. When Arrow cannot run here, that is the error,
     * whether the server answered or not: it is the one to fix first.
     */
    private static BufferAllocator reachAndPrepareArrow(ConnectionConfig config, GreptimeClient client)
            throws SQLException {
        long timeout = connectTimeout(config);
        boolean reached = client.healthCheck(timeout);
        ConnectWarmup.arrowReady();
        if (!reached) {
            throw ChannelFactory.connectFailure(config, config.primaryEndpoint(), timeout);
        }
        return ArrowMemory.newConnectionAllocator();
    }

    private static long connectTimeout(ConnectionConfig config) {
        return config.connectTimeoutMillis() > 0 ? config.connectTimeoutMillis() : 10_000;
    }

    Observability observe() {
        return observe;
    }

    /**
     * After the HealthCheck: frontends discovered (with {@code discoverFrontends}) and, when credentials are
     * configured, a check that the server accepts them.
     */
    private void verify() throws SQLException {
        long timeout = connectTimeout(config);
        client.connected(session(), allocator, timeout);
        if (config.user() != null) {
            // Credentials travel in each request; a trivial query checks them (and access to the database) now,
            // and the version probe is that query, so the server's version and zone come with no extra call.
            client.verifyAndProbe(session(), timeout);
        }
    }

    /**
     * A server read the session zone as another (GreptimeDB makes a zone its tz database lacks UTC, silently;
     * audit C9). The connection then sends the zone's current fixed offset, which every release parses, and
     * says so: a warning on the connection and in the log. A fixed offset is right until the zone's next
     * daylight-saving change, which is why it is a warning and not silence.
     */
    private void zoneMismatch(RequestSession probed, String sent, String serverZone) {
        ZoneId zone = probed.timeZone();
        java.time.ZoneOffset offset = zone.getRules().getOffset(java.time.Instant.now());
        boolean switched = false;
        RequestSession now = session.get();
        // GreptimeDB reads offsets as ±hh:mm only (timezone.rs split_once(':')): one with seconds cannot help
        if (now.timeZone().equals(zone)
                && !(zone instanceof java.time.ZoneOffset)
                && offset.getTotalSeconds() % 60 == 0) {
            switched = session.compareAndSet(now, now.withTimeZone(offset));
        }
        String message = "GreptimeDB does not know the time zone '" + sent + "' (it answered timezone() = '"
                + serverZone + "')"
                + (switched
                        ? "; this connection now sends its current offset " + offset
                                + ", which is wrong after the zone's next daylight-saving change: set the timezone "
                                + "property to a zone the server knows"
                        : "; set the timezone property to a zone the server knows");
        warn(message);
        java.util.logging.Logger.getLogger("io.greptime.jdbc.client").warning(message);
    }

    @Override
    public java.util.Optional<String> getServerVersion() throws SQLException {
        checkOpen();
        return client.serverVersion(session());
    }

    @Override
    public java.util.Set<GreptimeServerCapability> getServerCapabilities() throws SQLException {
        checkOpen();
        return client.capabilities(session()).asSet();
    }

    ConnectionConfig config() {
        return config;
    }

    GreptimeClient client() {
        return client;
    }

    RequestSession session() {
        return session.get();
    }

    BulkWrites bulkWrites() {
        return bulkWrites;
    }

    LongSupplier clock() {
        return clock;
    }

    void executionStarted(Execution exec) {
        runningLock.lock();
        try {
            running.add(exec);
        } finally {
            runningLock.unlock();
        }
    }

    void executionEnded(Execution exec) {
        boolean closeAllocator;
        runningLock.lock();
        try {
            running.remove(exec);
            closeAllocator = allocatorCloseDeferred && running.isEmpty();
            runningChanged.signalAll();
        } finally {
            runningLock.unlock();
        }
        if (closeAllocator && allocatorClosed.compareAndSet(false, true)) {
            allocator.close(); // close returned already; what the cancelled execution held is free now
        }
    }

    /**
     * Runs a lookup a statement needs before it exists (prepareStatement choosing a write route) as an
     * execution the connection's close stops. Its deadline is the {@code queryTimeout} property when one is
     * set (#29: the application bounded every statement by it, and a batched INSERT against a server that
     * never answered its table lookup waited the 10 s connect timeout instead), else the connect timeout:
     * a server that stalls a metadata query must not hang prepareStatement.
     */
    <T> T prepareLookup(WriteExecutions.WriteCall<T> call) throws SQLException {
        long query = config.queryTimeoutSeconds() * 1000L;
        return runExecution(query > 0 ? query : connectTimeout(config), call);
    }

    /** Executions for writers that are not statements, with the {@code queryTimeout} property as deadline. */
    WriteExecutions writeExecutions() {
        return new WriteExecutions() {
            @Override
            public <T> T run(WriteCall<T> call) throws SQLException {
                return runExecution(config.queryTimeoutSeconds() * 1000L, call);
            }
        };
    }

    private <T> T runExecution(long timeoutMillis, WriteExecutions.WriteCall<T> call) throws SQLException {
        checkNotClosed();
        Execution exec = new Execution(null, timeoutMillis, clock);
        executionStarted(exec);
        try {
            return call.run(exec);
        } finally {
            exec.finish();
            executionEnded(exec);
        }
    }

    /**
     * Whether a SQL write may be repeated after a server error: only an INSERT into a table that
     * deduplicates (read within the execution), or a DELETE (deleting twice deletes once).
     */
    java.util.function.BooleanSupplier repeatableWrite(RequestSession s, String sql, Execution exec) {
        return () -> bulkWrites.repeatable(s, sql, exec);
    }

    @Override
    public GreptimeWriteStatistics getWriteStatistics() throws SQLException {
        checkOpen();
        return bulkWrites.statistics();
    }

    @Override
    public java.util.List<GreptimeEndpointStatus> getEndpointStatus() throws SQLException {
        checkOpen();
        return client.endpointStatus();
    }

    BufferAllocator allocator() {
        return allocator;
    }

    @Override
    public GreptimeStreamInserter streamInserter() throws SQLException {
        checkOpen();
        return bulkWrites.streamInserter(writeExecutions());
    }

    @Override
    public long putBatch(String table, org.apache.arrow.vector.VectorSchemaRoot root) throws SQLException {
        checkOpen();
        if (table == null || root == null) {
            throw new SQLException(
                    "putBatch needs a table name and a VectorSchemaRoot", SqlState.INVALID_USE_OF_NULL_POINTER.code());
        }
        return affinity.call(() -> writeExecutions().run(scope -> bulkWrites.putBatch(table, root, scope)));
    }

    // ---------------------------------------------------------------- typed rows

    @Override
    public <T> GreptimeBulkWriter<T> bulkWriter(Class<T> type, String table) throws SQLException {
        checkOpen();
        TypedBulkWriter<T> writer = affinity.call(() -> TypedBulkWriter.open(
                type,
                table,
                new TypedWrites(bulkWrites, writeExecutions()),
                session(),
                allocator,
                sql -> {
                    try (java.sql.Statement st = createStatement()) {
                        st.executeUpdate(sql);
                    }
                },
                typedWriters::remove));
        typedWriters.add(writer);
        return new OwnedBulkWriter<>(writer, affinity);
    }

    /**
     * How a result of this connection reads: wall clocks in {@code zone}, at most {@code maxRows} rows (0 =
     * all), and a child allocator bounded by {@code maxResultMemory}.
     */
    CursorSettings cursorSettings(ZoneId zone, long maxRows) {
        return new CursorSettings(new ColumnReaderFactory(zone), maxRows, config.maxResultMemory());
    }

    void switchDatabase(String database) {
        session.updateAndGet(s -> s.withDatabase(database));
    }

    void switchTimeZone(ZoneId zone) {
        session.updateAndGet(s -> s.withTimeZone(zone));
    }

    void statementClosed(StatementImpl statement) {
        if (statements.remove(statement)) {
            observe.statementClosed();
        }
    }

    <T extends StatementImpl> T register(T statement) {
        statements.add(statement);
        observe.statementOpened();
        return statement;
    }

    /** Open, and the calling thread owns the connection or may take it over ({@link ThreadAffinity}). */
    @Override
    void checkOpen() throws SQLException {
        checkNotClosed();
        affinity.check();
    }

    /** Open; for the calls any thread may make (cancel). */
    void checkNotClosed() throws SQLException {
        if (closed.get()) {
            throw new SQLNonTransientConnectionException(
                    "Connection is closed", SqlState.CONNECTION_DOES_NOT_EXIST.code());
        }
    }

    ThreadAffinity affinity() {
        return affinity;
    }

    @Override
    public GreptimePromResult promInstantQuery(String query, String time, String lookback) throws SQLException {
        checkOpen();
        return promql(PromqlRequest.newBuilder().setInstantQuery(PromqlRequests.instantQuery(query, time, lookback)));
    }

    @Override
    public GreptimePromResult promRangeQuery(String query, String start, String end, String step, String lookback)
            throws SQLException {
        checkOpen();
        return promql(
                PromqlRequest.newBuilder().setRangeQuery(PromqlRequests.rangeQuery(query, start, end, step, lookback)));
    }

    private GreptimePromResult promql(PromqlRequest.Builder request) throws SQLException {
        long timeoutMillis = config.queryTimeoutSeconds() * 1000L;
        return affinity.call(() -> PromqlGateway.call(client(), session(), request, timeoutMillis));
    }

    /** The guard of a new statement: this connection's under strict, the statement's own under relaxed. */
    ThreadAffinity statementAffinity() {
        return ThreadAffinity.forStatement(affinity, config.get(Settings.THREAD_AFFINITY));
    }

    @Override
    String url() {
        return url;
    }

    @Override
    String user() {
        return config.user();
    }

    // ---------------------------------------------------------------- statements

    @Override
    public java.sql.Statement createStatement() throws SQLException {
        checkOpen();
        return register(new StatementImpl(this));
    }

    @Override
    public java.sql.PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return register(new PreparedStatementImpl(this, sql));
    }

    // ---------------------------------------------------------------- session

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (schema == null || schema.isBlank()) {
            throw new SQLException("Schema must not be empty", SqlState.INVALID_SCHEMA_NAME.code());
        }
        switchDatabase(schema);
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        String db = session().database();
        int dash = db.indexOf('-');
        return dash < 0 ? db : db.substring(dash + 1);
    }

    /** GreptimeDB's catalog: {@code greptime} unless the database is spelled {@code catalog-schema}. */
    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        String db = session().database();
        int dash = db.indexOf('-');
        return dash < 0 ? "greptime" : db.substring(0, dash);
    }

    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
        // JDBC lets a driver ignore this; the catalog is chosen through the database name.
    }

    @Override
    public ZoneId getSessionTimeZone() throws SQLException {
        checkOpen();
        return session().timeZone();
    }

    @Override
    public void setSessionTimeZone(ZoneId zone) throws SQLException {
        checkOpen();
        switchTimeZone(java.util.Objects.requireNonNull(zone, "zone"));
    }

    @Override
    public Map<String, String> getHints() throws SQLException {
        checkOpen();
        return session().hints();
    }

    @Override
    public void setHints(Map<String, String> hints) throws SQLException {
        checkOpen();
        RequestSession s = session();
        session.set(new RequestSession(s.database(), s.timeZone(), s.user(), s.password(), hints));
    }

    /** A HealthCheck call with this deadline. */
    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw new SQLException(
                    "Timeout must not be negative: " + timeoutSeconds, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        return !closed.get() && client.healthCheck(timeoutSeconds == 0 ? 30_000L : timeoutSeconds * 1000L);
    }

    @Override
    public java.sql.DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new GreptimeDatabaseMetaData(this, url(), user());
    }

    // ---------------------------------------------------------------- commit

    /**
     * Auto-commit off makes executeBatch of DoPut INSERTs pipeline into the commit unit; switching it back
     * on commits first, as JDBC says (a failure is thrown, and auto-commit is on all the same).
     */
    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        boolean was = getAutoCommit();
        try {
            if (autoCommit && !was) {
                commit();
            }
        } finally {
            super.setAutoCommit(autoCommit);
            bulkWrites.commitUnit().manual(!autoCommit);
        }
    }

    /**
     * Waits, within the {@code queryTimeout} property, for the server's answer to every row batched since
     * the last commit; returns when all are confirmed, or throws a {@link io.greptime.jdbc.GreptimeCommitException}
     * naming, per statement, the rows confirmed, failed and in doubt.
     */
    @Override
    public void commit() throws SQLException {
        checkOpen();
        CommitUnit unit = bulkWrites.commitUnit();
        if (!unit.isEmpty()) {
            writeExecutions().run(scope -> {
                unit.commit(scope, "commit");
                return null;
            });
        }
    }

    /**
     * GreptimeDB cannot undo stored rows: rollback waits as commit does, never throws for the rows, and
     * says on the connection's warnings what was stored (and what failed or is in doubt).
     */
    @Override
    public void rollback() throws SQLException {
        checkOpen();
        CommitUnit unit = bulkWrites.commitUnit();
        if (!unit.isEmpty()) {
            String found = writeExecutions().run(unit::rollback);
            if (found != null) {
                warn(found);
            }
        }
    }

    /** close with rows of the commit unit unanswered: waits for them within queryTimeout, as commit does. */
    private SQLException commitAtClose() {
        CommitUnit unit = bulkWrites.commitUnit();
        if (unit.isEmpty()) {
            return null;
        }
        if (aborted.get()) {
            unit.abandon();
            return null;
        }
        Execution exec = new Execution(null, config.queryTimeoutSeconds() * 1000L, clock);
        executionStarted(exec);
        try {
            unit.commit(exec, "close");
            return null;
        } catch (SQLException e) {
            return e;
        } finally {
            exec.finish();
            executionEnded(exec);
        }
    }

    // ---------------------------------------------------------------- lifecycle

    /**
     * Closes every statement (and so every result set), then the channel and the Arrow memory. Calls still
     * running on other threads are cancelled first (they end with 57014 and say which rows are confirmed);
     * close waits a moment for them to unwind but never for a lock they hold, so it returns promptly from
     * any thread.
     */
    @Override
    public void close() throws SQLException {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // cancel first, then close the statements before waiting: a result streamed on this thread keeps its
        // execution running until the result closes, so waiting first always waited the whole CLOSE_WAIT_MILLIS
        cancelAll();
        SQLException unconfirmed = commitAtClose();
        try {
            for (StatementImpl s : statements) {
                try {
                    s.close();
                } catch (java.sql.BatchUpdateException e) { // rows sent under bulkAcknowledge=deferred failed
                    unconfirmed = unconfirmed == null ? e : unconfirmed;
                } catch (SQLException ignored) {
                    // closing with the connection: nothing else useful to report
                }
            }
            statements.clear();
            for (TypedBulkWriter<?> w : typedWriters) {
                w.abandon();
            }
            typedWriters.clear();
            bulkWrites.close();
        } finally {
            boolean idle = awaitIdle(CLOSE_WAIT_MILLIS); // executions still running on other threads
            try {
                client.close();
                if (idle || awaitIdle(0)) {
                    closeAllocator();
                }
            } finally {
                observe.close();
            }
        }
        if (unconfirmed != null) {
            throw unconfirmed;
        }
    }

    /** Cancels every running execution; close then waits up to {@link #CLOSE_WAIT_MILLIS} for them to end. */
    private void cancelAll() {
        List<Execution> now;
        runningLock.lock();
        try {
            now = new ArrayList<>(running);
        } finally {
            runningLock.unlock();
        }
        now.forEach(Execution::cancel);
    }

    /**
     * Whether no execution runs, after waiting up to {@code millis}; when some still do, the last of them
     * to end closes the allocator (what it holds is only free once it has unwound).
     */
    private boolean awaitIdle(long millis) {
        long until = System.nanoTime() + millis * 1_000_000L;
        runningLock.lock();
        try {
            while (!running.isEmpty()) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    allocatorCloseDeferred = true;
                    return false;
                }
                runningChanged.awaitNanos(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            allocatorCloseDeferred = true;
            return false;
        } finally {
            runningLock.unlock();
        }
    }

    private void closeAllocator() throws SQLException {
        if (!allocatorClosed.compareAndSet(false, true)) {
            return;
        }
        try {
            allocator.close();
        } catch (IllegalStateException e) {
            throw new SQLException(
                    "Internal error: Arrow memory left allocated at close: " + e.getMessage(),
                    SqlState.INTERNAL_ERROR.code(),
                    e);
        }
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("abort needs an executor", SqlState.INVALID_USE_OF_NULL_POINTER.code());
        }
        if (!closed.get()) {
            aborted.set(true);
            bulkWrites.commitUnit().abandon();
            executor.execute(() -> {
                try {
                    close();
                } catch (SQLException ignored) {
                    // abort is best effort by definition
                }
            });
        }
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        clientInfo().setProperty(name, value == null ? "" : value);
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        clientInfo().clear();
        clientInfo().putAll(properties);
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings();
    }
}
