package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.Map;

/**
 * A {@code java.sql.Array} holding a copy of one list value's elements (each as its element
 * reader's {@code getObject}), so it stays valid after the batch it came from is released.
 * {@code getResultSet} is not supported (0A000): this module builds no ResultSets.
 */
public final class ArrowSqlArray implements Array {
    private final String baseTypeName;
    private final int baseType;
    private volatile Object[] elements;

    /** An array of already-copied elements with their JDBC element type. */
    public ArrowSqlArray(String baseTypeName, int baseType, Object[] elements) {
        this.baseTypeName = baseTypeName;
        this.baseType = baseType;
        this.elements = elements;
    }

    private Object[] elements() throws SQLException {
        Object[] current = elements;
        if (current == null) {
            throw new SQLException("Array was freed", SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
        return current;
    }

    @Override
    public String getBaseTypeName() {
        return baseTypeName;
    }

    @Override
    public int getBaseType() {
        return baseType;
    }

    @Override
    public Object getArray() throws SQLException {
        return elements().clone();
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) throws SQLException {
        return getArray();
    }

    /** JDBC's 1-based slice; a count past the end is cut at the end. */
    @Override
    public Object getArray(long index, int count) throws SQLException {
        Object[] all = elements();
        if (index < 1 || index > all.length + 1L || count < 0) {
            throw new SQLException(
                    "Array slice " + index + "+" + count + " is outside 1.." + all.length,
                    SqlState.ARRAY_ELEMENT_ERROR.code());
        }
        int from = (int) index - 1;
        return Arrays.copyOfRange(all, from, Math.min(all.length, from + count));
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        throw new SQLFeatureNotSupportedException("Array.getResultSet", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public void free() {
        elements = null;
    }

    @Override
    public String toString() {
        Object[] current = elements;
        return current == null ? "<freed array>" : Arrays.deepToString(current);
    }
}
