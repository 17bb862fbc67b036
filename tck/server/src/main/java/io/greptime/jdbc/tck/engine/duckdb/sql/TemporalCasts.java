package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.time.ArrowTimestampText;
import io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.math.BigInteger;
import java.time.Instant;

/**
 * Casts between text and timestamps as Arrow performs them for GreptimeDB: text literals parse with
 * Arrow's timestamp grammar ({@link ArrowTimestampText}), failing with its parser error, and timestamps
 * print as {@code 2020-01-01T01:23:45.123} (a {@code T}, and 0, 3, 6 or 9 fraction digits as needed).
 */
public final class TemporalCasts {
    private TemporalCasts() {}

    public static String timestampLiteral(String text, GreptimeType target, boolean tryCast) {
        Instant i;
        try {
            i = ArrowTimestampText.parse(text);
        } catch (ArrowTimestampText.Invalid e) {
            if (tryCast) {
                return "CAST(NULL AS " + target.duck() + ")";
            }
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Parser error: " + e.getMessage());
        }
        BigInteger nanos = BigInteger.valueOf(i.getEpochSecond())
                .multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(i.getNano()));
        if (target.unit() != null) {
            // Arrow counts whole units of the target (chrono's timestamp_millis and the like floor);
            // DuckDB's cast of the text would round the fraction
            BigInteger per = BigInteger.valueOf(TimestampLiterals.nanosPer(target.unit()));
            BigInteger[] qr = nanos.divideAndRemainder(per);
            BigInteger count = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
            if (count.bitLength() < 64) {
                return TimestampLiterals.fromUnits(count.longValue(), target.unit(), target.duck());
            }
        }
        if (nanos.bitLength() < 64) {
            return TimestampLiterals.fromNanos(nanos.longValue(), target.duck());
        }
        return TimestampLiterals.fromUnits(
                i.getEpochSecond(), org.apache.arrow.vector.types.TimeUnit.SECOND, target.duck());
    }

    /**
     * To a coarser unit Arrow truncates toward zero (its kernel divides the epoch count); DuckDB's own cast
     * and {@code date_trunc} round a nanosecond input and floor before 1970. So the count is truncated here:
     * {@code v - v % ratio} (DuckDB's {@code %} keeps the dividend's sign), which leaves a whole number of
     * target units that a microsecond timestamp holds exactly.
     */
    public static String timestampToTimestamp(String sql, GreptimeType from, GreptimeType to) {
        long fromNanos = TimestampLiterals.nanosPer(from.unit());
        long toNanos = TimestampLiterals.nanosPer(to.unit());
        if (toNanos <= fromNanos) {
            return "CAST(" + sql + " AS " + to.duck() + ")";
        }
        long ratio = toNanos / fromNanos;
        String v = switch (from.unit()) {
            case NANOSECOND -> NanoTimestamps.epochNs(sql);
            case MICROSECOND -> "epoch_us(" + sql + ")";
            default -> "epoch_ms(" + sql + ")";
        };
        String truncated = "(" + v + " - " + v + " % " + ratio + ")";
        String micros = switch (from.unit()) {
            case NANOSECOND -> truncated + " // 1000";
            case MICROSECOND -> truncated;
            default -> truncated + " * 1000";
        };
        return "CAST(make_timestamp(" + micros + ") AS " + to.duck() + ")";
    }

    /**
     * {@link #timestampText(String)} of a value of type {@code source}, its fraction counted in its own unit
     * (nanoseconds overflow past 2262, and a second, millisecond or microsecond timestamp holds 9999).
     */
    public static String timestampText(String sql, GreptimeType source) {
        // DuckDB's strftime would take a second or millisecond timestamp as nanoseconds, which fails past 2262
        String v = "CAST(" + sql + " AS TIMESTAMP)";
        String f = "strftime(" + v + ", '%Y-%m-%dT%H:%M:%S";
        return switch (source.unit()) {
            case SECOND -> f + "')";
            case MILLISECOND -> "CASE WHEN epoch_ms(" + sql + ") % 1000 = 0 THEN " + f + "') ELSE " + f + ".%g') END";
            case MICROSECOND ->
                "CASE WHEN epoch_us(" + sql + ") % 1000000 = 0 THEN " + f + "') WHEN epoch_us(" + sql
                        + ") % 1000 = 0 THEN " + f + ".%g') ELSE " + f + ".%f') END";
            case NANOSECOND -> timestampText(sql);
        };
    }

    /** Arrow's timestamp-to-text: ISO with {@code T}, fraction only as long as the value needs. */
    public static String timestampText(String sql) {
        String ns = NanoTimestamps.epochNs(sql);
        String f = "strftime(" + sql + ", '%Y-%m-%dT%H:%M:%S";
        return "CASE WHEN " + ns + " % 1000000000 = 0 THEN " + f + "') WHEN " + ns + " % 1000000 = 0 THEN " + f
                + ".%g') WHEN " + ns + " % 1000 = 0 THEN " + f + ".%f') ELSE " + f + ".%n') END";
    }
}
