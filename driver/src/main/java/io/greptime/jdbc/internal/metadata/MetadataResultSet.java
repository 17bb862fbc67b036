package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.internal.resultset.LabelledResultSet;
import io.greptime.jdbc.internal.resultset.ResultSetMetaDataImpl;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A DatabaseMetaData answer: rows built in memory from information_schema query results, with the
 * standard column names and types (so tools that read by position, like jOOQ, and tools that read by
 * label, like DBeaver, both work). Values are held as the Java class the column's type maps to
 * ({@code String}, {@code Integer}, {@code Short}, {@code Long}, {@code Boolean}).
 */
final class MetadataResultSet extends LabelledResultSet {
    private final List<MetadataColumn> columns;
    private final List<Object[]> rows;
    private final Map<String, Integer> labels = new HashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private int row = -1;
    private boolean wasNull;

    MetadataResultSet(List<MetadataColumn> columns, List<Object[]> rows) {
        this.columns = List.copyOf(columns);
        this.rows = List.copyOf(rows);
        for (int i = 0; i < columns.size(); i++) {
            labels.putIfAbsent(columns.get(i).name().toUpperCase(Locale.ROOT), i + 1);
        }
    }

    @Override
    protected void checkOpen() throws SQLException {
        if (closed.get()) {
            throw new SQLException("ResultSet is closed", SqlState.INVALID_CURSOR_STATE.code());
        }
    }

    private Object value(int column) throws SQLException {
        checkOpen();
        if (row < 0 || row >= rows.size()) {
            throw new SQLException("ResultSet is not positioned on a row", SqlState.INVALID_CURSOR_STATE.code());
        }
        if (column < 1 || column > columns.size()) {
            throw new SQLException(
                    "Column index " + column + " is out of range 1.." + columns.size(),
                    SqlState.INVALID_DESCRIPTOR_INDEX.code());
        }
        Object v = rows.get(row)[column - 1];
        wasNull = v == null;
        return v;
    }

    private Number number(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (v instanceof Number n) {
            return n;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        try {
            return new BigDecimal(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new SQLDataException(
                    "Column " + column + " value '" + v + "' is not a number",
                    SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
        }
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (row < rows.size()) {
            row++;
        }
        return row < rows.size();
    }

    @Override
    public void close() {
        closed.set(true);
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        checkOpen();
        Integer i = columnLabel == null ? null : labels.get(columnLabel.toUpperCase(Locale.ROOT));
        if (i == null) {
            throw new SQLException("No column labelled '" + columnLabel + "'", SqlState.COLUMN_NOT_FOUND.code());
        }
        return i;
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        Object v = value(columnIndex);
        return v == null ? null : v.toString();
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        Object v = value(columnIndex);
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            return n.intValue() != 0;
        }
        return v != null && ("true".equalsIgnoreCase(v.toString()) || "YES".equalsIgnoreCase(v.toString()));
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.byteValue();
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.shortValue();
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.intValue();
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.longValue();
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.floatValue();
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        return n == null ? 0 : n.doubleValue();
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(columnIndex);
        return d == null ? null : d.setScale(scale, java.math.RoundingMode.HALF_UP);
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        Number n = number(columnIndex);
        if (n == null || n instanceof BigDecimal) {
            return (BigDecimal) n;
        }
        return n instanceof BigInteger b ? new BigDecimal(b) : BigDecimal.valueOf(n.longValue());
    }

    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    private static SQLException notTemporal(String method) {
        return new SQLDataException(
                "ResultSet." + method + ": metadata columns hold no dates or times",
                SqlState.ERROR_IN_ASSIGNMENT.code());
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return value(columnIndex) == null ? null : throwing(notTemporal("getDate"));
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        return value(columnIndex) == null ? null : throwing(notTemporal("getTime"));
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        return value(columnIndex) == null ? null : throwing(notTemporal("getTimestamp"));
    }

    private static <T> T throwing(SQLException e) throws SQLException {
        throw e;
    }

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        return getDate(columnIndex);
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        return getTime(columnIndex);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        return getTimestamp(columnIndex);
    }

    @Override
    public InputStream getAsciiStream(int columnIndex) throws SQLException {
        byte[] b = getBytes(columnIndex);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int columnIndex) throws SQLException {
        return getAsciiStream(columnIndex);
    }

    @Override
    public InputStream getBinaryStream(int columnIndex) throws SQLException {
        return getAsciiStream(columnIndex);
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        return value(columnIndex);
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("getObject: type is null", SqlState.INVALID_PARAMETER_VALUE.code());
        }
        Object v = value(columnIndex);
        if (v == null || type.isInstance(v)) {
            return type.cast(v);
        }
        return type.cast(convert(columnIndex, type));
    }

    private Object convert(int columnIndex, Class<?> type) throws SQLException {
        if (type == String.class) {
            return getString(columnIndex);
        } else if (type == Integer.class) {
            return getInt(columnIndex);
        } else if (type == Long.class) {
            return getLong(columnIndex);
        } else if (type == Short.class) {
            return getShort(columnIndex);
        } else if (type == Boolean.class) {
            return getBoolean(columnIndex);
        } else if (type == BigDecimal.class) {
            return getBigDecimal(columnIndex);
        } else if (type == Double.class) {
            return getDouble(columnIndex);
        }
        throw new SQLDataException(
                "Cannot convert column " + columnIndex + " to " + type.getName(), SqlState.ERROR_IN_ASSIGNMENT.code());
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return ResultSetMetaDataImpl.of(
                columns.stream().map(MetadataColumn::describe).toList());
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() {}

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return row < 0 && !rows.isEmpty();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return row >= rows.size() && !rows.isEmpty();
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return row == 0 && !rows.isEmpty();
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        return row == rows.size() - 1 && row >= 0;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return row >= 0 && row < rows.size() ? row + 1 : 0;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD) {
            throw forwardOnly("setFetchDirection(" + direction + ")");
        }
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) {
            throw new SQLException("Fetch size must be >= 0, was " + rows, SqlState.INVALID_PARAMETER_VALUE.code());
        }
    }

    @Override
    public int getFetchSize() {
        return 0;
    }

    @Override
    public Statement getStatement() {
        // JDBC: a DatabaseMetaData result set has no statement of its own.
        return null;
    }

    @Override
    public int getHoldability() {
        return HOLD_CURSORS_OVER_COMMIT;
    }

    private static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException(
                "ResultSet." + method + " is not supported: metadata columns are text and numbers",
                SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public Array getArray(int columnIndex) throws SQLException {
        throw unsupported("getArray");
    }
}
