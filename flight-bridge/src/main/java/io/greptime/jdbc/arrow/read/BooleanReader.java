package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import org.apache.arrow.vector.BitVector;

/** Bool columns: numeric getters read 1 and 0, text is {@code true}/{@code false}. */
final class BooleanReader extends AbstractColumnReader {
    private final BitVector vector;

    BooleanReader(BitVector vector, String typeName) {
        super(typeName);
        this.vector = vector;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public boolean getBoolean(int row) {
        return !vector.isNull(row) && vector.get(row) != 0;
    }

    @Override
    public long getLong(int row) {
        return getBoolean(row) ? 1L : 0L;
    }

    @Override
    public double getDouble(int row) {
        return getLong(row);
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        return vector.isNull(row) ? null : BigDecimal.valueOf(getLong(row));
    }

    @Override
    public String getString(int row) {
        return vector.isNull(row) ? null : Boolean.toString(getBoolean(row));
    }

    @Override
    public Object getObject(int row) {
        return vector.isNull(row) ? null : getBoolean(row);
    }
}
