package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses a GreptimeDB query (SELECT, VALUES, set operations, WITH, and the RANGE/ALIGN extension) into
 * {@link SqlAst}. A construct it does not know raises {@link Unsupported}, which names it.
 */
public final class SqlParser {
    private static final Set<String> INTERVAL_UNITS = Set.of(
            "year",
            "years",
            "month",
            "months",
            "week",
            "weeks",
            "day",
            "days",
            "hour",
            "hours",
            "minute",
            "minutes",
            "second",
            "seconds",
            "millisecond",
            "milliseconds",
            "microsecond",
            "microseconds",
            "nanosecond",
            "nanoseconds",
            "decade",
            "century",
            "millennium",
            "quarter");

    /** A construct the parser (and so the embedded server) does not handle; the message names it. */
    public static final class Unsupported extends RuntimeException {
        public Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    private final Tokens t;
    private final ExprParser exprs;

    public SqlParser(Tokens t) {
        this.t = t;
        this.exprs = new ExprParser(t, this);
    }

    static Unsupported unsupported(String what) {
        return new Unsupported(what);
    }

    static boolean isIntervalUnit(String word) {
        return INTERVAL_UNITS.contains(word);
    }

    /** Parses the whole statement from the cursor as one query; trailing text is an error. */
    public static SqlAst.Query parseQuery(Tokens t) {
        SqlParser p = new SqlParser(t);
        SqlAst.Query q = p.query();
        t.acceptSymbol(";");
        if (t.peek().type() != Token.Type.EOF) {
            throw unsupported("text after the query: " + t.peek().text());
        }
        return q;
    }

    public ExprParser exprs() {
        return exprs;
    }

    SqlAst.Query query() {
        boolean recursive = false;
        List<SqlAst.Cte> ctes = List.of();
        if (t.accept("with")) {
            recursive = t.accept("recursive");
            ctes = ctes();
        }
        SqlAst.Query body = setExpression(0);
        List<SqlAst.Order> order = List.of();
        if (t.accept("order", "by")) {
            order = orderList();
        }
        Expr limit = null;
        Expr offset = null;
        while (true) {
            if (t.accept("limit")) {
                Expr first = t.accept("all") ? null : exprs.parse();
                if (t.acceptSymbol(",")) {
                    offset = first;
                    limit = exprs.parse();
                } else {
                    limit = first;
                }
            } else if (t.accept("offset")) {
                offset = exprs.parse();
                if (!t.accept("rows")) {
                    t.accept("row");
                }
            } else {
                break;
            }
        }
        if (ctes.isEmpty() && order.isEmpty() && limit == null && offset == null) {
            return body;
        }
        return new SqlAst.Full(recursive, ctes, body, order, limit, offset);
    }

    private List<SqlAst.Cte> ctes() {
        List<SqlAst.Cte> out = new ArrayList<>();
        do {
            String name = t.ident();
            List<String> cols = List.of();
            if (t.peek().isSymbol("(")) {
                cols = identList();
            }
            t.expect("as");
            t.expectSymbol("(");
            SqlAst.Query q = t.peek().is("tql") ? tql() : query();
            t.expectSymbol(")");
            out.add(new SqlAst.Cte(name, cols, q));
        } while (t.acceptSymbol(","));
        return out;
    }

    /**
     * GreptimeDB's with_tql_parser.rs: a CTE may hold TQL EVAL only; TQL EXPLAIN and ANALYZE parse but are
     * refused (any other word is the TQL parser's own syntax error, raised when the statement runs).
     */
    private static String evalOnly(String tql) {
        String[] words = tql.trim().split("[\\s(]+", 3);
        String verb = words.length > 1 ? words[1].toLowerCase(Locale.ROOT) : "";
        if (verb.equals("explain") || verb.equals("analyze")) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.INVALID_SYNTAX,
                    "Invalid SQL, error: Only TQL EVAL is supported in CTEs");
        }
        return tql;
    }

    /**
     * The same refusal for an EXPLAINed statement, which the translator does not parse: a CTE body
     * {@code AS (TQL EXPLAIN|ANALYZE ...)} fails GreptimeDB's parser before anything is planned.
     */
    public static void refuseNonEvalTqlCtes(Tokens t) {
        for (int i = 0; i + 3 < t.list.size(); i++) {
            if (t.list.get(i).is("as")
                    && t.list.get(i + 1).isSymbol("(")
                    && t.list.get(i + 2).is("tql")
                    && (t.list.get(i + 3).is("explain") || t.list.get(i + 3).is("analyze"))) {
                evalOnly("tql " + t.list.get(i + 3).text());
            }
        }
    }

    /** The text of a TQL statement up to the parenthesis that closes it. */
    private SqlAst.Tql tql() {
        int start = t.peek().start();
        int depth = 0;
        while (true) {
            Token tok = t.peek();
            if (tok.type() == Token.Type.EOF) {
                throw unsupported("unterminated TQL in WITH");
            }
            if (tok.isSymbol("(")) {
                depth++;
            } else if (tok.isSymbol(")")) {
                if (depth == 0) {
                    return new SqlAst.Tql(evalOnly(t.sql.substring(start, tok.start())));
                }
                depth--;
            }
            t.next();
        }
    }

    private List<String> identList() {
        t.expectSymbol("(");
        List<String> names = new ArrayList<>();
        do {
            names.add(t.ident());
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return names;
    }

    /** UNION/EXCEPT bind at 1, INTERSECT at 2, as in sqlparser. */
    private SqlAst.Query setExpression(int minPrec) {
        SqlAst.Query left = queryTerm();
        while (true) {
            Token op = t.peek();
            int prec = op.is("union") || op.is("except") ? 1 : op.is("intersect") ? 2 : 0;
            if (prec <= minPrec) {
                return left;
            }
            t.next();
            String quantifier = t.accept("all") ? "ALL" : t.accept("distinct") ? "DISTINCT" : "";
            if (t.accept("by", "name")) {
                throw unsupported(op.text().toUpperCase(Locale.ROOT) + " BY NAME");
            }
            SqlAst.Query right = setExpression(prec);
            left = new SqlAst.SetOperation(left, op.text().toUpperCase(Locale.ROOT), quantifier, right);
        }
    }

    private SqlAst.Query queryTerm() {
        if (t.peek().is("select")) {
            return select();
        }
        if (t.peek().is("values")) {
            t.next();
            return values();
        }
        if (t.acceptSymbol("(")) {
            SqlAst.Query q = query();
            t.expectSymbol(")");
            return q instanceof SqlAst.Full ? q : new SqlAst.Full(false, List.of(), q, List.of(), null, null);
        }
        throw unsupported("query starting with "
                + (t.peek().type() == Token.Type.EOF ? "end" : t.peek().text()));
    }

    private SqlAst.Values values() {
        List<List<Expr>> rows = new ArrayList<>();
        do {
            t.expectSymbol("(");
            rows.add(exprs.list());
            t.expectSymbol(")");
        } while (t.acceptSymbol(","));
        return new SqlAst.Values(rows);
    }

    private SqlAst.Select select() {
        t.expect("select");
        boolean distinct = false;
        List<Expr> distinctOn = List.of();
        if (t.accept("distinct")) {
            distinct = true;
            if (t.accept("on")) {
                t.expectSymbol("(");
                distinctOn = exprs.list();
                t.expectSymbol(")");
            }
        } else {
            t.accept("all");
        }
        List<SqlAst.SelectItem> items = new ArrayList<>();
        do {
            if (!items.isEmpty() && endsProjection(t.peek())) {
                break; // sqlparser accepts a trailing comma before FROM
            }
            items.add(selectItem());
        } while (t.acceptSymbol(","));
        List<SqlAst.From> from = List.of();
        if (t.accept("from")) {
            from = fromList();
        }
        Expr where = t.accept("where") ? exprs.parse() : null;
        SqlAst.Align align = align(null);
        List<Expr> groupBy = List.of();
        boolean groupByAll = false;
        if (t.accept("group", "by")) {
            if (t.accept("all")) {
                groupByAll = true;
            } else {
                groupBy = groupList();
            }
        }
        align = align(align);
        Expr having = t.accept("having") ? exprs.parse() : null;
        List<SqlAst.NamedWindow> windows = List.of();
        if (t.accept("window")) {
            windows = namedWindows();
        }
        Expr qualify = t.accept("qualify") ? exprs.parse() : null;
        align = align(align);
        return new SqlAst.Select(
                distinct, distinctOn, items, from, where, groupBy, groupByAll, having, qualify, windows, align);
    }

    private static boolean endsProjection(Token tok) {
        return tok.type() == Token.Type.EOF
                || tok.isSymbol(";")
                || tok.isSymbol(")")
                || tok.is("from")
                || tok.is("where")
                || tok.is("group")
                || tok.is("order")
                || tok.is("limit");
    }

    private List<Expr> groupList() {
        List<Expr> out = new ArrayList<>();
        do {
            if (t.peek().is("rollup") || t.peek().is("cube") || t.peek().is("grouping")) {
                throw unsupported("GROUP BY " + t.peek().text().toUpperCase(Locale.ROOT));
            }
            out.add(exprs.parse());
        } while (t.acceptSymbol(","));
        return out;
    }

    private List<SqlAst.NamedWindow> namedWindows() {
        List<SqlAst.NamedWindow> out = new ArrayList<>();
        do {
            String name = t.ident();
            t.expect("as");
            out.add(new SqlAst.NamedWindow(name, new CallParser(t, exprs, this).window()));
        } while (t.acceptSymbol(","));
        return out;
    }

    /** GreptimeDB's {@code ALIGN interval [TO origin] [BY (keys)] [FILL value]}. */
    private SqlAst.Align align(SqlAst.Align existing) {
        if (!t.accept("align")) {
            return existing;
        }
        if (existing != null) {
            throw unsupported("a second ALIGN clause");
        }
        Expr interval = rangeArgument();
        Expr to = null;
        if (t.accept("to")) {
            Token tok = t.peek();
            if (tok.type() == Token.Type.WORD && !t.peek(1).isSymbol("(")) {
                // NOW, CALENDAR or any other bare word, which GreptimeDB then parses as a timestamp
                t.next();
                to = new SqlAst.Column(List.of(tok.text()), false);
            } else {
                to = exprs.parse();
            }
        }
        List<Expr> by = null;
        if (t.accept("by")) {
            t.expectSymbol("(");
            by = t.peek().isSymbol(")") ? List.of() : exprs.list();
            t.expectSymbol(")");
        }
        String fill = t.accept("fill") ? exprs.fillValue() : null;
        return new SqlAst.Align(interval, to, by, fill);
    }

    private Expr rangeArgument() {
        if (t.peek().type() == Token.Type.STRING) {
            return new SqlAst.Literal(SqlAst.LiteralKind.STRING, t.next().text());
        }
        if (t.acceptSymbol("(")) {
            Expr e = exprs.parse();
            t.expectSymbol(")");
            return e;
        }
        throw unsupported("ALIGN argument " + t.peek().text());
    }

    private SqlAst.SelectItem selectItem() {
        Expr e = exprs.parse();
        String alias = null;
        if (t.accept("as")) {
            alias = aliasName();
        } else if (isBareAlias(t.peek())) {
            alias = t.next().text();
        }
        return new SqlAst.SelectItem(e, alias);
    }

    private String aliasName() {
        Token tok = t.next();
        if (tok.type() == Token.Type.WORD || tok.type() == Token.Type.QUOTED || tok.type() == Token.Type.STRING) {
            return tok.text();
        }
        throw unsupported("alias " + tok.text());
    }

    private static boolean isBareAlias(Token tok) {
        return tok.type() == Token.Type.QUOTED
                || tok.type() == Token.Type.WORD && !ExprParser.RESERVED.contains(tok.text());
    }

    List<SqlAst.Order> orderList() {
        List<SqlAst.Order> out = new ArrayList<>();
        do {
            Expr e = exprs.parse();
            Boolean asc = t.accept("asc") ? Boolean.TRUE : t.accept("desc") ? Boolean.FALSE : null;
            Boolean nullsFirst = null;
            if (t.accept("nulls")) {
                nullsFirst = t.accept("first") ? Boolean.TRUE : Boolean.FALSE;
                if (!nullsFirst) {
                    t.expect("last");
                }
            }
            out.add(new SqlAst.Order(e, asc, nullsFirst));
        } while (t.acceptSymbol(","));
        return out;
    }

    // ---- FROM ----

    private List<SqlAst.From> fromList() {
        List<SqlAst.From> out = new ArrayList<>();
        do {
            out.add(joined());
        } while (t.acceptSymbol(","));
        return out;
    }

    private SqlAst.From joined() {
        SqlAst.From left = factor();
        while (true) {
            int save = t.pos;
            boolean natural = t.accept("natural");
            String kind = joinKind();
            if (kind == null) {
                t.pos = save;
                return left;
            }
            SqlAst.From right = factor();
            Expr on = null;
            List<String> using = List.of();
            if (t.accept("on")) {
                on = exprs.parse();
            } else if (t.accept("using")) {
                using = identList();
            }
            left = new SqlAst.Join(left, right, kind, on, using, natural);
        }
    }

    private String joinKind() {
        if (t.accept("join")) {
            return "INNER";
        }
        if (t.accept("inner", "join")) {
            return "INNER";
        }
        if (t.accept("cross", "join")) {
            return "CROSS";
        }
        for (String side : new String[] {"left", "right", "full"}) {
            if (t.peek().is(side)) {
                int save = t.pos;
                t.next();
                String kind = side.toUpperCase(Locale.ROOT);
                if (t.accept("semi")) {
                    kind += " SEMI";
                } else if (t.accept("anti")) {
                    kind += " ANTI";
                } else {
                    t.accept("outer");
                }
                if (t.accept("join")) {
                    return kind;
                }
                t.pos = save;
            }
        }
        return null;
    }

    private SqlAst.From factor() {
        boolean lateral = t.accept("lateral");
        if (t.peek().isSymbol("(")) {
            int save = t.pos;
            t.next();
            if (t.peek().is("select")
                    || t.peek().is("with")
                    || t.peek().is("values")
                    || t.peek().isSymbol("(")) {
                t.pos = save + 1;
                try {
                    SqlAst.Query q = query();
                    t.expectSymbol(")");
                    return new SqlAst.Derived(q, alias(), lateral);
                } catch (RuntimeException e) {
                    t.pos = save + 1;
                }
            }
            SqlAst.From inner = joined();
            t.expectSymbol(")");
            if (alias() != null) {
                throw unsupported("an alias on a parenthesised join");
            }
            return inner;
        }
        List<String> parts = new ArrayList<>();
        parts.add(t.ident());
        while (t.acceptSymbol(".")) {
            parts.add(t.ident());
        }
        if (t.peek().isSymbol("(")) {
            t.next();
            List<Expr> args = t.peek().isSymbol(")") ? List.of() : exprs.list();
            t.expectSymbol(")");
            return new SqlAst.TableFunction(String.join(".", parts), args, alias());
        }
        skipTableSample();
        SqlAst.Alias alias = alias();
        skipTableSample();
        return new SqlAst.TableRef(List.copyOf(parts), alias);
    }

    /**
     * {@code TABLESAMPLE [SYSTEM|BERNOULLI|...] (n PERCENT|ROWS) [REPEATABLE (seed)]}: parsed and ignored, as
     * GreptimeDB's DataFusion plans a table scan with it (every row read; apache/datafusion#16325 is open).
     */
    private void skipTableSample() {
        if (!t.accept("tablesample")) {
            return;
        }
        if (t.peek().type() == Token.Type.WORD && t.peek(1).isSymbol("(")) {
            t.next(); // the sampling method
        }
        t.skipParens();
        if (t.accept("repeatable") || t.accept("seed")) {
            t.skipParens();
        }
    }

    private SqlAst.Alias alias() {
        String name = null;
        if (t.accept("as")) {
            name = t.ident();
        } else if (isBareAlias(t.peek())) {
            name = t.next().text();
        }
        if (name == null) {
            return null;
        }
        List<String> cols = t.peek().isSymbol("(") ? identList() : List.of();
        return new SqlAst.Alias(name, cols);
    }
}
