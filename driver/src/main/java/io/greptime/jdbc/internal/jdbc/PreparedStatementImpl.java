package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.bulk.BulkBinder;
import io.greptime.jdbc.internal.observe.ObservedScope;
import io.greptime.jdbc.internal.observe.StatementObservation;
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

/**
 * A prepared statement bound on the client: GreptimeDB has no prepared statements over gRPC, so each
 * execution substitutes the parameters as SQL literals ({@link SqlLiterals}) into the text, at the
 * {@code ?} markers {@link PlaceholderScanner} found outside strings, quoted names and comments.
 * Values are rendered when set, so a bad value fails at the setter.
 */
public final class PreparedStatementImpl extends StatementImpl implements PreparedStatement, DerivedParameterSetters {
    private final String sql;
    private final int[] markers;
    private final String[] literals;
    private final List<String[]> batch = new ArrayList<>();
    private ParameterMetaData parameterMetaData;
    /** Set when this INSERT's parameters go straight into Arrow vectors for DoPut; see {@link #bulk()}. */
    private BulkBinder bulk;
    /** The literals of the execution being sent, so error messages can hide them. */
    private volatile String[] sending;

    private boolean bulkDecided;
    /** Whether the statement is an INSERT ... VALUES (its literals are sent in fast-path forms). */
    private final boolean insertValues;

    PreparedStatementImpl(ConnectionImpl connection, String sql) throws SQLException {
        super(connection);
        this.sql = sql;
        StatementClassifier.singleStatement(sql);
        this.markers = PlaceholderScanner.scan(sql);
        this.literals = new String[markers.length];
        this.insertValues = SqlLiterals.isInsertValues(sql);
    }

    /** The literals as sent: in an INSERT ... VALUES, the forms GreptimeDB's fast path takes (audit A2). */
    private String[] sendable(String[] bound) {
        return insertValues ? SqlLiterals.forInsertValues(bound) : bound;
    }

    private void bind(int index, String literal) throws SQLException {
        checkOpen();
        if (index < 1 || index > literals.length) {
            throw new SQLException("Parameter index " + index + " is out of range 1.." + literals.length, "07009");
        }
        literals[index - 1] = literal;
    }

    /**
     * The DoPut binder when this is a plain {@code INSERT ... VALUES (?, ...)} into an existing table
     * (decided at the first setter, once), else null and parameters are bound as SQL literals.
     */
    private BulkBinder bulk() throws SQLException {
        affinity.check();
        if (!bulkDecided) {
            checkOpen();
            bulk = connection.bulkWrites().binderFor(sql);
            bulkDecided = true;
        }
        return bulk;
    }

    /** executeUpdate on the DoPut path: the current parameters as a one-row batch. */
    private long bulkSingle() throws SQLException {
        return affinity.call(() -> {
            if (bulk.pendingRows() > 0) {
                throw new SQLException(
                        "executeUpdate with rows pending in the batch: call executeBatch or clearBatch " + "first",
                        "HY010");
            }
            bulk.addBatch();
            try {
                return bulk.executeBatchConfirmed()[0];
            } catch (java.sql.BatchUpdateException e) {
                throw e.getCause() instanceof SQLException cause ? cause : e;
            }
        });
    }

    /** The statement text with the current parameters; 07001 when one is missing. */
    String boundSql() throws SQLException {
        for (int i = 0; i < literals.length; i++) {
            if (literals[i] == null) {
                throw new SQLException("No value specified for parameter " + (i + 1), "07001");
            }
        }
        sending = insertValues ? sendable(literals) : literals.clone();
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
        return bulk() != null ? bulkUpdate() : doUpdate(boundSql());
    }

    @Override
    public boolean execute() throws SQLException {
        if (bulk() != null) {
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
        return new SQLException(method + "(String) cannot be called on a PreparedStatement", "HY000");
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
        if (bulk() != null) {
            if (!bulk.addRowWithoutSending()) {
                affinity.run(bulk::addBatch); // flushes a DoPut batch: a call in flight
            }
            return;
        }
        boundSql();
        batch.add(literals.clone());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
        if (bulk != null) {
            bulk.clearBatch();
        }
    }

    /** Runs the parameter sets in order, one request each; the first failure stops the batch. */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        if (bulk != null) {
            return affinity.call(() -> observedBulkBatch(bulk));
        }
        return affinity.call(this::runParameterBatch);
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

    /** A bulk executeBatch as one observed execution (span, id, logs), its DoPut calls inside it. */
    private long[] observedBulkBatch(BulkBinder b) throws SQLException {
        StatementObservation obs = connection.observe().start(sql, b.pendingRows());
        try (ObservedScope scope = obs.enter()) {
            long[] counts = b.executeBatch();
            obs.finished(counts.length);
            return counts;
        } catch (SQLException e) {
            obs.failed(e);
            throw e;
        } finally {
            obs.finished(0);
        }
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
        long[] large = executeLargeBatch();
        int[] counts = new int[large.length];
        for (int i = 0; i < large.length; i++) {
            counts[i] = clampCount(large[i]);
        }
        return counts;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(literals, null);
        if (bulk != null) {
            bulk.clearParameters();
        }
    }

    // ---------------------------------------------------------------- setters

    @Override
    public void setNull(int parameterIndex, int sqlType) throws SQLException {
        if (bulk() != null) {
            bulk.setNull(parameterIndex);
            return;
        }
        bind(parameterIndex, SqlLiterals.NULL);
    }

    @Override
    public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
        if (bulk() != null) {
            bulk.setNull(parameterIndex);
            return;
        }
        bind(parameterIndex, SqlLiterals.NULL);
    }

    @Override
    public void setBoolean(int parameterIndex, boolean x) throws SQLException {
        if (bulk() != null) {
            bulk.setBoolean(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.bool(x));
    }

    @Override
    public void setByte(int parameterIndex, byte x) throws SQLException {
        if (bulk() != null) {
            bulk.setLong(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.integer(x));
    }

    @Override
    public void setShort(int parameterIndex, short x) throws SQLException {
        if (bulk() != null) {
            bulk.setLong(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.integer(x));
    }

    @Override
    public void setInt(int parameterIndex, int x) throws SQLException {
        if (bulk() != null) {
            bulk.setLong(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.integer(x));
    }

    @Override
    public void setLong(int parameterIndex, long x) throws SQLException {
        if (bulk() != null) {
            bulk.setLong(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.integer(x));
    }

    @Override
    public void setFloat(int parameterIndex, float x) throws SQLException {
        if (bulk() != null) {
            bulk.setDouble(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.floatValue(x));
    }

    @Override
    public void setDouble(int parameterIndex, double x) throws SQLException {
        if (bulk() != null) {
            bulk.setDouble(parameterIndex, x);
            return;
        }
        bind(parameterIndex, SqlLiterals.doubleValue(x));
    }

    @Override
    public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
        if (bulk() != null) {
            bulk.setDecimal(parameterIndex, x);
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.decimal(x));
    }

    @Override
    public void setString(int parameterIndex, String x) throws SQLException {
        if (bulk() != null) {
            bulk.setString(parameterIndex, x);
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.string(x));
    }

    @Override
    public void setNString(int parameterIndex, String value) throws SQLException {
        setString(parameterIndex, value);
    }

    @Override
    public void setBytes(int parameterIndex, byte[] x) throws SQLException {
        if (bulk() != null) {
            bulk.setBytes(parameterIndex, x);
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.bytes(x));
    }

    @Override
    public void setDate(int parameterIndex, Date x) throws SQLException {
        if (bulk() != null) {
            bulk.setDate(parameterIndex, x == null ? null : x.toLocalDate());
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.date(x.toLocalDate()));
    }

    /** The calendar's zone decides which day the {@code Date}'s millisecond value falls on. */
    @Override
    public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
        if (x == null || cal == null) {
            setDate(parameterIndex, x);
            return;
        }
        ZoneId zone = cal.getTimeZone().toZoneId();
        if (bulk() != null) {
            bulk.setDate(
                    parameterIndex,
                    Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalDate());
            return;
        }
        bind(
                parameterIndex,
                SqlLiterals.date(Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalDate()));
    }

    @Override
    public void setTime(int parameterIndex, Time x) throws SQLException {
        if (bulk() != null) {
            bulk.setTime(parameterIndex, x == null ? null : x.toLocalTime());
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.time(x.toLocalTime()));
    }

    @Override
    public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
        if (x == null || cal == null) {
            setTime(parameterIndex, x);
            return;
        }
        ZoneId zone = cal.getTimeZone().toZoneId();
        if (bulk() != null) {
            bulk.setTime(
                    parameterIndex,
                    Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalTime());
            return;
        }
        bind(
                parameterIndex,
                SqlLiterals.time(Instant.ofEpochMilli(x.getTime()).atZone(zone).toLocalTime()));
    }

    /** A Timestamp is an instant and is sent as one (UTC with an explicit Z). */
    @Override
    public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
        if (bulk() != null) {
            if (x == null) {
                bulk.setNull(parameterIndex);
            } else { // the whole seconds and the nanos, without an Instant per row
                bulk.setInstant(parameterIndex, Math.floorDiv(x.getTime(), 1000L), x.getNanos());
            }
            return;
        }
        bind(parameterIndex, x == null ? SqlLiterals.NULL : SqlLiterals.instant(x.toInstant()));
    }

    /** GreptimeDB timestamps are instants, so the calendar cannot change which instant is meant. */
    @Override
    public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
        setTimestamp(parameterIndex, x);
    }

    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        if (bulk() != null) {
            bulk.setObject(parameterIndex, x);
            return;
        }
        bind(parameterIndex, ParameterLiterals.of(x, connection.session().timeZone()));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        if (bulk() != null) {
            bulk.setObject(parameterIndex, x);
            return;
        }
        bind(
                parameterIndex,
                ParameterLiterals.of(x, targetSqlType, connection.session().timeZone()));
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
            throw new SQLFeatureNotSupportedException("SQLType " + type + " has no java.sql.Types number", "0A000");
        }
        return type.getVendorTypeNumber();
    }

    /** Also ends this statement's DoPut stream and frees its vectors. */
    @Override
    public void close() throws SQLException {
        SQLException unconfirmed = null;
        if (bulk != null && !isClosed()) {
            try { // rows sent under bulkAcknowledge=deferred are answered before the statement goes
                affinity.run(bulk::awaitDeferred);
            } catch (SQLException e) {
                unconfirmed = e;
            }
        }
        try {
            super.close();
        } finally {
            if (bulk != null) {
                BulkBinder b = bulk;
                bulk = null;
                b.close();
            }
        }
        if (unconfirmed != null) {
            throw unconfirmed;
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
