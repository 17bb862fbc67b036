package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.math.BigInteger;

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
        if (lt == null || rt == null || lt.kind() != rt.kind()) {
            return null;
        }
        boolean signed = lt.kind() == GreptimeType.Kind.INT;
        if (!signed && lt.kind() != GreptimeType.Kind.UINT) {
            return null;
        }
        GreptimeType result = bits(lt) >= bits(rt) ? lt : rt;
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
