package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.time.ArrowTimestampText;
import io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Comparisons of a cast or numeric expression with a literal as GreptimeDB's planner (DataFusion) types and
 * rewrites them, where that differs from DuckDB's reading:
 *
 * <ul>
 *   <li>a number compared with a string is compared as text: DataFusion's comparison coercion puts
 *       {@code Utf8} over a numeric and a string side ({@code string_numeric_coercion} in
 *       {@code datafusion/expr-common/src/type_coercion/binary.rs}), so {@code i > '9'} is {@code '10' > '9'},
 *       false, and {@code i = 'abc'} is no match rather than a cast error. A decimal is such a number too:
 *       {@code m = '1.5'} compares the text {@code '1.50'}, no match. The simplifier then takes the
 *       cast back off an integer side for {@code =}, {@code !=} and IS [NOT] DISTINCT FROM when the
 *       string is that integer's own text ({@code cast_literal_to_type_with_op} in {@code datafusion/optimizer/src/simplify_expressions/
 *       unwrap_cast.rs}): {@code i = '5'} compares numbers, {@code i = '05'} compares text;
 *   <li>on lines before v1.2 (DataFusion's {@code unwrap_cast_in_comparison} without the preimage check),
 *       {@code CAST(x AS <integer>) <op> <integer literal>} drops the cast when the literal fits both the
 *       cast's type and {@code x}'s, so a narrowing cast that would fail on some row is never evaluated;
 *       from v1.2 only value-preserving casts are unwrapped ({@code HEAD:src/query/src/optimizer/
 *       const_normalization.rs} {@code is_lossless_cast}), which changes no result.
 * </ul>
 */
final class CastPreimages {
    private static final Set<String> COMPARISONS = Set.of("=", "==", "!=", "<>", "<", "<=", ">", ">=");
    private static final Set<String> DISTINCT = Set.of("IS DISTINCT FROM", "IS NOT DISTINCT FROM");
    private static final SqlAst.TypeName TEXT = new SqlAst.TypeName("string", List.of(), 0);

    private CastPreimages() {}

    /** {@code b} rendered with DataFusion's typing, or null when DuckDB's reading already agrees. */
    static String comparison(ExprRenderer r, SqlAst.Binary b, String op) {
        if (!COMPARISONS.contains(b.op()) && !DISTINCT.contains(b.op())) {
            return null;
        }
        // arrow_cast is planned as the Cast it is, which the simplifier unwraps like any other
        b = new SqlAst.Binary(asCast(b.left()), b.op(), asCast(b.right()));
        if (isJson2(r, b.left()) || isJson2(r, b.right())) {
            return null;
        }
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (isTimestampExpr(lt, b.left()) && isStringLiteral(b.right())) {
            return timestampVsText(r, b.left(), lt, ((SqlAst.Literal) b.right()).text(), op, false);
        }
        if (isStringLiteral(b.left()) && isTimestampExpr(rt, b.right())) {
            return timestampVsText(r, b.right(), rt, ((SqlAst.Literal) b.left()).text(), op, true);
        }
        if (isNumber(lt) && isString(rt, b.right())) {
            return "(" + numberAsText(r, b.left(), lt, b.right(), b.op()) + " " + op + " " + r.render(b.right()) + ")";
        }
        if (isString(lt, b.left()) && isNumber(rt)) {
            return "(" + r.render(b.left()) + " " + op + " " + numberAsText(r, b.right(), rt, b.left(), b.op()) + ")";
        }
        if (floatLiteral(b.right()) && readAsFloat64(lt) || floatLiteral(b.left()) && readAsFloat64(rt)) {
            // DataFusion compares an integer or a Float32 with a Float64 literal in Float64 (float_col = 0.1 is
            // false for the Float32 0.1); DuckDB reads the literal as a DECIMAL and compares in the column's type
            String l = r.render(b.left());
            String rr = r.render(b.right());
            return floatLiteral(b.right())
                    ? "(CAST(" + l + " AS DOUBLE) " + op + " " + rr + ")"
                    : "(" + l + " " + op + " CAST(" + rr + " AS DOUBLE))";
        }
        String unwrapped = unwrapNarrowing(r, b.left(), b.right(), op, false);
        if (unwrapped == null) {
            unwrapped = unwrapNarrowing(r, b.right(), b.left(), op, true);
        }
        return unwrapped;
    }

    private static Expr asCast(Expr e) {
        SqlAst.Cast c = e instanceof SqlAst.Call call ? ArrowCastNames.asCast(call) : null;
        return c != null ? c : e;
    }

    private static boolean readAsFloat64(GreptimeType t) {
        return t != null && (isInteger(t) || t.name().equals("Float32"));
    }

    /** A number literal with a fraction or an exponent (Float64 in DataFusion), optionally negated. */
    private static boolean floatLiteral(Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return floatLiteral(n.expr());
        }
        if (e instanceof SqlAst.Unary u && u.op().equals("-")) {
            return floatLiteral(u.operand());
        }
        return e instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER
                && !SchemaNames.isInteger(l.text());
    }

    /**
     * A timestamp expression that is not a bare column (a cast, say) against a string: DataFusion coerces both
     * to {@code Timestamp(ns)} ({@code string_temporal_coercion}: Arrow reads the text, naive as UTC) and
     * compares there, exactly from v1.2. Before, the simplifier moved the casts onto the literal, truncating
     * it to each cast's unit on the way ({@code cast_between_timestamp}).
     */
    private static String timestampVsText(
            ExprRenderer r, Expr e, GreptimeType type, String text, String op, boolean swapped) {
        String literal = TemporalCasts.timestampLiteral(text, GreptimeType.TS_NANO, false);
        String side;
        String other;
        SqlAst.Cast c = e instanceof SqlAst.Cast cast && !cast.tryCast() ? cast : null;
        GreptimeType source = c == null ? null : ExprTypes.of(r.scope, c.expr());
        if (!r.translator.profile.exactCastPreimages()
                && source != null
                && source.kind() == GreptimeType.Kind.TIMESTAMP) {
            side = r.render(c.expr());
            other = inSourceUnit(text, type, source);
        } else {
            side = TemporalCasts.timestampToTimestamp(r.render(e), type, GreptimeType.TS_NANO);
            other = literal;
        }
        return swapped ? "(" + other + " " + op + " " + side + ")" : "(" + side + " " + op + " " + other + ")";
    }

    /** The literal {@code text} truncated to the cast's unit, then written in the cast source's unit. */
    private static String inSourceUnit(String text, GreptimeType type, GreptimeType source) {
        long nanos = nanos(text);
        long castUnit = TimestampLiterals.nanosPer(type.unit());
        long sourceUnit = TimestampLiterals.nanosPer(source.unit());
        long inCast = nanos / castUnit; // Arrow divides: toward zero
        long inSource = castUnit >= sourceUnit ? inCast * (castUnit / sourceUnit) : inCast / (sourceUnit / castUnit);
        return TimestampLiterals.fromUnits(inSource, source.unit(), source.duck());
    }

    /**
     * Before v1.2, {@code CAST(ts AS TIMESTAMP(p)) [NOT] IN ('text', ...)} is an OR (AND) of the comparisons,
     * each unwrapped as {@link #timestampVsText} tells: the column compared with each literal in its own unit,
     * so a value the cast would truncate onto a listed instant matches none
     * ({@code CAST(ms AS TIMESTAMP(0)) IN ('2024-05-01 10:00:00')} misses 10:00:00.250). Else null.
     */
    private static String timestampCastInList(ExprRenderer r, SqlAst.InList in) {
        if (r.translator.profile.exactCastPreimages()
                || !(in.expr() instanceof SqlAst.Cast c)
                || c.tryCast()
                || in.list().isEmpty()
                || !in.list().stream().allMatch(CastPreimages::isStringLiteral)) {
            return null;
        }
        GreptimeType type = ExprTypes.of(r.scope, c);
        GreptimeType source = ExprTypes.of(r.scope, c.expr());
        if (type == null
                || source == null
                || type.kind() != GreptimeType.Kind.TIMESTAMP
                || source.kind() != GreptimeType.Kind.TIMESTAMP) {
            return null;
        }
        List<String> items = new ArrayList<>();
        for (Expr item : in.list()) {
            String text = ((SqlAst.Literal) item).text();
            // GreptimeDB's TypeConversionRule reads each item first: a date alone fails there
            Coercions.convert(r, in.expr(), item);
            TemporalCasts.timestampLiteral(text, GreptimeType.TS_NANO, false); // Arrow's parser error first
            items.add(inSourceUnit(text, type, source));
        }
        return "(" + r.render(c.expr()) + (in.negated() ? " NOT IN (" : " IN (") + String.join(", ", items) + "))";
    }

    /**
     * A bare timestamp column {@code [NOT] IN} two or more strings: GreptimeDB's TypeConversionRule
     * ({@code src/query/src/optimizer/type_conversion.rs} v1.0.0) reads each string with
     * {@code Timestamp::from_str}, whose unit is the coarsest that holds the value ({@code from_splits} in
     * {@code src/common/time/src/timestamp.rs}: seconds when it has no fraction, else milliseconds,
     * microseconds, nanoseconds); the list then takes the coarsest unit among the column and its items, each
     * item truncated toward zero to it, and the cast comes back off the column. So on a microsecond column
     * {@code IN ('...00:00:00', '...00:00:00.000002')} matches only the whole second, while
     * {@code IN ('...00:00:00.0015', '...00:00:00.000002')} is exact. (One item is planned as {@code =}.)
     * Null when it does not apply.
     */
    private static String timestampColumnInList(ExprRenderer r, SqlAst.InList in) {
        if (!(in.expr() instanceof SqlAst.Column)
                || in.list().size() < 2
                || !in.list().stream().allMatch(CastPreimages::isStringLiteral)) {
            return null;
        }
        GreptimeType type = ExprTypes.of(r.scope, in.expr());
        if (type == null || type.kind() != GreptimeType.Kind.TIMESTAMP) {
            return null;
        }
        org.apache.arrow.vector.types.TimeUnit unit = type.unit();
        for (Expr item : in.list()) {
            String text = ((SqlAst.Literal) item).text();
            // GreptimeDB's TypeConversionRule reads each item first: a date alone fails there
            Coercions.convert(r, in.expr(), item);
            TemporalCasts.timestampLiteral(text, GreptimeType.TS_NANO, false); // Arrow's parser error first
            long nanos;
            try {
                nanos = nanos(text);
            } catch (IllegalStateException e) {
                return null; // past the nanosecond range: left to the plain reading
            }
            long sub = Math.floorMod(nanos, 1_000_000_000L);
            org.apache.arrow.vector.types.TimeUnit own = sub == 0
                    ? org.apache.arrow.vector.types.TimeUnit.SECOND
                    : sub % 1_000_000 == 0
                            ? org.apache.arrow.vector.types.TimeUnit.MILLISECOND
                            : sub % 1_000 == 0
                                    ? org.apache.arrow.vector.types.TimeUnit.MICROSECOND
                                    : org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
            if (TimestampLiterals.nanosPer(own) > TimestampLiterals.nanosPer(unit)) {
                unit = own;
            }
        }
        GreptimeType listType = GreptimeType.timestamp(unit);
        List<String> items = new ArrayList<>();
        for (Expr item : in.list()) {
            items.add(inSourceUnit(((SqlAst.Literal) item).text(), listType, type));
        }
        return "(" + r.render(in.expr()) + (in.negated() ? " NOT IN (" : " IN (") + String.join(", ", items) + "))";
    }

    private static long nanos(String text) {
        try {
            java.time.Instant i = ArrowTimestampText.parse(text);
            return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
        } catch (ArrowTimestampText.Invalid | ArithmeticException e) {
            throw new IllegalStateException("checked by timestampLiteral", e);
        }
    }

    private static boolean isTimestampExpr(GreptimeType t, Expr e) {
        return t != null && t.kind() == GreptimeType.Kind.TIMESTAMP && !(e instanceof SqlAst.Column);
    }

    /** {@code e IN (...)} mixing numbers and strings: compared as text, as {@link #between} tells. */
    static String inList(ExprRenderer r, SqlAst.InList in) {
        if (in.list().isEmpty()) {
            return null;
        }
        in = new SqlAst.InList(asCast(in.expr()), in.list(), in.negated());
        String unwrapped = timestampCastInList(r, in);
        if (unwrapped == null) {
            unwrapped = timestampColumnInList(r, in);
        }
        if (unwrapped != null) {
            return unwrapped;
        }
        List<Expr> operands = new ArrayList<>();
        operands.add(in.expr());
        operands.addAll(in.list());
        List<String> texts = asText(r, operands);
        if (texts == null) {
            return null;
        }
        return "(" + texts.get(0) + (in.negated() ? " NOT IN (" : " IN (")
                + String.join(", ", texts.subList(1, texts.size())) + "))";
    }

    /**
     * BETWEEN takes one type for its three operands ({@code comparison_coercion} of the value with each bound,
     * then of the two results), and IN one for the value and its list ({@code get_coerce_type_for_list}): with
     * a number and a string among them that type is Utf8, so {@code i BETWEEN '1' AND 6} compares
     * {@code '10'} with {@code '1'} and {@code '6'} as text, and {@code s IN (5, 10)} matches the text
     * {@code '10'}.
     */
    static String between(ExprRenderer r, SqlAst.Between b) {
        List<String> texts = asText(r, List.of(b.expr(), b.low(), b.high()));
        if (texts == null) {
            return null;
        }
        return "(" + texts.get(0) + (b.negated() ? " NOT BETWEEN " : " BETWEEN ") + texts.get(1) + " AND "
                + texts.get(2) + ")";
    }

    /**
     * Each operand rendered as text when they mix numbers and strings (a NULL literal goes along), else null.
     */
    private static List<String> asText(ExprRenderer r, List<Expr> operands) {
        boolean number = false;
        boolean string = false;
        List<GreptimeType> types = new ArrayList<>();
        for (Expr e : operands) {
            GreptimeType t = ExprTypes.of(r.scope, e);
            types.add(t);
            if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL) {
                continue;
            }
            if (isNumber(t)) {
                number = true;
            } else if (isString(t, e)) {
                string = true;
            } else {
                return null;
            }
        }
        if (!number || !string) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            Expr e = operands.get(i);
            GreptimeType t = types.get(i);
            if (!isNumber(t)) {
                out.add(r.render(e));
            } else if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NUMBER && isInteger(t)) {
                out.add(QueryRewriter.stringLiteral(new BigInteger(l.text()).toString()));
            } else {
                out.add(text(r, e));
            }
        }
        return out;
    }

    /**
     * The numeric side of a text comparison: its text, or itself when the simplifier unwraps the cast
     * (an integer against its own decimal text under {@code =} or {@code !=}).
     */
    private static String numberAsText(ExprRenderer r, Expr number, GreptimeType type, Expr other, String op) {
        boolean equality =
                op.equals("=") || op.equals("==") || op.equals("!=") || op.equals("<>") || DISTINCT.contains(op);
        if (equality
                && other instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.STRING
                && isInteger(type)
                && roundTrips(l.text(), type)) {
            return r.render(number);
        }
        if (number instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NUMBER && isInteger(type)) {
            return QueryRewriter.stringLiteral(new BigInteger(l.text()).toString());
        }
        return text(r, number);
    }

    private static String text(ExprRenderer r, Expr e) {
        return r.render(new SqlAst.Cast(e, TEXT, false, false));
    }

    /**
     * Before v1.2: {@code CAST(x AS int) op literal} as {@code x op literal} when the literal is an integer
     * that fits the cast's type and {@code x}'s (DataFusion 52's unwrap, which ignores narrowing). A decimal
     * {@code x} is unwrapped too (the literal taken as a decimal of its precision and scale), so
     * {@code CAST(d AS BIGINT) = 12} misses 12.999, which the cast alone would truncate to 12.
     */
    private static String unwrapNarrowing(ExprRenderer r, Expr castSide, Expr literalSide, String op, boolean swapped) {
        if (r.translator.profile.exactCastPreimages()
                || !(castSide instanceof SqlAst.Cast c)
                || !(literalSide instanceof SqlAst.Literal l)
                || l.kind() != SqlAst.LiteralKind.NUMBER
                || !SchemaNames.isInteger(l.text())) {
            return null;
        }
        GreptimeType target = DuckTypes.greptime(c.type());
        GreptimeType source = ExprTypes.of(r.scope, c.expr());
        if (!isInteger(target) || !fits(l.text(), target) || !(isInteger(source) || isDecimal(source))) {
            return null;
        }
        if (isInteger(source) ? !fits(l.text(), source) : !fitsDecimal(l.text(), source)) {
            return null;
        }
        String x = r.render(c.expr());
        String v = r.render(l);
        return swapped ? "(" + v + " " + op + " " + x + ")" : "(" + x + " " + op + " " + v + ")";
    }

    private static boolean isJson2(ExprRenderer r, Expr e) {
        return e instanceof SqlAst.Column c && Json2Paths.of(r.scope, c) != null;
    }

    private static boolean roundTrips(String text, GreptimeType type) {
        return SchemaNames.isInteger(text)
                && fits(text, type)
                && new BigInteger(text).toString().equals(text);
    }

    private static boolean fits(String text, GreptimeType type) {
        if (!(type.arrow() instanceof ArrowType.Int i)) {
            return false;
        }
        BigInteger v = new BigInteger(text);
        BigInteger min =
                i.getIsSigned() ? BigInteger.ONE.shiftLeft(i.getBitWidth() - 1).negate() : BigInteger.ZERO;
        BigInteger max = i.getIsSigned()
                ? BigInteger.ONE.shiftLeft(i.getBitWidth() - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(i.getBitWidth()).subtract(BigInteger.ONE);
        return v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
    }

    private static boolean isDecimal(GreptimeType t) {
        return t != null && t.kind() == GreptimeType.Kind.DECIMAL && t.arrow() instanceof ArrowType.Decimal;
    }

    /** The integer {@code text} as a value of the decimal type {@code type} (its digits within the precision). */
    private static boolean fitsDecimal(String text, GreptimeType type) {
        ArrowType.Decimal d = (ArrowType.Decimal) type.arrow();
        BigInteger unscaled = new BigInteger(text).abs().multiply(BigInteger.TEN.pow(d.getScale()));
        return unscaled.compareTo(BigInteger.TEN.pow(d.getPrecision())) < 0;
    }

    private static boolean isInteger(GreptimeType t) {
        return t != null && (t.kind() == GreptimeType.Kind.INT || t.kind() == GreptimeType.Kind.UINT);
    }

    private static boolean isNumber(GreptimeType t) {
        return t != null
                && (t.kind() == GreptimeType.Kind.INT
                        || t.kind() == GreptimeType.Kind.UINT
                        || t.kind() == GreptimeType.Kind.FLOAT
                        || t.kind() == GreptimeType.Kind.DECIMAL);
    }

    /** A string side: a string literal, or an expression GreptimeDB types as String. */
    private static boolean isString(GreptimeType t, Expr e) {
        return t != null
                && t.kind() == GreptimeType.Kind.STRING
                && !(e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL);
    }

    private static boolean isStringLiteral(Expr e) {
        return e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING;
    }
}
