package io.greptime.jdbc.tck.text;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.TimeUnit;

/**
 * Dates, times, timestamps, durations and intervals as arrow-rs prints them with its default options: the
 * Debug form of chrono's naive types ({@code 2022-11-03T03:39:57.450}: fraction shown in 3, 6 or 9 digits
 * and only when non-zero), RFC 3339 for zoned timestamps, ISO 8601 for durations, and PostgreSQL-like
 * words for intervals.
 */
public final class TemporalText {
    private TemporalText() {}

    /** A date as chrono's {@code NaiveDate} Debug: four-digit years, signed five digits outside 0..9999. */
    public static String date(LocalDate date) {
        int year = date.getYear();
        String y = year >= 0 && year <= 9999
                ? String.format("%04d", year)
                : (year < 0 ? "-" : "+") + String.format("%04d", Math.abs(year));
        return y + String.format("-%02d-%02d", date.getMonthValue(), date.getDayOfMonth());
    }

    /** A time of day as chrono's {@code NaiveTime} Debug. */
    public static String time(LocalTime time) {
        return String.format("%02d:%02d:%02d", time.getHour(), time.getMinute(), time.getSecond())
                + fraction(time.getNano());
    }

    /** A zone-less timestamp: the UTC wall clock of the instant. */
    public static String naive(LocalDateTime dateTime) {
        return date(dateTime.toLocalDate()) + "T" + time(dateTime.toLocalTime());
    }

    /** A timestamp carrying a zone in its Arrow type: RFC 3339 with {@code Z} for a zero offset. */
    public static String zoned(Instant instant, String zone) {
        ZonedDateTime z = instant.atZone(ZoneId.of(zone));
        ZoneOffset offset = z.getOffset();
        String suffix = offset.getTotalSeconds() == 0 ? "Z" : offset.getId();
        return naive(z.toLocalDateTime()) + suffix;
    }

    /** The instant of {@code value} units since the epoch. */
    public static Instant instant(long value, TimeUnit unit) {
        long perSecond = unit.convert(1, TimeUnit.SECONDS);
        long seconds = Math.floorDiv(value, perSecond);
        long nanos = TimeUnit.NANOSECONDS.convert(Math.floorMod(value, perSecond), unit);
        return Instant.ofEpochSecond(seconds, nanos);
    }

    /** The UTC wall clock of an instant. */
    public static LocalDateTime utc(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** chrono's TimeDelta Display: {@code PT1.5S}, {@code -PT3S}, {@code P0D}. */
    public static String duration(long value, TimeUnit unit) {
        long perSecond = unit.convert(1, TimeUnit.SECONDS);
        long seconds = value / perSecond;
        long nanos = TimeUnit.NANOSECONDS.convert(Math.abs(value % perSecond), unit);
        String sign = value < 0 ? "-" : "";
        if (value == 0) {
            return "P0D";
        }
        StringBuilder out = new StringBuilder(sign).append("PT").append(Math.abs(seconds));
        if (nanos > 0) {
            String digits = String.format("%09d", nanos).replaceAll("0+$", "");
            out.append('.').append(digits);
        }
        return out.append('S').toString();
    }

    /** Interval(MonthDayNano): {@code 1 mons 2 days 3 hours 4 mins 5.000000000 secs}, zero as {@code 0 secs}. */
    public static String monthDayNano(int months, int days, long nanos) {
        if (months == 0 && days == 0 && nanos == 0) {
            return "0 secs";
        }
        StringBuilder out = new StringBuilder();
        if (months != 0) {
            out.append(months).append(" mons");
        }
        if (days != 0) {
            out.append(out.length() > 0 ? " " : "").append(days).append(" days");
        }
        appendClock(out, nanos, 1_000_000_000L, 9);
        return out.toString();
    }

    /** Interval(DayTime): {@code 2 days 1.500 secs}. */
    public static String dayTime(int days, int millis) {
        if (days == 0 && millis == 0) {
            return "0 secs";
        }
        StringBuilder out = new StringBuilder();
        if (days != 0) {
            out.append(days).append(" days");
        }
        appendClock(out, millis, 1_000L, 3);
        return out.toString();
    }

    /** Interval(YearMonth): {@code 1 years 2 mons}. */
    public static String yearMonth(int months) {
        long years = Math.floorDiv(months, 12);
        return years + " years " + (months - years * 12) + " mons";
    }

    private static void appendClock(StringBuilder out, long sub, long perSecond, int digits) {
        if (sub == 0) {
            return;
        }
        long secs = sub / perSecond;
        long mins = secs / 60;
        long hours = mins / 60;
        secs -= mins * 60;
        mins -= hours * 60;
        long fraction = sub % perSecond;
        if (hours != 0) {
            out.append(out.length() > 0 ? " " : "").append(hours).append(" hours");
        }
        if (mins != 0) {
            out.append(out.length() > 0 ? " " : "").append(mins).append(" mins");
        }
        if (secs != 0 || fraction != 0) {
            String sign = secs < 0 || fraction < 0 ? "-" : "";
            out.append(out.length() > 0 ? " " : "")
                    .append(sign)
                    .append(Math.abs(secs))
                    .append('.')
                    .append(String.format("%0" + digits + "d", Math.abs(fraction)))
                    .append(" secs");
        }
    }

    private static String fraction(int nanos) {
        if (nanos == 0) {
            return "";
        }
        if (nanos % 1_000_000 == 0) {
            return String.format(".%03d", nanos / 1_000_000);
        }
        if (nanos % 1_000 == 0) {
            return String.format(".%06d", nanos / 1_000);
        }
        return String.format(".%09d", nanos);
    }
}
