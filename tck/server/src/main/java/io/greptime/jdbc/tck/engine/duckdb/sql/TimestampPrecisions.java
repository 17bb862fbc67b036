package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * DataFusion's date functions and timestamp operators on every timestamp unit. DataFusion computes on the
 * column's own i64 (seconds, milliseconds, microseconds or nanoseconds) and answers in the input's unit;
 * DuckDB holds its calendar in microseconds, rounds a {@code TIMESTAMP_NS} to them and answers a
 * {@code TIMESTAMP}. So a nanosecond input is floored to microseconds first ({@link NanoTimestamps}) and
 * each answer is cast back to the input's unit. Two timestamps of different units meet in the coarser
 * one (DataFusion's temporal coercion, {@code timeunit_coercion} in its binary type coercion, picks the
 * coarser unit), the finer side truncated toward zero as Arrow's cast kernel divides.
 */
public final class TimestampPrecisions {
    private TimestampPrecisions() {}

    /**
     * The parts date_part takes (date_part.rs: arrow's IntervalUnit names, singular, plural and abbreviated, then
     * isoyear, quarter, doy, dow, isodow and epoch), each to the name DuckDB's date_part knows it by; century,
     * decade and millennium are interval units but not parts.
     */
    private static final java.util.Map<String, String> PART_NAMES = partNames();

    private static java.util.Map<String, String> partNames() {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        String[][] names = {
            {"year", "y", "yr", "yrs", "year", "years"},
            {"month", "mon", "mons", "month", "months"},
            {"week", "w", "week", "weeks"},
            {"day", "d", "day", "days"},
            {"hour", "h", "hr", "hrs", "hour", "hours"},
            {"minute", "m", "min", "mins", "minute", "minutes"},
            {"second", "s", "sec", "secs", "second", "seconds"},
            {"millisecond", "ms", "msec", "msecs", "msecond", "mseconds", "millisecond", "milliseconds"},
            {"microsecond", "us", "usec", "usecs", "usecond", "useconds", "microsecond", "microseconds"},
            {"isoyear", "isoyear"},
            {"quarter", "qtr", "quarter"},
            {"doy", "doy"},
            {"dow", "dow"},
            {"isodow", "isodow"},
            {"epoch", "epoch"}
        };
        for (String[] n : names) {
            for (int i = 1; i < n.length; i++) {
                m.put(n[i], n[0]);
            }
        }
        return java.util.Map.copyOf(m);
    }

    private static final String NATIVE_STRING = "Native(LogicalType(Native(String), String))";

    /**
     * DataFusion's planning refusal of a number or boolean where date_trunc / date_part take a temporal value:
     * each of the signature's classes rejects it in turn, then the candidates are listed.
     */
    private static void refuseNumber(
            ExprRenderer r, String name, Expr arg, List<String> classes, List<String> candidates) {
        GreptimeType t = ExprTypes.of(r.scope, arg);
        if (t == null
                || !List.of(
                                GreptimeType.Kind.INT,
                                GreptimeType.Kind.UINT,
                                GreptimeType.Kind.FLOAT,
                                GreptimeType.Kind.BOOLEAN)
                        .contains(t.kind())) {
            return;
        }
        String got = NumericTemporalCasts.arrowName(t);
        StringBuilder sb = new StringBuilder("Failed to plan SQL: Error during planning: Execution error: Function '")
                .append(name)
                .append("' failed to match any signature, errors: ");
        for (int i = 0; i < classes.size(); i++) {
            sb.append(i == 0 ? "" : ",")
                    .append("Error during planning: Function '")
                    .append(name)
                    .append("' requires ")
                    .append(classes.get(i))
                    .append(", but received ")
                    .append(got)
                    .append(" (DataType: ")
                    .append(got)
                    .append(").");
        }
        sb.append(" No function matches the given name and argument types '")
                .append(name)
                .append("(Utf8, ")
                .append(got)
                .append(")'. You might need to add explicit type casts.\n\tCandidate functions:");
        for (String candidate : candidates) {
            sb.append("\n\t")
                    .append(name)
                    .append("(Coercion(TypeSignatureClass::")
                    .append(NATIVE_STRING)
                    .append("), ")
                    .append(candidate);
        }
        throw new GreptimeError(StatusCode.PLAN_QUERY, sb.toString());
    }

    /** The granularities DataFusion's date_trunc takes (its error lists them in this order). */
    private static final List<String> TRUNC_UNITS = List.of(
            "microsecond", "millisecond", "second", "minute", "hour", "day", "week", "month", "quarter", "year");

    private static boolean nanos(GreptimeType t) {
        return t != null && t.kind() == GreptimeType.Kind.TIMESTAMP && t.unit() == TimeUnit.NANOSECOND;
    }

    private static boolean timestamp(GreptimeType t) {
        return t != null && t.kind() == GreptimeType.Kind.TIMESTAMP;
    }

    /** {@code date_trunc(unit, t)}: the unit checked as DataFusion checks it, the answer in t's unit. */
    public static String dateTrunc(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        if (a.size() == 2 && a.get(0) instanceof SqlAst.Literal n && n.kind() == SqlAst.LiteralKind.NULL) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: Granularity of `date_trunc` must be non-null scalar Utf8");
        }
        if (a.size() != 2
                || !(a.get(0) instanceof SqlAst.Literal l)
                || l.kind() != SqlAst.LiteralKind.STRING
                || c.over() != null) {
            return null;
        }
        refuseNumber(
                r,
                c.name(),
                a.get(1),
                List.of("TypeSignatureClass::Timestamp", "TypeSignatureClass::Time"),
                List.of(
                        "Coercion(TypeSignatureClass::Timestamp, implicit_coercion=ImplicitCoercion([" + NATIVE_STRING
                                + ", Native(LogicalType(Native(Date), Date))], default_type=Timestamp(Nanosecond,"
                                + " None)))",
                        "Coercion(TypeSignatureClass::Time))"));
        String unit = l.text().toLowerCase(Locale.ROOT);
        if (!TRUNC_UNITS.contains(unit)) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: Unsupported date_trunc granularity: '" + l.text() + "'. Supported values are: "
                            + String.join(", ", TRUNC_UNITS));
        }
        GreptimeType t = ExprTypes.of(r.scope, a.get(1));
        String v = r.render(a.get(1));
        if (t != null && t.kind() == GreptimeType.Kind.STRING && !(a.get(1) instanceof SqlAst.Literal)) {
            // text is coerced to Timestamp(ns): Arrow's timestamp text, an offset honoured
            t = GreptimeType.TS_NANO;
            v = "coalesce(make_timestamp_ns(gt_text_nanos(" + v + ")), CAST(" + v + " AS TIMESTAMP_NS))";
        }
        if (nanos(t)) {
            return truncNanos(unit, v);
        }
        if (timestamp(t)) {
            if (List.of("week", "month", "quarter", "year").contains(unit)) {
                // date_trunc.rs general_date_trunc: a calendar unit is cleared on the value times its unit's
                // nanoseconds, a multiplication that wraps past the nanosecond range, then divided back
                String wrapped = NanoTimestamps.wrappedNanos("CAST(" + v + " AS TIMESTAMP)");
                return TemporalCasts.timestampToTimestamp(truncNanos(unit, wrapped), GreptimeType.TS_NANO, t);
            }
            return "CAST(date_trunc('" + unit + "', " + v + ") AS " + t.duck() + ")";
        }
        if (t != null && t.kind() == GreptimeType.Kind.DATE) {
            // a date is coerced to Timestamp(ns), refused past the nanosecond range (arrow's cast kernel)
            String days = "(" + v + " - DATE '1970-01-01')";
            return "CASE WHEN abs(" + days + ") > 106751 THEN error('" + Errors.RAISED
                    + StatusCode.ENGINE_EXECUTE_QUERY.code() + ":Execution error: Cannot cast Date32 value ' || "
                    + days + " || ' to Timestamp(ns): converted value exceeds the representable i64 range')"
                    + " ELSE CAST(date_trunc('" + unit + "', CAST(" + v + " AS TIMESTAMP)) AS TIMESTAMP_NS) END";
        }
        return null;
    }

    /** date_trunc of a {@code TIMESTAMP_NS}: on its floored microseconds, the answer multiplied back with wrap. */
    private static String truncNanos(String unit, String v) {
        return NanoTimestamps.wrappedNanos("date_trunc('" + unit + "', " + NanoTimestamps.floorMicros(v) + ")");
    }

    /**
     * {@code date_part(field, t)} and {@code extract(field FROM t)}: a nanosecond input's fields from its
     * floored microseconds, its epoch from all its nanoseconds; the nanosecond part is refused as DataFusion
     * refuses it (not implemented).
     */
    public static String datePart(ExprRenderer r, String field, Expr arg) {
        refuseNumber(
                r,
                "date_part",
                arg,
                List.of(
                        "TypeSignatureClass::Timestamp",
                        "TypeSignatureClass::Native(LogicalType(Native(Date), Date))",
                        "TypeSignatureClass::Time",
                        "TypeSignatureClass::Interval",
                        "TypeSignatureClass::Duration"),
                List.of(
                        "Coercion(TypeSignatureClass::Timestamp, implicit_coercion=ImplicitCoercion([" + NATIVE_STRING
                                + "], default_type=Timestamp(Nanosecond, None)))",
                        "Coercion(TypeSignatureClass::Native(LogicalType(Native(Date), Date))))",
                        "Coercion(TypeSignatureClass::Time))",
                        "Coercion(TypeSignatureClass::Interval))",
                        "Coercion(TypeSignatureClass::Duration))"));
        String f = field.toLowerCase(Locale.ROOT);
        if (f.equals("nanosecond") || f.equals("nanoseconds")) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "This feature is not implemented: Date part Nanosecond not supported");
        }
        String part = PART_NAMES.get(f);
        if (part == null) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: Date part '" + field + "' not supported");
        }
        GreptimeType t = ExprTypes.of(r.scope, arg);
        String v = r.render(arg);
        if (t != null && t.kind() == GreptimeType.Kind.STRING && !(arg instanceof SqlAst.Literal)) {
            // text is coerced to Timestamp(ns): Arrow's timestamp text, an offset honoured
            t = GreptimeType.TS_NANO;
            v = "coalesce(make_timestamp_ns(gt_text_nanos(" + v + ")), CAST(" + v + " AS TIMESTAMP_NS))";
        }
        field = part;
        if (nanos(t)) {
            if (f.equals("epoch")) {
                return NanoTimestamps.epochSeconds(v);
            }
            v = NanoTimestamps.floorMicros(v);
        }
        // DataFusion's date_part answers Int32, but Float64 for the epoch
        String sql = "date_part('" + field + "', " + v + ")";
        boolean temporal = timestamp(t) || t != null && t.kind() == GreptimeType.Kind.DATE;
        return f.equals("epoch") || !temporal ? sql : "CAST(" + sql + " AS INTEGER)";
    }

    /** {@code date_bin(stride, t[, origin])} of a timestamp: binned from its floored microseconds, in t's unit. */
    public static String dateBin(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        if ((a.size() != 2 && a.size() != 3) || c.over() != null) {
            return null;
        }
        GreptimeType t = ExprTypes.of(r.scope, a.get(1));
        if (t != null && t.kind() == GreptimeType.Kind.DATE) {
            // a date is coerced to Timestamp(ns), the answer's type
            return "CAST(greptime.main.gt_date_bin(" + r.render(a.get(0)) + ", CAST(" + r.render(a.get(1))
                    + " AS TIMESTAMP)" + (a.size() == 3 ? ", " + r.render(a.get(2)) : "") + ") AS TIMESTAMP_NS)";
        }
        if (!timestamp(t)) {
            return null;
        }
        String v = r.render(a.get(1));
        if (a.get(0) instanceof SqlAst.Interval literal) {
            IntervalValue stride = IntervalValue.of(literal);
            if (stride != null && stride.months() == 0) {
                long strideNanos = stride.days() * 86_400_000_000_000L + stride.nanos();
                if (strideNanos == 0) {
                    throw new GreptimeError(
                            StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: DATE_BIN stride must be non-zero");
                }
                if (nanos(t) && strideNanos % 1000 != 0) {
                    return binNanos(r, c, v, strideNanos);
                }
            }
            if (stride != null && stride.months() > 0) {
                // date_bin.rs to_utc_date_time: a month stride reads the source's nanoseconds as seconds and a
                // remainder cast to u32, which a fraction of a second before 1970 makes negative: refused
                String ns = nanos(t) ? NanoTimestamps.epochNs(v) : "(epoch_us(CAST(" + v + " AS TIMESTAMP)) * 1000)";
                String binned = dateBinSql(r, c, t, v);
                return "(CASE WHEN " + ns + " < 0 AND " + ns + " % 1000000000 <> 0 THEN "
                        + Errors.raise(
                                StatusCode.ENGINE_EXECUTE_QUERY,
                                "Compute error: Execution error: Invalid timestamp value")
                        + " ELSE " + binned + " END)";
            }
        }
        return dateBinSql(r, c, t, v);
    }

    private static String dateBinSql(ExprRenderer r, SqlAst.Call c, GreptimeType t, String v) {
        List<Expr> a = c.args();
        String sql = "greptime.main.gt_date_bin(" + r.render(a.get(0)) + ", "
                + (nanos(t) ? NanoTimestamps.floorMicros(v) : v)
                + (a.size() == 3 ? ", " + r.render(a.get(2)) : "") + ")";
        // DataFusion bins every unit in nanoseconds, wrapping past the range, and truncates back to the unit
        String wrapped = NanoTimestamps.wrappedNanos(sql);
        return nanos(t) ? wrapped : TemporalCasts.timestampToTimestamp(wrapped, GreptimeType.TS_NANO, t);
    }

    /**
     * date_bin.rs date_bin_nanos_interval on the i64 nanoseconds, for a stride below the microsecond that
     * DuckDB's intervals cannot hold: the distance from the origin cut to a multiple of the stride, one stride
     * further back for a source before the origin.
     */
    private static String binNanos(ExprRenderer r, SqlAst.Call c, String v, long stride) {
        String origin = c.args().size() == 3
                ? NanoTimestamps.epochNs("CAST(" + r.render(c.args().get(2)) + " AS TIMESTAMP_NS)")
                : "0";
        String diff = "(" + NanoTimestamps.epochNs(v) + " - " + origin + ")";
        String cut = "(" + diff + " - " + diff + " % " + stride + ")";
        String delta = stride > 1
                ? "CASE WHEN " + diff + " < 0 AND " + cut + " <> " + diff + " THEN " + cut + " - " + stride + " ELSE "
                        + cut + " END"
                : cut;
        return "make_timestamp_ns(" + origin + " + " + delta + ")";
    }

    /**
     * A timestamp plus or minus an interval keeps the timestamp's unit (DuckDB would answer microseconds).
     * A nanosecond timestamp gets the interval on its floored microseconds and the nanoseconds below added
     * back; a second or millisecond one is floored to its unit, as Arrow converts the sum back. Null when
     * not that.
     */
    static String nanoInterval(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        if (!b.op().equals("+") && !b.op().equals("-")) {
            return null;
        }
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        boolean intervalRight = interval(r, b.right());
        if (nanos(lt) && intervalRight) {
            return shifted(left, b.op(), right, subMicros(b.right()));
        }
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (b.op().equals("+") && nanos(rt) && interval(r, b.left())) {
            return shifted(right, "+", left, subMicros(b.left()));
        }
        GreptimeType coarse = timestamp(lt) && intervalRight
                ? lt
                : b.op().equals("+") && timestamp(rt) && interval(r, b.left()) ? rt : null;
        if (coarse == null) {
            return null;
        }
        if (coarse.unit() == TimeUnit.MICROSECOND) {
            // Arrow shifts by all the interval's nanoseconds and floors back to microseconds; DuckDB's interval
            // drops those below the microsecond, which only a subtraction brings to a microsecond less
            return b.op().equals("-") && subMicros(b.right()) > 0
                    ? "(" + left + " - " + right + " - INTERVAL 1 MICROSECOND)"
                    : null;
        }
        long per = coarse.unit() == TimeUnit.SECOND ? 1_000_000L : 1_000L;
        String sum = "epoch_us(" + left + " " + b.op() + " " + right + ")";
        return "CAST(make_timestamp(" + NanoTimestamps.floorDiv(sum, per) + " * " + per + ") AS " + coarse.duck() + ")";
    }

    /**
     * Two timestamps, or a timestamp or date with a bare NULL: DataFusion coerces the NULL to the other side's type, so a timestamp
     * plus (times, over, modulo) NULL is the arithmetic of two timestamps, refused while planning, and a date plus
     * NULL finds no coercion; minus passes (a NULL Duration, or Int64 for dates).
     */
    static void checkNullOperand(ExprRenderer r, SqlAst.Binary b) {
        String op = b.op();
        if (!List.of("+", "*", "/", "%").contains(op)) {
            return;
        }
        boolean leftNull = isNull(b.left());
        boolean rightNull = isNull(b.right());
        if (leftNull && rightNull) {
            return;
        }
        GreptimeType t;
        if (!leftNull && !rightNull) {
            // two timestamps meet in the coarser unit, where only their difference is defined
            GreptimeType lt = ExprTypes.of(r.scope, b.left());
            GreptimeType rt = ExprTypes.of(r.scope, b.right());
            if (!timestamp(lt) || !timestamp(rt)) {
                return;
            }
            t = GreptimeType.timestamp(coarserUnit(lt, rt));
        } else {
            t = ExprTypes.of(r.scope, leftNull ? b.right() : b.left());
        }
        if (timestamp(t)) {
            String name = NumericTemporalCasts.arrowName(t);
            String operation = name + " " + op + " " + name;
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Cannot get result type for temporal operation "
                            + operation + ": Invalid argument error: Invalid timestamp arithmetic operation: "
                            + operation);
        }
        if (t != null && t.kind() == GreptimeType.Kind.DATE && op.equals("+")) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Cannot coerce arithmetic expression "
                            + (leftNull ? "Null + Date32" : "Date32 + Null") + " to valid types");
        }
    }

    private static boolean isNull(Expr e) {
        return e instanceof SqlAst.Nested n
                ? isNull(n.expr())
                : e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL;
    }

    /** The nanoseconds of an interval literal below the microsecond, which DuckDB's INTERVAL cannot hold. */
    private static long subMicros(Expr e) {
        Expr inner = e;
        while (inner instanceof SqlAst.Nested n) {
            inner = n.expr();
        }
        IntervalValue v = inner instanceof SqlAst.Interval i ? IntervalValue.of(i) : null;
        return v == null ? 0 : v.nanos() % 1_000;
    }

    private static String shifted(String ts, String op, String interval, long extraNanos) {
        String micros = "epoch_us(" + NanoTimestamps.floorMicros(ts) + " " + op + " " + interval + ")";
        String nanos = NanoTimestamps.subMicros(ts) + (extraNanos == 0 ? "" : " " + op + " " + extraNanos);
        // past the nanosecond range Arrow's checked arithmetic fails (a real v1.0.0 answers this error)
        return "(CASE WHEN isinf(" + ts + ") OR " + micros + " NOT BETWEEN -9223372036854775 AND 9223372036854774 THEN "
                + Errors.raise(StatusCode.ENGINE_EXECUTE_QUERY, "Compute error: Timestamp out of range")
                + " ELSE make_timestamp_ns(" + micros + " * 1000 + " + nanos + ") END)";
    }

    private static boolean interval(ExprRenderer r, Expr e) {
        Expr inner = e;
        while (inner instanceof SqlAst.Nested n) {
            inner = n.expr();
        }
        if (inner instanceof SqlAst.Interval) {
            return true;
        }
        GreptimeType t = ExprTypes.of(r.scope, inner);
        return t != null && t.kind() == GreptimeType.Kind.INTERVAL;
    }

    /**
     * The two sides of a comparison of timestamps of different units, both in the coarser unit (the finer
     * side truncated toward zero); null when the sides are not two timestamps of different units.
     */
    static String[] coarser(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (!timestamp(lt) || !timestamp(rt) || lt.unit() == rt.unit()) {
            return null;
        }
        boolean leftFiner = TimestampLiterals.nanosPer(lt.unit()) < TimestampLiterals.nanosPer(rt.unit());
        return leftFiner
                ? new String[] {TemporalCasts.timestampToTimestamp(left, lt, rt), right}
                : new String[] {left, TemporalCasts.timestampToTimestamp(right, rt, lt)};
    }

    /** The Arrow Duration of {@code l - r} for two timestamps, in the coarser unit; null for anything else. */
    static GreptimeType differenceType(GreptimeType l, String op, GreptimeType r) {
        if (!op.equals("-") || !timestamp(l) || !timestamp(r)) {
            return null;
        }
        return GreptimeType.duration(coarserUnit(l, r));
    }

    private static TimeUnit coarserUnit(GreptimeType l, GreptimeType r) {
        return TimestampLiterals.nanosPer(l.unit()) >= TimestampLiterals.nanosPer(r.unit()) ? l.unit() : r.unit();
    }

    /**
     * A select item that is the difference of two timestamps, as DataFusion answers it: an Arrow Duration
     * in the coarser unit, its count the difference of both sides truncated to that unit. DuckDB would
     * answer an INTERVAL, so the count goes out in a one-field struct whose field name carries the unit
     * ({@link #DURATION_FIELD}); the result converter turns it into the Duration column. Null when the item
     * is not such a difference (a difference inside a larger expression keeps DuckDB's INTERVAL).
     */
    public static String durationItem(ExprRenderer r, Expr item) {
        Expr e = item;
        while (e instanceof SqlAst.Nested n) {
            e = n.expr();
        }
        if (!(e instanceof SqlAst.Binary b) || !b.op().equals("-")) {
            return null;
        }
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (differenceType(lt, "-", rt) == null) {
            return null;
        }
        TimeUnit unit = coarserUnit(lt, rt);
        GreptimeType target = GreptimeType.timestamp(unit);
        String left = r.render(b.left());
        String right = r.render(b.right());
        if (lt.unit() != unit) {
            left = TemporalCasts.timestampToTimestamp(left, lt, target);
        }
        if (rt.unit() != unit) {
            right = TemporalCasts.timestampToTimestamp(right, rt, target);
        }
        String count = count(left, unit) + " - " + count(right, unit);
        return "struct_pack(" + DURATION_FIELD + unitSuffix(unit) + " := " + count + ")";
    }

    /** The prefix of the struct field that marks a Duration answer; the unit's suffix follows. */
    public static final String DURATION_FIELD = "gt_duration_";

    /** {@code s}, {@code ms}, {@code us} or {@code ns}. */
    public static String unitSuffix(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "s";
            case MILLISECOND -> "ms";
            case MICROSECOND -> "us";
            case NANOSECOND -> "ns";
        };
    }

    private static String count(String ts, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "(epoch_ms(" + ts + ") // 1000)";
            case MILLISECOND -> "epoch_ms(" + ts + ")";
            case MICROSECOND -> "epoch_us(" + ts + ")";
            case NANOSECOND -> NanoTimestamps.epochNs(ts);
        };
    }
}
