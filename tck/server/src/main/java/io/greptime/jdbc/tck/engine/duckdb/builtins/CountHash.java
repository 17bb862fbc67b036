package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.util.List;

/**
 * GreptimeDB's {@code count_hash(x)} ({@code src/common/function/src/aggrs/count_hash.rs}): the number of
 * distinct 64-bit hashes of the values, Int64, 0 over no row. Hash collisions aside, that is a distinct
 * count, with one quirk of its two accumulators: without GROUP BY, DataFusion runs the plain accumulator,
 * which hashes NULL rows too (all NULLs share one hash, so they count once, unless the argument is of the
 * Null type, which it skips); grouped, the groups accumulator skips NULL rows. With no argument it counts
 * nothing (0); with more than one it is not implemented.
 */
final class CountHash {
    private CountHash() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        if (!c.name().equals("count_hash") || c.over() != null || c.star()) {
            return null;
        }
        List<SqlAst.Expr> a = c.args();
        if (a.size() > 1) {
            // DataFusion's NotImplemented, reported by GreptimeDB as EngineExecuteQuery
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "This feature is not implemented: count_hash with multiple arguments");
        }
        String filter = c.filter() == null ? "" : " FILTER (WHERE " + r.render(c.filter()) + ")";
        if (a.isEmpty() || a.get(0) instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL) {
            return "CAST(count(*)" + filter + " * 0 AS BIGINT)";
        }
        String x = r.render(a.get(0));
        String distinct = "count(DISTINCT " + x + ")" + filter;
        if (grouped(r)) {
            return "CAST(" + distinct + " AS BIGINT)";
        }
        return "CAST(" + distinct + " + CASE WHEN count(*)" + filter + " > count(" + x + ")" + filter
                + " THEN 1 ELSE 0 END AS BIGINT)";
    }

    /** Whether the call's SELECT groups its rows (GROUP BY, or GROUP BY ALL). */
    private static boolean grouped(ExprRenderer r) {
        SqlAst.Select s = r.scope == null ? null : r.translator.selectOf(r.scope);
        return s != null && (s.groupByAll() || !s.groupBy().isEmpty());
    }
}
