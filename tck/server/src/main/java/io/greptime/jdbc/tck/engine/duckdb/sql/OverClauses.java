package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.List;

/** ORDER BY lists and window specifications ({@code OVER (...)}) as DuckDB SQL, for queries and function calls. */
public final class OverClauses {
    private OverClauses() {}

    public static String orderList(ExprRenderer r, List<SqlAst.Order> order) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < order.size(); i++) {
            SqlAst.Order o = order.get(i);
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(r.render(o.expr()))
                    .append(o.ascending() ? " ASC" : " DESC")
                    .append(o.nullsFirstEffective() ? " NULLS FIRST" : " NULLS LAST");
        }
        return sb.toString();
    }

    public static String window(ExprRenderer r, SqlAst.Window w) {
        if (w.partitionBy().isEmpty() && w.orderBy().isEmpty() && w.frame() == null && w.name() != null) {
            return Catalog.quote(w.name());
        }
        StringBuilder sb = new StringBuilder("(");
        if (w.name() != null) {
            sb.append(Catalog.quote(w.name())).append(' ');
        }
        if (!w.partitionBy().isEmpty()) {
            sb.append("PARTITION BY ").append(r.list(w.partitionBy())).append(' ');
        }
        if (!w.orderBy().isEmpty()) {
            sb.append("ORDER BY ").append(orderList(r, w.orderBy())).append(' ');
        }
        if (w.frame() != null) {
            SqlAst.Frame f = w.frame();
            sb.append(f.units()).append(" BETWEEN ").append(bound(r, f.start())).append(" AND ");
            sb.append(f.end() == null ? "CURRENT ROW" : bound(r, f.end()));
        }
        return sb.append(')').toString();
    }

    private static String bound(ExprRenderer r, SqlAst.Bound b) {
        return b.offset() == null ? b.kind() : r.render(b.offset()) + " " + b.kind();
    }
}
