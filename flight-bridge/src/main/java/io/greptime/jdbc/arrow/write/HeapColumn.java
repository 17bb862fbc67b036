package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.sqlstate.SqlState;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.SQLDataException;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * One column's values for the rows of a batch, held in Java arrays laid out the way Arrow lays the
 * column out (little-endian values, a validity bitmap, offsets and data for variable width), so that a
 * setter is one array store and sealing a batch is one bulk copy per buffer. Values are not written
 * into Arrow vectors row by row because every {@code ArrowBuf} access checks bounds and the reference
 * count (unless the JVM runs with {@code arrow.enable_unsafe_memory_access}), which costs more than
 * storing the value itself.
 *
 * <p>Rows are written in order: row {@code r} of a variable-width column starts where row {@code r-1}
 * ended, so every row before the one being written must have a value (set, null or carried).
 */
final class HeapColumn {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** {@link #width} of a bit-packed (boolean) column. */
    static final int BITS = -1;
    /** {@link #width} of a variable-width (string, binary) column. */
    static final int VARIABLE = 0;

    /** Bytes per value, or {@link #BITS} or {@link #VARIABLE}. */
    private final int width;
    /** Fixed width: the values; bits: the value bitmap; variable width: the data bytes. */
    private byte[] values;
    /** Variable width only: row {@code r} spans data bytes [offset(r), offset(r + 1)). */
    private int[] offsets;

    /**
     * The validity bitmap, meaningful only once the batch has a NULL ({@link #nulls}): until then every
     * row is valid and values are stored without touching it.
     */
    private byte[] validity;

    private boolean nulls;
    private int capacity;

    /** The row a value was last set for; {@link #NEVER} before any (or after clear), {@link #CARRIED} after a reset. */
    private int setRow = NEVER;

    static final int NEVER = -1;
    static final int CARRIED = -2;

    HeapColumn(int width, int initialRows) {
        this.width = width;
        allocate(Math.max(8, initialRows));
    }

    private void allocate(int rows) {
        int oldBits = validity == null ? 0 : validity.length;
        capacity = rows;
        validity = Arrays.copyOf(validity == null ? new byte[0] : validity, bitBytes(rows));
        if (nulls) {
            Arrays.fill(validity, oldBits, validity.length, (byte) -1);
        }
        if (width == VARIABLE) {
            offsets = Arrays.copyOf(offsets == null ? new int[0] : offsets, rows + 1);
            if (values == null) {
                values = new byte[rows * 8];
            }
        } else {
            values =
                    Arrays.copyOf(values == null ? new byte[0] : values, width == BITS ? bitBytes(rows) : rows * width);
        }
    }

    /** Makes room for {@code rows} rows at once (a batch size known in advance), instead of doubling up to it. */
    void reserve(int rows) {
        if (rows > capacity) {
            allocate(rows);
            if (width == VARIABLE && values.length < rows * 8L) {
                values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, rows * 8L));
            }
        }
    }

    private static int bitBytes(int rows) {
        return (rows + 7) >>> 3;
    }

    private void ensure(int row) {
        if (row >= capacity) {
            allocate(Math.max(row + 1, capacity * 2));
        }
    }

    /** Marks a value stored: the row counts as set, and valid when the batch keeps a bitmap. */
    private void valid(int row) {
        setRow = row;
        if (nulls) {
            validity[row >>> 3] |= (byte) (1 << (row & 7));
        }
    }

    /** The row a value was last set for, or {@link #NEVER} / {@link #CARRIED}. */
    int setRow() {
        return setRow;
    }

    /** After a carried copy: the row holds the previous value but was not set by the caller. */
    void carried() {
        setRow = CARRIED;
    }

    /** Forgets that a value was ever set (JDBC clearParameters); the stored values stay until overwritten. */
    void clear() {
        setRow = NEVER;
    }

    boolean isNull(int row) {
        return nulls && (validity[row >>> 3] & (1 << (row & 7))) == 0;
    }

    void setNull(int row) {
        ensure(row);
        if (!nulls) { // the first NULL of the batch: from now on the bitmap is kept, all rows valid so far
            nulls = true;
            Arrays.fill(validity, (byte) -1);
        }
        validity[row >>> 3] &= (byte) ~(1 << (row & 7));
        if (width == VARIABLE) {
            offset(row + 1, offset(row));
        }
        setRow = row;
    }

    void putByte(int row, byte v) {
        ensure(row);
        values[row] = v;
        valid(row);
    }

    void putShort(int row, short v) {
        ensure(row);
        SHORT.set(values, row << 1, v);
        valid(row);
    }

    void putInt(int row, int v) {
        ensure(row);
        INT.set(values, row << 2, v);
        valid(row);
    }

    void putLong(int row, long v) {
        ensure(row);
        LONG.set(values, row << 3, v);
        valid(row);
    }

    void putFloat(int row, float v) {
        putInt(row, Float.floatToRawIntBits(v));
    }

    void putDouble(int row, double v) {
        putLong(row, Double.doubleToRawLongBits(v));
    }

    void putBit(int row, boolean v) {
        ensure(row);
        if (v) {
            values[row >>> 3] |= (byte) (1 << (row & 7));
        } else {
            values[row >>> 3] &= (byte) ~(1 << (row & 7));
        }
        valid(row);
    }

    /** A 128-bit decimal's unscaled value, already known to fit, as two's complement little-endian. */
    void putDecimal(int row, BigInteger unscaled) {
        ensure(row);
        LONG.set(values, row << 4, unscaled.longValue());
        LONG.set(values, (row << 4) + 8, unscaled.shiftRight(64).longValue());
        valid(row);
    }

    /** @throws SQLDataException (54000) when the batch's bytes of this column would pass 2 GiB */
    void putBytes(int row, byte[] src, int from, int length) throws SQLDataException {
        ensure(row);
        int start = offsets[row];
        int end = start + length;
        if (end > values.length || end < 0) {
            growData(end);
        }
        System.arraycopy(src, from, values, start, length);
        offsets[row + 1] = end;
        valid(row);
    }

    private void growData(int needed) throws SQLDataException {
        if (needed < 0 || needed > Integer.MAX_VALUE - 8) {
            throw new SQLDataException(
                    "the values of one batch in a string or binary column would exceed 2 GiB: send smaller batches"
                            + " (bulkFlushBytes)",
                    SqlState.PROGRAM_LIMIT_EXCEEDED.code());
        }
        values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, values.length * 2L)));
    }

    private int offset(int row) {
        return offsets[row];
    }

    private void offset(int row, int value) {
        offsets[row] = value;
    }

    /** Row {@code to} takes row {@code from}'s value (JDBC keeps a parameter's value until it is set again). */
    void copyRow(int from, int to) throws SQLDataException {
        ensure(to);
        if (isNull(from)) {
            setNull(to);
        } else if (width == VARIABLE) {
            int start = offset(from);
            putBytes(to, values, start, offset(from + 1) - start);
        } else if (width == BITS) {
            putBit(to, (values[from >>> 3] & (1 << (from & 7))) != 0);
        } else {
            System.arraycopy(values, from * width, values, to * width, width);
            valid(to);
        }
    }

    /**
     * Empties the column for the next batch; the value of row {@code keep} (or none, when -1) becomes
     * row 0, so a parameter not set again carries over; {@code setInKeptRow} says it was set for a row
     * not yet ended, which stays open as row 0.
     */
    void reset(int keep, boolean setInKeptRow) {
        if (keep > 0) {
            try {
                copyRow(keep, 0);
            } catch (SQLDataException cannotHappen) { // one value, which fitted already, moves to the start
                throw new IllegalStateException(cannotHappen);
            }
        }
        boolean keptNull = keep >= 0 && isNull(0);
        nulls = false;
        if (keptNull) {
            setNull(0);
        }
        if (width == VARIABLE && keep < 0) {
            offset(1, 0);
        }
        setRow = keep < 0 ? NEVER : setInKeptRow ? 0 : CARRIED;
    }

    /** Heap bytes {@code rows} rows of this column take (an estimate of their size on the wire). */
    /** Heap bytes the column's arrays take, used or not. */
    long retainedBytes() {
        return (values == null ? 0L : values.length)
                + (offsets == null ? 0L : 4L * offsets.length)
                + (validity == null ? 0L : validity.length);
    }

    long bytes(int rows) {
        long fixed = bitBytes(rows);
        if (width == VARIABLE) {
            return fixed + 4L * (rows + 1) + offset(rows);
        }
        return fixed + (width == BITS ? bitBytes(rows) : (long) rows * width);
    }

    // ---------------------------------------------------------------- the IPC body, written directly

    /** The column's buffers in Arrow IPC order: validity and values, plus offsets for variable width. */
    int bufferCount() {
        return width == VARIABLE ? 3 : 2;
    }

    /** The unpadded length of IPC buffer {@code buffer} for the first {@code rows} rows. */
    int bufferLength(int buffer, int rows) {
        if (buffer == 0) {
            return bitBytes(rows);
        }
        if (width == VARIABLE) {
            return buffer == 1 ? (rows + 1) * 4 : offset(rows);
        }
        return width == BITS ? bitBytes(rows) : rows * width;
    }

    /** Copies IPC buffer {@code buffer} of the first {@code rows} rows into {@code body} at {@code at}. */
    void copyBuffer(int buffer, int rows, byte[] body, int at) {
        int length = bufferLength(buffer, rows);
        if (buffer == 0) {
            if (nulls) {
                System.arraycopy(validity, 0, body, at, length);
            } else {
                Arrays.fill(body, at, at + length, (byte) -1);
            }
            if ((rows & 7) != 0) { // bits past the last row (a row still open) are left out
                body[at + length - 1] &= (byte) ((1 << (rows & 7)) - 1);
            }
        } else {
            if (width == VARIABLE && buffer == 1) {
                ByteBuffer.wrap(body, at, length)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .asIntBuffer()
                        .put(offsets, 0, length / 4);
            } else {
                System.arraycopy(values, 0, body, at, length);
            }
        }
    }

    /** NULLs among the first {@code rows} rows. */
    int nullCount(int rows) {
        if (!nulls) {
            return 0;
        }
        int set = 0;
        int whole = rows >>> 3;
        for (int i = 0; i < whole; i++) {
            set += Integer.bitCount(validity[i] & 0xFF);
        }
        for (int r = whole << 3; r < rows; r++) {
            set += isNull(r) ? 0 : 1;
        }
        return rows - set;
    }

    /** Copies the first {@code rows} rows into {@code vector} (of this column's type), replacing its contents. */
    void writeTo(FieldVector vector, int rows) {
        if (width == VARIABLE) {
            writeVariable((BaseVariableWidthVector) vector, rows);
        } else {
            BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
            if (v.getValueCapacity() < rows) {
                v.allocateNew(Math.max(rows, 8));
            }
            v.getDataBuffer().setBytes(0, values, 0, width == BITS ? bitBytes(rows) : (long) rows * width);
            copyValidity(v.getValidityBuffer(), rows);
            v.setValueCount(rows);
        }
    }

    private void writeVariable(BaseVariableWidthVector v, int rows) {
        int dataLength = offset(rows);
        if (v.getValueCapacity() < rows || v.getOffsetBuffer().capacity() < (rows + 1) * 4L) {
            v.allocateNew(Math.max(dataLength, 8), Math.max(rows, 8));
        }
        if (v.getDataBuffer().capacity() < dataLength) {
            v.reallocDataBuffer(dataLength);
        }
        v.getOffsetBuffer()
                .nioBuffer(0, (rows + 1) * 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .asIntBuffer()
                .put(offsets, 0, rows + 1);
        v.getDataBuffer().setBytes(0, values, 0, dataLength);
        copyValidity(v.getValidityBuffer(), rows);
        v.setLastSet(rows - 1);
        v.setValueCount(rows);
    }

    /** The bitmap of {@code rows} rows; bits past the last row (a row still open) are left out. */
    private void copyValidity(ArrowBuf target, int rows) {
        int bytes = bitBytes(rows);
        if (nulls) {
            target.setBytes(0, validity, 0, bytes);
        } else {
            target.setOne(0, bytes);
        }
        if ((rows & 7) != 0) {
            target.setByte(bytes - 1, (nulls ? validity[bytes - 1] : -1) & ((1 << (rows & 7)) - 1));
        }
    }
}
