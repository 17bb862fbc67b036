package io.greptime.jdbc.tck.engine.duckdb.time;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ISO 8601 durations ({@code P1Y2M3DT4H5M6.5S}, {@code P2W}) as GreptimeDB turns them into milliseconds
 * for intervals: a year is 365 days and a month 30 days, as the iso8601 crate converts them.
 */
final class IsoDuration {
    private static final Pattern YMDHMS = Pattern.compile(
            "P(?:(\\d+)Y)?(?:(\\d+)M)?(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+)(?:[.,](\\d+))?S)?)?");
    private static final Pattern WEEKS = Pattern.compile("P(\\d+)W");

    private IsoDuration() {}

    /** Milliseconds of the (optionally negated) duration, or null when it is not ISO 8601. */
    static Long millis(String text) {
        boolean negative = text.startsWith("-");
        String iso = (negative ? text.substring(1) : text).toUpperCase(Locale.ROOT);
        Matcher w = WEEKS.matcher(iso);
        long ms;
        if (w.matches()) {
            ms = Long.parseLong(w.group(1)) * 7 * 86_400_000L;
        } else {
            Matcher m = YMDHMS.matcher(iso);
            if (!m.matches() || iso.equals("P") || iso.endsWith("T")) {
                return null;
            }
            ms = part(m, 1) * 365 * 86_400_000L
                    + part(m, 2) * 30 * 86_400_000L
                    + part(m, 3) * 86_400_000L
                    + part(m, 4) * 3_600_000L
                    + part(m, 5) * 60_000L
                    + part(m, 6) * 1_000L
                    + fractionMillis(m.group(7));
        }
        return negative ? -ms : ms;
    }

    private static long part(Matcher m, int group) {
        return m.group(group) == null ? 0 : Long.parseLong(m.group(group));
    }

    private static long fractionMillis(String digits) {
        if (digits == null) {
            return 0;
        }
        String three = (digits + "000").substring(0, 3);
        return Long.parseLong(three);
    }
}
