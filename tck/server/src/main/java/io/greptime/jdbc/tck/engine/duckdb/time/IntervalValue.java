package io.greptime.jdbc.tck.engine.duckdb.time;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An interval literal as GreptimeDB evaluates it: its abbreviations expanded first ({@code '1h'} →
 * {@code '1 hours'}, {@code 'P1D'} → milliseconds; only for text without spaces), then parsed the way
 * Arrow parses intervals into months, days and nanoseconds (units from century to nanosecond, fractions
 * spilled into smaller units: half a month is 15 days, half a day 12 hours; a bare number is seconds).
 */
public record IntervalValue(int months, int days, long nanos) {
    private static final Pattern ABBREVIATION = Pattern.compile("([+-]?\\d+|[a-zA-Z]+|\\+|-)");
    private static final Pattern ISO_PREFIX = Pattern.compile("^-?[Pp]");
    private static final Map<String, String> ABBREVIATIONS = Map.ofEntries(
            Map.entry("y", "years"),
            Map.entry("mon", "months"),
            Map.entry("w", "weeks"),
            Map.entry("d", "days"),
            Map.entry("h", "hours"),
            Map.entry("m", "minutes"),
            Map.entry("s", "seconds"),
            Map.entry("millis", "milliseconds"),
            Map.entry("ms", "milliseconds"),
            Map.entry("us", "microseconds"),
            Map.entry("ns", "nanoseconds"));

    static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int PRECISION = 15;
    private static final long SCALE = 1_000_000_000_000_000L;

    /** The value of an INTERVAL expression, or null when it is not a constant string GreptimeDB would parse. */
    public static IntervalValue of(SqlAst.Interval i) {
        if (!(i.value() instanceof SqlAst.Literal lit) || lit.kind() == SqlAst.LiteralKind.NULL) {
            return null;
        }
        String text = lit.kind() == SqlAst.LiteralKind.STRING ? expand(lit.text()) : lit.text();
        if (i.unit() != null) {
            text = text + " " + i.unit();
        }
        return parse(text);
    }

    /** GreptimeDB's abbreviation and ISO 8601 expansion; text with whitespace is left alone. */
    public static String expand(String text) {
        if (text.chars().anyMatch(Character::isWhitespace)) {
            return text;
        }
        if (ISO_PREFIX.matcher(text).find()) {
            Long millis = IsoDuration.millis(text);
            return millis == null ? text : millis + " milliseconds";
        }
        Matcher m = ABBREVIATION.matcher(text);
        List<String> parts = new ArrayList<>();
        while (m.find()) {
            parts.add(ABBREVIATIONS.getOrDefault(m.group(), m.group()));
        }
        return String.join(" ", parts);
    }

    /** Parses {@code 1 year 2 months 3.5 days}-style text; null when Arrow would refuse it. */
    public static IntervalValue parse(String text) {
        long months = 0;
        long days = 0;
        long nanos = 0;
        int seen = 0;
        List<String[]> pairs = split(text.trim());
        if (pairs == null) {
            return null;
        }
        for (String[] p : pairs) {
            long[] amount = amount(p[0]);
            String unit = p[1] == null ? "second" : unit(p[1]);
            if (amount == null || unit == null) {
                return null;
            }
            int bit = 1 << List.of(UNITS).indexOf(unit);
            if ((seen & bit) != 0) {
                return null;
            }
            seen |= bit;
            long whole = amount[0];
            long frac = amount[1];
            switch (unit) {
                case "century" -> months += whole * 1200 + frac * 12 / (SCALE / 100);
                case "decade" -> months += whole * 120 + frac * 12 / (SCALE / 10);
                case "year" -> months += whole * 12 + frac * 12 / SCALE;
                case "month" -> {
                    months += whole;
                    days += frac * 3 / (SCALE / 10);
                }
                case "week" -> {
                    days += whole * 7;
                    nanos += frac * 7 * 24 * 6 * 6 / (SCALE / 100_000_000_000L);
                }
                case "day" -> {
                    days += whole;
                    nanos += frac * 24 * 6 * 6 / (SCALE / 100_000_000_000L);
                }
                case "hour" -> nanos += whole * 3_600 * NANOS_PER_SECOND + frac * 6 * 6 / (SCALE / 100_000_000_000L);
                case "minute" -> nanos += whole * 60 * NANOS_PER_SECOND + frac * 6 / (SCALE / 10_000_000_000L);
                case "second" -> nanos += whole * NANOS_PER_SECOND + frac / (SCALE / NANOS_PER_SECOND);
                case "millisecond" -> nanos += whole * 1_000_000 + frac / (SCALE / 1_000_000);
                case "microsecond" -> nanos += whole * 1_000 + frac / (SCALE / 1_000);
                default -> nanos += whole + frac / SCALE;
            }
        }
        if (months != (int) months || days != (int) days) {
            return null;
        }
        return new IntervalValue((int) months, (int) days, nanos);
    }

    private static final String[] UNITS = {
        "century",
        "decade",
        "year",
        "month",
        "week",
        "day",
        "hour",
        "minute",
        "second",
        "millisecond",
        "microsecond",
        "nanosecond"
    };

    private static String unit(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "c", "cent", "cents", "century", "centuries" -> "century";
            case "dec", "decs", "decade", "decades" -> "decade";
            case "y", "yr", "yrs", "year", "years" -> "year";
            case "mon", "mons", "month", "months" -> "month";
            case "w", "week", "weeks" -> "week";
            case "d", "day", "days" -> "day";
            case "h", "hr", "hrs", "hour", "hours" -> "hour";
            case "m", "min", "mins", "minute", "minutes" -> "minute";
            case "s", "sec", "secs", "second", "seconds" -> "second";
            case "ms", "msec", "msecs", "msecond", "mseconds", "millisecond", "milliseconds" -> "millisecond";
            case "us", "usec", "usecs", "usecond", "useconds", "microsecond", "microseconds" -> "microsecond";
            case "nanosecond", "nanoseconds" -> "nanosecond";
            default -> null;
        };
    }

    /** Pairs of (amount, unit-or-null); within a word the unit may follow the amount directly ({@code 5s}). */
    private static List<String[]> split(String text) {
        List<String[]> out = new ArrayList<>();
        String[] words = text.split("\\s+", -1);
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            int cut = -1;
            for (int k = 0; k < w.length(); k++) {
                char c = w.charAt(k);
                if (!Character.isDigit(c) && c != '.' && c != '-') {
                    cut = k;
                    break;
                }
            }
            if (cut >= 0) {
                out.add(new String[] {w.substring(0, cut), w.substring(cut)});
            } else if (i + 1 < words.length) {
                out.add(new String[] {w, words[++i]});
            } else {
                out.add(new String[] {w, null});
            }
        }
        return out;
    }

    /** [integer, fraction scaled by 10^15], the fraction carrying the integer's sign. */
    private static long[] amount(String s) {
        try {
            int dot = s.indexOf('.');
            if (dot < 0) {
                return new long[] {Long.parseLong(s), 0};
            }
            String whole = s.substring(0, dot);
            String frac = s.substring(dot + 1);
            if (frac.isEmpty() || frac.length() > PRECISION || frac.startsWith("-")) {
                return null;
            }
            boolean negative = whole.startsWith("-");
            long w = whole.isEmpty() || whole.equals("-") ? 0 : Long.parseLong(whole);
            long f = Long.parseLong(frac);
            for (int k = frac.length(); k < PRECISION; k++) {
                f *= 10;
            }
            return new long[] {w, w < 0 || negative ? -f : f};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** DataFusion's name of the literal: the Debug form of {@code ScalarValue::IntervalMonthDayNano}. */
    public String schemaName() {
        return "IntervalMonthDayNano(\"IntervalMonthDayNano { months: " + months + ", days: " + days + ", nanoseconds: "
                + nanos + " }\")";
    }

    /** A DuckDB interval with the same months, days and (microsecond-truncated) time. */
    public String duckSql() {
        StringBuilder sb = new StringBuilder("INTERVAL '");
        sb.append(months).append(" months ").append(days).append(" days ");
        sb.append(nanos / 1_000).append(" microseconds'");
        return sb.toString();
    }
}
