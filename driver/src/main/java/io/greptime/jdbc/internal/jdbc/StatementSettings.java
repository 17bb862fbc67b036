package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.resultset.SelfWrapper;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * The settings part of {@link StatementImpl}: timeouts, limits, hints and the fixed answers of a
 * forward-only, read-only statement. Kept apart so the statement itself holds only how it executes.
 */
abstract class StatementSettings implements Statement, SelfWrapper {
    private volatile int queryTimeoutSeconds;
    private volatile long maxRows;
    private volatile int fetchSize;
    private volatile int maxFieldSize;
    private volatile boolean closeOnCompletion;
    private volatile boolean poolable;

    StatementSettings(int queryTimeoutSeconds, int fetchSize) {
        this.queryTimeoutSeconds = queryTimeoutSeconds;
        this.fetchSize = fetchSize;
    }

    /** Throws if the statement or its connection is closed (or the caller may not use it now). */
    abstract void checkOpen() throws SQLException;

    int queryTimeoutSeconds() {
        return queryTimeoutSeconds;
    }

    long maxRows() {
        return maxRows;
    }

    boolean closesOnCompletion() {
        return closeOnCompletion;
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeoutSeconds;
    }

    /** Applied as the gRPC deadline of each call, covering the whole result stream. */
    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw new SQLException(
                    "Query timeout must not be negative: " + seconds, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        queryTimeoutSeconds = seconds;
    }

    @Override
    public int getMaxRows() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("Max rows must not be negative: " + max, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        maxRows = max;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    /**
     * Recorded as a hint: GreptimeDB sends record batches of its own size and the result set holds one
     * batch at a time, which already bounds memory.
     */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("Fetch size must not be negative: " + rows, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        fetchSize = rows;
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return maxFieldSize;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException(
                    "Max field size must not be negative: " + max, SqlState.INVALID_PARAMETER_VALUE.code());
        }
        maxFieldSize = max;
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw new SQLFeatureNotSupportedException(
                "Statement.setCursorName is not supported", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw new SQLFeatureNotSupportedException(
                    "Only FETCH_FORWARD is supported", SqlState.FEATURE_NOT_SUPPORTED.code());
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return poolable;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }
}
