package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.ChronoFormat;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.time.IntervalValue;
import io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/**
 * GreptimeDB's own date and time functions on DuckDB: {@code date_add}/{@code date_sub} (an interval or
 * interval text; the result keeps the input's type, a DATE stays a DATE), {@code date_format} (chrono's
 * format, timestamps shown in the session time zone), {@code to_unixtime} (text read in the session
 * time zone) and {@code timezone()}.
 */
public final class TimeFunctions {
    private TimeFunctions() {}

    /** GreptimeDB prints its session zone as {@code UTC}, {@code +08:00} or the IANA name. */
    static String zoneName(ZoneId zone) {
        return io.greptime.jdbc.tck.engine.duckdb.time.ZoneNames.zoneName(zone);
    }

    /** The zone as ICU (DuckDB's time zone support) names it. */
    static String icuZone(ZoneId zone) {
        if (zone instanceof ZoneOffset o) {
            return o.getTotalSeconds() == 0 ? "UTC" : "GMT" + o.getId();
        }
        return zone.getId();
    }

    static String dateArithmetic(ExprRenderer r, SqlAst.Call c, boolean add) {
        if (c.args().size() != 2) {
            return null;
        }
        Expr base = c.args().get(0);
        GreptimeType baseType = ExprTypes.of(r.scope, base);
        Expr step = c.args().get(1);
        while (step instanceof SqlAst.Nested n) {
            step = n.expr();
        }
        refuseNumberStep(r, c, baseType, step);
        if (isNull(base) || isNull(step)) {
            // a NULL on either side gives NULL, of the base's type (a NULL base: a nanosecond timestamp)
            return "CAST(NULL AS " + (isNull(base) || baseType == null ? "TIMESTAMP_NS" : baseType.duck()) + ")";
        }
        if (baseType != null
                && baseType.kind() == GreptimeType.Kind.TIMESTAMP
                && baseType.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND
                && step instanceof SqlAst.Interval) {
            // a nanosecond timestamp keeps its nanoseconds, as its + and - with an interval do
            return r.render(new SqlAst.Binary(base, add ? "+" : "-", step));
        }
        String interval = interval(r, c.args().get(1));
        String sql = "(" + r.render(base) + (add ? " + " : " - ") + interval + ")";
        GreptimeType type = ExprTypes.of(r.scope, base);
        if (type != null && (type.kind() == GreptimeType.Kind.DATE || type.kind() == GreptimeType.Kind.TIMESTAMP)) {
            return "CAST(" + sql + " AS " + type.duck() + ")";
        }
        return sql;
    }

    /**
     * GreptimeDB's date_add/date_sub signature (scalars/date/date_add.rs): a Date32 or a timestamp of any unit
     * with an interval of any kind; a number in the interval's place fails planning with DataFusion's
     * coercion error listing those fifteen candidates.
     */
    private static void refuseNumberStep(ExprRenderer r, SqlAst.Call c, GreptimeType baseType, Expr step) {
        if (baseType == null
                || (baseType.kind() != GreptimeType.Kind.DATE && baseType.kind() != GreptimeType.Kind.TIMESTAMP)) {
            return;
        }
        GreptimeType stepType = ExprTypes.of(r.scope, step);
        if (stepType == null || !ExprTypes.isNumeric(stepType)) {
            return;
        }
        String base =
                baseType.kind() == GreptimeType.Kind.DATE ? "Date32" : "Timestamp(" + unitName(baseType) + ", None)";
        String number = JsonPathSql.arrowType(step, stepType.name());
        String[] intervals = {"MonthDayNano", "YearMonth", "DayTime"};
        String[][] bases = {
            {"Date32", "Date32"},
            {"Timestamp(Second, None)", "Timestamp(s)"},
            {"Timestamp(Millisecond, None)", "Timestamp(ms)"},
            {"Timestamp(Microsecond, None)", "Timestamp(µs)"},
            {"Timestamp(Nanosecond, None)", "Timestamp(ns)"}
        };
        StringBuilder oneOf = new StringBuilder();
        StringBuilder candidates = new StringBuilder();
        for (String[] b : bases) {
            for (String i : intervals) {
                oneOf.append(oneOf.length() == 0 ? "" : ", ")
                        .append("Exact([")
                        .append(b[0])
                        .append(", Interval(")
                        .append(i)
                        .append(")])");
                candidates
                        .append("\n\t")
                        .append(c.name())
                        .append('(')
                        .append(b[1])
                        .append(", Interval(")
                        .append(i)
                        .append("))");
            }
        }
        throw new io.greptime.jdbc.tck.engine.GreptimeError(
                io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to '"
                        + c.name() + "' function: coercion from " + base + ", " + number + " to the signature OneOf(["
                        + oneOf + "]) failed No function matches the given name and argument types '" + c.name() + "("
                        + base + ", " + number
                        + ")'. You might need to add explicit type casts.\n\tCandidate functions:"
                        + candidates);
    }

    private static String unitName(GreptimeType t) {
        return switch (t.unit()) {
            case SECOND -> "Second";
            case MILLISECOND -> "Millisecond";
            case MICROSECOND -> "Microsecond";
            default -> "Nanosecond";
        };
    }

    private static boolean isNull(Expr e) {
        return e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL;
    }

    /** An interval argument: interval text is parsed as GreptimeDB parses it. */
    static String interval(ExprRenderer r, Expr e) {
        if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            IntervalValue v = IntervalValue.parse(IntervalValue.expand(l.text()));
            if (v != null) {
                return v.duckSql();
            }
        }
        return "CAST(" + r.render(e) + " AS INTERVAL)";
    }

    static String dateFormat(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 2 || !(c.args().get(1) instanceof SqlAst.Literal fmt)) {
            return null;
        }
        Expr value = c.args().get(0);
        GreptimeType type = ExprTypes.of(r.scope, value);
        if (type != null
                && List.of(
                                GreptimeType.Kind.INT,
                                GreptimeType.Kind.UINT,
                                GreptimeType.Kind.FLOAT,
                                GreptimeType.Kind.BOOLEAN)
                        .contains(type.kind())) {
            // date_format.rs: a date, a Date64 or a timestamp of each unit, each with the format's Utf8
            String got = arrowNames(r, c.args());
            List<String> firsts =
                    List.of("Date32", "Date64", "Timestamp(s)", "Timestamp(ms)", "Timestamp(µs)", "Timestamp(ns)");
            throw coercion(
                    c.name(),
                    got,
                    "OneOf([Exact([Date32, Utf8]), Exact([Date64, Utf8]), Exact([Timestamp(Second, None), Utf8]),"
                            + " Exact([Timestamp(Millisecond, None), Utf8]), Exact([Timestamp(Microsecond, None),"
                            + " Utf8]), Exact([Timestamp(Nanosecond, None), Utf8])])",
                    firsts.stream().map(f -> c.name() + "(" + f + ", Utf8)").toList());
        }
        String v = r.render(value);
        if (type != null && type.kind() == GreptimeType.Kind.DATE) {
            // date.rs as_formatted_string: the date's midnight UTC, shown in the session zone
            String midnight = "CAST(" + v + " AS TIMESTAMP)";
            return chronoFormat(local(r, midnight), fmt.text(), null, midnight);
        }
        boolean nanos = type != null
                && type.kind() == GreptimeType.Kind.TIMESTAMP
                && type.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
        String micros = nanos ? NanoTimestamps.floorMicros(v) : "CAST(" + v + " AS TIMESTAMP)";
        return chronoFormat(local(r, micros), fmt.text(), nanos ? v : null, micros);
    }

    /**
     * DataFusion's to_char (to_char.rs): chrono's format of the value as it is, no session zone; a nanosecond
     * timestamp keeps its nine digits (DuckDB would round it to microseconds first).
     */
    static String toChar(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 2 || !(c.args().get(1) instanceof SqlAst.Literal fmt)) {
            return null;
        }
        GreptimeType type = ExprTypes.of(r.scope, c.args().get(0));
        String v = r.render(c.args().get(0));
        if (type != null && type.kind() == GreptimeType.Kind.DATE) {
            return chronoFormat(v, fmt.text(), null, v);
        }
        boolean nanos = type != null
                && type.kind() == GreptimeType.Kind.TIMESTAMP
                && type.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
        String micros = nanos ? NanoTimestamps.floorMicros(v) : "CAST(" + v + " AS TIMESTAMP)";
        return chronoFormat(micros, fmt.text(), nanos ? v : null, micros);
    }

    /**
     * chrono's format of a DuckDB date or timestamp: DuckDB's strftime for the specifiers it shares, and
     * those it lacks built here: {@code %e}, {@code %k} and {@code %l} pad with a space (DuckDB pads with
     * zeros or not at all), and the nine-digit fractions of a nanosecond timestamp ({@code nanosSql}, null
     * for other inputs) come from its nanoseconds, which DuckDB's strftime rounds to microseconds; {@code %s},
     * the seconds since the epoch, which DuckDB lacks, from {@code utcSql}, the value before any zone shift.
     */
    static String chronoFormat(String value, String chrono, String nanosSql, String utcSql) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        StringBuilder plain = new StringBuilder();
        for (int i = 0; i < chrono.length(); i++) {
            char ch = chrono.charAt(i);
            String rest = chrono.substring(i);
            String piece = null;
            int used = 0;
            if (rest.startsWith("%z")) {
                // the zone's offset at that instant, +hhmm, from the shown value less the UTC one
                String minutes =
                        "((epoch_us(" + value + ") - epoch_us(CAST(" + utcSql + " AS TIMESTAMP))) // 60000000)";
                piece = "(CASE WHEN " + minutes + " < 0 THEN '-' ELSE '+' END || lpad(CAST(abs(" + minutes
                        + ") // 60 AS VARCHAR), 2, '0') || lpad(CAST(abs(" + minutes + ") % 60 AS VARCHAR), 2, '0'))";
                used = 2;
            } else if (rest.startsWith("%s")) {
                piece = "CAST(" + NanoTimestamps.floorDiv("epoch_us(CAST(" + utcSql + " AS TIMESTAMP))", 1_000_000L)
                        + " AS VARCHAR)";
                used = 2;
            } else if (rest.startsWith("%e") || rest.startsWith("%k") || rest.startsWith("%l")) {
                String unpadded = rest.startsWith("%e") ? "%-d" : rest.startsWith("%k") ? "%-H" : "%-I";
                piece = "lpad(strftime(" + value + ", '" + unpadded + "'), 2, ' ')";
                used = 2;
            } else if (nanosSql != null
                    && (rest.startsWith("%.9f") || rest.startsWith("%9f") || rest.startsWith("%f"))) {
                String digits = "lpad(CAST(" + NanoTimestamps.floorMod(NanoTimestamps.epochNs(nanosSql), 1_000_000_000L)
                        + " AS VARCHAR), 9, '0')";
                piece = rest.startsWith("%.9f") ? "'.' || " + digits : digits;
                used = rest.startsWith("%.9f") ? 4 : rest.startsWith("%9f") ? 3 : 2;
            } else if (ch == '%' && i + 1 < chrono.length()) {
                plain.append(ch).append(chrono.charAt(i + 1));
                i++;
                continue;
            }
            if (piece == null) {
                plain.append(ch);
                continue;
            }
            if (plain.length() > 0) {
                parts.add(strftime(value, plain.toString()));
                plain.setLength(0);
            }
            parts.add(piece);
            i += used - 1;
        }
        if (plain.length() > 0 || parts.isEmpty()) {
            parts.add(strftime(value, plain.toString()));
        }
        return parts.size() == 1 ? parts.get(0) : "(" + String.join(" || ", parts) + ")";
    }

    private static String strftime(String value, String chrono) {
        return "strftime(" + value + ", " + FunctionMap.quoted(ChronoFormat.toDuckDb(chrono)) + ")";
    }

    /** A UTC timestamp as wall-clock time in the session zone. */
    static String local(ExprRenderer r, String timestampSql) {
        String zone = icuZone(r.translator.zone);
        if (zone.equals("UTC")) {
            return timestampSql;
        }
        return "timezone(" + FunctionMap.quoted(zone) + ", " + timestampSql + " AT TIME ZONE 'UTC')";
    }

    /** The Arrow names of the arguments' types, comma separated, or null when one is not known. */
    private static String arrowNames(ExprRenderer r, List<Expr> args) {
        List<String> names = new java.util.ArrayList<>();
        for (Expr e : args) {
            GreptimeType t = ExprTypes.of(r.scope, e);
            String name = t == null
                    ? null
                    : io.greptime.jdbc.tck.engine.duckdb.functions.DataFusionBuiltins.arrowTypeName(t.arrow(), true);
            if (name == null) {
                return null;
            }
            names.add(name);
        }
        return String.join(", ", names);
    }

    /** DataFusion's refusal of arguments its signature cannot coerce, while planning. */
    private static io.greptime.jdbc.tck.engine.GreptimeError coercion(
            String name, String got, String signature, List<String> candidates) {
        return new io.greptime.jdbc.tck.engine.GreptimeError(
                io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to '" + name
                        + "' function: coercion from " + got + " to the signature " + signature
                        + " failed No function matches the given name and argument types '" + name + "(" + got
                        + ")'. You might need to add explicit type casts.\n\tCandidate functions:\n\t"
                        + String.join("\n\t", candidates));
    }

    static String toUnixtime(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 1) {
            String got = arrowNames(r, c.args());
            if (got != null) {
                // to_unixtime.rs: Signature::uniform(1, [Utf8, Int32, Int64, Date32, the four timestamps])
                throw coercion(
                        c.name(),
                        got,
                        "Uniform(1, [Utf8, Int32, Int64, Date32, Timestamp(Second, None), Timestamp(Millisecond,"
                                + " None), Timestamp(Microsecond, None), Timestamp(Nanosecond, None)])",
                        List.of("to_unixtime(Utf8/Int32/Int64/Date32/Timestamp(s)/Timestamp(ms)/Timestamp(µs)"
                                + "/Timestamp(ns))"));
            }
            return null;
        }
        Expr arg = c.args().get(0);
        if (arg instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            Long nanos = TimestampLiterals.parseNanos(l.text(), r.translator.zone);
            if (nanos != null) {
                return "CAST(" + Math.floorDiv(nanos, 1_000_000_000L) + " AS BIGINT)";
            }
        }
        GreptimeType type = ExprTypes.of(r.scope, arg);
        if (type != null && type.kind() == GreptimeType.Kind.TIMESTAMP) {
            // whole seconds, floored, from the exact count of the column's unit
            String v = r.render(arg);
            return switch (type.unit()) {
                case NANOSECOND -> NanoTimestamps.floorDiv(NanoTimestamps.epochNs(v), 1_000_000_000L);
                case MICROSECOND -> NanoTimestamps.floorDiv("epoch_us(" + v + ")", 1_000_000L);
                default -> "CAST(floor(epoch_ms(" + v + ") / 1000.0) AS BIGINT)";
            };
        }
        if (type != null && type.kind() == GreptimeType.Kind.STRING) {
            // an integer's text is its seconds; else a timestamp or date in the session zone
            String v = r.render(arg);
            return "coalesce(TRY_CAST(trim(" + v + ") AS BIGINT), gt_unixtime_text(" + v + ", "
                    + FunctionMap.quoted(r.translator.zone.getId()) + "))";
        }
        return FunctionMap.generic(r, c, "greptime.main.gt_to_unixtime");
    }
}
