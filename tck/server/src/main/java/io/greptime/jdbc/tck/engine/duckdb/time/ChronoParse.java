package io.greptime.jdbc.tck.engine.duckdb.time;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Text read under chrono format strings, as DataFusion's formatted {@code to_timestamp}/{@code to_date} read
 * it (datetime/common.rs {@code string_to_datetime_formatted}): the formats are tried in order and the first
 * that parses wins; when none does, the last one's error is the answer ({@code Error parsing timestamp from
 * '<text>' using format '<format>': <chrono's reason>}). chrono's parser: a numeric field skips leading
 * whitespace and takes 1 to its width of digits, a literal must match, a space in the format takes any
 * whitespace, text left over is "trailing input". The fields then make a date-time with the parsed offset,
 * else a UTC date-time, else (no hour and minute) midnight of the date.
 */
public final class ChronoParse {
    private ChronoParse() {}

    private static final String INVALID = "input contains invalid characters";
    private static final String TOO_SHORT = "premature end of input";
    private static final String TOO_LONG = "trailing input";
    private static final String OUT_OF_RANGE = "input is out of range";
    private static final String NOT_ENOUGH = "input is not enough for unique date and time";
    private static final String BAD_FORMAT = "bad or unsupported format string";

    private static final String[] MONTHS = {
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december"
    };
    private static final String[] DAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};

    /** chrono's reason a text does not parse under one format. */
    private static final class Failure extends Exception {
        Failure(String reason) {
            super(reason, null, false, false);
        }
    }

    /** Nanoseconds since the epoch of the text under the first format that reads it. */
    public static long nanos(String text, String[] formats) {
        if (formats.length == 0) {
            throw new IllegalArgumentException("no format");
        }
        Failure last = null;
        for (String format : formats) {
            try {
                return toNanos(parse(text, format));
            } catch (Failure f) {
                last = f;
            }
        }
        throw new GreptimeError(
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Error parsing timestamp from '" + text + "' using format '"
                        + formats[formats.length - 1] + "': " + last.getMessage());
    }

    /**
     * Days since the epoch as DataFusion's formatted {@code to_date} counts them: the epoch milliseconds
     * divided by a day's, truncated toward zero (a time of day before 1970 moves to the next day).
     */
    public static long days(String text, String[] formats) {
        long millis = Math.floorDiv(nanos(text, formats), 1_000_000L);
        return millis / 86_400_000L;
    }

    /**
     * Days since the epoch of text without a format, as DataFusion's {@code to_date} reads it: Arrow's
     * timestamp text (a date, optionally a time and an offset), floored to its day; other text fails with
     * the cast error DataFusion reports for it.
     */
    public static long days(String text) {
        try {
            return Math.floorDiv(ArrowTimestampText.parse(text).getEpochSecond(), 86_400L);
        } catch (ArrowTimestampText.Invalid e) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Parser error: Unable to cast to Date32 for converting from i64 to i32 failed");
        }
    }

    private static long toNanos(java.time.Instant i) throws Failure {
        BigInteger n = BigInteger.valueOf(i.getEpochSecond())
                .multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(i.getNano()));
        if (n.bitLength() >= 64) {
            throw new Failure(OUT_OF_RANGE);
        }
        return n.longValue();
    }

    /** The parsed fields; null when absent. */
    private static final class Fields {
        Long year;
        Long yearMod100;
        Long month;
        Long day;
        Long ordinal;
        Long hour;
        Long hour12;
        Boolean pm;
        Long minute;
        Long second;
        long nanos;
        Integer offsetSeconds;
        Long timestamp;
    }

    private static java.time.Instant parse(String text, String format) throws Failure {
        Fields f = new Fields();
        int[] pos = {0};
        String s = text;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (Character.isWhitespace(c)) {
                skipSpace(s, pos);
                continue;
            }
            if (c != '%') {
                literal(s, pos, String.valueOf(c));
                continue;
            }
            if (i + 1 >= format.length()) {
                throw new Failure(BAD_FORMAT);
            }
            String spec = format.substring(i + 1);
            // padding modifiers change nothing when parsing
            int skip = 0;
            if (spec.charAt(0) == '-' || spec.charAt(0) == '_' || spec.charAt(0) == '0') {
                skip = 1;
                spec = spec.substring(1);
                if (spec.isEmpty()) {
                    throw new Failure(BAD_FORMAT);
                }
            }
            if (spec.startsWith(".3f") || spec.startsWith(".6f") || spec.startsWith(".9f")) {
                literal(s, pos, ".");
                f.nanos = fraction(s, pos, spec.charAt(1) - '0', true);
                i += 1 + skip + 3;
                continue;
            }
            if (spec.startsWith(".f")) {
                if (pos[0] < s.length() && s.charAt(pos[0]) == '.') {
                    pos[0]++;
                    f.nanos = fraction(s, pos, 9, false);
                }
                i += 1 + skip + 2;
                continue;
            }
            if (spec.startsWith("3f") || spec.startsWith("6f") || spec.startsWith("9f")) {
                f.nanos = fraction(s, pos, spec.charAt(0) - '0', true);
                i += 1 + skip + 2;
                continue;
            }
            if (spec.startsWith(":z")) {
                f.offsetSeconds = offset(s, pos);
                i += 1 + skip + 2;
                continue;
            }
            char k = spec.charAt(0);
            i += 1 + skip;
            switch (k) {
                case 'Y' -> f.year = signedOrNumber(s, pos, 4);
                case 'C' -> {
                    long century = number(s, pos, 2);
                    f.year = century * 100 + (f.year == null ? 0 : f.year % 100);
                }
                case 'y' -> f.yearMod100 = number(s, pos, 2);
                case 'm' -> f.month = range(number(s, pos, 2), 1, 12);
                case 'd', 'e' -> f.day = range(number(s, pos, 2), 1, 31);
                case 'j' -> f.ordinal = range(number(s, pos, 3), 1, 366);
                case 'H', 'k' -> f.hour = range(number(s, pos, 2), 0, 23);
                case 'I', 'l' -> f.hour12 = range(number(s, pos, 2), 1, 12);
                case 'M' -> f.minute = range(number(s, pos, 2), 0, 59);
                case 'S' -> f.second = range(number(s, pos, 2), 0, 60);
                case 'f' -> f.nanos = range(number(s, pos, 9), 0, 999_999_999L);
                case 's' -> f.timestamp = signedOrNumber(s, pos, Integer.MAX_VALUE);
                case 'b', 'h', 'B' -> f.month = (long) name(s, pos, MONTHS) + 1;
                case 'a', 'A' -> name(s, pos, DAYS);
                case 'p', 'P' -> f.pm = ampm(s, pos);
                case 'z' -> f.offsetSeconds = offset(s, pos);
                case 'F' -> {
                    f.year = signedOrNumber(s, pos, 4);
                    literal(s, pos, "-");
                    f.month = range(number(s, pos, 2), 1, 12);
                    literal(s, pos, "-");
                    f.day = range(number(s, pos, 2), 1, 31);
                }
                case 'T', 'R' -> {
                    f.hour = range(number(s, pos, 2), 0, 23);
                    literal(s, pos, ":");
                    f.minute = range(number(s, pos, 2), 0, 59);
                    if (k == 'T') {
                        literal(s, pos, ":");
                        f.second = range(number(s, pos, 2), 0, 60);
                    }
                }
                case 'D' -> {
                    f.month = range(number(s, pos, 2), 1, 12);
                    literal(s, pos, "/");
                    f.day = range(number(s, pos, 2), 1, 31);
                    literal(s, pos, "/");
                    f.yearMod100 = number(s, pos, 2);
                }
                case 't', 'n' -> skipSpace(s, pos);
                case '%' -> literal(s, pos, "%");
                default -> throw new Failure(BAD_FORMAT);
            }
        }
        if (pos[0] < s.length()) {
            throw new Failure(TOO_LONG);
        }
        return resolve(f);
    }

    private static java.time.Instant resolve(Fields f) throws Failure {
        if (f.timestamp != null) {
            return java.time.Instant.ofEpochSecond(f.timestamp, f.nanos);
        }
        LocalDate date = date(f);
        Long hour = f.hour;
        if (hour == null && f.hour12 != null && f.pm != null) {
            hour = f.hour12 % 12 + (f.pm ? 12 : 0);
        }
        if (hour == null || f.minute == null) {
            // no time of day: midnight of the date
            return date.atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        long second = f.second == null ? 0 : f.second;
        long nanos = f.nanos;
        if (second == 60) {
            // a leap second is kept as the 60th second's nanoseconds past 59
            second = 59;
            nanos += 1_000_000_000L;
        }
        LocalDateTime local = date.atTime(hour.intValue(), f.minute.intValue(), (int) second);
        long offset = f.offsetSeconds == null ? 0 : f.offsetSeconds;
        return local.toInstant(ZoneOffset.UTC).plusSeconds(-offset).plusNanos(nanos);
    }

    private static LocalDate date(Fields f) throws Failure {
        Long year = f.year;
        if (year == null && f.yearMod100 != null) {
            year = f.yearMod100 < 70 ? 2000 + f.yearMod100 : 1900 + f.yearMod100;
        }
        if (year == null) {
            throw new Failure(NOT_ENOUGH);
        }
        try {
            if (f.month != null && f.day != null) {
                return LocalDate.of(year.intValue(), f.month.intValue(), f.day.intValue());
            }
            if (f.ordinal != null) {
                return LocalDate.ofYearDay(year.intValue(), f.ordinal.intValue());
            }
        } catch (DateTimeException e) {
            throw new Failure(OUT_OF_RANGE);
        }
        throw new Failure(NOT_ENOUGH);
    }

    private static long range(long v, long lo, long hi) throws Failure {
        if (v < lo || v > hi) {
            throw new Failure(OUT_OF_RANGE);
        }
        return v;
    }

    private static void skipSpace(String s, int[] pos) {
        while (pos[0] < s.length() && Character.isWhitespace(s.charAt(pos[0]))) {
            pos[0]++;
        }
    }

    private static void literal(String s, int[] pos, String lit) throws Failure {
        if (s.length() - pos[0] < lit.length()) {
            throw new Failure(TOO_SHORT);
        }
        if (!s.startsWith(lit, pos[0])) {
            throw new Failure(INVALID);
        }
        pos[0] += lit.length();
    }

    /** 1 to {@code width} digits after any whitespace. */
    private static long number(String s, int[] pos, int width) throws Failure {
        skipSpace(s, pos);
        int start = pos[0];
        if (start >= s.length()) {
            throw new Failure(TOO_SHORT);
        }
        long v = 0;
        int n = 0;
        while (n < width && pos[0] < s.length() && Character.isDigit(s.charAt(pos[0])) && s.charAt(pos[0]) < 128) {
            if (v > (Long.MAX_VALUE - 9) / 10) {
                throw new Failure(OUT_OF_RANGE);
            }
            v = v * 10 + (s.charAt(pos[0]) - '0');
            pos[0]++;
            n++;
        }
        if (n == 0) {
            throw new Failure(INVALID);
        }
        return v;
    }

    /** A number, or after a sign any count of digits (a signed year, a timestamp). */
    private static long signedOrNumber(String s, int[] pos, int width) throws Failure {
        skipSpace(s, pos);
        if (pos[0] < s.length() && (s.charAt(pos[0]) == '+' || s.charAt(pos[0]) == '-')) {
            boolean negative = s.charAt(pos[0]) == '-';
            pos[0]++;
            long v = number(s, pos, 18);
            return negative ? -v : v;
        }
        return number(s, pos, width);
    }

    /** Exactly {@code digits} digits ({@code exact}) or 1 to 9 and more (the rest ignored), as nanoseconds. */
    private static long fraction(String s, int[] pos, int digits, boolean exact) throws Failure {
        int start = pos[0];
        while (pos[0] < s.length() && s.charAt(pos[0]) >= '0' && s.charAt(pos[0]) <= '9') {
            pos[0]++;
        }
        int n = pos[0] - start;
        if (exact && n < digits) {
            throw new Failure(n == 0 && start >= s.length() ? TOO_SHORT : INVALID);
        }
        if (n == 0) {
            throw new Failure(start >= s.length() ? TOO_SHORT : INVALID);
        }
        if (exact) {
            pos[0] = start + digits;
            n = digits;
        }
        String d = s.substring(start, start + Math.min(n, 9));
        return Long.parseLong((d + "000000000").substring(0, 9));
    }

    private static int name(String s, int[] pos, String[] names) throws Failure {
        if (s.length() - pos[0] < 3) {
            throw new Failure(TOO_SHORT);
        }
        String rest = s.substring(pos[0]).toLowerCase(Locale.ROOT);
        for (int i = 0; i < names.length; i++) {
            if (rest.startsWith(names[i].substring(0, 3))) {
                pos[0] += rest.startsWith(names[i]) ? names[i].length() : 3;
                return i;
            }
        }
        throw new Failure(INVALID);
    }

    private static boolean ampm(String s, int[] pos) throws Failure {
        if (s.length() - pos[0] < 2) {
            throw new Failure(TOO_SHORT);
        }
        String two = s.substring(pos[0], pos[0] + 2).toLowerCase(Locale.ROOT);
        if (!two.equals("am") && !two.equals("pm")) {
            throw new Failure(INVALID);
        }
        pos[0] += 2;
        return two.equals("pm");
    }

    /** {@code +hhmm}, {@code +hh:mm} or {@code +hh}, after any whitespace; {@code Z} is UTC. */
    private static int offset(String s, int[] pos) throws Failure {
        skipSpace(s, pos);
        if (pos[0] >= s.length()) {
            throw new Failure(TOO_SHORT);
        }
        char sign = s.charAt(pos[0]);
        if (sign == 'Z' || sign == 'z') {
            pos[0]++;
            return 0;
        }
        if (sign != '+' && sign != '-') {
            throw new Failure(INVALID);
        }
        pos[0]++;
        long hours = twoDigits(s, pos);
        long minutes = 0;
        if (pos[0] < s.length() && s.charAt(pos[0]) == ':') {
            pos[0]++;
            minutes = twoDigits(s, pos);
        } else if (pos[0] + 1 < s.length() && Character.isDigit(s.charAt(pos[0]))) {
            minutes = twoDigits(s, pos);
        }
        if (minutes > 59) {
            throw new Failure(OUT_OF_RANGE);
        }
        int total = (int) (hours * 3600 + minutes * 60);
        return sign == '-' ? -total : total;
    }

    private static long twoDigits(String s, int[] pos) throws Failure {
        if (s.length() - pos[0] < 2) {
            throw new Failure(TOO_SHORT);
        }
        char a = s.charAt(pos[0]);
        char b = s.charAt(pos[0] + 1);
        if (a < '0' || a > '9' || b < '0' || b > '9') {
            throw new Failure(INVALID);
        }
        pos[0] += 2;
        return (a - '0') * 10L + (b - '0');
    }
}
