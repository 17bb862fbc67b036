package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.functions.Aggregates;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * Names of GreptimeDB range expressions: {@code agg(...) RANGE <range>[ FILL <fill>]}, where the range is
 * the string as written or the name of the interval expression, and the fill is the expression's own or
 * else the ALIGN clause's. A RANGE on a compound expression applies to every aggregate inside it, so
 * {@code (min(v) + max(v)) RANGE '20s'} names as {@code min(t.v) RANGE 20s + max(t.v) RANGE 20s}.
 */
public final class RangeNames {
    private RangeNames() {}

    public static String name(SchemaNames names, SqlAst.RangeFn r, String alignFill) {
        Expr inner = unwrap(r.expr());
        if (inner instanceof SqlAst.Call) {
            String range = r.range() instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.STRING
                    ? l.text()
                    : names.name(r.range());
            String fill = r.fill() != null ? r.fill() : alignFill;
            boolean was = names.canonicalNames;
            names.canonicalNames = true;
            String base;
            try {
                base = names.name(countStar((SqlAst.Call) inner)) + " RANGE " + range;
            } finally {
                names.canonicalNames = was;
            }
            return fill == null ? base : base + " FILL " + fill;
        }
        return names.name(distribute(r));
    }

    /** DataFusion plans {@code count(*)} as {@code count(Int64(1))}, which is what a range name shows. */
    private static SqlAst.Call countStar(SqlAst.Call c) {
        if (!c.star()) {
            return c;
        }
        return new SqlAst.Call(
                c.name(),
                List.of(new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "1")),
                c.distinct(),
                false,
                c.orderBy(),
                c.filter(),
                c.over(),
                c.withinGroup(),
                c.nullTreatment());
    }

    public static Expr unwrap(Expr e) {
        while (e instanceof SqlAst.Nested n) {
            e = n.expr();
        }
        return e;
    }

    /** Pushes the RANGE of a compound expression down onto each aggregate call inside it. */
    public static Expr distribute(SqlAst.RangeFn r) {
        return push(r.expr(), r);
    }

    private static Expr push(Expr e, SqlAst.RangeFn r) {
        if (e instanceof SqlAst.Call c) {
            if (Aggregates.isAggregate(c.name()) && c.over() == null) {
                return new SqlAst.RangeFn(c, r.range(), r.fill());
            }
            List<Expr> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(push(a, r));
            }
            return c.withArgs(args);
        } else if (e instanceof SqlAst.Nested n) {
            return new SqlAst.Nested(push(n.expr(), r));
        } else if (e instanceof SqlAst.Binary b) {
            return new SqlAst.Binary(push(b.left(), r), b.op(), push(b.right(), r));
        } else if (e instanceof SqlAst.Unary u) {
            return new SqlAst.Unary(u.op(), push(u.operand(), r));
        } else if (e instanceof SqlAst.Cast c) {
            return new SqlAst.Cast(push(c.expr(), r), c.type(), c.tryCast(), c.doubleColon());
        }
        return e;
    }
}
