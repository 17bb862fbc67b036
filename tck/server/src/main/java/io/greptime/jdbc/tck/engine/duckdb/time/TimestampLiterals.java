package io.greptime.jdbc.tck.engine.duckdb.time;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Timestamp literals for DuckDB SQL, built from epoch values or from text the way GreptimeDB parses
 * timestamp strings: {@code YYYY-MM-DD[( |T)hh:mm[:ss[.f]]][Z|±hh[:mm]]}, a time without an offset read in
 * the session time zone.
 */
public final class TimestampLiterals {
    private static final Pattern TEXT = Pattern.compile(
            "^\\s*(-?\\d{4,})-(\\d{1,2})-(\\d{1,2})(?:[T ](\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?)?"
                    + "\\s*(Z|z|[+-]\\d{2}(?::?\\d{2})?)?\\s*$");
    private static final DateTimeFormatter OUT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSSSS");

    private TimestampLiterals() {}

    /** A DuckDB literal of {@code duckType} holding {@code value} units since the epoch. */
    public static String fromUnits(long value, TimeUnit unit, String duckType) {
        BigInteger nanos = BigInteger.valueOf(value).multiply(BigInteger.valueOf(nanosPer(unit)));
        if (nanos.bitLength() >= 64) {
            long perSecond = 1_000_000_000L / nanosPer(unit);
            // past the nanosecond range: the whole seconds and the fraction apart, none of it dropped
            Instant i = Instant.ofEpochSecond(
                    Math.floorDiv(value, perSecond), Math.floorMod(value, perSecond) * nanosPer(unit));
            return "CAST('" + format(i) + "' AS " + duckType + ")";
        }
        return fromNanos(nanos.longValue(), duckType);
    }

    public static String fromNanos(long nanos, String duckType) {
        Instant i = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
        return "CAST('" + format(i) + "' AS " + duckType + ")";
    }

    private static String format(Instant i) {
        return LocalDateTime.ofInstant(i, ZoneOffset.UTC).format(OUT);
    }

    public static long nanosPer(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 1_000_000_000L;
            case MILLISECOND -> 1_000_000L;
            case MICROSECOND -> 1_000L;
            case NANOSECOND -> 1L;
        };
    }

    /** Nanoseconds since the epoch of {@code text}, or null when it is not a timestamp. */
    public static Long parseNanos(String text, ZoneId zone) {
        Instant i = parseInstant(text, zone);
        if (i == null) {
            return null;
        }
        try {
            return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /**
     * GreptimeDB's to_unixtime of text ({@code v1.0.0:src/common/function/src/scalars/timestamp/to_unixtime.rs}
     * convert_to_seconds): a timestamp (or a date) read in the session zone unless it names an offset, its whole
     * seconds floored; any year chrono reads, not only those nanoseconds reach. Null when it is neither.
     */
    public static Long unixSeconds(String text, String zone) {
        if (text == null) {
            return null;
        }
        Instant i = parseInstant(text.strip(), ZoneId.of(zone));
        return i == null ? null : i.getEpochSecond();
    }

    /** The instant {@code text} names, or null when it is not a timestamp. */
    private static Instant parseInstant(String text, ZoneId zone) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            return null;
        }
        try {
            int hour = m.group(4) == null ? 0 : Integer.parseInt(m.group(4));
            int minute = m.group(5) == null ? 0 : Integer.parseInt(m.group(5));
            int second = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
            int nano = m.group(7) == null ? 0 : Integer.parseInt((m.group(7) + "00000000").substring(0, 9));
            LocalDateTime local = LocalDateTime.of(
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    hour,
                    minute,
                    second,
                    nano);
            ZoneId at = m.group(8) == null ? zone : offset(m.group(8));
            return local.atZone(at).toInstant();
        } catch (java.time.DateTimeException | ArithmeticException e) {
            return null;
        }
    }

    private static ZoneId offset(String s) {
        if (s.equalsIgnoreCase("z")) {
            return ZoneOffset.UTC;
        }
        String norm = s.length() == 3 ? s + ":00" : s.contains(":") ? s : s.substring(0, 3) + ":" + s.substring(3);
        return ZoneOffset.of(norm);
    }
}
