package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.bulk.BulkBinder;
import io.greptime.jdbc.internal.bulk.CountArrays;
import io.greptime.jdbc.internal.bulk.ParameterSink;
import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A prepared statement bound on the client: GreptimeDB has no prepared statements over gRPC. Its write
 * route is chosen once, here, from the SQL (the one lexer) and what the server and the table take
 * ({@code WriteRoutes}): DoPut record batches, row inserts, keyed row deletes, or the statement path, where
 * each execution substitutes the parameters as SQL literals ({@link SqlLiterals}) at the {@code ?} markers
 * {@link PlaceholderScanner} found. Every setter writes into the route's one {@link ParameterSink}, with no
 * I/O, so a bad value fails at the setter with the same SQLState on every route. Every call that may wait
 * on the server (executeBatch, an addBatch that sends a part of the batch, executeUpdate) runs as an
 * {@link Execution}: the statement timeout is its deadline, and cancel or close from any thread stops it.
 */
public final class PreparedStatementImpl extends StatementImpl implements PreparedStatement, DerivedParameterSetters {
    private final String sql;
    private final int[] markers;
    private final LiteralSink literals;
    private final List<String[]> batch = new ArrayList<>();
    private ParameterMetaData parameterMetaData;
    /** The write route when batches bypass SQL text, else null (then {@link #sink} is the literal sink). */
    private volatile BulkBinder bulk;
    /** Where setters write: the route's sink or the literals. */
    private volatile ParameterSink sink;
    /** The literals of the execution being sent, so error messages can hide them. */
    private volatile String[] sending;
    /** Set once the route's resources are released (by whichever thread got there first). */
    private final AtomicBoolean released = new AtomicBoolean();
    /** Whether the statement is an INSERT ... VALUES (its literals are sent in fast-path forms). */
    private final boolean insertValues;

    PreparedStatementImpl(ConnectionImpl connection, String sql) throws SQLException {
        super(connection);
        this.sql = sql;
        StatementClassifier.singleStatement(sql);
        this.markers = PlaceholderScanner.scan(sql);
        this.literals =
                new LiteralSink(markers.length, () -> connection.session().timeZone());
        this.insertValues = SqlLiterals.isInsertValues(sql);
        this.bulk = connection.prepareLookup(scope -> connection.bulkWrites().binderFor(sql, scope));
        this.sink = bulk != null ? bulk : literals;
    }

    /** The literals as sent: in an INSERT ... VALUES, the forms GreptimeDB's fast path takes (audit A2). */
    private String[] sendable(String[] bound) {
        return insertValues ? SqlLiterals.forInsertValues(bound) : bound;
    }

    /** The sink setters write into, once the statement is open and the caller may use it. */
    private ParameterSink sink() throws SQLException {
        checkUsable();
        return sink;
    }

    /** executeUpdate on a write route: the current parameters as a one-row batch. */
    private long bulkSingle() throws SQLException {
        return affinity.call(() -> execution(sql, 1, exec -> {
            if (bulk.pendingRows() > 0) {
                throw new SQLException(
                        "executeUpdate with rows pending in the batch: call executeBatch or clearBatch first",
                        SqlState.FUNCTION_SEQUENCE_ERROR.code());
            }
            bulk.addBatch(exec);
            try {
                return bulk.executeBatchConfirmed(exec)[0];
            } catch (java.sql.BatchUpdateException e) {
                throw e.getCause() instanceof SQLException cause ? cause : e;
            }
        }));
    }

    /** The statement text with the current parameters; 07001 when one is missing. */
    String boundSql() throws SQLException {
        sending = sendable(literals.bound());
        return PlaceholderScanner.substitute(sql, markers, sending);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return doQuery(boundSql());
    }

    @Override
    public int executeUpdate() throws SQLException {
        return clampCount(executeLargeUpdate());
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        checkOpen();
        return bulk != null ? bulkUpdate() : doUpdate(boundSql());
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        if (bulk != null) {
            bulkUpdate();
            return false;
        }
        return doExecute(boundSql());
    }

    /** The DoPut one-row write, its count kept for getUpdateCount (jOOQ reads it after execute()). */
    private long bulkUpdate() throws SQLException {
        forgetUpdateCount();
        long count = bulkSingle();
        recordUpdateCount(count);
        return count;
    }

    private static SQLException notOnPrepared(String method) {
        return new SQLException(
                method + "(String) cannot be called on a PreparedStatement", SqlState.GENERAL_ERROR.code());
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw notOnPrepared("executeQuery");
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw notOnPrepared("executeUpdate");
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw notOnPrepared("executeLargeUpdate");
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw notOnPrepared("execute");
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw notOnPrepared("addBatch");
    }

    // ---------------------------------------------------------------- batches

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        if (bulk != null) {
            if (!bulk.addRowWithoutSending()) { // the row sends a part of the batch: an execution
                affinity.run(() -> execution(null, 0, exec -> {
                    bulk.addBatch(exec);
                    return null;
                }));
            }
            return;
        }
        batch.add(literals.bound());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
        if (bulk != null) {
            bulk.clearBatch();
        }
    }

    /** Runs the batch as one execution: the route's batch, or the parameter sets in order, one request each. */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        return executeBatch(CountArrays.LONGS);
    }

    /** The batch's counts in executeBatch's or executeLargeBatch's form, built once (see CountArrays). */
    private <T> T executeBatch(CountArrays<T> form) throws SQLException {
        checkOpen();
        if (bulk != null) {
            return affinity.call(() -> execution(sql, bulk.pendingRows(), exec -> routeBatch(exec, form)));
        }
        return form.of(affinity.call(this::runParameterBatch));
    }

    /** The route's executeBatch; a route whose table changed meanwhile is chosen again for the next batch. */
    private <T> T routeBatch(Execution exec, CountArrays<T> form) throws SQLException {
        try {
            return bulk.executeBatch(exec, form);
        } finally {
            if (bulk.stale() && !isClosed()) {
                BulkBinder old = bulk;
                BulkBinder now = connection.bulkWrites().binderFor(sql, exec);
                old.close();
                bulk = now;
                sink = now != null ? now : literals;
            }
        }
    }

    private long[] runParameterBatch() throws SQLException {
        connection.bulkWrites().countStatementBatch();
        List<String[]> work = new ArrayList<>(batch);
        batch.clear();
        long[] counts = new long[work.size()];
        for (int i = 0; i < work.size(); i++) {
            try {
                sending = sendable(work.get(i));
                counts[i] = doUpdate(PlaceholderScanner.substitute(sql, markers, sending));
            } catch (SQLException e) {
                throw batchFailure(e, Arrays.copyOf(counts, i));
            }
        }
        return counts;
    }

    @Override
    String[] boundLiterals() {
        return sending;
    }

    /** The template with its markers: bound values never reach logs or spans. */
    @Override
    String observedText(String sent) {
        return sql;
    }

    @Override
    public int[] executeBatch() throws SQLException {
        return executeBatch(CountArrays.INTS);
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        literals.clear();
        if (bulk != null) {
            bulk.clearParameters();
        }
    }

    // ---------------------------------------------------------------- setters

    @Override
    public void setNull(int parameterIndex, int sqlType) throws SQLException {
        sink().setNull(parameterIndex);
    }

    @Override
    public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
        sink().setNull(parameterIndex);
    }

    @Override
    public void setBoolean(int parameterIndex, boolean x) throws SQLException {
        sink().setBoolean(parameterIndex, x);
    }

    @Override
    public void setByte(int parameterIndex, byte x) throws SQLException {
        sink().setLong(parameterIndex, x);
    }

    @Override
    public void setShort(int parameterIndex, short x) throws SQLException {
        sink().setLong(parameterIndex, x);
    }

    @Override
    public void setInt(int parameterIndex, int x) throws SQLException {
        sink().setLong(parameterIndex, x);
    }

    @Override
    public void setLong(int parameterIndex, long x) throws SQLException {
        sink().setLong(parameterIndex, x);
    }

    @Override
    public void setFloat(int parameterIndex, float x) throws SQLException {
        sink().setFloat(parameterIndex, x);
    }

    @Override
    public void setDouble(int parameterIndex, double x) throws SQLException {
        sink().setDouble(parameterIndex, x);
    }

    @Override
    public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
        sink().setDecimal(parameterIndex, x);
    }

    @Override
    public void setString(int parameterIndex, String x) throws SQLException {
        sink().setString(parameterIndex, x);
    }

    @Override
    public void setNString(int parameterIndex, String value) throws SQLException {
        setString(parameterIndex, value);
    }

    @Override
    public void setBytes(int parameterIndex, byte[] x) throws SQLException {
        sink().setBytes(parameterIndex, x);
    }

    @Override
    public void setDate(int parameterIndex, Date x) throws SQLException {
        sink().setDate(parameterIndex, x == null ? null : x.toLocalDate());
    }

    /** The calendar's zone decides which day the {@code Date}'s millisecond value falls on. */
    @Override
    public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
        if (x == null || cal == null) {
            setDate(parameterIndex, x);
            return;
        }
        ZoneId zone = cal.getTimeZone().toZoneId();
        sink().setDate(
                        parameterIndex,
                        Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalDate());
    }

    @Override
    public void setTime(int parameterIndex, Time x) throws SQLException {
        sink().setTime(parameterIndex, x == null ? null : x.toLocalTime());
    }

    @Override
    public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
        if (x == null || cal == null) {
            setTime(parameterIndex, x);
            return;
        }
        ZoneId zone = cal.getTimeZone().toZoneId();
        sink().setTime(
                        parameterIndex,
                        Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalTime());
    }

    /** A Timestamp is an instant and is sent as one (its seconds and nanos, without an Instant per row). */
    @Override
    public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
        if (x == null) {
            sink().setNull(parameterIndex);
        } else {
            sink().setInstant(parameterIndex, Math.floorDiv(x.getTime(), 1000L), x.getNanos());
        }
    }

    /** GreptimeDB timestamps are instants, so the calendar cannot change which instant is meant. */
    @Override
    public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
        setTimestamp(parameterIndex, x);
    }

    /** The one dispatcher of every route: the value's Java type picks the setter. */
    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        sink().setObject(parameterIndex, x);
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        sink().setObject(parameterIndex, x, targetSqlType);
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        if (x instanceof BigDecimal d
                && (targetSqlType == java.sql.Types.DECIMAL || targetSqlType == java.sql.Types.NUMERIC)) {
            x = d.setScale(scaleOrLength, java.math.RoundingMode.HALF_UP);
        }
        setObject(parameterIndex, x, targetSqlType);
    }

    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
        setObject(parameterIndex, x, vendorNumber(targetSqlType));
    }

    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        setObject(parameterIndex, x, vendorNumber(targetSqlType), scaleOrLength);
    }

    private static int vendorNumber(SQLType type) throws SQLException {
        if (type == null || type.getVendorTypeNumber() == null) {
            throw new SQLFeatureNotSupportedException(
                    "SQLType " + type + " has no java.sql.Types number", SqlState.FEATURE_NOT_SUPPORTED.code());
        }
        return type.getVendorTypeNumber();
    }

    /**
     * Also ends the route: its DoPut stream is parked or ended and its column buffer freed. On the thread
     * using the statement, rows sent under {@code bulkAcknowledge=deferred} are first confirmed (an
     * execution: the statement timeout bounds the wait). From another thread while an execution runs,
     * close cancels it and returns at once; the executing thread frees the route when it unwinds.
     */
    @Override
    public void close() throws SQLException {
        if (isClosed()) {
            return;
        }
        SQLException unconfirmed = null;
        if (bulk != null && !executing()) {
            try {
                affinity.run(() -> execution(null, 0, exec -> {
                    bulk.awaitDeferred(exec);
                    return null;
                }));
            } catch (SQLException e) {
                // another thread owns the statement (and is about to find it closed): nothing to report here
                unconfirmed = SqlState.OBJECT_IN_USE.code().equals(e.getSQLState()) ? null : e;
            }
        }
        super.close();
        if (!executing()) {
            afterClose();
        }
        if (unconfirmed != null) {
            throw unconfirmed;
        }
    }

    /** Frees the route once, on whichever thread gets here first after the statement closed. */
    @Override
    void afterClose() {
        BulkBinder b = bulk;
        if (b != null && released.compareAndSet(false, true)) {
            b.close();
        }
    }

    // ---------------------------------------------------------------- metadata

    /** Unknown before execution (the server describes nothing without running the statement). */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        ResultSet rs = getResultSet();
        return rs == null ? null : rs.getMetaData();
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        if (parameterMetaData == null) {
            parameterMetaData = ParameterMetaDataImpl.describe(connection, sql, markers.length);
        }
        return parameterMetaData;
    }
}
