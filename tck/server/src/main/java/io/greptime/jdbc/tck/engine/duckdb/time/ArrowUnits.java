package io.greptime.jdbc.tck.engine.duckdb.time;

import org.apache.arrow.vector.types.TimeUnit;

/** Arrow's short unit names as its type display prints them ({@code Timestamp(ms)}). */
public final class ArrowUnits {
    private ArrowUnits() {}

    public static String shortName(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "s";
            case MILLISECOND -> "ms";
            case MICROSECOND -> "µs";
            case NANOSECOND -> "ns";
        };
    }
}
