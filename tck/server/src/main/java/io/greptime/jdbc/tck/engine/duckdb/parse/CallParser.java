package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A function call after its name: arguments (with DISTINCT, {@code *} and an inner ORDER BY), then
 * {@code IGNORE|RESPECT NULLS}, {@code WITHIN GROUP (ORDER BY ...)}, {@code FILTER (WHERE ...)} and
 * {@code OVER (...)} or {@code OVER name}.
 */
final class CallParser {
    private final Tokens t;
    private final ExprParser exprs;
    private final SqlParser queries;

    CallParser(Tokens t, ExprParser exprs, SqlParser queries) {
        this.t = t;
        this.exprs = exprs;
        this.queries = queries;
    }

    SqlAst.Call call(String name) {
        t.expectSymbol("(");
        boolean distinct = false;
        boolean star = false;
        List<Expr> args = new ArrayList<>();
        List<SqlAst.Order> orderBy = List.of();
        String nullTreatment = null;
        if (t.accept("distinct")) {
            distinct = true;
        } else {
            t.accept("all");
        }
        if (t.peek().isSymbol("*") && t.peek(1).isSymbol(")")) {
            t.next();
            star = true;
        } else if (!t.peek().isSymbol(")")) {
            do {
                args.add(argument());
            } while (t.acceptSymbol(","));
        }
        if (t.accept("ignore", "nulls") || t.accept("respect", "nulls")) {
            nullTreatment = t.list.get(t.pos - 2).text().toUpperCase(Locale.ROOT) + " NULLS";
        }
        if (t.accept("order", "by")) {
            orderBy = queries.orderList();
        }
        t.expectSymbol(")");
        if (t.accept("ignore", "nulls") || t.accept("respect", "nulls")) {
            nullTreatment = t.list.get(t.pos - 2).text().toUpperCase(Locale.ROOT) + " NULLS";
        }
        List<SqlAst.Order> withinGroup = List.of();
        if (t.accept("within", "group")) {
            t.expectSymbol("(");
            t.expect("order");
            t.expect("by");
            withinGroup = queries.orderList();
            t.expectSymbol(")");
        }
        Expr filter = null;
        if (t.peek().is("filter") && t.peek(1).isSymbol("(")) {
            t.next();
            t.next();
            t.expect("where");
            filter = exprs.parse();
            t.expectSymbol(")");
        }
        SqlAst.Window over = null;
        if (t.accept("over")) {
            over = t.peek().isSymbol("(") ? window() : new SqlAst.Window(t.ident(), List.of(), List.of(), null);
        }
        return new SqlAst.Call(name, args, distinct, star, orderBy, filter, over, withinGroup, nullTreatment);
    }

    /** One argument; a named argument {@code k => v} is not supported. */
    private Expr argument() {
        if (t.peek().isIdent() && t.peek(1).isSymbol("=>")) {
            throw SqlParser.unsupported("named function arguments");
        }
        return exprs.parse();
    }

    /** {@code ( [name] [PARTITION BY ...] [ORDER BY ...] [frame] )}. */
    SqlAst.Window window() {
        t.expectSymbol("(");
        String base = null;
        if (t.peek().isIdent() && !isWindowKeyword(t.peek()) && !t.peek().isSymbol(")")) {
            base = t.ident();
        }
        List<Expr> partition = List.of();
        List<SqlAst.Order> order = List.of();
        if (t.accept("partition", "by")) {
            partition = exprs.list();
        }
        if (t.accept("order", "by")) {
            order = queries.orderList();
        }
        SqlAst.Frame frame = null;
        if (t.peek().is("rows") || t.peek().is("range") || t.peek().is("groups")) {
            frame = frame();
        }
        t.expectSymbol(")");
        return new SqlAst.Window(base, partition, order, frame);
    }

    private static boolean isWindowKeyword(Token tok) {
        return tok.is("partition") || tok.is("order") || tok.is("rows") || tok.is("range") || tok.is("groups");
    }

    private SqlAst.Frame frame() {
        String units = t.next().text().toUpperCase(Locale.ROOT);
        if (t.accept("between")) {
            SqlAst.Bound start = bound();
            t.expect("and");
            return new SqlAst.Frame(units, start, bound());
        }
        return new SqlAst.Frame(units, bound(), null);
    }

    private SqlAst.Bound bound() {
        if (t.accept("current", "row")) {
            return new SqlAst.Bound("CURRENT ROW", null);
        }
        if (t.accept("unbounded")) {
            return new SqlAst.Bound("UNBOUNDED " + direction(), null);
        }
        Expr offset = exprs.parse(ExprParserPrecedence.FRAME_OFFSET);
        return new SqlAst.Bound(direction(), offset);
    }

    private String direction() {
        if (t.accept("preceding")) {
            return "PRECEDING";
        }
        if (t.accept("following")) {
            return "FOLLOWING";
        }
        throw SqlParser.unsupported("window frame bound " + t.peek().text());
    }

    /** Binding powers used from outside the expression parser. */
    static final class ExprParserPrecedence {
        /** A frame offset stops before PRECEDING/FOLLOWING, which never continue an expression anyway. */
        static final int FRAME_OFFSET = 0;

        private ExprParserPrecedence() {}
    }
}
