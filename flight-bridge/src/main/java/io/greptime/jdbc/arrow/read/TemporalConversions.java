package io.greptime.jdbc.arrow.read;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Calendar;

/**
 * JDBC's legacy date/time classes from wall-clock values. Without a calendar the JVM's default zone
 * is used, because that is the zone {@code Date.toString()}/{@code toLocalDate()} read back in, so
 * the wall clock survives; with a calendar, its zone (JDBC's rule for zone-less SQL types).
 */
final class TemporalConversions {
    private static final LocalDate EPOCH_DAY = LocalDate.of(1970, 1, 1);

    private TemporalConversions() {}

    static Date date(LocalDate date, Calendar calendar) {
        if (calendar == null) {
            return Date.valueOf(date);
        }
        return new Date(date.atStartOfDay(zone(calendar)).toInstant().toEpochMilli());
    }

    static Time time(LocalTime time, Calendar calendar) {
        ZoneId zone = calendar == null ? ZoneId.systemDefault() : zone(calendar);
        // keeps milliseconds, which Time.valueOf(LocalTime) would drop
        return new Time(EPOCH_DAY.atTime(time).atZone(zone).toInstant().toEpochMilli());
    }

    static Timestamp timestamp(LocalDateTime wallClock, Calendar calendar) {
        if (calendar == null) {
            return Timestamp.valueOf(wallClock);
        }
        return Timestamp.from(wallClock.atZone(zone(calendar)).toInstant());
    }

    static ZoneId zone(Calendar calendar) {
        return calendar.getTimeZone().toZoneId();
    }
}
