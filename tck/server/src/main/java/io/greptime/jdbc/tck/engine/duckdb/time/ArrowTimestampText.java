package io.greptime.jdbc.tck.engine.duckdb.time;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Text to timestamp the way Arrow casts it (what GreptimeDB does for {@code '...'::TIMESTAMP}): a fixed
 * {@code YYYY-MM-DD} date, then optionally {@code T}/space and {@code hh:mm:ss[.fraction]} or
 * {@code hhmmss}, then optionally {@code Z}, an offset or a zone name; text without one is UTC. Errors
 * carry Arrow's messages ({@code Error parsing timestamp from '...': error parsing date}).
 */
public final class ArrowTimestampText {
    /** Why the text is not a timestamp, in Arrow's words. */
    public static final class Invalid extends Exception {
        Invalid(String text, String why) {
            super("Error parsing timestamp from '" + text + "': " + why, null, false, false);
        }
    }

    private ArrowTimestampText() {}

    /**
     * Arrow's cast of a text value to a timestamp of a unit {@code unitNanos} nanoseconds long (the column form
     * of GreptimeDB's {@code CAST(s AS TIMESTAMP(p))}): the count of whole units since 1970 (floored, as chrono's
     * {@code timestamp_millis} and the like count), failing with status 3001 and Arrow's parser error, or for
     * nanoseconds outside the i64 range with its overflow error.
     */
    public static long count(String text, long unitNanos) {
        java.time.Instant i;
        try {
            i = parse(text);
        } catch (Invalid e) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY, "Parser error: " + e.getMessage());
        }
        // this runs per value: only seconds near the i64 nanosecond limits need the exact check
        if (unitNanos == 1 && Math.abs(i.getEpochSecond()) >= 9_223_372_035L && !fitsNanos(i)) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                    "Cast error: Overflow converting " + naiveText(i) + " to Nanosecond. The dates that can be"
                            + " represented as nanoseconds have to be between 1677-09-21T00:12:44.0 and"
                            + " 2262-04-11T23:47:16.854775804");
        }
        return i.getEpochSecond() * (1_000_000_000L / unitNanos) + i.getNano() / unitNanos;
    }

    private static boolean fitsNanos(java.time.Instant i) {
        return java.math.BigInteger.valueOf(i.getEpochSecond())
                        .multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                        .add(java.math.BigInteger.valueOf(i.getNano()))
                        .bitLength()
                < 64;
    }

    /** chrono's NaiveDateTime display of {@code i} in UTC: a fraction of 3, 6 or 9 digits only when not zero. */
    private static String naiveText(java.time.Instant i) {
        LocalDateTime t = LocalDateTime.ofInstant(i, ZoneOffset.UTC);
        String base = String.format(
                java.util.Locale.ROOT,
                "%04d-%02d-%02d %02d:%02d:%02d",
                t.getYear(),
                t.getMonthValue(),
                t.getDayOfMonth(),
                t.getHour(),
                t.getMinute(),
                t.getSecond());
        int n = t.getNano();
        if (n == 0) {
            return base;
        }
        if (n % 1_000_000 == 0) {
            return base + String.format(java.util.Locale.ROOT, ".%03d", n / 1_000_000);
        }
        if (n % 1_000 == 0) {
            return base + String.format(java.util.Locale.ROOT, ".%06d", n / 1_000);
        }
        return base + String.format(java.util.Locale.ROOT, ".%09d", n);
    }

    /** Nanoseconds since the epoch as a (seconds, nano) pair folded into seconds and nanos. */
    public static java.time.Instant parse(String s) throws Invalid {
        if (s.length() < 10) {
            throw new Invalid(s, "timestamp must contain at least 10 characters");
        }
        LocalDate date = date(s);
        if (date == null) {
            throw new Invalid(s, "error parsing date");
        }
        if (s.length() == 10) {
            return date.atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        char sep = s.charAt(10);
        if (sep != 'T' && sep != 't' && sep != ' ') {
            throw new Invalid(s, "invalid timestamp separator");
        }
        int[] end = new int[1];
        LocalTime time = time(s, end);
        if (time == null) {
            throw new Invalid(s, "error parsing time");
        }
        int tz = end[0];
        while (tz < s.length() && Character.isDigit(s.charAt(tz))) {
            tz++; // digits beyond nanoseconds are ignored
        }
        LocalDateTime local = LocalDateTime.of(date, time);
        if (tz >= s.length()) {
            return local.toInstant(ZoneOffset.UTC);
        }
        String zone = s.substring(tz).stripLeading();
        if (zone.equalsIgnoreCase("z") && tz == s.length() - 1) {
            return local.toInstant(ZoneOffset.UTC);
        }
        try {
            return local.atZone(zone(zone)).toInstant();
        } catch (DateTimeException e) {
            throw new Invalid(s, "Invalid timezone \"" + zone + "\"");
        }
    }

    private static ZoneId zone(String z) {
        if (z.startsWith("+") || z.startsWith("-")) {
            String digits = z.substring(1).replace(":", "");
            if (digits.length() == 2) {
                digits += "00";
            }
            return ZoneOffset.of(z.charAt(0) + digits.substring(0, 2) + ":" + digits.substring(2));
        }
        return ZoneId.of(z);
    }

    private static boolean digits(String s, int from, int to) {
        if (s.length() < to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static LocalDate date(String s) {
        if (!digits(s, 0, 4) || s.charAt(4) != '-' || !digits(s, 5, 7) || s.charAt(7) != '-' || !digits(s, 8, 10)) {
            return null;
        }
        try {
            return LocalDate.of(
                    Integer.parseInt(s.substring(0, 4)),
                    Integer.parseInt(s.substring(5, 7)),
                    Integer.parseInt(s.substring(8, 10)));
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static LocalTime time(String s, int[] end) {
        try {
            if (digits(s, 11, 13)
                    && s.length() > 18
                    && s.charAt(13) == ':'
                    && digits(s, 14, 16)
                    && s.charAt(16) == ':'
                    && digits(s, 17, 19)) {
                int h = Integer.parseInt(s.substring(11, 13));
                int m = Integer.parseInt(s.substring(14, 16));
                int sec = Integer.parseInt(s.substring(17, 19));
                int nanos = 0;
                end[0] = 19;
                if (s.length() > 19 && s.charAt(19) == '.') {
                    int k = 20;
                    while (k < s.length() && k < 29 && Character.isDigit(s.charAt(k))) {
                        k++;
                    }
                    if (k == 20) {
                        return null;
                    }
                    nanos = Integer.parseInt((s.substring(20, k) + "000000000").substring(0, 9));
                    end[0] = k;
                }
                return sec == 60 ? LocalTime.of(h, m, 59, nanos).plusSeconds(1) : LocalTime.of(h, m, sec, nanos);
            }
            if (digits(s, 11, 17)) {
                end[0] = 17;
                return LocalTime.of(
                        Integer.parseInt(s.substring(11, 13)),
                        Integer.parseInt(s.substring(13, 15)),
                        Integer.parseInt(s.substring(15, 17)));
            }
            return null;
        } catch (DateTimeException e) {
            return null;
        }
    }
}
