package io.greptime.jdbc.arrow.read;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Text forms of temporal values as GreptimeDB prints them (sqlness results): ISO-8601 with a
 * {@code T}, no zone for zone-less timestamps, and exactly as many fractional digits as the unit
 * has (0, 3, 6 or 9): {@code 2020-01-01T01:23:45}, {@code 2020-01-01T01:23:45.120}.
 */
final class TemporalText {
    private TemporalText() {}

    static String dateTime(LocalDateTime value, int fractionDigits) {
        StringBuilder text = new StringBuilder(32);
        text.append(value.toLocalDate()).append('T');
        appendTime(text, value.toLocalTime(), fractionDigits);
        return text.toString();
    }

    /** A zoned value: the wall clock followed by the offset, always {@code ±hh:mm} (UTC is +00:00). */
    static String dateTime(LocalDateTime value, int fractionDigits, ZoneOffset offset) {
        String id = offset.equals(ZoneOffset.UTC) ? "+00:00" : offset.getId();
        return dateTime(value, fractionDigits) + id;
    }

    static String time(LocalTime value, int fractionDigits) {
        StringBuilder text = new StringBuilder(18);
        appendTime(text, value, fractionDigits);
        return text.toString();
    }

    private static void appendTime(StringBuilder text, LocalTime time, int fractionDigits) {
        pad(text, time.getHour(), 2).append(':');
        pad(text, time.getMinute(), 2).append(':');
        pad(text, time.getSecond(), 2);
        if (fractionDigits > 0) {
            text.append('.');
            int scaled = time.getNano();
            for (int i = 9; i > fractionDigits; i--) {
                scaled /= 10;
            }
            pad(text, scaled, fractionDigits);
        }
    }

    private static StringBuilder pad(StringBuilder text, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            text.append('0');
        }
        return text.append(digits);
    }
}
