package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * DataFusion's name of a window function call: {@code f(args) [PARTITION BY [..]] [ORDER BY [..]] frame},
 * the frame spelled out even when implied (RANGE ... CURRENT ROW with an ORDER BY, ROWS over the whole
 * partition without one).
 */
final class WindowNames {
    private WindowNames() {}

    static String name(SchemaNames names, SqlAst.Call c, String fn) {
        SqlAst.Window w = c.over();
        StringBuilder sb = new StringBuilder(fn).append('(');
        if (c.distinct()) {
            sb.append("DISTINCT ");
        }
        sb.append(c.star() ? "*" : names.list(c.args(), ",")).append(')');
        if (c.nullTreatment() != null) {
            sb.append(' ').append(c.nullTreatment());
        }
        if (!w.partitionBy().isEmpty()) {
            sb.append(" PARTITION BY [")
                    .append(names.list(w.partitionBy(), ", "))
                    .append(']');
        }
        if (!w.orderBy().isEmpty()) {
            sb.append(" ORDER BY [").append(names.sorts(w.orderBy())).append(']');
        }
        return sb.append(' ').append(frame(w)).toString();
    }

    static String frame(SqlAst.Window w) {
        SqlAst.Frame f = w.frame();
        if (f == null) {
            return w.orderBy().isEmpty()
                    ? "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"
                    : "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";
        }
        String end = f.end() == null ? "CURRENT ROW" : bound(f.end());
        return f.units() + " BETWEEN " + bound(f.start()) + " AND " + end;
    }

    private static String bound(SqlAst.Bound b) {
        if (b.offset() == null) {
            return b.kind();
        }
        String n = b.offset() instanceof SqlAst.Literal l ? l.text() : "?";
        return n + " " + b.kind();
    }
}
