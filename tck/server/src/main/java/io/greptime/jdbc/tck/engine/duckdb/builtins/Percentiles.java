package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;

/**
 * DataFusion's percentile aggregates on DuckDB. {@code approx_percentile_cont(p) WITHIN GROUP (ORDER BY x)}
 * (or the older {@code (x, p)} form) is computed exactly with {@code quantile_cont}, a descending order
 * reading {@code 1 - p}; integer inputs give an integer result truncated toward zero, as DataFusion casts
 * its estimate back to the input type. DataFusion estimates with a t-digest, so large float inputs may
 * differ from it in the last digits (a known difference).
 */
final class Percentiles {
    private Percentiles() {}

    static String approx(ExprRenderer r, SqlAst.Call c) {
        Expr value;
        Expr p;
        boolean descending = false;
        if (!c.withinGroup().isEmpty()) {
            if (c.args().size() != 1 || c.withinGroup().size() != 1) {
                return null;
            }
            p = c.args().get(0);
            value = c.withinGroup().get(0).expr();
            descending = !c.withinGroup().get(0).ascending();
        } else if (c.args().size() == 2) {
            value = c.args().get(0);
            p = c.args().get(1);
        } else {
            return null;
        }
        String q = descending ? "1 - " + r.render(p) : r.render(p);
        String filter = c.filter() == null ? "" : " FILTER (WHERE " + r.render(c.filter()) + ")";
        String sql = "quantile_cont(" + r.render(value) + ", " + q + ")" + filter;
        GreptimeType type = ExprTypes.of(r.scope, value);
        if (type != null && (type.kind() == GreptimeType.Kind.INT || type.kind() == GreptimeType.Kind.UINT)) {
            return "CAST(trunc(" + sql + ") AS " + type.duck() + ")";
        }
        return sql;
    }
}
