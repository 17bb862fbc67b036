package io.greptime.jdbc.tck.promql;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Times and durations as the Prometheus HTTP API accepts them: unix seconds, RFC 3339, durations. */
public final class PromTimes {
    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private PromTimes() {}

    /** Unix seconds (fractions allowed) or RFC 3339 as milliseconds; null when {@code s} is neither. */
    public static Long parseTimeMs(String s) {
        String t = s.trim();
        if (NUMBER.matcher(t).matches()) {
            return Math.round(Double.parseDouble(t) * 1000);
        }
        try {
            return OffsetDateTime.parse(t).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Seconds (fractions allowed) or a Prometheus duration such as {@code 1m30s}; null when neither. */
    public static Long parseDurationMs(String s) {
        String t = s.trim();
        if (NUMBER.matcher(t).matches()) {
            return Math.round(Double.parseDouble(t) * 1000);
        }
        if (!t.matches("(\\d+(ms|s|m|h|d|w|y))+")) {
            return null;
        }
        return PromLexer.durationMs(t);
    }
}
