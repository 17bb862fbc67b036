package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.time.ZoneId;
import java.util.Set;

/**
 * GreptimeDB's type-conversion rule (its {@code TypeConversionRule}): in a comparison, BETWEEN or IN list
 * where one side is a timestamp or boolean column and the other a literal, the literal is cast to the
 * column's type first: an integer counts units of the column's precision ({@code ts = 1700000000701} on
 * a millisecond column), a string is a timestamp in the session time zone, {@code 'true'}/{@code 'false'}
 * are booleans. A literal that does not cast is an error, as in GreptimeDB.
 */
final class Coercions {
    static final Set<String> COMPARISONS = Set.of("=", "==", "!=", "<>", "<", "<=", ">", ">=");

    /**
     * The shapes GreptimeDB's {@code Timestamp::from_str} reads ({@code v1.0.0:src/common/time/src/timestamp.rs:448-481}):
     * a date and a time of day with optional fraction, 'T' or a space between, optionally 'Z' or an offset;
     * a date alone is not one of them.
     */
    private static final java.util.regex.Pattern GREPTIME_TIMESTAMP = java.util.regex.Pattern.compile(
            "[+-]?\\d{4,}-\\d{1,2}-\\d{1,2}[Tt ]\\d{1,2}:\\d{1,2}:\\d{1,2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})?");

    private Coercions() {}

    /** The rendered sides of {@code b}, with a literal side converted when the rule applies. */
    static String[] timestampComparison(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        if (!COMPARISONS.contains(b.op())) {
            return new String[] {left, right};
        }
        String l = convert(r, b.right(), b.left());
        String rr = convert(r, b.left(), b.right());
        return new String[] {l != null ? l : left, rr != null ? rr : right};
    }

    /**
     * DataFusion has no common type for a boolean and a number in a comparison ({@code comparison_coercion}
     * gives none), so {@code int_col = true} fails to plan; a real GreptimeDB v1.0.0 reports it as
     * EngineExecuteQuery. DuckDB would cast the boolean.
     */
    static void checkComparable(ExprRenderer r, SqlAst.Binary b) {
        boolean distinct = b.op().equals("IS DISTINCT FROM") || b.op().equals("IS NOT DISTINCT FROM");
        if (!COMPARISONS.contains(b.op()) && !distinct) {
            return;
        }
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (lt == null || rt == null) {
            return;
        }
        if (!distinct && (convertsTo(r, b.left(), b.right()) || convertsTo(r, b.right(), b.left()))) {
            return; // GreptimeDB's rule casts the literal to the column's type before DataFusion compares
        }
        boolean lb = lt.kind() == GreptimeType.Kind.BOOLEAN;
        boolean rb = rt.kind() == GreptimeType.Kind.BOOLEAN;
        boolean lbin = lt.kind() == GreptimeType.Kind.BINARY;
        boolean rbin = rt.kind() == GreptimeType.Kind.BINARY;
        // DataFusion's comparison_coercion has no common type for a boolean and a number or a string, nor for
        // binary and a number or a boolean
        boolean noCommon = lb != rb && (numeric(lb ? rt : lt) || text(lb ? rt : lt))
                || lbin != rbin && (numeric(lbin ? rt : lt) || (lbin ? rt : lt).kind() == GreptimeType.Kind.BOOLEAN);
        if (noCommon) {
            String op = b.op().equals("<>") ? "!=" : b.op().equals("==") ? "=" : b.op();
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Error during planning: Cannot infer common argument type for comparison operation "
                            + NumericTemporalCasts.arrowName(lt) + " " + op + " " + NumericTemporalCasts.arrowName(rt));
        }
    }

    /** Whether GreptimeDB's rule casts {@code literal} to the type of the boolean column {@code column}. */
    private static boolean convertsTo(ExprRenderer r, Expr column, Expr literal) {
        if (!(column instanceof SqlAst.Column c) || literalOf(literal) == null) {
            return false;
        }
        ColumnMeta meta = columnMeta(r, c);
        return meta != null && meta.type().kind() == GreptimeType.Kind.BOOLEAN;
    }

    private static boolean text(GreptimeType t) {
        return t.kind() == GreptimeType.Kind.STRING;
    }

    /**
     * DataFusion (of GreptimeDB v1.0) has no kernel for an interval times or divided by a number: planning
     * fails with the temporal-operation error, whichever side the interval is on (a real v1.0.0 answers
     * {@code INTERVAL '3 hours' * 2} and {@code 2 * INTERVAL '1 hour'} so). DuckDB would scale the interval.
     */
    static void checkIntervalScaling(ExprRenderer r, SqlAst.Binary b) {
        if (!b.op().equals("*") && !b.op().equals("/")) {
            return;
        }
        GreptimeType lt = intervalOr(r, b.left());
        GreptimeType rt = intervalOr(r, b.right());
        if (lt == null || rt == null) {
            return;
        }
        boolean li = lt.kind() == GreptimeType.Kind.INTERVAL;
        boolean ri = rt.kind() == GreptimeType.Kind.INTERVAL;
        if (li == ri || !numeric(li ? rt : lt)) {
            return;
        }
        String interval = "Interval(MonthDayNano)";
        throw new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Cannot get result type for temporal operation "
                        + (li ? interval : lt.name()) + " " + b.op() + " " + (ri ? interval : rt.name())
                        + ": Invalid argument error: Invalid interval arithmetic operation: " + interval + " "
                        + b.op() + " " + interval);
    }

    /**
     * A date plus or minus an interval stays a Date32 in DataFusion ({@code '2024-03-31'::DATE - INTERVAL
     * '1 month'} is the date 2024-02-29 on a real v1.0.0); DuckDB makes it a timestamp. Null when not that.
     */
    static String dateInterval(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        if (!b.op().equals("+") && !b.op().equals("-")) {
            return null;
        }
        GreptimeType lt = intervalOr(r, b.left());
        GreptimeType rt = intervalOr(r, b.right());
        boolean dateFirst = lt != null
                && lt.kind() == GreptimeType.Kind.DATE
                && rt != null
                && rt.kind() == GreptimeType.Kind.INTERVAL;
        boolean dateLast = b.op().equals("+")
                && rt != null
                && rt.kind() == GreptimeType.Kind.DATE
                && lt != null
                && lt.kind() == GreptimeType.Kind.INTERVAL;
        if (!dateFirst && !dateLast) {
            return null;
        }
        return "CAST((" + left + " " + b.op() + " " + right + ") AS DATE)";
    }

    private static GreptimeType intervalOr(ExprRenderer r, Expr e) {
        Expr inner = e;
        while (inner instanceof SqlAst.Nested n) {
            inner = n.expr();
        }
        if (inner instanceof SqlAst.Interval) {
            return GreptimeType.INTERVAL;
        }
        GreptimeType t = ExprTypes.of(r.scope, e);
        return t != null && t.name().startsWith("Duration") ? null : t;
    }

    private static boolean numeric(GreptimeType t) {
        return t.kind() == GreptimeType.Kind.INT
                || t.kind() == GreptimeType.Kind.UINT
                || t.kind() == GreptimeType.Kind.FLOAT
                || t.kind() == GreptimeType.Kind.DECIMAL;
    }

    /** {@code literal} rendered as {@code column}'s type when the rule applies to the pair, else null. */
    static String convert(ExprRenderer r, Expr column, Expr literal) {
        if (!(column instanceof SqlAst.Column c)) {
            return null;
        }
        SqlAst.Literal lit = literalOf(literal);
        if (lit == null || lit.kind() == SqlAst.LiteralKind.NULL) {
            return null;
        }
        ColumnMeta meta = columnMeta(r, c);
        if (meta == null) {
            return null;
        }
        GreptimeType type = meta.type();
        if (type.kind() == GreptimeType.Kind.TIMESTAMP) {
            return timestamp(lit, type, r.translator.zone, c);
        }
        if (type.kind() == GreptimeType.Kind.BOOLEAN && lit.kind() == SqlAst.LiteralKind.STRING) {
            return switch (lit.text().toLowerCase(java.util.Locale.ROOT)) {
                case "true" -> "true";
                case "false" -> "false";
                default -> throw invalid(r, c, lit, "Boolean");
            };
        }
        if (type.kind() == GreptimeType.Kind.BOOLEAN && lit.kind() == SqlAst.LiteralKind.NUMBER) {
            // Arrow's cast of a number to a boolean: anything but zero is true
            return new java.math.BigDecimal(lit.text()).signum() != 0 ? "true" : "false";
        }
        if (type.kind() == GreptimeType.Kind.DATE
                && lit.kind() == SqlAst.LiteralKind.NUMBER
                && isSignedInteger(lit.text())) {
            // DataFusion's coercion of a date and an integer: the integer is a Date32, days after 1970
            return "(DATE '1970-01-01' + CAST(" + lit.text() + " AS INTEGER))";
        }
        return null;
    }

    static ColumnMeta columnMeta(ExprRenderer r, SqlAst.Column c) {
        QueryScope.Resolved res = r.scope == null ? null : r.scope.resolve(c.parts());
        return res == null ? null : res.relation().column(res.name());
    }

    /** A literal, including a negated number (DataFusion folds {@code -1} into one literal). */
    private static SqlAst.Literal literalOf(Expr e) {
        if (e instanceof SqlAst.Literal l) {
            return l;
        }
        if (e instanceof SqlAst.Unary u
                && u.op().equals("-")
                && u.operand() instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER) {
            return new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "-" + l.text());
        }
        return null;
    }

    private static String timestamp(SqlAst.Literal lit, GreptimeType type, ZoneId zone, SqlAst.Column c) {
        String duck = type.duck();
        if (lit.kind() == SqlAst.LiteralKind.NUMBER) {
            if (!isSignedInteger(lit.text())) {
                return null;
            }
            return TimestampLiterals.fromUnits(Long.parseLong(lit.text()), type.unit(), duck);
        }
        if (lit.kind() == SqlAst.LiteralKind.STRING) {
            String text = lit.text().trim();
            Long nanos = GREPTIME_TIMESTAMP.matcher(text).matches() ? TimestampLiterals.parseNanos(text, zone) : null;
            if (nanos == null) {
                // Timestamp::from_str's ParseTimestamp, raised while the rule casts the literal
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Failed to parse a string into Timestamp, raw string: " + text);
            }
            // the literal keeps the unit its fraction needs, and DataFusion compares two timestamps in the
            // coarser unit (timeunit_coercion): a finer literal is cut to the column's unit, so on a seconds
            // column ts < '... 00:00:00.5' is ts < '... 00:00:00'
            long per = switch (type.unit()) {
                case SECOND -> 1_000_000_000L;
                case MILLISECOND -> 1_000_000L;
                case MICROSECOND -> 1_000L;
                case NANOSECOND -> 1L;
            };
            return TimestampLiterals.fromNanos(nanos / per * per, duck);
        }
        return null;
    }

    private static boolean isSignedInteger(String text) {
        String digits = text.startsWith("-") ? text.substring(1) : text;
        return SchemaNames.isInteger(digits) && digits.length() < 19;
    }

    /**
     * The rule's error for a literal that does not cast (raised by an analyzer rule, so without the
     * {@code Failed to plan SQL} prefix), naming the column by DataFusion's Debug of it.
     */
    private static GreptimeError invalid(ExprRenderer r, SqlAst.Column c, SqlAst.Literal lit, String type) {
        QueryScope.Resolved res = r.scope == null ? null : r.scope.resolve(c.parts());
        String q = res == null ? null : res.relation().qualifier();
        String relation;
        if (q == null) {
            relation = "None";
        } else if (q.contains(".")) {
            int dot = q.lastIndexOf('.');
            relation = "Some(Partial { schema: \"" + q.substring(0, dot) + "\", table: \"" + q.substring(dot + 1)
                    + "\" })";
        } else {
            relation = "Some(Bare { table: \"" + q + "\" })";
        }
        return new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Error during planning: column:Column { relation: " + relation + ", name: \"" + c.name()
                        + "\" }. Casting value:" + SchemaNames.literal(lit, false) + " to " + type + " is invalid");
    }
}
