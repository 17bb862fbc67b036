package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * GreptimeDB scalar functions that plan in plain SQL but fail once they run on a row
 * ({@code src/common/function/src/scalars/math.rs} and {@code math/rate.rs}); both failures are DataFusion
 * Internal errors, which GreptimeDB reports with status Internal (masked on the wire to its code).
 *
 * <ul>
 *   <li>{@code range_fn(expr, ...)} only stands in for a RANGE query's aggregate while it is planned; its
 *       type is its first argument's, and invoking it is an internal error.
 *   <li>{@code rate(value, ts)} (0.14: {@code prom_rate}) answers the n - 1 differences dv/dt of its n
 *       rows, which DataFusion refuses as a UDF answering the wrong number of rows. Over no row (an empty
 *       table) it is never invoked, so the query answers no row.
 * </ul>
 *
 * <p>Rendered as a CASE whose condition calls a Java function that raises, with the row's arguments so
 * that it runs per row (and not over an empty input).
 */
final class PlanOnlyFunctions {
    private PlanOnlyFunctions() {}

    static void install(Connection c) throws SQLException {
        JavaFunctions.texts(c, "gt_fail_internal", Boolean.class, a -> {
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: " + a[0]);
        });
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        String message;
        String type;
        switch (c.name()) {
            case "range_fn" -> {
                if (a.isEmpty()) {
                    // VariadicAny takes no zero-argument call: DataFusion's planner refuses it
                    throw MoreFunctions.noZeroArguments("range_fn", List.of("Any, .., Any"));
                }
                message = "not expected to invoke 'range_fn' directly";
                type = null;
            }
            case "rate", "prom_rate" -> {
                if (a.size() != 2) {
                    return null;
                }
                message = "UDF " + c.name() + " returned a different number of rows than expected";
                type = "DOUBLE";
            }
            default -> {
                return null;
            }
        }
        StringBuilder call = new StringBuilder("gt_fail_internal(").append(FunctionMap.quoted(message));
        for (SqlAst.Expr e : a) {
            call.append(", coalesce(CAST(").append(r.render(e)).append(" AS VARCHAR), '')");
        }
        call.append(')');
        String value = type == null ? r.render(a.get(0)) : "CAST(NULL AS " + type + ")";
        return "(CASE WHEN " + call + " THEN NULL ELSE " + value + " END)";
    }
}
