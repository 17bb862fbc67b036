package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The defaults every reader shares. Every getter a family does not override is a 22018 conversion
 * error, except the numeric ones, which go through {@link #getBigDecimal} so that a family that can
 * give a decimal (numbers, text) gets all of JDBC's numeric getters with one range-checked path.
 * Families override the getters on their hot path to avoid the detour.
 */
abstract class AbstractColumnReader implements ColumnReader {

    /** One getter, named by the class it produces, for {@code getObject(int, Class)}. */
    @FunctionalInterface
    private interface Getter {
        Object get(AbstractColumnReader reader, int row) throws SQLException;
    }

    private static final Map<Class<?>, Getter> GETTERS = Map.ofEntries(
            Map.entry(String.class, AbstractColumnReader::getString),
            Map.entry(Boolean.class, AbstractColumnReader::getBoolean),
            Map.entry(Byte.class, AbstractColumnReader::getByte),
            Map.entry(Short.class, AbstractColumnReader::getShort),
            Map.entry(Integer.class, AbstractColumnReader::getInt),
            Map.entry(Long.class, AbstractColumnReader::getLong),
            Map.entry(Float.class, AbstractColumnReader::getFloat),
            Map.entry(Double.class, AbstractColumnReader::getDouble),
            Map.entry(BigDecimal.class, AbstractColumnReader::getBigDecimal),
            Map.entry(BigInteger.class, AbstractColumnReader::getBigInteger),
            Map.entry(byte[].class, AbstractColumnReader::getBytes),
            Map.entry(Date.class, (r, i) -> r.getDate(i, null)),
            Map.entry(Time.class, (r, i) -> r.getTime(i, null)),
            Map.entry(Timestamp.class, (r, i) -> r.getTimestamp(i, null)),
            Map.entry(Array.class, AbstractColumnReader::getArray));

    /** GreptimeDB's name of the column type, for error messages. */
    protected final String typeName;

    AbstractColumnReader(String typeName) {
        this.typeName = typeName;
    }

    protected SQLException unsupported(String target) {
        return ConversionErrors.unsupported(typeName, target);
    }

    @Override
    public boolean getBoolean(int row) throws SQLException {
        BigDecimal value = getBigDecimal(row);
        return value != null && value.signum() != 0;
    }

    @Override
    public byte getByte(int row) throws SQLException {
        long value = getLong(row);
        if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
            throw ConversionErrors.outOfRange(typeName, "byte", value);
        }
        return (byte) value;
    }

    @Override
    public short getShort(int row) throws SQLException {
        long value = getLong(row);
        if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
            throw ConversionErrors.outOfRange(typeName, "short", value);
        }
        return (short) value;
    }

    @Override
    public int getInt(int row) throws SQLException {
        long value = getLong(row);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw ConversionErrors.outOfRange(typeName, "int", value);
        }
        return (int) value;
    }

    /** Truncates any fraction toward zero, as JDBC drivers commonly do; 22003 beyond long. */
    @Override
    public long getLong(int row) throws SQLException {
        BigDecimal value = getBigDecimal(row);
        if (value == null) {
            return 0L;
        }
        BigInteger whole = value.toBigInteger();
        if (whole.bitLength() > 63) {
            throw ConversionErrors.outOfRange(typeName, "long", value.toPlainString());
        }
        return whole.longValue();
    }

    @Override
    public float getFloat(int row) throws SQLException {
        double value = getDouble(row);
        if (Double.isFinite(value) && Math.abs(value) > Float.MAX_VALUE) {
            throw ConversionErrors.outOfRange(typeName, "float", value);
        }
        return (float) value;
    }

    @Override
    public double getDouble(int row) throws SQLException {
        BigDecimal value = getBigDecimal(row);
        return value == null ? 0d : value.doubleValue();
    }

    @Override
    public BigDecimal getBigDecimal(int row) throws SQLException {
        throw unsupported("BigDecimal");
    }

    /** Whole part of the decimal value (fractions truncate, as for {@link #getLong}). */
    protected BigInteger getBigInteger(int row) throws SQLException {
        BigDecimal value = getBigDecimal(row);
        return value == null ? null : value.toBigInteger();
    }

    @Override
    public byte[] getBytes(int row) throws SQLException {
        throw unsupported("byte[]");
    }

    @Override
    public Date getDate(int row, Calendar calendar) throws SQLException {
        throw unsupported("java.sql.Date");
    }

    @Override
    public Time getTime(int row, Calendar calendar) throws SQLException {
        throw unsupported("java.sql.Time");
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        throw unsupported("java.sql.Timestamp");
    }

    @Override
    public Array getArray(int row) throws SQLException {
        throw unsupported("java.sql.Array");
    }

    @Override
    public <T> T getObject(int row, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("getObject needs a target class", SqlState.INVALID_SQL_DATA_TYPE.code());
        }
        if (isNull(row)) {
            return null;
        }
        Getter getter = GETTERS.get(type);
        if (getter != null) {
            return type.cast(getter.get(this, row));
        }
        Object value = javaTime(row, type);
        if (value == null) {
            value = getObject(row);
            if (!type.isInstance(value)) {
                throw unsupported(type.getName());
            }
        }
        return type.cast(value);
    }

    /**
     * The value as one of the java.time classes (or another family-specific class), or null when the
     * family has no such conversion. Only called for non-null values.
     */
    protected Object javaTime(int row, Class<?> type) throws SQLException {
        return null;
    }
}
