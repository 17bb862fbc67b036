package io.greptime.jdbc.tck.promql;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Names of PromQL scalar expressions as GreptimeDB's planner shows them in column names (DataFusion
 * expression names): numbers are {@code Float64(x)} (Rust's float display), operators spaced and never
 * parenthesised ({@code ==} as {@code =}), {@code time()} is {@code time / Float64(1000)}; literal-only
 * arithmetic is not folded.
 */
final class PromNames {
    private PromNames() {}

    /** The name of a scalar expression, or null when it is not one GreptimeDB plans as an expression. */
    static String scalar(Ast.Expr e) {
        if (e instanceof Ast.NumberLit n) {
            return float64(n.value());
        } else if (e instanceof Ast.Paren p) {
            return scalar(p.expr());
        } else if (e instanceof Ast.Unary u && u.expr() instanceof Ast.NumberLit n) {
            return float64(-n.value());
        } else if (e instanceof Ast.Call c && c.args().isEmpty()) {
            return switch (c.func()) {
                case "time" -> "time / Float64(1000)";
                case "pi" -> "pi()";
                default -> null;
            };
        } else if (e instanceof Ast.Binary b) {
            String l = scalar(b.lhs());
            String r = scalar(b.rhs());
            return l == null || r == null ? null : l + " " + operator(b.op()) + " " + r;
        }
        return null;
    }

    static String operator(String op) {
        return op.equals("==") ? "=" : op;
    }

    static String float64(double v) {
        return "Float64(" + rust(v) + ")";
    }

    /** Rust's {@code Display} of an f64: shortest round-trip digits, no exponent, no trailing ".0". */
    static String rust(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        BigDecimal exact = new BigDecimal(d);
        BigDecimal shortest = exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
        for (int digits = 1; digits < 17; digits++) {
            BigDecimal c = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (c.doubleValue() == d) {
                shortest = c;
                break;
            }
        }
        BigDecimal b = shortest.stripTrailingZeros();
        return b.scale() <= 0 ? b.toBigInteger().toString() : b.toPlainString();
    }
}
