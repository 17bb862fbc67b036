package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.math.BigInteger;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * sum, avg and median over integer and decimal inputs as DataFusion 52.1 computes them (GreptimeDB v1.0.0): sum
 * of an integer column wraps around in Int64 or UInt64 (datafusion-functions-aggregate sum.rs adds with wrapping
 * arithmetic; a real v1.0.0 sums two BIGINT maxima to -2), sum of a decimal is Decimal128(p + 10, s), avg of a
 * decimal Decimal128(p + 4, s + 4) (the quotient truncated), the median of integers the exact truncated mean of the
 * two middle values in the input's type (median.rs; DuckDB's goes through a double).
 */
final class NumericAggregates {
    private NumericAggregates() {}

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);

    /** The DuckDB SQL of the aggregate call, or null when its plain form is right. */
    static String render(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 1 || c.star()) {
            return null;
        }
        GreptimeType t = ExprTypes.of(r.scope, c.args().get(0));
        if (t == null) {
            return null;
        }
        return switch (c.name()) {
            case "sum" -> sum(r, c, t);
            case "avg" -> avg(r, c, t);
            case "median" -> median(r, c, t);
            default -> null;
        };
    }

    private static String sum(ExprRenderer r, SqlAst.Call c, GreptimeType t) {
        String total = "CAST(" + FunctionMap.generic(r, c, "sum") + " AS HUGEINT)";
        if (t.kind() == GreptimeType.Kind.INT) {
            return "CAST((((" + total + " + " + TWO_63 + ") % " + TWO_64 + " + " + TWO_64 + ") % " + TWO_64 + " - "
                    + TWO_63 + ") AS BIGINT)";
        }
        if (t.kind() == GreptimeType.Kind.UINT) {
            return "CAST(((" + total + " % " + TWO_64 + " + " + TWO_64 + ") % " + TWO_64 + ") AS UBIGINT)";
        }
        if (t.arrow() instanceof ArrowType.Decimal d) {
            return "CAST(" + FunctionMap.generic(r, c, "sum") + " AS DECIMAL(" + Math.min(38, d.getPrecision() + 10)
                    + "," + d.getScale() + "))";
        }
        return null;
    }

    private static String avg(ExprRenderer r, SqlAst.Call c, GreptimeType t) {
        if (!(t.arrow() instanceof ArrowType.Decimal d) || c.over() != null) {
            return null;
        }
        int s = d.getScale();
        int scale = Math.min(38, s + 4);
        String total = FunctionMap.generic(r, c, "sum");
        String n = FunctionMap.generic(r, c, "count");
        String unscaled =
                "CAST(replace(CAST(CAST(" + total + " AS DECIMAL(38," + s + ")) AS VARCHAR), '.', '') AS HUGEINT)";
        String quotient = "((" + unscaled + " * " + BigInteger.TEN.pow(scale - s) + ") // " + n + ")";
        return "CAST((CAST(" + quotient + " AS DECIMAL(38,0)) * CAST('0." + "0".repeat(scale - 1) + "1' AS DECIMAL(38,"
                + scale + "))) AS DECIMAL(" + Math.min(38, d.getPrecision() + 4) + "," + scale + "))";
    }

    private static String median(ExprRenderer r, SqlAst.Call c, GreptimeType t) {
        boolean integer = t.kind() == GreptimeType.Kind.INT || t.kind() == GreptimeType.Kind.UINT;
        if (!integer || c.over() != null || c.distinct() || c.filter() != null) {
            return null;
        }
        String x = r.render(c.args().get(0));
        String sorted = "list_sort(list(" + x + ") FILTER (WHERE " + x + " IS NOT NULL))";
        String n = "count(" + x + ")";
        String low = "CAST(" + sorted + "[(" + n + " + 1) // 2] AS HUGEINT)";
        String high = "CAST(" + sorted + "[" + n + " // 2 + 1] AS HUGEINT)";
        return "CAST(((" + low + " + " + high + ") // 2) AS " + t.duck() + ")";
    }
}
