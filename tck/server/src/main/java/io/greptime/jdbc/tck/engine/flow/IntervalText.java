package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Interval strings as flows accept them ({@code '1 hour'}, {@code '5m'}, {@code '1 day 2 hours'}).
 * Months and years have no fixed length, so GreptimeDB rejects them in EXPIRE AFTER / EVAL INTERVAL.
 */
final class IntervalText {
    private static final Pattern PART = Pattern.compile("\\s*(-?\\d+(?:\\.\\d+)?)\\s*([a-zµ]+)\\s*");

    private IntervalText() {}

    static long seconds(String text) {
        return Math.round(micros(text) / 1_000_000.0);
    }

    /** Length in microseconds. */
    static long micros(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(s);
        double total = 0;
        int at = 0;
        while (at < s.length()) {
            if (!m.find(at) || m.start() != at) {
                throw bad(text);
            }
            total += Double.parseDouble(m.group(1)) * unitMicros(m.group(2), text);
            at = m.end();
        }
        if (at == 0) {
            throw bad(text);
        }
        return (long) total;
    }

    private static double unitMicros(String unit, String text) {
        return switch (unit) {
            case "us", "µs", "usec", "microsecond", "microseconds" -> 1;
            case "ms", "msec", "millisecond", "milliseconds" -> 1_000;
            case "s", "sec", "secs", "second", "seconds" -> 1_000_000;
            case "m", "min", "mins", "minute", "minutes" -> 60_000_000;
            case "h", "hr", "hrs", "hour", "hours" -> 3_600_000_000L;
            case "d", "day", "days" -> 86_400_000_000L;
            case "w", "week", "weeks" -> 7 * 86_400_000_000L;
            case "mon", "mons", "month", "months", "y", "year", "years" ->
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid argument: Interval with months is not allowed: '" + text + "'");
            default -> throw bad(text);
        };
    }

    private static GreptimeError bad(String text) {
        return new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid argument: invalid interval '" + text + "'");
    }
}
