package io.greptime.jdbc.arrow.read;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Calendar;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;

/**
 * Date32 (days) and Date64 (milliseconds, whole days) since the epoch: a calendar date with no
 * zone. Text is {@code 2023-01-01}; {@code getDate}/{@code getTimestamp} give midnight of that date
 * in the JVM zone, or the calendar's zone when one is given.
 */
final class DateReader extends AbstractColumnReader {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final FieldVector vector;
    private final boolean days;

    DateReader(FieldVector vector, DateUnit unit, String typeName) {
        super(typeName);
        this.vector = vector;
        this.days = unit == DateUnit.DAY;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private LocalDate localDate(int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (days) {
            return LocalDate.ofEpochDay(vector.getDataBuffer().getInt((long) row * 4));
        }
        long millis = vector.getDataBuffer().getLong((long) row * 8);
        return LocalDate.ofEpochDay(Math.floorDiv(millis, MILLIS_PER_DAY));
    }

    @Override
    public String getString(int row) {
        LocalDate date = localDate(row);
        return date == null ? null : date.toString();
    }

    @Override
    public Date getDate(int row, Calendar calendar) {
        LocalDate date = localDate(row);
        return date == null ? null : TemporalConversions.date(date, calendar);
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) {
        LocalDate date = localDate(row);
        return date == null ? null : TemporalConversions.timestamp(date.atStartOfDay(), calendar);
    }

    @Override
    public Object getObject(int row) {
        return getDate(row, null);
    }

    @Override
    protected Object javaTime(int row, Class<?> type) {
        if (type == LocalDate.class) {
            return localDate(row);
        }
        if (type == LocalDateTime.class) {
            return localDate(row).atStartOfDay();
        }
        return null;
    }
}
