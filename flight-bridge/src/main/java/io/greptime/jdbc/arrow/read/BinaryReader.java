package io.greptime.jdbc.arrow.read;

import java.util.HexFormat;
import java.util.function.IntFunction;
import org.apache.arrow.vector.ValueVector;

/**
 * Binary, LargeBinary, BinaryView and FixedSizeBinary: {@code getBytes}/{@code getObject} give a
 * copy of the bytes; {@code getString} gives lowercase hex without a prefix ({@code 0aff}), as
 * GreptimeDB's Arrow renderer prints binary in its sqlness results.
 */
final class BinaryReader extends AbstractColumnReader {
    private final ValueVector vector;
    private final IntFunction<byte[]> bytes;

    BinaryReader(ValueVector vector, IntFunction<byte[]> bytes, String typeName) {
        super(typeName);
        this.vector = vector;
        this.bytes = bytes;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public byte[] getBytes(int row) {
        return vector.isNull(row) ? null : bytes.apply(row);
    }

    @Override
    public String getString(int row) {
        return vector.isNull(row) ? null : HexFormat.of().formatHex(bytes.apply(row));
    }

    @Override
    public Object getObject(int row) {
        return getBytes(row);
    }
}
