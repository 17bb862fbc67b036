package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.ArrowTimeUnits;
import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Timestamps in all four units. GreptimeDB's timestamps carry no zone in the Arrow type and are UTC
 * epoch instants (protocol.md §7-8), so:
 *
 * <ul>
 *   <li>{@code getTimestamp} and {@code getObject(Instant)} give that instant, whatever the JVM or
 *       session zone. {@code getTimestamp(i, Calendar)} gives the same instant: the value already
 *       is an absolute instant, so the calendar has nothing to anchor (the rule JDBC drivers apply
 *       to instant types such as PostgreSQL's timestamptz). Instants never shift.
 *   <li>Wall-clock views ({@code getString}, {@code LocalDateTime}, {@code LocalDate},
 *       {@code LocalTime}, {@code OffsetDateTime}, {@code ZonedDateTime}, {@code getDate},
 *       {@code getTime}) are in the session zone given to the reader factory, as GreptimeDB renders
 *       timestamps in the session zone. {@code getDate}/{@code getTime} then follow
 *       {@link TemporalConversions} (JVM zone or the calendar's zone for the wall clock).
 *   <li>{@code getString} is {@code 2023-01-01T00:00:00.000} with the unit's digit count.
 * </ul>
 *
 * A timestamp whose Arrow type has a zone reads the same instant, uses that zone instead of the
 * session zone for wall-clock views, appends the offset to its text and is an
 * {@code OffsetDateTime} for {@code getObject}. An unknown zone name reads as UTC, as GreptimeDB
 * treats unknown zones.
 */
final class TimestampReader extends AbstractColumnReader {
    private final TimeStampVector vector;
    private final ArrowType.Timestamp type;
    private final ZoneId zone;
    private final boolean zoned;

    TimestampReader(TimeStampVector vector, ArrowType.Timestamp type, ZoneId sessionZone, String typeName) {
        super(typeName);
        this.vector = vector;
        this.type = type;
        this.zoned = type.getTimezone() != null;
        this.zone = zoned ? columnZone(type.getTimezone()) : sessionZone;
    }

    private static ZoneId columnZone(String name) {
        try {
            return ZoneId.of(name);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    private Instant instant(int row) {
        return vector.isNull(row) ? null : ArrowTimeUnits.toInstant(raw(row), type.getUnit());
    }

    /** The stored value of a non-null row, without the vector getter's second validity check. */
    private long raw(int row) {
        return vector.getDataBuffer().getLong((long) row * TimeStampVector.TYPE_WIDTH);
    }

    private ZonedDateTime zoned(int row) {
        Instant instant = instant(row);
        return instant == null ? null : instant.atZone(zone);
    }

    @Override
    public String getString(int row) {
        ZonedDateTime value = zoned(row);
        if (value == null) {
            return null;
        }
        int digits = ArrowTimeUnits.fractionDigits(type.getUnit());
        return zoned
                ? TemporalText.dateTime(value.toLocalDateTime(), digits, value.getOffset())
                : TemporalText.dateTime(value.toLocalDateTime(), digits);
    }

    /** Milliseconds (GreptimeDB's default unit) go straight into a Timestamp, with no Instant between. */
    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) {
        if (vector.isNull(row)) {
            return null;
        }
        if (type.getUnit() == TimeUnit.MILLISECOND) {
            return new Timestamp(raw(row));
        }
        return Timestamp.from(ArrowTimeUnits.toInstant(raw(row), type.getUnit()));
    }

    @Override
    public Date getDate(int row, Calendar calendar) {
        ZonedDateTime value = zoned(row);
        return value == null ? null : TemporalConversions.date(value.toLocalDate(), calendar);
    }

    @Override
    public Time getTime(int row, Calendar calendar) {
        ZonedDateTime value = zoned(row);
        return value == null ? null : TemporalConversions.time(value.toLocalTime(), calendar);
    }

    @Override
    public Object getObject(int row) {
        if (zoned) {
            ZonedDateTime value = zoned(row);
            return value == null ? null : value.toOffsetDateTime();
        }
        return getTimestamp(row, null);
    }

    @Override
    protected Object javaTime(int row, Class<?> target) {
        if (target == Instant.class) {
            return instant(row);
        }
        ZonedDateTime value = zoned(row);
        if (target == ZonedDateTime.class) {
            return value;
        } else if (target == OffsetDateTime.class) {
            return value.toOffsetDateTime();
        } else if (target == LocalDateTime.class) {
            return value.toLocalDateTime();
        } else if (target == LocalDate.class) {
            return value.toLocalDate();
        } else if (target == LocalTime.class) {
            return value.toLocalTime();
        } else if (target == java.util.Date.class) {
            return java.util.Date.from(value.toInstant());
        }
        return null;
    }
}
