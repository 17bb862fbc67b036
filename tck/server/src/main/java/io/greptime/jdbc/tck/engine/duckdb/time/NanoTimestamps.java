package io.greptime.jdbc.tck.engine.duckdb.time;

/**
 * DuckDB SQL that keeps a nanosecond timestamp's nanoseconds. DuckDB's calendar functions take a
 * {@code TIMESTAMP_NS} as a microsecond {@code TIMESTAMP}, rounding to the nearest microsecond (so
 * {@code 23:59:59.999999999} becomes the next day), while DataFusion computes on the column's own i64 of
 * nanoseconds and floors. Flooring the count to whole microseconds first leaves every calendar field, and
 * every truncation to a microsecond or coarser, as DataFusion computes it.
 */
public final class NanoTimestamps {
    private NanoTimestamps() {}

    /** {@code floor(v / k)} of a BIGINT expression, {@code k > 0}: DuckDB's {@code //} truncates toward zero. */
    public static String floorDiv(String v, long k) {
        // the truncated quotient, one less for a negative remainder (v - floorMod(v, k) would overflow near i64::MIN)
        return "((" + v + ") // " + k + " - CASE WHEN (" + v + ") % " + k + " < 0 THEN 1 ELSE 0 END)";
    }

    /** The non-negative remainder of {@code v / k}, {@code k > 0} (DuckDB's {@code %} keeps the dividend's sign). */
    public static String floorMod(String v, long k) {
        return "(((" + v + " % " + k + ") + " + k + ") % " + k + ")";
    }

    /** A {@code TIMESTAMP_NS} expression floored to a microsecond {@code TIMESTAMP}. */
    public static String floorMicros(String nanosTimestamp) {
        return "make_timestamp(" + floorDiv(epochNs(nanosTimestamp), 1000) + ")";
    }

    /** The nanoseconds below the microsecond of a {@code TIMESTAMP_NS} expression, 0 to 999. */
    public static String subMicros(String nanosTimestamp) {
        return floorMod(epochNs(nanosTimestamp), 1000);
    }

    /** The seconds since the epoch of a {@code TIMESTAMP_NS} expression as a DOUBLE (DataFusion's epoch part). */
    public static String epochSeconds(String nanosTimestamp) {
        return "(CAST(" + epochNs(nanosTimestamp) + " AS DOUBLE) / 1e9)";
    }

    /**
     * The i64 nanoseconds of a {@code TIMESTAMP_NS} expression. DuckDB keeps i64::MAX (2262-04-11
     * 23:47:16.854775807, the last nanosecond GreptimeDB stores) as its 'infinity', whose epoch_ns is NULL, and
     * -i64::MAX as '-infinity'; both are ordinary instants in DataFusion.
     */
    public static String epochNs(String nanosTimestamp) {
        return "(CASE WHEN isinf(" + nanosTimestamp + ") THEN CASE WHEN " + nanosTimestamp
                + " > TIMESTAMP_NS '1970-01-01' THEN 9223372036854775807 ELSE -9223372036854775807 END ELSE epoch_ns("
                + nanosTimestamp + ") END)";
    }

    /**
     * A {@code TIMESTAMP_NS} of the microseconds of a DuckDB {@code TIMESTAMP} expression, multiplied out
     * with i64 wrap-around as DataFusion's date_trunc and date_bin do: a result before the nanosecond range
     * (1677-09-21 00:12:43.145224192) wraps to its end, as a real GreptimeDB v1.0.0 answers.
     */
    public static String wrappedNanos(String microsTimestamp) {
        String two63 = "CAST('9223372036854775808' AS HUGEINT)";
        String two64 = "CAST('18446744073709551616' AS HUGEINT)";
        String ns = "CAST(epoch_us(" + microsTimestamp + ") AS HUGEINT) * 1000";
        return "make_timestamp_ns(CAST((((" + ns + " + " + two63 + ") % " + two64 + " + " + two64 + ") % " + two64
                + ") - " + two63 + " AS BIGINT))";
    }
}
