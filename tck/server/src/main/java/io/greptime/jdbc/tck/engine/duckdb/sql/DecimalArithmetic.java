package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.math.BigInteger;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Arithmetic with a decimal operand (or UInt64 with a signed integer, both taken as Decimal128(20, 0)) as DataFusion 52.1 types and computes it (GreptimeDB v1.0.0): an integer
 * operand becomes the decimal that holds its type (Int8/UInt8 (3, 0), Int16/UInt16 (5, 0), Int32/UInt32 (10, 0),
 * Int64/UInt64 (20, 0)), then {@code + -} give scale max(s1, s2) and one more integer digit than the wider side,
 * {@code *} precision p1 + p2 + 1 and scale s1 + s2, {@code /} precision p1 + s2 + 4 and scale s1 + 4 (the quotient
 * truncated), {@code %} scale max(s1, s2) and the narrower side's integer digits; precisions stop at 38. Taken from a
 * real v1.0.0: arrow_typeof(INT + DECIMAL(10, 2)) is Decimal128(13, 2), DECIMAL(10, 2) / 3 Decimal128(14, 6) with
 * 1 / 3 = 0.333333, DECIMAL(10, 2) % DECIMAL(38, 10) Decimal128(18, 10).
 */
final class DecimalArithmetic {
    private DecimalArithmetic() {}

    private static final BigInteger I128_MAX = BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE);

    /** The result type of {@code l op r} when one side is a decimal and the other a decimal or integer, else null. */
    static GreptimeType resultType(GreptimeType l, String op, GreptimeType r) {
        if (l == null || r == null) {
            return null;
        }
        if (l.kind() != GreptimeType.Kind.DECIMAL && r.kind() != GreptimeType.Kind.DECIMAL && !u64WithSigned(l, r)) {
            return null;
        }
        boolean pair = u64WithSigned(l, r);
        int[] a = pair ? new int[] {20, 0} : shape(l);
        int[] b = pair ? new int[] {20, 0} : shape(r);
        if (a == null || b == null) {
            return null;
        }
        int p1 = a[0], s1 = a[1], p2 = b[0], s2 = b[1];
        int p;
        int s;
        switch (op) {
            case "+", "-" -> {
                s = Math.max(s1, s2);
                p = Math.max(p1 - s1, p2 - s2) + s + 1;
            }
            case "*" -> {
                s = s1 + s2;
                p = p1 + p2 + 1;
            }
            case "/" -> {
                s = s1 + 4;
                p = p1 + s2 + 4;
            }
            case "%" -> {
                s = Math.max(s1, s2);
                p = Math.min(p1 - s1, p2 - s2) + s;
            }
            default -> {
                return null;
            }
        }
        return GreptimeType.decimal(Math.min(38, p), Math.min(38, s));
    }

    /** UInt64 with a signed integer: DataFusion computes both as Decimal128(20, 0) (binary_numeric_coercion). */
    private static boolean u64WithSigned(GreptimeType l, GreptimeType r) {
        return (l.name().equals("UInt64") && r.kind() == GreptimeType.Kind.INT)
                || (r.name().equals("UInt64") && l.kind() == GreptimeType.Kind.INT);
    }

    /** (precision, scale) of a decimal or of the decimal an integer type coerces to; null otherwise. */
    private static int[] shape(GreptimeType t) {
        if (t.arrow() instanceof ArrowType.Decimal d) {
            return new int[] {d.getPrecision(), d.getScale()};
        }
        if (t.kind() != GreptimeType.Kind.INT && t.kind() != GreptimeType.Kind.UINT) {
            return null;
        }
        String n = t.name();
        int digits = n.endsWith("64") ? 20 : n.endsWith("32") ? 10 : n.endsWith("16") ? 5 : 3;
        return new int[] {digits, 0};
    }

    /** The DuckDB SQL of {@code l op r} with a decimal operand, or null when this rule does not apply. */
    static String sql(ExprRenderer renderer, SqlAst.Binary b, String l, String r) {
        GreptimeType lt = ExprTypes.of(renderer.scope, b.left());
        GreptimeType rt = ExprTypes.of(renderer.scope, b.right());
        GreptimeType result = resultType(lt, b.op(), rt);
        if (result == null) {
            return null;
        }
        ArrowType.Decimal d = (ArrowType.Decimal) result.arrow();
        if (!b.op().equals("/")) {
            return "CAST((" + l + " " + b.op() + " " + r + ") AS " + result.duck() + ")";
        }
        // arrow's decimal division: the dividend's unscaled value times 10^(s + s2 - s1), divided by the divisor's
        // unscaled value, truncated; an i128 overflow of that product and a zero divisor are errors
        int s1 = u64WithSigned(lt, rt) ? 0 : shape(lt)[1];
        int s2 = u64WithSigned(lt, rt) ? 0 : shape(rt)[1];
        int k = d.getScale() + s2 - s1;
        String lu = unscaled(l, s1);
        String ru = unscaled(r, s2);
        BigInteger factor = BigInteger.TEN.pow(k);
        String limit = I128_MAX.divide(factor).toString();
        String overflow = "error('" + Errors.RAISED + StatusCode.ENGINE_EXECUTE_QUERY.code()
                + ":Arithmetic overflow: Overflow happened on: ' || CAST(" + lu + " AS VARCHAR) || ' * " + factor
                + "')";
        String zero = Errors.raise(StatusCode.ENGINE_EXECUTE_QUERY, "Divide by zero error");
        String quotient = "((" + lu + " * CAST('" + factor + "' AS HUGEINT)) // " + ru + ")";
        String scaled = d.getScale() == 0
                ? "CAST(" + quotient + " AS DECIMAL(38,0))"
                : "(CAST(" + quotient + " AS DECIMAL(38,0)) * CAST('0." + "0".repeat(d.getScale() - 1)
                        + "1' AS DECIMAL(38," + d.getScale() + ")))";
        return "CAST((CASE WHEN " + ru + " = 0 THEN " + zero + " WHEN abs(" + lu + ") > CAST('" + limit
                + "' AS HUGEINT) THEN " + overflow + " ELSE " + scaled + " END) AS " + result.duck() + ")";
    }

    /** The unscaled integer of a value at {@code scale} places (exact, through its decimal text). */
    private static String unscaled(String sql, int scale) {
        return "CAST(replace(CAST(CAST(" + sql + " AS DECIMAL(38," + scale + ")) AS VARCHAR), '.', '') AS HUGEINT)";
    }
}
