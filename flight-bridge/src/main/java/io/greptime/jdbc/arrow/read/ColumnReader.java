package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * Reads one column of the current record batch with JDBC's getter semantics; the row index is
 * given per call (0-based within the batch). A SQL NULL reads as {@code null}, {@code 0} or
 * {@code false}; the driver answers {@code wasNull()} with {@link #isNull(int)}.
 *
 * <p>Failures are {@link java.sql.SQLDataException}s: SQLState {@code 22018} when the conversion
 * makes no sense for the column's type, {@code 22003} when the value does not fit the target type
 * (for example {@code getLong} on a UInt64 above {@code Long.MAX_VALUE}; values are never wrapped).
 *
 * <p>A reader is bound to the vectors of one batch; the cursor hands out new readers for each
 * batch. Readers are not thread-safe, like the ResultSet that uses them.
 */
public interface ColumnReader {

    /** Whether the value at {@code row} is SQL NULL. */
    boolean isNull(int row);

    /** The value as text, rendered as documented per type family; null for SQL NULL. */
    String getString(int row) throws SQLException;

    boolean getBoolean(int row) throws SQLException;

    byte getByte(int row) throws SQLException;

    short getShort(int row) throws SQLException;

    int getInt(int row) throws SQLException;

    long getLong(int row) throws SQLException;

    float getFloat(int row) throws SQLException;

    double getDouble(int row) throws SQLException;

    BigDecimal getBigDecimal(int row) throws SQLException;

    byte[] getBytes(int row) throws SQLException;

    /**
     * The value as a date. Without a calendar the date is midnight in the JVM's zone (so that
     * {@code Date.toLocalDate()} gives the column's date); with one, midnight in the calendar's zone.
     */
    Date getDate(int row, Calendar calendar) throws SQLException;

    /** The value as a time of day on 1970-01-01, in the JVM's zone or the calendar's zone. */
    Time getTime(int row, Calendar calendar) throws SQLException;

    /**
     * The value as a timestamp. For GreptimeDB's timestamps (instants) the result is that instant and
     * the calendar is ignored; for dates, times and text the calendar's zone (or, without one, the
     * JVM's zone for dates/times and the session zone for text) gives the wall clock a zone.
     */
    Timestamp getTimestamp(int row, Calendar calendar) throws SQLException;

    /** A {@code java.sql.Array} snapshot of a list value (copied: it outlives the batch). */
    Array getArray(int row) throws SQLException;

    /** The value as the class {@code ResultSetMetaData.getColumnClassName} names. */
    Object getObject(int row) throws SQLException;

    /**
     * The value converted to {@code type}: the boxed primitives, String, BigDecimal, BigInteger,
     * byte[], java.sql date/time classes, and the java.time types each family documents.
     */
    <T> T getObject(int row, Class<T> type) throws SQLException;
}
