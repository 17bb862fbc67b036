package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.ArrowTimeUnits;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Calendar;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Time32 (seconds, milliseconds) and Time64 (microseconds, nanoseconds): a time of day with no
 * zone. Text is {@code 01:23:45.123} with the unit's digit count; {@code getTime} keeps
 * milliseconds; {@code getObject(LocalTime)} keeps every digit.
 */
final class TimeReader extends AbstractColumnReader {
    private final FieldVector vector;
    private final TimeUnit unit;
    private final boolean wide;

    TimeReader(FieldVector vector, TimeUnit unit, int bitWidth, String typeName) {
        super(typeName);
        this.vector = vector;
        this.unit = unit;
        this.wide = bitWidth == 64;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private LocalTime localTime(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        long value = wide
                ? vector.getDataBuffer().getLong((long) row * 8)
                : vector.getDataBuffer().getInt((long) row * 4);
        return LocalTime.ofNanoOfDay(value * ArrowTimeUnits.nanosPerUnit(unit));
    }

    @Override
    public String getString(int row) {
        LocalTime time = localTime(row);
        return time == null ? null : TemporalText.time(time, ArrowTimeUnits.fractionDigits(unit));
    }

    @Override
    public Time getTime(int row, Calendar calendar) {
        LocalTime time = localTime(row);
        return time == null ? null : TemporalConversions.time(time, calendar);
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) {
        LocalTime time = localTime(row);
        return time == null ? null : TemporalConversions.timestamp(LocalDate.EPOCH.atTime(time), calendar);
    }

    @Override
    public Object getObject(int row) {
        return getTime(row, null);
    }

    @Override
    protected Object javaTime(int row, Class<?> type) {
        return type == LocalTime.class ? localTime(row) : null;
    }
}
