package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.ColumnWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Where a prepared statement's parameters go (1-based indexes, as in JDBC): one sink per write route (a
 * column buffer of the table's types for DoPut, row inserts and keyed deletes; SQL literals for the
 * statement path) behind this one interface, so every setter, and {@code setObject} through the one
 * dispatcher {@link ObjectParameters}, converts a value the same way and refuses a bad one with the same
 * SQLState on every route.
 */
public interface ParameterSink {
    void setNull(int index) throws SQLException;

    void setBoolean(int index, boolean x) throws SQLException;

    void setLong(int index, long x) throws SQLException;

    /** A whole number beyond {@code long} (UINT64 values, BigInteger): by default as a decimal. */
    default void setBigInteger(int index, BigInteger x) throws SQLException {
        setDecimal(index, x == null ? null : new BigDecimal(x));
    }

    void setDouble(int index, double x) throws SQLException;

    /** A {@code float}: by default as the double of the same value. */
    default void setFloat(int index, float x) throws SQLException {
        setDouble(index, x);
    }

    void setDecimal(int index, BigDecimal x) throws SQLException;

    void setString(int index, String x) throws SQLException;

    void setBytes(int index, byte[] x) throws SQLException;

    void setInstant(int index, Instant x) throws SQLException;

    /**
     * An instant as seconds since the epoch plus nanoseconds (0..999,999,999), for callers that have the
     * parts already ({@code java.sql.Timestamp}): sinks writing vectors take it without an Instant.
     */
    default void setInstant(int index, long epochSecond, int nano) throws SQLException {
        setInstant(index, Instant.ofEpochSecond(epochSecond, nano));
    }

    /** A wall-clock date and time, meant in the session's time zone. */
    void setLocalDateTime(int index, LocalDateTime x) throws SQLException;

    /** A {@code float[]}, as a VECTOR column reads back: by default the text a bound literal would be. */
    default void setFloats(int index, float[] x) throws SQLException {
        setString(index, ColumnWriter.vectorText(x));
    }

    void setDate(int index, LocalDate x) throws SQLException;

    void setTime(int index, LocalTime x) throws SQLException;

    /** {@code setObject}: the Java type of the value picks the setter. */
    default void setObject(int index, Object x) throws SQLException {
        ObjectParameters.bind(this, index, x);
    }

    /** {@code setObject} with a target JDBC type: the value is converted to it first (JDBC's table). */
    default void setObject(int index, Object x, int targetSqlType) throws SQLException {
        ObjectParameters.bind(this, index, ObjectParameters.convert(x, targetSqlType));
    }
}
