package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.ColumnWriter;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

/** Typed parameter setters (1-based indexes, as in JDBC): what {@link ObjectParameters} dispatches to. */
public interface ParameterSink {
    void setNull(int index) throws SQLException;

    void setBoolean(int index, boolean x) throws SQLException;

    void setLong(int index, long x) throws SQLException;

    void setDouble(int index, double x) throws SQLException;

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

    /** A {@code float[]}, as a VECTOR column reads back: by default the text a bound literal would be. */
    default void setFloats(int index, float[] x) throws SQLException {
        setString(index, ColumnWriter.vectorText(x));
    }

    void setDate(int index, LocalDate x) throws SQLException;

    void setTime(int index, LocalTime x) throws SQLException;

    /** {@code setObject}: the Java type of the value picks the setter. */
    void setObject(int index, Object x) throws SQLException;
}
