package io.greptime.jdbc.arrow;

import java.time.Duration;
import java.time.Instant;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Arrow time units as GreptimeDB names and prints them: the suffix of its type names
 * ({@code TimestampMillisecond}) and the fixed number of fractional-second digits its renderer
 * prints per unit ({@code 2020-01-01T01:23:45.120} for milliseconds, as in sqlness results).
 */
public final class ArrowTimeUnits {
    private ArrowTimeUnits() {}

    /** {@code Second}, {@code Millisecond}, {@code Microsecond} or {@code Nanosecond}. */
    public static String suffix(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "Second";
            case MILLISECOND -> "Millisecond";
            case MICROSECOND -> "Microsecond";
            case NANOSECOND -> "Nanosecond";
        };
    }

    /** Fractional-second digits printed for the unit: 0, 3, 6 or 9. */
    public static int fractionDigits(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 0;
            case MILLISECOND -> 3;
            case MICROSECOND -> 6;
            case NANOSECOND -> 9;
        };
    }

    /** The instant {@code value} units after the epoch; floor division keeps pre-1970 values exact. */
    public static Instant toInstant(long value, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> Instant.ofEpochSecond(value);
            case MILLISECOND -> Instant.ofEpochMilli(value);
            case MICROSECOND ->
                Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
            case NANOSECOND ->
                Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
        };
    }

    /** A duration of {@code value} units. */
    public static Duration toDuration(long value, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> Duration.ofSeconds(value);
            case MILLISECOND -> Duration.ofMillis(value);
            case MICROSECOND ->
                Duration.ofSeconds(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
            case NANOSECOND -> Duration.ofNanos(value);
        };
    }

    /** Nanoseconds in one unit. */
    public static long nanosPerUnit(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 1_000_000_000L;
            case MILLISECOND -> 1_000_000L;
            case MICROSECOND -> 1_000L;
            case NANOSECOND -> 1L;
        };
    }
}
