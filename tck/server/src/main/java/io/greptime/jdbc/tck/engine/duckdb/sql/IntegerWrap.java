package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.math.BigInteger;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Integer {@code +}, {@code -} and {@code *} wrap around on overflow in GreptimeDB (arrow's wrapping kernels,
 * which DataFusion's arithmetic uses; DuckDB raises an error instead). Applied where both operands' types
 * are known integers of one signedness: the result has the wider one's type, computed in HUGEINT (no
 * 64-bit product overflows it) and reduced modulo 2^bits.
 */
final class IntegerWrap {
    private IntegerWrap() {}

    /** The wrapping SQL of {@code l op r}, or null when this rule does not apply. */
    static String sql(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        String op = b.op();
        if (!op.equals("+") && !op.equals("-") && !op.equals("*")) {
            return null;
        }
        if (!simple(b.left()) || !simple(b.right())) {
            return null; // a nested result's type is only approximated by ExprTypes
        }
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (lt == null || rt == null) {
            return null;
        }
        GreptimeType result;
        boolean signed;
        if (lt.kind() != rt.kind()) {
            result = mixed(lt, rt, op, left, right);
            if (result == null || result.kind() == GreptimeType.Kind.DECIMAL) {
                return result == null ? null : decimal(left, op, right);
            }
            signed = true;
        } else {
            signed = lt.kind() == GreptimeType.Kind.INT;
            if (!signed && lt.kind() != GreptimeType.Kind.UINT) {
                return null;
            }
            result = bits(lt) >= bits(rt) ? lt : rt;
        }
        int n = bits(result);
        BigInteger m = BigInteger.ONE.shiftLeft(n);
        String x = "(CAST(" + left + " AS HUGEINT) " + op + " CAST(" + right + " AS HUGEINT))";
        String mod;
        if (signed) {
            BigInteger h = BigInteger.ONE.shiftLeft(n - 1);
            mod = "((((" + x + " + " + h + ") % " + m + ") + " + m + ") % " + m + " - " + h + ")";
        } else {
            mod = "(((" + x + " % " + m + ") + " + m + ") % " + m + ")";
        }
        return "CAST(" + mod + " AS " + result.duck() + ")";
    }

    /**
     * DataFusion's arithmetic coercion of an unsigned and a signed integer ({@code binary_numeric_coercion}):
     * the narrowest signed type that holds both (UInt8 with Int8 is Int16, UInt32 with Int32 is Int64), and
     * Decimal128(20, 0) when one side is UInt64; null for other pairs. A real GreptimeDB v1.0.0 answers
     * {@code arrow_typeof(u8 + 1)} Int64 and {@code arrow_typeof(u64 + 1)} Decimal128(21, 0).
     */
    private static GreptimeType mixed(GreptimeType lt, GreptimeType rt, String op, String left, String right) {
        GreptimeType u = lt.kind() == GreptimeType.Kind.UINT ? lt : rt;
        GreptimeType i = u == lt ? rt : lt;
        if (u.kind() != GreptimeType.Kind.UINT || i.kind() != GreptimeType.Kind.INT) {
            return null;
        }
        int ub = bits(u);
        int ib = bits(i);
        if (ub == 64) {
            return GreptimeType.ofName("Decimal(20, 0)");
        }
        int wide = Math.max(ib, ub * 2);
        return GreptimeType.ofName(
                switch (wide) {
                    case 16 -> "Int16";
                    case 32 -> "Int32";
                    default -> "Int64";
                });
    }

    /**
     * DataFusion's result type of integer {@code l op r} for {@code + - * / %}: the wider type of one
     * signedness, the mixed-signedness coercion otherwise, where UInt64 with a signed integer computes in
     * Decimal128(20, 0) operands (Decimal128(21, 0) for + and -, Decimal128(38, 0) for *); null when an
     * operand is not an integer or the result is a decimal quotient or remainder. A real GreptimeDB v1.0.0
     * answers arrow_typeof(i8 + i8) Int8, (u8 * u8) UInt8, (u16 - i8) Int32, (i16 % i8) Int16, (u8 / u8)
     * UInt8 and (i64 + u64) Decimal128(21, 0) (probes/types/integer_arithmetic.sql).
     */
    static GreptimeType resultType(GreptimeType lt, String op, GreptimeType rt) {
        if (!isInteger(lt) || !isInteger(rt)) {
            return null;
        }
        if (lt.kind() == rt.kind()) {
            return bits(lt) >= bits(rt) ? lt : rt;
        }
        GreptimeType m = mixed(lt, rt, op, null, null);
        if (m == null || m.kind() != GreptimeType.Kind.DECIMAL) {
            return m;
        }
        return switch (op) {
            case "+", "-" -> GreptimeType.decimal(21, 0);
            case "*" -> GreptimeType.decimal(38, 0);
            default -> null;
        };
    }

    /**
     * An integer, Float32 or decimal operand with a number literal that has a fraction or an exponent:
     * DataFusion reads that literal as Float64 and computes in Float64 ({@code i64 + 0.5} is 9.223372036854776e18 on a real
     * GreptimeDB v1.0.0), where DuckDB would read an exact DECIMAL. Answers the operands with the literal
     * cast to DOUBLE, or null when this rule does not apply.
     */
    static String[] floatLiteralOperands(ExprRenderer r, SqlAst.Binary b, String left, String right) {
        String op = b.op();
        if (!op.equals("+") && !op.equals("-") && !op.equals("*") && !op.equals("/") && !op.equals("%")) {
            return null;
        }
        boolean leftFloat = floatLiteral(b.left());
        boolean rightFloat = floatLiteral(b.right());
        if (leftFloat == rightFloat) {
            return null;
        }
        GreptimeType other = ExprTypes.of(r.scope, leftFloat ? b.right() : b.left());
        if (!isInteger(other) && !readAsFloat64With(other)) {
            return null;
        }
        return leftFloat
                ? new String[] {"CAST(" + left + " AS DOUBLE)", right}
                : new String[] {left, "CAST(" + right + " AS DOUBLE)"};
    }

    /**
     * A Float32 or a decimal beside a Float64: DataFusion computes in Float64 ({@code float32_col * 1.8} is
     * 189.45000000000002 for 105.25, which rounds to 221.5 after {@code + 32}; a DECIMAL times 1.5 is Float64),
     * where DuckDB reads the literal as a DECIMAL and keeps FLOAT or DECIMAL arithmetic.
     */
    private static boolean readAsFloat64With(GreptimeType t) {
        return t != null && (t.name().equals("Float32") || t.kind() == GreptimeType.Kind.DECIMAL);
    }

    private static boolean floatLiteral(SqlAst.Expr e) {
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
     * DataFusion has no arithmetic between a number and a string or a boolean (nor between two booleans):
     * planning fails with its coercion error naming both Arrow types, as a real GreptimeDB v1.0.0 answers
     * {@code '5' + 3} and {@code i8 + b} (probes/types/integer_arithmetic_edges.sql). DuckDB would cast the
     * string or name its own candidate functions. Applies to literals, plain columns and casts only.
     */
    static void checkOperands(ExprRenderer r, SqlAst.Binary b) {
        String op = b.op();
        if (!op.equals("+") && !op.equals("-") && !op.equals("*") && !op.equals("/") && !op.equals("%")) {
            return;
        }
        GreptimeType lt = operandType(r, b.left());
        GreptimeType rt = operandType(r, b.right());
        if (lt == null || rt == null) {
            return;
        }
        boolean lText = textOrBoolean(lt);
        boolean rText = textOrBoolean(rt);
        boolean refused = lText && rText
                ? lt.kind() == GreptimeType.Kind.BOOLEAN || rt.kind() == GreptimeType.Kind.BOOLEAN
                : (lText && ExprTypes.isNumeric(rt)) || (rText && ExprTypes.isNumeric(lt));
        if (refused) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Cannot coerce arithmetic expression " + arrowName(lt)
                            + " " + op + " " + arrowName(rt) + " to valid types");
        }
    }

    private static GreptimeType operandType(ExprRenderer r, SqlAst.Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return operandType(r, n.expr());
        }
        if (e instanceof SqlAst.Column c && Json2Paths.of(r.scope, c) != null) {
            return null; // a JSON2 path's value type is only known when it is read
        }
        if (e instanceof SqlAst.Literal || e instanceof SqlAst.Column || e instanceof SqlAst.Cast) {
            return ExprTypes.of(r.scope, e);
        }
        return null;
    }

    private static boolean textOrBoolean(GreptimeType t) {
        return t.kind() == GreptimeType.Kind.STRING || t.kind() == GreptimeType.Kind.BOOLEAN;
    }

    private static String arrowName(GreptimeType t) {
        return switch (t.kind()) {
            case STRING -> "Utf8";
            case DECIMAL -> {
                ArrowType.Decimal d = (ArrowType.Decimal) t.arrow();
                yield "Decimal128(" + d.getPrecision() + ", " + d.getScale() + ")";
            }
            default -> t.name();
        };
    }

    /**
     * Negating a signed integer column wraps as arrow's kernel does: the minimum of the width stays itself
     * ({@code -i8} of -128 is -128 on a real GreptimeDB v1.0.0), where DuckDB raises an overflow error.
     * Null when the operand is not a signed integer of a known width, or is a literal.
     */
    static String negation(ExprRenderer r, SqlAst.Unary u, String operand) {
        if (!u.op().equals("-") || u.operand() instanceof SqlAst.Literal) {
            return null;
        }
        GreptimeType t = ExprTypes.of(r.scope, u.operand());
        if (t != null
                && (t.kind() == GreptimeType.Kind.UINT
                        || t.kind() == GreptimeType.Kind.BOOLEAN
                        || t.kind() == GreptimeType.Kind.STRING)) {
            // DataFusion's NegativeExpr takes signed numbers, intervals and timestamps only (an unsigned column too
            // is refused; a real v1.0.0 answers -u8 so)
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.ENGINE_EXECUTE_QUERY,
                    "Error during planning: Negation only supports numeric, interval and timestamp types");
        }
        if (t == null || t.kind() != GreptimeType.Kind.INT) {
            return null;
        }
        BigInteger min = BigInteger.ONE.shiftLeft(bits(t) - 1).negate();
        return "(CASE WHEN " + operand + " = " + min + " THEN " + operand + " ELSE -" + operand + " END)";
    }

    private static boolean isInteger(GreptimeType t) {
        return t != null && (t.kind() == GreptimeType.Kind.INT || t.kind() == GreptimeType.Kind.UINT);
    }

    /** {@code l op r} in Decimal128(20, 0) operands, as DataFusion computes UInt64 with a signed integer. */
    private static String decimal(String left, String op, String right) {
        return "(CAST(" + left + " AS DECIMAL(20, 0)) " + op + " CAST(" + right + " AS DECIMAL(20, 0)))";
    }

    /** A column, literal or cast (possibly negated or parenthesised): operands whose type is exact. */
    private static boolean simple(SqlAst.Expr e) {
        if (e instanceof SqlAst.Nested n) {
            return simple(n.expr());
        }
        if (e instanceof SqlAst.Unary u && u.op().equals("-")) {
            return simple(u.operand());
        }
        return e instanceof SqlAst.Column || e instanceof SqlAst.Literal || e instanceof SqlAst.Cast;
    }

    private static int bits(GreptimeType t) {
        return switch (t.name()) {
            case "Int8", "UInt8" -> 8;
            case "Int16", "UInt16" -> 16;
            case "Int32", "UInt32" -> 32;
            default -> 64;
        };
    }
}
