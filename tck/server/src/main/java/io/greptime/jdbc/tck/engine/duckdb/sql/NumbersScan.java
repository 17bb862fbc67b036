package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.functions.Aggregates;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.math.BigInteger;

/**
 * GreptimeDB's built-in {@code numbers} table yields {@code 0..n} where {@code n} is the LIMIT DataFusion
 * pushes into its scan, else 100 ({@code src/table/src/table/numbers.rs}: {@code request.limit.unwrap_or(100)}).
 * DataFusion pushes {@code LIMIT l OFFSET o} down as {@code l + o} through a plain projection of one table;
 * a filter, grouping, aggregate, window, DISTINCT or ORDER BY stops it, and the scan gives its 100 rows.
 */
final class NumbersScan {
    private NumbersScan() {}

    static void pushLimit(QueryTranslator tr, SqlAst.Full f) {
        Long limit = integer(f.limit());
        Long offset = f.offset() == null ? Long.valueOf(0) : integer(f.offset());
        if (limit == null || offset == null || !f.orderBy().isEmpty() || !(f.body() instanceof SqlAst.Select s)) {
            return;
        }
        if (s.from().size() != 1
                || !(s.from().get(0) instanceof SqlAst.TableRef t)
                || s.where() != null
                || !s.groupBy().isEmpty()
                || s.groupByAll()
                || s.having() != null
                || s.qualify() != null
                || s.distinct()
                || s.align() != null) {
            return;
        }
        for (SqlAst.SelectItem item : s.items()) {
            if (!plain(item.expr())) {
                return;
            }
        }
        long rows = limit + offset;
        if (rows >= 0 && rows <= 100_000_000L) {
            tr.numbersLimits.put(t, rows);
        }
    }

    /** A row-by-row expression: no aggregate, window or subquery (anything not recognised counts as not). */
    private static boolean plain(SqlAst.Expr e) {
        if (e instanceof SqlAst.Column
                || e instanceof SqlAst.Literal
                || e instanceof SqlAst.Star
                || e instanceof SqlAst.TypedString) {
            return true;
        } else if (e instanceof SqlAst.Nested n) {
            return plain(n.expr());
        } else if (e instanceof SqlAst.Cast c) {
            return plain(c.expr());
        } else if (e instanceof SqlAst.Unary u) {
            return plain(u.operand());
        } else if (e instanceof SqlAst.Binary b) {
            return plain(b.left()) && plain(b.right());
        } else if (e instanceof SqlAst.Call c) {
            if (c.over() != null || c.star() || Aggregates.isAggregate(c.name())) {
                return false;
            }
            for (SqlAst.Expr a : c.args()) {
                if (!plain(a)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    private static Long integer(SqlAst.Expr e) {
        if (e instanceof SqlAst.Literal l
                && l.kind() == SqlAst.LiteralKind.NUMBER
                && SchemaNames.isInteger(l.text())
                && new BigInteger(l.text()).bitLength() < 40) {
            return Long.parseLong(l.text());
        }
        return null;
    }

    static String sql(long rows) {
        return "(SELECT CAST(range AS UINTEGER) AS number FROM range(" + rows + "))";
    }
}
