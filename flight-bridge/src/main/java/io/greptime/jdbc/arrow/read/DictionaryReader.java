package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;

/**
 * A dictionary-encoded column: each row's index is looked up in the dictionary and read there by
 * the dictionary values' own reader, so nothing is decoded into a new vector. A null index is NULL.
 */
final class DictionaryReader implements ColumnReader {
    private final FieldVector indexVector;
    private final BaseIntVector indices;
    private final ColumnReader values;

    DictionaryReader(FieldVector indexVector, ColumnReader values) {
        this.indexVector = indexVector;
        this.indices = (BaseIntVector) indexVector;
        this.values = values;
    }

    /** The dictionary row, or -1 when the index itself is null. */
    private int index(int row) {
        return indexVector.isNull(row) ? -1 : (int) indices.getValueAsLong(row);
    }

    @Override
    public boolean isNull(int row) {
        int index = index(row);
        return index < 0 || values.isNull(index);
    }

    @Override
    public String getString(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getString(index);
    }

    @Override
    public boolean getBoolean(int row) throws SQLException {
        int index = index(row);
        return index >= 0 && values.getBoolean(index);
    }

    @Override
    public byte getByte(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0 : values.getByte(index);
    }

    @Override
    public short getShort(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0 : values.getShort(index);
    }

    @Override
    public int getInt(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0 : values.getInt(index);
    }

    @Override
    public long getLong(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0L : values.getLong(index);
    }

    @Override
    public float getFloat(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0f : values.getFloat(index);
    }

    @Override
    public double getDouble(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? 0d : values.getDouble(index);
    }

    @Override
    public BigDecimal getBigDecimal(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getBigDecimal(index);
    }

    @Override
    public byte[] getBytes(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getBytes(index);
    }

    @Override
    public Date getDate(int row, Calendar calendar) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getDate(index, calendar);
    }

    @Override
    public Time getTime(int row, Calendar calendar) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getTime(index, calendar);
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getTimestamp(index, calendar);
    }

    @Override
    public Array getArray(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getArray(index);
    }

    @Override
    public Object getObject(int row) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getObject(index);
    }

    @Override
    public <T> T getObject(int row, Class<T> type) throws SQLException {
        int index = index(row);
        return index < 0 ? null : values.getObject(index, type);
    }
}
