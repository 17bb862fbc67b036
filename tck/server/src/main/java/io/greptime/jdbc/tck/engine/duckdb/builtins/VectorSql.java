package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.functions.VectorFunctions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.util.List;
import java.util.Set;

/**
 * GreptimeDB's vector functions as calls to {@link VectorFunctions}: each vector argument goes in as text
 * or as {@code b:<hex>} of its bytes (decided by its DuckDB type), vector results come back as bytes.
 */
final class VectorSql {
    private static final Set<String> VECTOR_RESULTS = Set.of(
            "parse_vec",
            "vec_add",
            "vec_sub",
            "vec_mul",
            "vec_div",
            "vec_norm",
            "vec_subvector",
            "vec_scalar_add",
            "vec_scalar_mul");

    private VectorSql() {}

    static boolean handles(String fn) {
        return VECTOR_RESULTS.contains(fn)
                || Set.of(
                                "vec_to_string",
                                "vec_dim",
                                "vec_dot_product",
                                "vec_l2sq_distance",
                                "vec_cos_distance",
                                "vec_elem_sum",
                                "vec_elem_product",
                                "vec_elem_avg",
                                "vec_kth_elem")
                        .contains(fn);
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<Expr> a = c.args();
        String fn = c.name();
        String call;
        switch (fn) {
            case "vec_scalar_add", "vec_scalar_mul" -> {
                // (Float64 scalar, vector): the scalar goes in as a double, NULL when it is
                if (a.size() != 2) {
                    return null;
                }
                call = "gt_" + fn + "(CAST(" + r.render(a.get(0)) + " AS DOUBLE), " + arg(r, a.get(1)) + ")";
            }
            case "vec_kth_elem" -> {
                if (a.size() != 2) {
                    return null;
                }
                call = "gt_vec_kth_elem(" + arg(r, a.get(0)) + ", CAST(" + r.render(a.get(1)) + " AS BIGINT))";
            }
            case "vec_subvector" -> {
                if (a.size() != 3) {
                    return null;
                }
                call = "gt_vec_subvector(" + arg(r, a.get(0)) + ", CAST(" + r.render(a.get(1))
                        + " AS VARCHAR) || ':' ||" + " CAST(" + r.render(a.get(2)) + " AS VARCHAR))";
            }
            default -> {
                StringBuilder sb = new StringBuilder("gt_").append(fn).append('(');
                for (int i = 0; i < a.size(); i++) {
                    sb.append(i == 0 ? "" : ", ").append(arg(r, a.get(i)));
                }
                call = sb.append(')').toString();
            }
        }
        return VECTOR_RESULTS.contains(fn) ? "unhex(" + call + ")" : call;
    }

    /** A vector argument: text stays text, bytes travel as {@code b:<hex>}. */
    private static String arg(ExprRenderer r, Expr e) {
        if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING) {
            return r.render(e);
        }
        String sql = r.render(e);
        return "CASE WHEN typeof(" + sql + ") = 'BLOB' THEN '" + VectorFunctions.BYTES + "' || hex(CAST(" + sql
                + " AS BLOB)) ELSE CAST(" + sql + " AS VARCHAR) END";
    }
}
