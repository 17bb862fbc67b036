package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A Pratt parser for expressions with sqlparser's binding powers (GenericDialect, which GreptimeDB's
 * dialect follows): {@code ::}/subscript 50, {@code AT TIME ZONE} 41, {@code * / % ||} 40, {@code + -} 30,
 * {@code &} 23, {@code ^ # << >>} 22, {@code |} 21, comparisons and BETWEEN/IN 20, LIKE 19, IS 17,
 * other PostgreSQL operators 16, NOT 15, AND 10, OR 5. Unary minus binds its operand at 40.
 */
public final class ExprParser {
    /** The type name of an {@code X'...'} literal's {@link SqlAst.TypedString}. */
    public static final String HEX_LITERAL = "x";

    private static final int OR = 5;
    private static final int AND = 10;
    private static final int NOT = 15;
    private static final int PG_OTHER = 16;
    private static final int IS = 17;
    private static final int LIKE = 19;
    private static final int EQ = 20;
    private static final int PIPE = 21;
    private static final int CARET = 22;
    private static final int AMPERSAND = 23;
    private static final int PLUS_MINUS = 30;
    private static final int MUL_DIV = 40;
    private static final int AT_TZ = 41;
    private static final int POSTFIX = 50;

    /** Words that end an expression rather than alias it. */
    static final Set<String> RESERVED = Set.of(
            "from",
            "where",
            "group",
            "having",
            "order",
            "limit",
            "offset",
            "union",
            "intersect",
            "except",
            "window",
            "qualify",
            "align",
            "fill",
            "join",
            "inner",
            "left",
            "right",
            "full",
            "cross",
            "natural",
            "on",
            "using",
            "as",
            "and",
            "or",
            "not",
            "is",
            "in",
            "like",
            "ilike",
            "similar",
            "between",
            "then",
            "else",
            "end",
            "when",
            "asc",
            "desc",
            "nulls",
            "to",
            "by",
            "select",
            "with",
            "values",
            "lateral",
            "outer",
            "semi",
            "anti",
            "range",
            "rows",
            "groups",
            "for",
            "into",
            "returning",
            "partition",
            "over",
            "filter",
            "within",
            "escape",
            "rlike",
            "regexp",
            "collate",
            "at",
            "case",
            "exists",
            "interval");

    private final Tokens t;
    private final SqlParser queries;

    ExprParser(Tokens t, SqlParser queries) {
        this.t = t;
        this.queries = queries;
    }

    public Expr parse() {
        return parse(0);
    }

    public Expr parse(int minPrec) {
        Expr left = prefix();
        while (true) {
            int prec = nextPrecedence();
            if (prec <= minPrec) {
                return left;
            }
            left = infix(left, prec);
        }
    }

    List<Expr> list() {
        List<Expr> out = new ArrayList<>();
        do {
            out.add(parse());
        } while (t.acceptSymbol(","));
        return out;
    }

    // ---- infix ----

    private int nextPrecedence() {
        Token tok = t.peek();
        if (tok.type() == Token.Type.SYMBOL) {
            return switch (tok.text()) {
                case "::", "[" -> POSTFIX;
                case "*", "/", "%", "||" -> MUL_DIV;
                case "+", "-" -> PLUS_MINUS;
                case "&" -> AMPERSAND;
                case "^", "#", "<<", ">>" -> CARET;
                case "|" -> PIPE;
                case "=", "==", "<", ">", "<=", ">=", "<>", "!=", "<=>" -> EQ;
                case "~", "~*", "!~", "!~*" -> LIKE;
                case "->", "->>", "#>", "#>>", "@>", "<@", "@@" -> PG_OTHER;
                default -> 0;
            };
        }
        if (tok.type() != Token.Type.WORD) {
            return 0;
        }
        return switch (tok.text()) {
            case "or" -> OR;
            case "and" -> AND;
            case "xor" -> 24;
            case "is" -> IS;
            case "in", "between" -> EQ;
            case "like", "ilike", "similar", "rlike", "regexp" -> LIKE;
            case "not" -> notPrecedence();
            case "at" -> t.peek(1).is("time") ? AT_TZ : 0;
            case "range" -> isRangeSuffix() ? POSTFIX : 0;
            case "collate" -> POSTFIX;
            default -> 0;
        };
    }

    private int notPrecedence() {
        Token n = t.peek(1);
        if (n.is("in") || n.is("between")) {
            return EQ;
        }
        if (n.is("like") || n.is("ilike") || n.is("similar") || n.is("rlike") || n.is("regexp")) {
            return LIKE;
        }
        return 0;
    }

    /** {@code RANGE '5s'} or {@code RANGE (interval expr)} after an expression (GreptimeDB's range query). */
    private boolean isRangeSuffix() {
        Token n = t.peek(1);
        return n.type() == Token.Type.STRING || n.isSymbol("(");
    }

    private Expr infix(Expr left, int prec) {
        Token tok = t.next();
        if (tok.type() == Token.Type.SYMBOL) {
            return switch (tok.text()) {
                case "::" -> new SqlAst.Cast(left, type(), false, true);
                case "[" -> subscript(left);
                default -> new SqlAst.Binary(left, tok.text(), parse(prec));
            };
        }
        switch (tok.text()) {
            case "or":
                return new SqlAst.Binary(left, "OR", parse(prec));
            case "and":
                return new SqlAst.Binary(left, "AND", parse(prec));
            case "xor":
                return new SqlAst.Binary(left, "XOR", parse(prec));
            case "is":
                return isTest(left);
            case "at":
                t.expect("time");
                t.expect("zone");
                return new SqlAst.Binary(left, "AT TIME ZONE", parse(prec));
            case "range":
                return range(left);
            case "collate":
                t.ident();
                return left;
            default:
                break;
        }
        boolean negated = tok.is("not");
        Token op = negated ? t.next() : tok;
        return switch (op.text()) {
            case "in" -> in(left, negated);
            case "between" -> between(left, negated);
            case "similar" -> {
                t.expect("to");
                yield like(left, negated, "SIMILAR TO", prec);
            }
            case "rlike", "regexp" -> new SqlAst.Binary(left, negated ? "!~" : "~", parse(prec));
            default -> like(left, negated, op.text().toUpperCase(Locale.ROOT), prec);
        };
    }

    private Expr like(Expr left, boolean negated, String kind, int prec) {
        Expr pattern = parse(prec);
        Expr escape = t.accept("escape") ? parse(prec) : null;
        return new SqlAst.Like(left, pattern, negated, kind, escape);
    }

    private Expr isTest(Expr left) {
        boolean negated = t.accept("not");
        if (t.accept("distinct", "from")) {
            return new SqlAst.Binary(left, negated ? "IS NOT DISTINCT FROM" : "IS DISTINCT FROM", parse(IS));
        }
        Token w = t.next();
        String what = switch (w.text()) {
            case "null", "true", "false", "unknown" -> w.text().toUpperCase(Locale.ROOT);
            default -> throw SqlParser.unsupported("IS " + w.text());
        };
        return new SqlAst.IsTest(left, what, negated);
    }

    private Expr in(Expr left, boolean negated) {
        t.expectSymbol("(");
        if (t.peek().is("select") || t.peek().is("with")) {
            SqlAst.Query q = queries.query();
            t.expectSymbol(")");
            return new SqlAst.InQuery(left, q, negated);
        }
        List<Expr> list = t.peek().isSymbol(")") ? List.of() : list();
        t.expectSymbol(")");
        return new SqlAst.InList(left, list, negated);
    }

    private Expr between(Expr left, boolean negated) {
        Expr low = parse(EQ);
        t.expect("and");
        Expr high = parse(EQ);
        return new SqlAst.Between(left, low, high, negated);
    }

    private Expr subscript(Expr base) {
        Expr index = t.peek().isSymbol(":") ? null : parse();
        if (t.acceptSymbol(":")) {
            Expr upper = t.peek().isSymbol("]") ? null : parse();
            t.expectSymbol("]");
            return new SqlAst.Subscript(base, index, upper, true);
        }
        t.expectSymbol("]");
        return new SqlAst.Subscript(base, index, null, false);
    }

    private Expr range(Expr left) {
        Expr range;
        if (t.peek().type() == Token.Type.STRING) {
            range = new SqlAst.Literal(SqlAst.LiteralKind.STRING, t.next().text());
        } else {
            t.expectSymbol("(");
            range = parse();
            t.expectSymbol(")");
        }
        String fill = t.accept("fill") ? fillValue() : null;
        return new SqlAst.RangeFn(left, range, fill);
    }

    /** A FILL argument as written: NULL, PREV, LINEAR or a (signed) constant. */
    String fillValue() {
        Token tok = t.next();
        if (tok.isSymbol("-") && t.peek().type() == Token.Type.NUMBER) {
            return "-" + t.next().text();
        }
        if (tok.type() == Token.Type.STRING) {
            return "'" + tok.text() + "'";
        }
        if (tok.type() == Token.Type.WORD || tok.type() == Token.Type.NUMBER) {
            return tok.type() == Token.Type.WORD ? tok.text().toUpperCase(Locale.ROOT) : tok.text();
        }
        throw SqlParser.unsupported("FILL " + tok.text());
    }

    // ---- prefix ----

    private Expr prefix() {
        Token tok = t.peek();
        switch (tok.type()) {
            case NUMBER:
                t.next();
                return new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, tok.text());
            case STRING:
                t.next();
                return new SqlAst.Literal(SqlAst.LiteralKind.STRING, tok.text());
            case QUOTED:
                return columnOrCall();
            case SYMBOL:
                return symbolPrefix(tok);
            case WORD:
                return wordPrefix(tok);
            default:
                throw SqlParser.unsupported("end of statement where an expression was expected");
        }
    }

    private Expr symbolPrefix(Token tok) {
        switch (tok.text()) {
            case "(" -> {
                t.next();
                if (t.peek().is("select") || t.peek().is("with")) {
                    SqlAst.Query q = queries.query();
                    t.expectSymbol(")");
                    return new SqlAst.Subquery(q);
                }
                Expr inner = parse();
                if (t.peek().isSymbol(",")) {
                    throw SqlParser.unsupported("row value (a, b)");
                }
                t.expectSymbol(")");
                return new SqlAst.Nested(inner);
            }
            case "-", "+" -> {
                t.next();
                return new SqlAst.Unary(tok.text(), parse(MUL_DIV));
            }
            case "~" -> {
                t.next();
                return new SqlAst.Unary("~", parse(MUL_DIV));
            }
            case "*" -> {
                t.next();
                return new SqlAst.Star(List.of(), starExclusions());
            }
            case "[" -> {
                t.next();
                return new SqlAst.ArrayLiteral(arrayItems());
            }
            case "?" -> {
                t.next();
                return new SqlAst.Placeholder("?");
            }
            default -> throw SqlParser.unsupported("'" + tok.text() + "' at the start of an expression");
        }
    }

    private List<Expr> arrayItems() {
        List<Expr> items = t.peek().isSymbol("]") ? List.of() : list();
        t.expectSymbol("]");
        return items;
    }

    private Expr wordPrefix(Token tok) {
        String w = tok.text();
        Token next = t.peek(1);
        if (w.startsWith("$") && w.length() > 1) {
            t.next();
            return new SqlAst.Placeholder(w);
        }
        switch (w) {
            case "null" -> {
                t.next();
                return new SqlAst.Literal(SqlAst.LiteralKind.NULL, "NULL");
            }
            case "true", "false" -> {
                t.next();
                return new SqlAst.Literal(SqlAst.LiteralKind.BOOLEAN, w);
            }
            case "not" -> {
                t.next();
                if (t.peek().is("exists")) {
                    t.next();
                    return new SqlAst.Exists(parenQuery(), true);
                }
                return new SqlAst.Unary("NOT", parse(NOT));
            }
            case "exists" -> {
                t.next();
                return new SqlAst.Exists(parenQuery(), false);
            }
            case "case" -> {
                return caseExpr();
            }
            case "cast", "try_cast" -> {
                if (next.isSymbol("(")) {
                    return cast(w.equals("try_cast"));
                }
            }
            case "interval" -> {
                if (next.type() == Token.Type.STRING || next.isSymbol("(") || next.type() == Token.Type.NUMBER) {
                    return interval();
                }
            }
            case "array" -> {
                if (next.isSymbol("[")) {
                    t.next();
                    t.next();
                    return new SqlAst.ArrayLiteral(arrayItems());
                }
            }
            case "extract" -> {
                if (next.isSymbol("(")) {
                    return extract();
                }
            }
            case "x" -> {
                if (next.type() == Token.Type.STRING && next.quote() == '\'' && next.start() == tok.end()) {
                    // X'...' (no space): sqlparser's hex string literal, a Binary in DataFusion
                    t.next();
                    return new SqlAst.TypedString(
                            new SqlAst.TypeName(HEX_LITERAL), t.next().text());
                }
            }
            case "timestamp", "date", "time", "datetime", "timestamptz" -> {
                if (next.type() == Token.Type.STRING) {
                    t.next();
                    String text = t.next().text();
                    return new SqlAst.TypedString(new SqlAst.TypeName(w), text);
                }
            }
            default -> {}
        }
        if (SpecialForms.handles(w) && next.isSymbol("(")) {
            return new SpecialForms(t, this).parse(w);
        }
        return columnOrCall();
    }

    private SqlAst.Query parenQuery() {
        t.expectSymbol("(");
        SqlAst.Query q = queries.query();
        t.expectSymbol(")");
        return q;
    }

    private Expr caseExpr() {
        t.next();
        Expr operand = t.peek().is("when") ? null : parse();
        List<SqlAst.When> whens = new ArrayList<>();
        while (t.accept("when")) {
            Expr when = parse();
            t.expect("then");
            whens.add(new SqlAst.When(when, parse()));
        }
        Expr otherwise = t.accept("else") ? parse() : null;
        t.expect("end");
        return new SqlAst.Case(operand, whens, otherwise);
    }

    private Expr cast(boolean tryCast) {
        t.next();
        t.expectSymbol("(");
        Expr e = parse();
        t.expect("as");
        SqlAst.TypeName type = type();
        t.expectSymbol(")");
        return new SqlAst.Cast(e, type, tryCast, false);
    }

    private Expr interval() {
        t.next();
        Expr value;
        if (t.peek().isSymbol("(")) {
            t.next();
            value = parse();
            t.expectSymbol(")");
        } else {
            Token v = t.next();
            value = new SqlAst.Literal(
                    v.type() == Token.Type.STRING ? SqlAst.LiteralKind.STRING : SqlAst.LiteralKind.NUMBER, v.text());
        }
        String unit = null;
        Token u = t.peek();
        if (u.type() == Token.Type.WORD && SqlParser.isIntervalUnit(u.text())) {
            t.next();
            unit = u.text();
        }
        return new SqlAst.Interval(value, unit);
    }

    private Expr extract() {
        t.next();
        t.expectSymbol("(");
        Token f = t.next();
        String field = f.type() == Token.Type.STRING ? f.text() : f.text();
        t.expect("from");
        Expr e = parse();
        t.expectSymbol(")");
        return new SqlAst.Extract(field.toLowerCase(Locale.ROOT), e);
    }

    /** A column reference, {@code t.*}, or a function call with its modifiers. */
    private Expr columnOrCall() {
        List<String> parts = new ArrayList<>();
        Token first = t.next();
        parts.add(first.text());
        boolean quoted = first.type() == Token.Type.QUOTED;
        while (t.peek().isSymbol(".")) {
            Token after = t.peek(1);
            if (after.isSymbol("*")) {
                t.next();
                t.next();
                return new SqlAst.Star(List.copyOf(parts), starExclusions());
            }
            if (!after.isIdent()) {
                break;
            }
            t.next();
            Token p = t.next();
            parts.add(p.text());
            quoted = p.type() == Token.Type.QUOTED;
        }
        if (t.peek().isSymbol("(")) {
            return new CallParser(t, this, queries).call(String.join(".", parts));
        }
        return new SqlAst.Column(List.copyOf(parts), quoted);
    }

    private List<String> starExclusions() {
        if (!t.accept("exclude") && !t.accept("except")) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        if (t.acceptSymbol("(")) {
            do {
                names.add(t.ident());
            } while (t.acceptSymbol(","));
            t.expectSymbol(")");
        } else {
            names.add(t.ident());
        }
        return names;
    }

    /** A type name: words ({@code DOUBLE PRECISION}, {@code INT UNSIGNED}), parameters, {@code []} suffixes. */
    SqlAst.TypeName type() {
        Token first = t.next();
        if (!first.isIdent()) {
            throw SqlParser.unsupported("type " + first.text());
        }
        StringBuilder name = new StringBuilder(first.text().toLowerCase(Locale.ROOT));
        while (isTypeWordContinuation(name.toString(), t.peek())) {
            name.append(' ').append(t.next().text());
        }
        List<String> params = new ArrayList<>();
        if (t.peek().isSymbol("(")) {
            t.next();
            int depth = 1;
            StringBuilder param = new StringBuilder();
            while (depth > 0) {
                Token p = t.next();
                if (p.type() == Token.Type.EOF) {
                    throw SqlParser.unsupported("unterminated type parameters");
                }
                if (p.isSymbol("(")) {
                    depth++;
                } else if (p.isSymbol(")")) {
                    depth--;
                }
                if (depth == 1 && p.isSymbol(",") || depth == 0) {
                    params.add(param.toString().trim());
                    param.setLength(0);
                } else {
                    param.append(p.type() == Token.Type.STRING ? "'" + p.text() + "'" : p.text());
                }
            }
            while (isTypeWordContinuation(name.toString(), t.peek())) {
                name.append(' ').append(t.next().text());
            }
        }
        int depth = 0;
        while (t.peek().isSymbol("[") && t.peek(1).isSymbol("]")) {
            t.next();
            t.next();
            depth++;
        }
        return new SqlAst.TypeName(name.toString(), List.copyOf(params), depth);
    }

    private static boolean isTypeWordContinuation(String name, Token next) {
        if (next.type() != Token.Type.WORD) {
            return false;
        }
        return switch (next.text()) {
            case "precision" -> name.equals("double");
            case "unsigned" -> true;
            case "varying" -> name.equals("character") || name.equals("char");
            case "with", "without", "time", "zone", "local" -> name.startsWith("timestamp") || name.startsWith("time");
            default -> false;
        };
    }
}
