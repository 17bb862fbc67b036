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
