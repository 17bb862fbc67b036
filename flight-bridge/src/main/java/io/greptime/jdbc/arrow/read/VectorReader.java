package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Types;
import java.util.function.IntFunction;
import org.apache.arrow.vector.ValueVector;

/**
 * GreptimeDB vectors: Binary values of n little-endian float32 ({@code greptime:type=Vector(n)}).
 * {@code getObject} gives {@code float[]}, {@code getArray} an array of {@code Float},
 * {@code getBytes} the raw bytes, and {@code getString} GreptimeDB's text form {@code [1,2.5,3]}
 * (shortest decimal per element, no {@code .0} on whole numbers, no spaces).
 */
final class VectorReader extends AbstractColumnReader {
    private final ValueVector vector;
    private final IntFunction<byte[]> bytes;
    private final int dimension;

    VectorReader(ValueVector vector, IntFunction<byte[]> bytes, int dimension) {
        super("Vector(" + dimension + ")");
        this.vector = vector;
        this.bytes = bytes;
        this.dimension = dimension;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private float[] floats(int row) throws SQLException {
        byte[] raw = bytes.apply(row);
        if (raw.length != 4 * dimension) {
            throw ConversionErrors.invalid(typeName, "float[]", raw.length + " bytes, expected " + 4 * dimension);
        }
        float[] values = new float[dimension];
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        return values;
    }

    @Override
    public byte[] getBytes(int row) {
        return vector.isNull(row) ? null : bytes.apply(row);
    }

    @Override
    public String getString(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        StringBuilder text = new StringBuilder("[");
        float[] values = floats(row);
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(element(values[i]));
        }
        return text.append(']').toString();
    }

    private static String element(float value) {
        if (!Float.isFinite(value)) {
            return Float.toString(value);
        }
        return new BigDecimal(Float.toString(value)).stripTrailingZeros().toPlainString();
    }

    @Override
    public Array getArray(int row) throws SQLException {
        if (vector.isNull(row)) {
            return null;
        }
        float[] values = floats(row);
        Object[] boxed = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return new ArrowSqlArray("Float32", Types.REAL, boxed);
    }

    @Override
    public Object getObject(int row) throws SQLException {
        return vector.isNull(row) ? null : floats(row);
    }
}
