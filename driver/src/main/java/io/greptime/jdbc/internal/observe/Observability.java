package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ClientInterceptor;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;

/**
 * A connection's logging, metrics and tracing, configured by its properties ({@code logging},
 * {@code slowStatementThreshold}, {@code logSqlLength}, {@code metrics}, {@code tracing}). The JDBC layer
 * calls it at a few points (open, close, each execution, each statement and result set); the gRPC layer
 * is observed through an interceptor on each endpoint's calls ({@link #callInterceptor}); failover code
 * reports through {@link #failoverEvents()}.
 */
public final class Observability implements AutoCloseable {
    /**
     * The {@code Properties} key (or DataSource setting) under which a Micrometer {@code MeterRegistry}
     * object may be given; a non-String value, so it never collides with string properties.
     */
    public static final String METER_REGISTRY_KEY = "meterRegistry";

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    private final ConnectionIdentity who;
    private final long slowNanos;
    private final int sqlLength;
    private final Object tracer;
    private final DriverLog connectionLog;
    private final DriverLog statementLog;
    private final DriverLog slowLog;
    private final DriverLog callLog;
    private final DriverLog bulkLog;
    private final FailoverEvents failoverEvents;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile LongSupplier arrowMemory = () -> 0;
    private final MetricsSink metrics;

    private Observability(ConnectionConfig config, Object meterRegistry) throws SQLException {
        JdbcUrl.Endpoint ep = config.primaryEndpoint();
        this.who = new ConnectionIdentity(
                CONNECTION_IDS.incrementAndGet(), ep.host(), ep.port(), config.database(), config.user());
        String backEnd = config.get(Settings.LOGGING);
        this.slowNanos = TimeUnit.MILLISECONDS.toNanos(config.get(Settings.SLOW_STATEMENT_THRESHOLD));
        this.sqlLength = config.get(Settings.LOG_SQL_LENGTH);
        boolean tracing = config.get(Settings.TRACING);
        this.tracer = tracing ? TraceSupport.tracer() : null;
        this.connectionLog = DriverLog.get("connection", backEnd);
        this.statementLog = DriverLog.get("statement", backEnd);
        this.slowLog = DriverLog.get("slow", backEnd);
        this.callLog = DriverLog.get("client", backEnd);
        this.bulkLog = DriverLog.get("bulk", backEnd);
        this.failoverEvents = new LoggedFailoverEvents(
                this, DriverLog.get("failover", backEnd), config.endpoints().size() > 1);
        this.metrics = metricsFor(config.get(Settings.METRICS), meterRegistry);
    }

    /**
     * The observability of a new connection; registers its metrics.
     *
     * @param meterRegistry a Micrometer {@code MeterRegistry}, or null
     */
    public static Observability open(ConnectionConfig config, Object meterRegistry) throws SQLException {
        return new Observability(config, meterRegistry);
    }

    private MetricsSink metricsFor(String mode, Object registry) throws SQLException {
        LongSupplier memory = () -> arrowMemory.getAsLong();
        try {
            switch (mode) {
                case "none":
                    return MetricsSink.NONE;
                case "jmx":
                    return JmxConnectionMetrics.register(who, memory);
                case "micrometer":
                    return MicrometerSupport.sink(registry, who, memory);
                default:
                    MetricsSink jmx = JmxConnectionMetrics.register(who, memory);
                    return MicrometerSupport.PRESENT
                            ? MetricsSink.both(jmx, closeOnFailure(jmx, registry, memory))
                            : jmx;
            }
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage(), SqlState.INVALID_ATTRIBUTE_VALUE.code(), e);
        }
    }

    private MetricsSink closeOnFailure(MetricsSink jmx, Object registry, LongSupplier memory) {
        try {
            return MicrometerSupport.sink(registry, who, memory);
        } catch (RuntimeException e) {
            jmx.close();
            throw e;
        }
    }

    /** The interceptor that observes every call to {@code endpoint} ({@code host:port}). */
    public ClientInterceptor callInterceptor(String endpoint) {
        return new CallInterceptor(this, endpoint);
    }

    /** Where the Arrow memory gauge reads from (the connection's allocator). */
    public void arrowMemory(LongSupplier bytes) {
        this.arrowMemory = bytes;
    }

    /** What failover code reports through (logs and the breaker-state metric). */
    public FailoverEvents failoverEvents() {
        return failoverEvents;
    }

    /** The connection's identity (id, endpoint, database, user). */
    public ConnectionIdentity identity() {
        return who;
    }

    // ---------------------------------------------------------------- connection

    /** Logs an opened connection. */
    public void opened() {
        connectionLog.log(
                Level.FINE,
                () -> "connection " + who.connectionId() + " opened to " + who.endpoint() + ", database "
                        + who.database() + (who.user() == null ? ", no authentication" : ", user " + who.user()));
    }

    /** Logs a connection that could not be opened (the message is the driver's translated one). */
    public void openFailed(Exception e) {
        connectionLog.log(
                Level.FINE,
                () -> "connection " + who.connectionId() + " to " + who.endpoint() + " failed to open: " + describe(e));
    }

    /** Logs the close and unregisters the metrics; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        metrics.close();
        connectionLog.log(Level.FINE, () -> "connection " + who.connectionId() + " to " + who.endpoint() + " closed");
    }

    // ---------------------------------------------------------------- statements

    /**
     * Starts observing one execution.
     *
     * @param sql the text as the application wrote it (a prepared statement's template), or null
     * @param batchSize rows of a batch execution, 0 otherwise
     */
    public StatementObservation start(String sql, long batchSize) {
        StatementObservation o = new StatementObservation(this, sql, batchSize);
        statementLog.log(
                Level.FINE,
                () -> "[stmt " + o.id() + "] execute on connection " + who.connectionId()
                        + (batchSize > 0 ? " (batch of " + batchSize + ")" : "") + ": " + o.sqlText());
        return o;
    }

    public void statementOpened() {
        metrics.statementsOpen(1);
    }

    public void statementClosed() {
        metrics.statementsOpen(-1);
    }

    public void resultSetOpened() {
        metrics.resultSetsOpen(1);
    }

    public void resultSetClosed() {
        metrics.resultSetsOpen(-1);
    }

    void statementEnded(
            StatementObservation o, long nanos, long rows, boolean rowsRead, SQLException failure, boolean slow) {
        if (failure != null) {
            statementLog.log(
                    Level.FINE, () -> "[stmt " + o.id() + "] failed after " + millis(nanos) + ": " + describe(failure));
        } else {
            statementLog.log(
                    Level.FINE,
                    () -> "[stmt " + o.id() + "] finished in " + millis(nanos) + ", " + rows
                            + (rowsRead ? " rows read" : " rows affected"));
        }
        if (slow) {
            slowLog.log(
                    Level.INFO,
                    () -> "[stmt " + o.id() + "] slow statement: " + millis(nanos) + " (threshold "
                            + TimeUnit.NANOSECONDS.toMillis(slowNanos) + " ms) on " + who.endpoint() + ", database "
                            + who.database()
                            + (failure != null ? ", failed with SQLState " + failure.getSQLState() : "") + ": "
                            + o.sqlText());
        }
    }

    static String millis(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /**
     * The exception as logs show it: class, SQLState and vendor code, never its message, which may quote
     * the statement and with it literal values.
     */
    static String describe(Exception e) {
        if (e instanceof SQLException s) {
            return s.getClass().getSimpleName() + " SQLState " + s.getSQLState() + ", code " + s.getErrorCode();
        }
        return e.getClass().getName();
    }

    // ---------------------------------------------------------------- calls

    void callFinished(CallInterceptor.FinishedCall c) {
        metrics.call(c.endpoint(), c.kind(), c.status(), c.nanos(), c.bytesIn(), c.bytesOut());
        String stmt = c.statementId() == null ? "" : "[stmt " + c.statementId() + "] ";
        if (c.put() != null) {
            bulkLog.log(
                    Level.FINE,
                    () -> stmt + "DoPut stream into " + c.put().table() + " on " + c.endpoint() + ": "
                            + c.put().rows() + " rows in " + c.put().batches() + " batches, " + c.bytesOut()
                            + " bytes, "
                            + millis(c.nanos()) + ", status " + c.status());
        } else if (c.affectedRows() > 0) {
            metrics.rowsWritten(c.affectedRows());
        }
        Level level = "OK".equals(c.status()) ? Level.FINER : Level.FINE;
        callLog.log(
                level,
                () -> stmt + c.kind().tag() + " call to " + c.endpoint() + ": status " + c.status() + ", "
                        + millis(c.nanos()) + ", " + c.bytesOut() + " bytes out, "
                        + c.bytesIn() + " bytes in");
    }

    // ---------------------------------------------------------------- for the package

    MetricsSink metrics() {
        return metrics;
    }

    Object tracer() {
        return tracer;
    }

    long slowNanos() {
        return slowNanos;
    }

    String truncate(String sql) {
        return sql.length() <= sqlLength ? sql : sql.substring(0, sqlLength) + "...(" + sql.length() + " chars)";
    }

    void log(Level level, Supplier<String> message) {
        statementLog.log(level, message);
    }

    /** Shows the identity only. */
    @Override
    public String toString() {
        return "Observability[connection " + who.connectionId() + " " + who.endpoint() + "]";
    }
}
