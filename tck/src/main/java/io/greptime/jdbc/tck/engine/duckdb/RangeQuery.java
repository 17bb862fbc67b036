package io.greptime.jdbc.tck.engine.duckdb;

/** GreptimeDB's range queries ({@code agg(x) RANGE '5s' ... ALIGN '5s' BY (...) FILL ...}) as DuckDB SQL. */
final class RangeQuery {
    private final QueryTranslator translator;
    private final SqlAst.Select select;
    private final QueryScope scope;

    RangeQuery(QueryTranslator translator, SqlAst.Select select, QueryScope scope) {
        this.translator = translator;
        this.select = select;
        this.scope = scope;
    }

    static boolean hasRange(SqlAst.Select s) {
        for (SqlAst.SelectItem item : s.items()) {
            if (contains(item.expr())) {
                return true;
            }
        }
        return false;
    }

    private static boolean contains(SqlAst.Expr e) {
        if (e instanceof SqlAst.RangeFn) {
            return true;
        } else if (e instanceof SqlAst.Call c) {
            return c.args().stream().anyMatch(RangeQuery::contains);
        } else if (e instanceof SqlAst.Binary b) {
            return contains(b.left()) || contains(b.right());
        } else if (e instanceof SqlAst.Unary u) {
            return contains(u.operand());
        } else if (e instanceof SqlAst.Nested n) {
            return contains(n.expr());
        } else if (e instanceof SqlAst.Cast c) {
            return contains(c.expr());
        }
        return false;
    }

    String render() {
        throw new SqlParser.Unsupported("range query");
    }
}
