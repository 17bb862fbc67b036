package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.sqlstate.SqlState;
import java.math.BigDecimal;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes JDBC parameter values of every kind into one column of the table's exact Arrow type,
 * converting and range-checking as the column's type demands. Each setter writes row {@code row}
 * directly into the column's {@link HeapColumn} (no boxing, no per-row objects), which
 * {@link BatchBuffer#seal()} copies into the column's vector; a value the column cannot hold throws
 * {@link SQLDataException} (22018 wrong kind, 22003 out of range) naming the column, and leaves the
 * cell as it was.
 */
public abstract class ColumnWriter {

    final FieldVector vector;
    /** Where the values are written until the batch is sealed. */
    final HeapColumn cells;

    private final String typeName;

    /** @param width bytes per value, or {@link HeapColumn#BITS} or {@link HeapColumn#VARIABLE} */
    ColumnWriter(FieldVector vector, String typeName, int width) {
        this.vector = vector;
        this.typeName = typeName;
        this.cells = new HeapColumn(width, 1024);
    }

    /** The column's name, as the table spells it. */
    public final String name() {
        return vector.getName();
    }

    public final void setNull(int row) {
        cells.setNull(row);
    }

    public void setBoolean(int row, boolean value) throws SQLException {
        throw mismatch("a boolean");
    }

    /** Whole numbers of any width (setByte/Short/Int/Long). */
    public void setLong(int row, long value) throws SQLException {
        throw mismatch("an integer");
    }

    public void setDouble(int row, double value) throws SQLException {
        throw mismatch("a floating-point number");
    }

    public void setDecimal(int row, BigDecimal value) throws SQLException {
        throw mismatch("a decimal");
    }

    public void setString(int row, String value) throws SQLException {
        throw mismatch("a string");
    }

    public void setBytes(int row, byte[] value) throws SQLException {
        throw mismatch("bytes");
    }

    /** An instant as seconds since the epoch plus nanoseconds (0..999,999,999). */
    public void setInstant(int row, long epochSecond, int nano) throws SQLException {
        throw mismatch("a timestamp");
    }

    public void setDate(int row, LocalDate value) throws SQLException {
        throw mismatch("a date");
    }

    public void setTime(int row, LocalTime value) throws SQLException {
        throw mismatch("a time");
    }

    /**
     * A {@code float[]} (what a VECTOR column reads back as): stored as the text GreptimeDB's SQL path
     * takes for it, {@code [1.0,2.5]}, as a bound literal would be; VECTOR columns pack it instead.
     */
    public void setFloats(int row, float[] value) throws SQLException {
        setString(row, vectorText(value));
    }

    /** A vector as the text GreptimeDB parses into a VECTOR value: {@code [1.0,2.5]}. */
    public static String vectorText(float[] value) {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < value.length; i++) {
            text.append(i == 0 ? "" : ",").append(value[i]);
        }
        return text.append(']').toString();
    }

    final SQLDataException mismatch(String what) {
        return new SQLDataException(
                "cannot store " + what + " in column '" + name() + "' of type " + typeName,
                SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }

    /** The value itself is not shown: parameter values never appear in messages (they may be secrets). */
    final SQLDataException outOfRange(Object value) {
        return new SQLDataException(
                "the value is out of range for column '" + name() + "' of type " + typeName,
                SqlState.NUMERIC_VALUE_OUT_OF_RANGE.code());
    }

    /** The text itself is not shown: parameter values never appear in messages (they may be secrets). */
    final SQLDataException unparsable(String text) {
        return new SQLDataException(
                "a string of " + text.length() + " characters is not a valid " + typeName + " for column '" + name()
                        + "'",
                SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }
}
