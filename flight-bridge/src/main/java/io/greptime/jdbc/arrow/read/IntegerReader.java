package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Int8..Int64 and UInt8..UInt64. Values are read as a {@code long}; unsigned values below 64 bits
 * are masked to their width (so they are never negative), and a UInt64 whose top bit is set is a
 * value above {@code Long.MAX_VALUE}: it reads exactly through BigInteger/BigDecimal/String/double
 * and is a 22003 range error for {@code getLong} and the narrower getters, never a wrapped negative.
 */
final class IntegerReader extends AbstractColumnReader {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private final BaseIntVector values;
    private final FieldVector vector;
    private final long mask;
    private final boolean unsigned64;
    private final ObjectKind objectKind;

    /** The class {@code getObject} returns, per JDBC's Table B-3 after unsigned widening. */
    private enum ObjectKind {
        INTEGER,
        LONG,
        BIG_INTEGER
    }

    IntegerReader(FieldVector vector, ArrowType.Int type, String typeName) {
        super(typeName);
        this.vector = vector;
        this.values = (BaseIntVector) vector;
        int bits = type.getBitWidth();
        boolean signed = type.getIsSigned();
        this.mask = signed || bits == 64 ? -1L : (1L << bits) - 1;
        this.unsigned64 = !signed && bits == 64;
        if (unsigned64) {
            objectKind = ObjectKind.BIG_INTEGER;
        } else if (bits == 64 || (!signed && bits == 32)) {
            objectKind = ObjectKind.LONG;
        } else {
            objectKind = ObjectKind.INTEGER;
        }
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private long raw(int row) {
        return values.getValueAsLong(row) & mask;
    }

    /** True when the raw bits stand for a UInt64 value above Long.MAX_VALUE. */
    private boolean beyondLong(long raw) {
        return unsigned64 && raw < 0;
    }

    @Override
    public boolean getBoolean(int row) {
        return !vector.isNull(row) && raw(row) != 0;
    }

    @Override
    public long getLong(int row) throws SQLException {
        if (vector.isNull(row)) {
            return 0L;
        }
        long raw = raw(row);
        if (beyondLong(raw)) {
            throw ConversionErrors.outOfRange(typeName, "long", Long.toUnsignedString(raw));
        }
        return raw;
    }

    @Override
    public double getDouble(int row) {
        if (vector.isNull(row)) {
            return 0d;
        }
        long raw = raw(row);
        return beyondLong(raw) ? unsignedBig(raw).doubleValue() : (double) raw;
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        BigInteger value = getBigInteger(row);
        return value == null ? null : new BigDecimal(value);
    }

    @Override
    protected BigInteger getBigInteger(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        long raw = raw(row);
        return beyondLong(raw) ? unsignedBig(raw) : BigInteger.valueOf(raw);
    }

    private static BigInteger unsignedBig(long raw) {
        return BigInteger.valueOf(raw).add(TWO_TO_64);
    }

    @Override
    public String getString(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        long raw = raw(row);
        return unsigned64 ? Long.toUnsignedString(raw) : Long.toString(raw);
    }

    @Override
    public Object getObject(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        return switch (objectKind) {
            case INTEGER -> (int) raw(row);
            case LONG -> raw(row);
            case BIG_INTEGER -> getBigInteger(row);
        };
    }
}
