package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.FloatingPointVector;

/**
 * Float32 and Float64. Integer getters truncate toward zero and are range-checked; NaN and the
 * infinities have no decimal or integer form (22003). Text is Java's shortest round-trip form
 * ({@code 150.0}, {@code 1.0E20}), which matches GreptimeDB's output except for the exponent style
 * of very large or small magnitudes.
 */
final class FloatReader extends AbstractColumnReader {
    private final FloatingPointVector values;
    private final FieldVector vector;
    private final boolean single;
    /** Value width in bytes for Float8/Float4 vectors, read straight from the data buffer; 0 otherwise. */
    private final int width;

    FloatReader(FieldVector vector, boolean single, String typeName) {
        super(typeName);
        this.vector = vector;
        this.values = (FloatingPointVector) vector;
        this.single = single;
        this.width = vector instanceof Float8Vector ? 8 : vector instanceof Float4Vector ? 4 : 0;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    /**
     * The hot path of a typical read: one validity check (ours), then the value from the data buffer.
     * The vector's own getter would check validity a second time.
     */
    @Override
    public double getDouble(int row) {
        if (vector.isNull(row)) {
            return 0d;
        }
        if (width == 8) {
            return vector.getDataBuffer().getDouble((long) row * Float8Vector.TYPE_WIDTH);
        } else if (width == 4) {
            return vector.getDataBuffer().getFloat((long) row * Float4Vector.TYPE_WIDTH);
        }
        return values.getValueAsDouble(row);
    }

    @Override
    public float getFloat(int row) throws SQLException {
        return single ? (float) getDouble(row) : super.getFloat(row);
    }

    @Override
    public boolean getBoolean(int row) {
        return getDouble(row) != 0d;
    }

    @Override
    public long getLong(int row) throws SQLException {
        double value = getDouble(row);
        // (double) Long.MAX_VALUE is 2^63, itself out of range, hence >= on the upper bound
        if (Double.isNaN(value) || value < Long.MIN_VALUE || value >= 0x1p63) {
            throw ConversionErrors.outOfRange(typeName, "long", value);
        }
        return (long) value;
    }

    @Override
    public BigDecimal getBigDecimal(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        double value = getDouble(row);
        if (!Double.isFinite(value)) {
            throw ConversionErrors.outOfRange(typeName, "BigDecimal", value);
        }
        // via the shortest decimal text, so 0.1f reads as 0.1 and not 0.100000001490116...
        return new BigDecimal(single ? Float.toString((float) value) : Double.toString(value));
    }

    @Override
    public String getString(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        double value = getDouble(row);
        return single ? Float.toString((float) value) : Double.toString(value);
    }

    @Override
    public Object getObject(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        double value = getDouble(row);
        return single ? (Object) (float) value : (Object) value;
    }
}
