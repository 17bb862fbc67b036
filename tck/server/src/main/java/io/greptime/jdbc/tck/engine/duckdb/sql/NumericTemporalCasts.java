package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind;
import io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps;

/**
 * Arrow's casts between numbers and time, which DuckDB lacks or does otherwise (as a GreptimeDB v1.0.0
 * answers them, tck/server/src/test/resources/type-casts.tsv):
 *
 * <ul>
 *   <li>a number to a timestamp is that many of the timestamp's unit (a float or decimal truncated toward
 *       zero first): {@code CAST(1700000000 AS TIMESTAMP(0))} is 2023-11-14T22:13:20;
 *   <li>a timestamp to a number is its count of its own unit; to a float that count as a float;
 *   <li>a date to Int32/Int64 is its count of days, and Int32/Int64 to a date the day that many after 1970;
 *   <li>a float or decimal to an integer truncates toward zero (DuckDB rounds half away), and text to an
 *       integer takes integer digits only ({@link #toInteger}).
 * </ul>
 */
public final class NumericTemporalCasts {
    private NumericTemporalCasts() {}

    /** DuckDB SQL for the cast of {@code sql} (of type {@code from}) to {@code to}, or null when the plain cast is right. */
    public static String of(String sql, GreptimeType from, GreptimeType to) {
        Kind f = from.kind();
        Kind t = to.kind();
        refuseUnsupported(from, to);
        boolean number = f == Kind.INT || f == Kind.UINT || f == Kind.FLOAT || f == Kind.DECIMAL;
        if (number && t == Kind.TIMESTAMP) {
            String count = f == Kind.FLOAT || f == Kind.DECIMAL
                    ? "CAST(trunc(" + sql + ") AS BIGINT)"
                    : "CAST(" + sql + " AS BIGINT)";
            return timestampOf(count, to.unit());
        }
        if (f == Kind.TIMESTAMP && (t == Kind.INT || t == Kind.UINT || t == Kind.FLOAT || t == Kind.DECIMAL)) {
            return "CAST(" + count(sql, from) + " AS " + to.duck() + ")";
        }
        if (f == Kind.DATE && (to.name().equals("Int32") || to.name().equals("Int64"))) {
            return "CAST((" + sql + " - DATE '1970-01-01') AS " + to.duck() + ")";
        }
        if ((from.name().equals("Int32") || from.name().equals("Int64")) && t == Kind.DATE) {
            return "(DATE '1970-01-01' + CAST(" + sql + " AS INTEGER))";
        }
        return toInteger(sql, from, to, false);
    }

    /**
     * The TRY_CAST forms of {@link #of} where DuckDB's own TRY_CAST differs: a timestamp to a number is its count
     * of its own unit, NULL where that count does not fit the target (DuckDB's TRY_CAST of a timestamp to a
     * number is always NULL); a date to Int32/Int64 its count of days. Null when DuckDB's TRY_CAST is right.
     */
    public static String tryOf(String sql, GreptimeType from, GreptimeType to) {
        Kind f = from.kind();
        Kind t = to.kind();
        refuseUnsupported(from, to);
        if (f == Kind.TIMESTAMP && (t == Kind.INT || t == Kind.UINT || t == Kind.FLOAT || t == Kind.DECIMAL)) {
            return "TRY_CAST(" + count(sql, from) + " AS " + to.duck() + ")";
        }
        if (f == Kind.DATE && (to.name().equals("Int32") || to.name().equals("Int64"))) {
            return "TRY_CAST((" + sql + " - DATE '1970-01-01') AS " + to.duck() + ")";
        }
        if ((from.name().equals("Int32") || from.name().equals("Int64")) && t == Kind.DATE) {
            // an Int64 narrows to Int32 days first, NULL where it does not fit
            return "(DATE '1970-01-01' + TRY_CAST(" + sql + " AS INTEGER))";
        }
        return null;
    }

    /**
     * Arrow's cast of an integer to Binary: its bytes in little-endian order, as many as its width (Int8 one,
     * Int64 eight; a negative value in two's complement); null when {@code from} is not an integer. Other
     * numbers have no such cast in Arrow.
     */
    public static String integerBytes(String sql, GreptimeType from) {
        if (from.kind() != Kind.INT && from.kind() != Kind.UINT) {
            return null;
        }
        int bits = Integer.parseInt(from.name().replaceAll("\\D", ""));
        String v = "CAST(" + sql + " AS HUGEINT)";
        StringBuilder hex = new StringBuilder();
        for (int shift = 0; shift < bits; shift += 8) {
            if (shift > 0) {
                hex.append(" || ");
            }
            hex.append("lpad(hex((").append(v).append(" >> ").append(shift).append(") & 255), 2, '0')");
        }
        return "unhex(" + hex + ")";
    }

    /** The timestamp of {@code unit} that is {@code count} (DuckDB SQL of a BIGINT) of that unit after 1970. */
    public static String timestampOf(String count, org.apache.arrow.vector.types.TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "CAST(make_timestamp(" + count + " * 1000000) AS TIMESTAMP_S)";
            case MILLISECOND -> "CAST(epoch_ms(" + count + ") AS TIMESTAMP_MS)";
            case MICROSECOND -> "make_timestamp(" + count + ")";
            case NANOSECOND -> "make_timestamp_ns(" + count + ")";
        };
    }

    /** A timestamp's count of its own unit, as DuckDB SQL. */
    private static String count(String sql, GreptimeType from) {
        return switch (from.unit()) {
            case SECOND -> "(epoch_us(" + sql + ") // 1000000)";
            case MILLISECOND -> "epoch_ms(" + sql + ")";
            case MICROSECOND -> "epoch_us(" + sql + ")";
            case NANOSECOND -> NanoTimestamps.epochNs(sql);
        };
    }

    /**
     * Arrow's casts to an integer where DuckDB's differ, for CAST and TRY_CAST ({@code tryCast}: NULL where
     * CAST fails), or null when the plain cast is right:
     *
     * <ul>
     *   <li>a float or decimal truncates toward zero (DuckDB rounds half away): {@code CAST(2.7 AS INT)} and
     *       {@code CAST(CAST(-2.7 AS DECIMAL(5, 1)) AS INT)} are 2 and -2; out of range the cast fails, a decimal
     *       naming its truncated value ({@code value of 300 is out of range Int8});
     *   <li>text takes an optional sign and decimal digits only (DuckDB also takes blanks around them, a
     *       fraction, an exponent and hex): {@code CAST('42.0' AS INT)} fails with {@code Cannot cast string
     *       '42.0' to value of Int32 type}, {@code TRY_CAST} is NULL.
     * </ul>
     */
    public static String toInteger(String sql, GreptimeType from, GreptimeType to, boolean tryCast) {
        Kind f = from.kind();
        Kind t = to.kind();
        if (t != Kind.INT && t != Kind.UINT) {
            return null;
        }
        String tr = "trunc(" + sql + ")";
        if (f == Kind.FLOAT) {
            if (tryCast) {
                return "TRY_CAST(" + tr + " AS " + to.duck() + ")";
            }
            // an out-of-range value keeps its own digits for the error (Arrow names the value it was given)
            return "CAST(CASE WHEN TRY_CAST(" + tr + " AS " + to.duck() + ") IS NULL THEN " + sql + " ELSE " + tr
                    + " END AS " + to.duck() + ")";
        }
        if (f == Kind.DECIMAL) {
            return (tryCast ? "TRY_CAST(" : "CAST(") + tr + " AS " + to.duck() + ")";
        }
        if (f == Kind.STRING) {
            // an unsigned target takes no minus sign, not even on zero
            String integer = "regexp_full_match(" + sql + ", '" + (t == Kind.UINT ? "[+]?" : "[+-]?") + "[0-9]+')";
            if (tryCast) {
                return "TRY_CAST(CASE WHEN " + integer + " THEN " + sql + " END AS " + to.duck() + ")";
            }
            String fail = "error('" + io.greptime.jdbc.tck.engine.duckdb.exec.Errors.RAISED
                    + io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY.code()
                    + ":Cast error: Cannot cast string ''' || " + sql + " || ''' to value of " + to.name()
                    + " type')";
            return "CAST(CASE WHEN " + sql + " IS NULL OR " + integer + " THEN " + sql + " ELSE " + fail + " END AS "
                    + to.duck() + ")";
        }
        return null;
    }

    /**
     * Casts Arrow has no kernel for, refused at planning as DataFusion refuses them (status 1001): a JSON
     * column (GreptimeDB keeps JSONB, Arrow Binary) to anything but a string, and booleans to and from decimals.
     */
    static void refuseUnsupported(GreptimeType from, GreptimeType to) {
        Kind f = from.kind();
        Kind t = to.kind();
        boolean json = f == Kind.JSON && t != Kind.STRING && t != Kind.JSON && t != Kind.BINARY;
        boolean boolDecimal = f == Kind.BOOLEAN && t == Kind.DECIMAL || f == Kind.DECIMAL && t == Kind.BOOLEAN;
        if (json || boolDecimal) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.UNSUPPORTED,
                    "This feature is not implemented: Unsupported CAST from " + arrowName(from) + " to "
                            + arrowName(to));
        }
    }

    /** Arrow's Display of the type GreptimeDB keeps a column of {@code t} in. */
    static String arrowName(GreptimeType t) {
        return switch (t.kind()) {
            case JSON, BINARY, VECTOR -> "Binary";
            case STRING -> "Utf8";
            case DATE -> "Date32";
            case TIMESTAMP ->
                switch (t.unit()) {
                    case SECOND -> "Timestamp(s)";
                    case MILLISECOND -> "Timestamp(ms)";
                    case MICROSECOND -> "Timestamp(µs)";
                    case NANOSECOND -> "Timestamp(ns)";
                };
            case DECIMAL -> "Decimal128" + t.name().substring("Decimal".length());
            case INTERVAL -> "Interval(MonthDayNano)";
            default -> t.name();
        };
    }
}
