package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.resultset.SelfWrapper;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The settings half of a connection: transaction answers for a database without transactions, the
 * statement-factory overloads, and the features GreptimeDB does not have (0A000 naming the method).
 */
abstract class ConnectionSettings implements Connection, SelfWrapper {
    private volatile boolean autoCommit = true;
    private volatile boolean readOnly;
    private volatile int holdability = ResultSet.HOLD_CURSORS_OVER_COMMIT;
    private volatile int networkTimeoutMillis;
    private final Properties clientInfo = new Properties();
    private final AtomicReference<SQLWarning> warnings = new AtomicReference<>();

    abstract void checkOpen() throws SQLException;

    abstract String url();

    abstract String user();

    static SQLFeatureNotSupportedException unsupported(String method, String why) {
        return new SQLFeatureNotSupportedException(
                "Connection." + method + " is not supported: " + why, SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    Properties clientInfo() {
        return clientInfo;
    }

    SQLWarning warnings() {
        return warnings.get();
    }

    void warn(String message) {
        SQLWarning w = new SQLWarning(message, SqlState.WARNING.code());
        if (!warnings.compareAndSet(null, w)) {
            warnings.get().setNextWarning(w);
        }
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.set(null);
    }

    // ---------------------------------------------------------------- transactions (none)

    /** Accepted either way; statements are applied at once regardless (GreptimeDB has no transactions). */
    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        this.autoCommit = autoCommit;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    /** A no-op: every statement is already committed. */
    @Override
    public void commit() throws SQLException {
        checkOpen();
    }

    /** A no-op: there is nothing to roll back, every statement was applied when it ran. */
    @Override
    public void rollback() throws SQLException {
        checkOpen();
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw unsupported("rollback(Savepoint)", "GreptimeDB has no transactions");
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw unsupported("setSavepoint", "GreptimeDB has no transactions");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw unsupported("setSavepoint", "GreptimeDB has no transactions");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw unsupported("releaseSavepoint", "GreptimeDB has no transactions");
    }

    /** Only TRANSACTION_NONE exists; other levels are noted as a warning and ignored. */
    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        if (level != TRANSACTION_NONE) {
            warn("GreptimeDB has no transactions; isolation level " + level + " ignored");
        }
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return TRANSACTION_NONE;
    }

    /** Recorded only: the driver does not stop writes on a read-only connection. */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw new SQLException("Unknown holdability " + holdability, SqlState.INVALID_ATTRIBUTE_IDENTIFIER.code());
        }
        this.holdability = holdability;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return holdability;
    }

    // ---------------------------------------------------------------- statement overloads

    private static void checkShape(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY) {
            throw unsupported("result set type " + type, "results are forward-only streams");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw unsupported("result set concurrency " + concurrency, "results are read-only");
        }
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        checkShape(type, concurrency);
        return createStatement();
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        checkShape(type, concurrency);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        checkShape(type, concurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        checkShape(type, concurrency);
        return prepareStatement(sql);
    }

    /** GreptimeDB generates no keys; the statement's getGeneratedKeys is empty. */
    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw unsupported("prepareCall", "GreptimeDB has no stored procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        throw unsupported("prepareCall", "GreptimeDB has no stored procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        throw unsupported("prepareCall", "GreptimeDB has no stored procedures");
    }

    /** No JDBC escape processing: the SQL is sent as written. */
    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    // ---------------------------------------------------------------- unsupported objects

    @Override
    public Clob createClob() throws SQLException {
        throw unsupported("createClob", "no LOB types");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw unsupported("createBlob", "no LOB types");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw unsupported("createNClob", "no LOB types");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw unsupported("createSQLXML", "no XML type");
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw unsupported("createArrayOf", "array parameters are not supported yet");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw unsupported("createStruct", "struct parameters are not supported yet");
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return Map.of();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw unsupported("setTypeMap", "no user-defined types");
        }
    }

    // ---------------------------------------------------------------- misc

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    /** Recorded; statement deadlines come from the query timeout. */
    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        if (milliseconds < 0) {
            throw new SQLException(
                    "Network timeout must not be negative: " + milliseconds, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        networkTimeoutMillis = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeoutMillis;
    }
}
