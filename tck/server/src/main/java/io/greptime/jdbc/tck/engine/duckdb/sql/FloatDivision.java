package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * Division with a float operand is IEEE 754 division in GreptimeDB (arrow's float kernels): a zero divisor gives
 * inf, -inf or NaN, never the "Divide by zero" error an integer division raises. DuckDB, with integer division on,
 * refuses every division by zero, so a float division is rendered with the zero case spelled out.
 */
final class FloatDivision {
    private FloatDivision() {}

    /** The DuckDB SQL of {@code l / r} when one operand is a float, else null. */
    static String sql(ExprRenderer renderer, SqlAst.Binary b, String l, String r) {
        if (!b.op().equals("/")) {
            return null;
        }
        GreptimeType lt = ExprTypes.of(renderer.scope, b.left());
        GreptimeType rt = ExprTypes.of(renderer.scope, b.right());
        if (lt == null || rt == null || !ExprTypes.isNumeric(lt) || !ExprTypes.isNumeric(rt)) {
            return null;
        }
        boolean lf = lt.kind() == GreptimeType.Kind.FLOAT;
        boolean rf = rt.kind() == GreptimeType.Kind.FLOAT;
        if (!lf && !rf) {
            return null;
        }
        // a Float32 with an integer, a decimal or a Float32 stays Float32; with a Float64 it is Float64
        String type = lt.name().equals("Float64") || rt.name().equals("Float64") ? "DOUBLE" : "FLOAT";
        String x = "CAST(" + l + " AS DOUBLE)";
        String y = "CAST(" + r + " AS DOUBLE)";
        // x / ±0: x times an infinity of the zero's sign (0 * inf and NaN * inf are NaN)
        return "CAST((CASE WHEN " + y + " = 0 THEN " + x + " * (CASE WHEN signbit(" + y
                + ") THEN CAST('-inf' AS DOUBLE) ELSE CAST('inf' AS DOUBLE) END) ELSE " + x + " / " + y + " END) AS "
                + type + ")";
    }
}
