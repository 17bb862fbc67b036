package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.functions.DataFusionBuiltins;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * DataFusion's built-ins DuckDB lacks or answers differently ({@link DataFusionBuiltins}), wired into
 * {@link FunctionMap}: consulted for calls no other family translates.
 */
final class DataFusionSql {
    private DataFusionSql() {}

    /**
     * DataFusion aggregates DuckDB spells differently: percentile_cont/quantile_cont (1.0 on; the
     * {@code WITHIN GROUP (ORDER BY x)} form or {@code (x, p)}) are DuckDB's interpolating quantile_cont, a
     * descending order taking the complementary fraction; the aggregate nth_value(x, n ORDER BY ...) is the
     * n-th value of the ordered rows, NULLs included, counted from the end when n is negative, NULL past the
     * end.
     */
    private static String aggregate(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        String filter = c.filter() == null ? "" : " FILTER (WHERE " + r.render(c.filter()) + ")";
        switch (c.name()) {
            case "percentile_cont", "quantile_cont": {
                String value;
                String fraction;
                if (c.withinGroup().size() == 1 && a.size() == 1 && c.orderBy().isEmpty()) {
                    value = r.render(c.withinGroup().get(0).expr());
                    fraction = r.render(a.get(0));
                    if (!c.withinGroup().get(0).ascending()) {
                        fraction = "1 - (" + fraction + ")";
                    }
                } else if (c.withinGroup().isEmpty()
                        && a.size() == 2
                        && c.orderBy().isEmpty()) {
                    value = r.render(a.get(0));
                    fraction = r.render(a.get(1));
                } else {
                    return null;
                }
                return "quantile_cont(" + value + ", " + fraction + ")" + filter;
            }
            case "nth_value": {
                if (a.size() != 2 || !c.withinGroup().isEmpty()) {
                    return null;
                }
                SqlAst.Call values = new SqlAst.Call(
                        "list", List.of(a.get(0)), false, false, c.orderBy(), c.filter(), null, List.of(), null);
                return "(" + FunctionMap.generic(r, values, "list") + ")[CAST(" + r.render(a.get(1)) + " AS BIGINT)]";
            }
            default:
                return null;
        }
    }

    /**
     * DataFusion's datetime conversions: to_char(value, chrono format) formats the value as it is (no session
     * zone, unlike GreptimeDB's date_format); to_date reads a string as a date, or an integer as days since
     * the epoch; to_timestamp and its unit variants read a string as a timestamp, or a number as seconds
     * since the epoch, into Timestamp(Nanosecond) (to_timestamp) or the variant's unit.
     */
    private static String temporal(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        switch (c.name()) {
            case "to_char": {
                if (a.size() != 2 || !(a.get(1) instanceof SqlAst.Literal fmt)) {
                    return null;
                }
                String formatted = TimeFunctions.toChar(r, c);
                if (formatted != null) {
                    return formatted;
                }
                String format = FunctionMap.quoted(
                        io.greptime.jdbc.tck.engine.duckdb.functions.ChronoFormat.toDuckDb(fmt.text()));
                io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t = ExprTypes.of(r.scope, a.get(0));
                boolean date =
                        t != null && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.DATE;
                return "strftime(" + (date ? r.render(a.get(0)) : "CAST(" + r.render(a.get(0)) + " AS TIMESTAMP)")
                        + ", " + format + ")";
            }
            case "make_date": {
                return makeDate(r, c);
            }
            case "to_date": {
                if (a.isEmpty()) {
                    return null;
                }
                refuseNullFormats(c);
                io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t = ExprTypes.of(r.scope, a.get(0));
                String v = r.render(a.get(0));
                if (isNull(a.get(0))) {
                    return "CAST(NULL AS DATE)";
                }
                GreptimeKind k = t == null ? null : GreptimeKind.of(t);
                // a number counts days since the epoch (a float's fraction cut off); formats are then unused
                if (k == GreptimeKind.INTEGER) {
                    return "CAST(DATE '1970-01-01' + CAST(" + v + " AS INTEGER) AS DATE)";
                }
                if (k == GreptimeKind.FLOAT) {
                    return "CAST(DATE '1970-01-01' + CAST(trunc(CAST(" + v + " AS DOUBLE)) AS INTEGER) AS DATE)";
                }
                if (k == GreptimeKind.STRING) {
                    // text is read as Arrow's timestamp text, or under each chrono format in turn
                    return "CAST(DATE '1970-01-01' + CAST(gt_chrono_days(" + v + formats(r, c)
                            + ") AS INTEGER) AS DATE)";
                }
                if (t != null && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.BOOLEAN) {
                    throw new io.greptime.jdbc.tck.engine.GreptimeError(
                            io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                            "Execution error: Unsupported data type Boolean for function to_date");
                }
                if (a.size() == 1
                        && t != null
                        && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.TIMESTAMP
                        && t.unit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND) {
                    // the day the nanoseconds fall in (DuckDB's cast would round them to microseconds first)
                    return "CAST(" + io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps.floorMicros(v)
                            + " AS DATE)";
                }
                return a.size() == 1 ? "CAST(" + v + " AS DATE)" : null;
            }
            case "to_timestamp",
                    "to_timestamp_seconds",
                    "to_timestamp_millis",
                    "to_timestamp_micros",
                    "to_timestamp_nanos": {
                if (a.isEmpty()) {
                    return null;
                }
                // the result's unit, and the microseconds one unit of a numeric argument is: to_timestamp
                // reads seconds into nanoseconds, each variant reads its own unit
                String unit;
                String micros;
                switch (c.name()) {
                    case "to_timestamp_seconds" -> {
                        unit = "TIMESTAMP_S";
                        micros = "1000000";
                    }
                    case "to_timestamp_millis" -> {
                        unit = "TIMESTAMP_MS";
                        micros = "1000";
                    }
                    case "to_timestamp_micros" -> {
                        unit = "TIMESTAMP";
                        micros = "1";
                    }
                    case "to_timestamp_nanos" -> {
                        unit = "TIMESTAMP_NS";
                        micros = "0.001";
                    }
                    default -> {
                        unit = "TIMESTAMP_NS";
                        micros = "1000000";
                    }
                }
                io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t = ExprTypes.of(r.scope, a.get(0));
                String v = r.render(a.get(0));
                GreptimeKind k = t == null ? null : GreptimeKind.of(t);
                if (a.size() > 1) {
                    refuseNullFormats(c);
                    if (isNull(a.get(0))) {
                        return "CAST(NULL AS " + unit + ")";
                    }
                    if (k != GreptimeKind.STRING) {
                        return null;
                    }
                    // text under each chrono format in turn, into nanoseconds, truncated to the variant's unit
                    String nanos = "make_timestamp_ns(gt_chrono_nanos(" + v + formats(r, c) + "))";
                    return unit.equals("TIMESTAMP_NS")
                            ? nanos
                            : io.greptime.jdbc.tck.engine.duckdb.sql.TemporalCasts.timestampToTimestamp(
                                    nanos,
                                    io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.timestamp(
                                            org.apache.arrow.vector.types.TimeUnit.NANOSECOND),
                                    io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.timestamp(
                                            switch (unit) {
                                                case "TIMESTAMP_S" -> org.apache.arrow.vector.types.TimeUnit.SECOND;
                                                case "TIMESTAMP_MS" ->
                                                    org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
                                                default -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
                                            }));
                }
                if (k == GreptimeKind.INTEGER) {
                    return c.name().equals("to_timestamp_nanos")
                            ? "make_timestamp_ns(CAST(" + v + " AS BIGINT))"
                            : "CAST(make_timestamp(CAST(" + v + " AS BIGINT) * " + micros + ") AS " + unit + ")";
                }
                if (k == GreptimeKind.FLOAT) {
                    // a fraction of the variant's unit is cut off (to_timestamp keeps it, to the nanosecond)
                    // (a decimal literal is read as a double: its digits times 10^9 overflow DuckDB's decimals)
                    String whole = c.name().equals("to_timestamp")
                            ? "CAST(" + v + " AS DOUBLE)"
                            : "trunc(CAST(" + v + " AS DOUBLE))";
                    return c.name().equals("to_timestamp") || c.name().equals("to_timestamp_nanos")
                            ? "make_timestamp_ns(CAST(" + whole + " * "
                                    + (c.name().equals("to_timestamp") ? "1000000000" : "1") + " AS BIGINT))"
                            : "CAST(make_timestamp(CAST(" + whole + " * " + micros + " AS BIGINT)) AS " + unit + ")";
                }
                if (k == GreptimeKind.STRING
                        && a.get(0) instanceof SqlAst.Literal text
                        && text.kind() == SqlAst.LiteralKind.STRING) {
                    // text is parsed by Arrow's timestamp parser, failing with its error
                    return io.greptime.jdbc.tck.engine.duckdb.sql.TemporalCasts.timestampLiteral(
                            text.text(),
                            io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.timestamp(
                                    switch (unit) {
                                        case "TIMESTAMP_S" -> org.apache.arrow.vector.types.TimeUnit.SECOND;
                                        case "TIMESTAMP_MS" -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
                                        case "TIMESTAMP" -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
                                        default -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
                                    }),
                            false);
                }
                org.apache.arrow.vector.types.TimeUnit targetUnit = switch (unit) {
                    case "TIMESTAMP_S" -> org.apache.arrow.vector.types.TimeUnit.SECOND;
                    case "TIMESTAMP_MS" -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
                    case "TIMESTAMP" -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
                    default -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
                };
                io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType target =
                        io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.timestamp(targetUnit);
                if (k == GreptimeKind.STRING) {
                    // Arrow's timestamp text into nanoseconds (an offset honoured, none read as UTC), then cut
                    // toward zero to the variant's unit as Arrow's cast divides; text Arrow would not read falls
                    // to DuckDB's cast, which refuses it
                    String nanos =
                            "coalesce(make_timestamp_ns(gt_text_nanos(" + v + ")), CAST(" + v + " AS TIMESTAMP_NS))";
                    return unit.equals("TIMESTAMP_NS")
                            ? nanos
                            : io.greptime.jdbc.tck.engine.duckdb.sql.TemporalCasts.timestampToTimestamp(
                                    nanos, io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.TS_NANO, target);
                }
                if (t != null && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.TIMESTAMP) {
                    // a timestamp is cast to the variant's unit (to_timestamp: nanoseconds), truncated toward zero
                    return t.unit() == targetUnit
                            ? v
                            : io.greptime.jdbc.tck.engine.duckdb.sql.TemporalCasts.timestampToTimestamp(v, t, target);
                }
                if (t != null && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.DATE) {
                    throw new io.greptime.jdbc.tck.engine.GreptimeError(
                            io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                            "Execution error: Unsupported data type Date32 for function " + c.name());
                }
                return null;
            }
            default:
                return null;
        }
    }

    /**
     * DataFusion's make_date (make_date.rs): year, month and day as Int32; a month outside 1-12 or a day
     * outside 1-31 fails naming it, a day the month lacks (or a year beyond chrono's) fails naming all three;
     * a NULL part gives NULL.
     */
    private static String makeDate(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 3) {
            return null;
        }
        String[] p = new String[3];
        for (int i = 0; i < 3; i++) {
            io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t =
                    ExprTypes.of(r.scope, c.args().get(i));
            if (t != null && t.kind() == io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType.Kind.FLOAT) {
                return null;
            }
            p[i] = "CAST(" + r.render(c.args().get(i)) + " AS INTEGER)";
        }
        String y = p[0];
        String m = p[1];
        String d = p[2];
        String raised = "'" + io.greptime.jdbc.tck.engine.duckdb.exec.Errors.RAISED
                + io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY.code() + ":Execution error: ";
        return "CASE WHEN " + y + " IS NULL OR " + m + " IS NULL OR " + d + " IS NULL THEN CAST(NULL AS DATE)"
                + " WHEN " + m + " NOT BETWEEN 1 AND 12 THEN error(" + raised + "Month value ''' || " + m
                + " || ''' is out of range')"
                + " WHEN " + d + " NOT BETWEEN 1 AND 31 THEN error(" + raised + "Day value ''' || " + d
                + " || ''' is out of range')"
                + " WHEN " + y + " NOT BETWEEN -262144 AND 262143 OR " + d + " > day(last_day(make_date(" + y
                + ", " + m + ", 1))) THEN error(" + raised + "Unable to parse date from ' || " + y + " || ', ' || "
                + m + " || ', ' || " + d + ")"
                + " ELSE make_date(" + y + ", " + m + ", " + d + ") END";
    }

    private static boolean isNull(SqlAst.Expr e) {
        return e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL;
    }

    /** A NULL literal format is refused by its type before any row is read (to_date.rs, to_timestamp.rs). */
    private static void refuseNullFormats(SqlAst.Call c) {
        for (int i = 1; i < c.args().size(); i++) {
            if (isNull(c.args().get(i))) {
                throw new io.greptime.jdbc.tck.engine.GreptimeError(
                        io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                        "Execution error: " + c.name() + " function unsupported data type at index " + i + ": Null");
            }
        }
    }

    /** The format arguments (after the first) as text arguments of a Java function, each led by a comma. */
    private static String formats(ExprRenderer r, SqlAst.Call c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < c.args().size(); i++) {
            sb.append(", CAST(").append(r.render(c.args().get(i))).append(" AS VARCHAR)");
        }
        return sb.toString();
    }

    /** The argument kinds the datetime conversions tell apart. */
    private enum GreptimeKind {
        INTEGER,
        FLOAT,
        STRING,
        OTHER;

        static GreptimeKind of(io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t) {
            return switch (t.kind()) {
                case INT, UINT -> INTEGER;
                case FLOAT -> FLOAT;
                case STRING -> STRING;
                default -> OTHER;
            };
        }
    }

    /** The DuckDB SQL of the call, or null when it is none of {@link DataFusionBuiltins}'s. */
    static String render(ExprRenderer r, SqlAst.Call c) {
        String renamed = DataFusionBuiltins.aggregate(c.name());
        if (renamed != null) {
            String sql = FunctionMap.generic(r, c, renamed);
            String type = DataFusionBuiltins.aggregateType(c.name());
            return type == null ? sql : "CAST(" + sql + " AS " + type + ")";
        }
        if (c.over() == null && !c.star() && !c.distinct()) {
            String aggregate = aggregate(r, c);
            if (aggregate != null) {
                return aggregate;
            }
        }
        if (c.star() || c.distinct() || !c.orderBy().isEmpty() || c.filter() != null || c.over() != null) {
            return null;
        }
        if (c.name().equals("union_tag") && c.args().size() == 1) {
            // no GreptimeDB column or literal is of a union type: DataFusion's invoke refuses every call
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: union_tag only support unions, got "
                            + JsonPathSql.arrowType(r, c.args().get(0), "Utf8"));
        }
        if (c.name().equals("union_extract") && c.args().size() == 2) {
            // refused while planning its return type
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Execution error: union_extract first argument must be a union, got "
                            + JsonPathSql.arrowType(r, c.args().get(0), "Utf8") + " instead");
        }
        if (c.name().equals("named_struct") && !c.args().isEmpty() && c.args().size() % 2 == 0) {
            // names are string literals, values any expression
            StringBuilder sb = new StringBuilder("struct_pack(");
            for (int i = 0; i < c.args().size(); i += 2) {
                if (!(c.args().get(i) instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING)) {
                    return null;
                }
                sb.append(i > 0 ? ", " : "")
                        .append(Catalog.quote(l.text()))
                        .append(" := ")
                        .append(r.render(c.args().get(i + 1)));
            }
            return sb.append(')').toString();
        }
        if (c.name().equals("get_field")
                && c.args().size() == 2
                && c.args().get(1) instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.STRING) {
            return "struct_extract(" + r.render(c.args().get(0)) + ", " + FunctionMap.quoted(l.text()) + ")";
        }
        if (c.name().equals("current_timestamp") && c.args().isEmpty()) {
            // DataFusion's alias of now()
            return FunctionMap.render(
                    r, new SqlAst.Call("now", List.of(), false, false, List.of(), null, null, List.of(), null));
        }
        if (c.name().equals("arrow_typeof") && c.args().size() == 1) {
            io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType t =
                    ExprTypes.of(r.scope, c.args().get(0));
            String name = t == null
                    ? null
                    : DataFusionBuiltins.arrowTypeName(
                            t.arrow(),
                            io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines.line(r.translator.profile)
                                    >= io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines.LINES.indexOf("1.0"));
            if (name != null && aggregates(c.args().get(0))) {
                // the type is known, but the aggregate must still run: it makes the query an aggregation (one row
                // without GROUP BY) and its errors (an overflowing avg) are the real server's answer too
                String arg = r.render(c.args().get(0));
                return "(CASE WHEN (" + arg + ") IS NULL THEN " + FunctionMap.quoted(name) + " ELSE "
                        + FunctionMap.quoted(name) + " END)";
            }
            if (name != null) {
                if (c.args().get(0) instanceof SqlAst.Call agg
                        && agg.over() == null
                        && io.greptime.jdbc.tck.engine.duckdb.functions.Aggregates.isAggregate(agg.name())) {
                    // the aggregate stays in the query, so it answers one row per group, not one per input row
                    return "coalesce(" + FunctionMap.quoted(name) + ", CAST(" + r.render(agg) + " AS VARCHAR))";
                }
                return FunctionMap.quoted(name);
            }
            return DataFusionBuiltins.arrowTypeofSql(
                    r.render(c.args().get(0)),
                    io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines.line(r.translator.profile)
                            >= io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines.LINES.indexOf("1.0"));
        }
        String temporal = temporal(r, c);
        if (temporal != null) {
            return temporal;
        }
        List<String> args = new ArrayList<>();
        for (SqlAst.Expr e : c.args()) {
            args.add(r.render(e));
        }
        if (c.name().equals("json_object_keys") && args.size() == 1) {
            // GreptimeDB's own (1.3), a JSON function kept beside these for want of a family
            return io.greptime.jdbc.tck.engine.duckdb.functions.JsonObjectKeys.sql(args.get(0));
        }
        return DataFusionBuiltins.scalar(c.name(), args);
    }
    /** Whether the expression calls an aggregate (not as a window function) anywhere outside a subquery. */
    private static boolean aggregates(SqlAst.Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return aggregates(n.expr());
        } else if (e instanceof SqlAst.Unary u) {
            return aggregates(u.operand());
        } else if (e instanceof SqlAst.Binary b) {
            return aggregates(b.left()) || aggregates(b.right());
        } else if (e instanceof SqlAst.Cast c) {
            return aggregates(c.expr());
        } else if (e instanceof SqlAst.Call c) {
            if (c.over() == null && io.greptime.jdbc.tck.engine.duckdb.functions.Aggregates.isAggregate(c.name())) {
                return true;
            }
            for (SqlAst.Expr a : c.args()) {
                if (aggregates(a)) {
                    return true;
                }
            }
        }
        return false;
    }
}
