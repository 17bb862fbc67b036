package io.greptime.jdbc.arrow.write;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;

/**
 * Signed and unsigned integer columns of every width. Values are checked against the column's range
 * (a TINYINT UNSIGNED takes 0..255); fractional numbers are refused rather than silently truncated.
 */
abstract class IntegerWriter extends ColumnWriter {
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private final long min;
    private final long max;

    IntegerWriter(FieldVector vector, String typeName, long min, long max) {
        super(vector, typeName);
        this.min = min;
        this.max = max;
    }

    /** Stores a value already known to be in range. */
    abstract void store(int row, long value);

    @Override
    public void setLong(int row, long value) throws SQLException {
        if (value < min || value > max) {
            throw outOfRange(value);
        }
        store(row, value);
    }

    @Override
    public void setBoolean(int row, boolean value) throws SQLException {
        setLong(row, value ? 1 : 0);
    }

    @Override
    public void setDouble(int row, double value) throws SQLException {
        if (Double.isNaN(value) || Double.isInfinite(value) || value != Math.rint(value)) {
            throw outOfRange(value);
        }
        setDecimal(row, BigDecimal.valueOf(value));
    }

    @Override
    public void setDecimal(int row, BigDecimal value) throws SQLException {
        BigInteger exact;
        try {
            exact = value.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw outOfRange(value.toPlainString());
        }
        storeBig(row, exact, value.toPlainString());
    }

    void storeBig(int row, BigInteger value, Object shown) throws SQLException {
        if (value.bitLength() > 63) {
            throw outOfRange(shown);
        }
        setLong(row, value.longValue());
    }

    @Override
    public void setString(int row, String value) throws SQLException {
        BigDecimal parsed;
        try {
            parsed = new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            throw unparsable(value);
        }
        setDecimal(row, parsed);
    }

    static ColumnWriter of(FieldVector vector, int bitWidth, boolean signed) {
        String name = (signed ? "Int" : "UInt") + bitWidth;
        switch (bitWidth) {
            case 8:
                return signed ? new Int8((TinyIntVector) vector, name) : new UInt8((UInt1Vector) vector, name);
            case 16:
                return signed ? new Int16((SmallIntVector) vector, name) : new UInt16((UInt2Vector) vector, name);
            case 32:
                return signed ? new Int32((IntVector) vector, name) : new UInt32((UInt4Vector) vector, name);
            default:
                return signed ? new Int64((BigIntVector) vector, name) : new UInt64((UInt8Vector) vector, name);
        }
    }

    private static final class Int8 extends IntegerWriter {
        private final TinyIntVector v;

        Int8(TinyIntVector v, String name) {
            super(v, name, Byte.MIN_VALUE, Byte.MAX_VALUE);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    private static final class Int16 extends IntegerWriter {
        private final SmallIntVector v;

        Int16(SmallIntVector v, String name) {
            super(v, name, Short.MIN_VALUE, Short.MAX_VALUE);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    private static final class Int32 extends IntegerWriter {
        private final IntVector v;

        Int32(IntVector v, String name) {
            super(v, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    private static final class Int64 extends IntegerWriter {
        private final BigIntVector v;

        Int64(BigIntVector v, String name) {
            super(v, name, Long.MIN_VALUE, Long.MAX_VALUE);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, value);
        }
    }

    private static final class UInt8 extends IntegerWriter {
        private final UInt1Vector v;

        UInt8(UInt1Vector v, String name) {
            super(v, name, 0, 0xFF);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    private static final class UInt16 extends IntegerWriter {
        private final UInt2Vector v;

        UInt16(UInt2Vector v, String name) {
            super(v, name, 0, 0xFFFF);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    private static final class UInt32 extends IntegerWriter {
        private final UInt4Vector v;

        UInt32(UInt4Vector v, String name) {
            super(v, name, 0, 0xFFFF_FFFFL);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, (int) value);
        }
    }

    /** Takes 0..2^64-1: above Long.MAX_VALUE only through setBigDecimal or setString. */
    private static final class UInt64 extends IntegerWriter {
        private final UInt8Vector v;

        UInt64(UInt8Vector v, String name) {
            super(v, name, 0, Long.MAX_VALUE);
            this.v = v;
        }

        @Override
        void store(int row, long value) {
            v.setSafe(row, value);
        }

        @Override
        void storeBig(int row, BigInteger value, Object shown) throws SQLException {
            if (value.signum() < 0 || value.compareTo(UINT64_MAX) > 0) {
                throw outOfRange(shown);
            }
            v.setSafe(row, value.longValue());
        }
    }
}
