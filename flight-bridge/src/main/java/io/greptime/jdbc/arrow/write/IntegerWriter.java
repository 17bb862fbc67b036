package io.greptime.jdbc.arrow.write;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;

/**
 * Signed and unsigned integer columns of every width. Values are checked against the column's range
 * (a TINYINT UNSIGNED takes 0..255); fractional numbers are refused rather than silently truncated.
 */
abstract class IntegerWriter extends ColumnWriter {
    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private final long min;
    private final long max;

    IntegerWriter(FieldVector vector, String typeName, long min, long max, int bytes) {
        super(vector, typeName, bytes);
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
                return signed
                        ? new Sized(vector, name, Byte.MIN_VALUE, Byte.MAX_VALUE, 1)
                        : new Sized(vector, name, 0, 0xFF, 1);
            case 16:
                return signed
                        ? new Sized(vector, name, Short.MIN_VALUE, Short.MAX_VALUE, 2)
                        : new Sized(vector, name, 0, 0xFFFF, 2);
            case 32:
                return signed
                        ? new Sized(vector, name, Integer.MIN_VALUE, Integer.MAX_VALUE, 4)
                        : new Sized(vector, name, 0, 0xFFFF_FFFFL, 4);
            default:
                return signed ? new Sized(vector, name, Long.MIN_VALUE, Long.MAX_VALUE, 8) : new UInt64(vector, name);
        }
    }

    /** A column of 1, 2, 4 or 8 bytes per value; unsigned values are stored as their low bits. */
    private static class Sized extends IntegerWriter {
        private final int bytes;

        Sized(FieldVector vector, String name, long min, long max, int bytes) {
            super(vector, name, min, max, bytes);
            this.bytes = bytes;
        }

        @Override
        final void store(int row, long value) {
            switch (bytes) {
                case 1:
                    cells.putByte(row, (byte) value);
                    break;
                case 2:
                    cells.putShort(row, (short) value);
                    break;
                case 4:
                    cells.putInt(row, (int) value);
                    break;
                default:
                    cells.putLong(row, value);
            }
        }
    }

    /** Takes 0..2^64-1: above Long.MAX_VALUE only through setBigDecimal or setString. */
    private static final class UInt64 extends Sized {
        UInt64(FieldVector vector, String name) {
            super(vector, name, 0, Long.MAX_VALUE, 8);
        }

        @Override
        void storeBig(int row, BigInteger value, Object shown) throws SQLException {
            if (value.signum() < 0 || value.compareTo(UINT64_MAX) > 0) {
                throw outOfRange(shown);
            }
            store(row, value.longValue());
        }
    }
}
