package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.promql.Ast.Expr;
import io.greptime.jdbc.tck.promql.PromLexer.Kind;
import io.greptime.jdbc.tck.promql.PromLexer.Tok;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent PromQL parser with Prometheus' operator precedence (or &lt; and/unless &lt; comparisons
 * &lt; +,- &lt; *,/,%,atan2 &lt; unary minus &lt; ^, which is right-associative).
 */
public final class PromParser {
    static final Set<String> AGGREGATIONS = Set.of(
            "sum",
            "avg",
            "min",
            "max",
            "count",
            "group",
            "stddev",
            "stdvar",
            "topk",
            "bottomk",
            "quantile",
            "count_values",
            "limitk",
            "limit_ratio");
    private static final Set<String> PARAM_AGGREGATIONS =
            Set.of("topk", "bottomk", "quantile", "count_values", "limitk", "limit_ratio");
    private static final List<Set<String>> LEVELS = List.of(
            Set.of("or"),
            Set.of("and", "unless"),
            Set.of("==", "!=", "<", ">", "<=", ">="),
            Set.of("+", "-"),
            Set.of("*", "/", "%", "atan2"));
    static final Set<String> COMPARISONS = Set.of("==", "!=", "<", ">", "<=", ">=");

    private final List<Tok> toks;
    private int pos;

    private PromParser(String text) {
        this.toks = PromLexer.lex(text);
    }

    /** Parses a whole PromQL expression; syntax errors are GreptimeDB's InvalidSyntax (2000). */
    public static Expr parse(String text) {
        PromParser p = new PromParser(text);
        Expr e = p.binary(0);
        if (p.peek().kind() != Kind.EOF) {
            throw PromLexer.syntax("unexpected " + describe(p.peek()) + " at position "
                    + p.peek().pos());
        }
        return e;
    }

    private static String describe(Tok t) {
        return t.kind() == Kind.EOF ? "end of input" : "\"" + t.text() + "\"";
    }

    private Tok peek() {
        return toks.get(pos);
    }

    private Tok next() {
        return toks.get(pos++);
    }

    private boolean accept(String s) {
        if (peek().is(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String s) {
        if (!accept(s)) {
            throw PromLexer.syntax("unexpected " + describe(peek()) + ", expected \"" + s + "\"");
        }
    }

    private Expr binary(int level) {
        if (level == LEVELS.size()) {
            return unary();
        }
        Expr lhs = binary(level + 1);
        while (LEVELS.get(level).contains(peek().text()) && peek().kind() != Kind.STRING) {
            String op = next().text();
            boolean bool = accept("bool");
            if (bool && !COMPARISONS.contains(op)) {
                throw PromLexer.syntax("bool modifier can only be used on comparison operators");
            }
            Ast.VectorMatching m = matching(op);
            Expr rhs = binary(level + 1);
            lhs = new Ast.Binary(op, lhs, rhs, bool, m);
        }
        return lhs;
    }

    private Ast.VectorMatching matching(String op) {
        boolean set = op.equals("and") || op.equals("or") || op.equals("unless");
        Ast.Card card = set ? Ast.Card.MANY_TO_MANY : Ast.Card.ONE_TO_ONE;
        boolean on = false;
        List<String> labels = List.of();
        if (peek().is("on") || peek().is("ignoring")) {
            on = next().text().equals("on");
            labels = labelList();
        }
        List<String> include = List.of();
        if (peek().is("group_left") || peek().is("group_right")) {
            if (set) {
                throw PromLexer.syntax("no grouping allowed for \"" + op + "\" operation");
            }
            card = next().text().equals("group_left") ? Ast.Card.MANY_TO_ONE : Ast.Card.ONE_TO_MANY;
            if (peek().is("(")) {
                include = labelList();
            }
        }
        return new Ast.VectorMatching(on, labels, card, include);
    }

    private List<String> labelList() {
        expect("(");
        List<String> out = new ArrayList<>();
        while (!peek().is(")")) {
            Tok t = next();
            if (t.kind() != Kind.IDENT && t.kind() != Kind.STRING) {
                throw PromLexer.syntax("unexpected " + describe(t) + " in grouping opts, expected label");
            }
            out.add(t.text());
            if (!accept(",")) {
                break;
            }
        }
        expect(")");
        return out;
    }

    private Expr unary() {
        if (accept("-")) {
            Expr e = unary();
            return e instanceof Ast.NumberLit n ? new Ast.NumberLit(-n.value()) : new Ast.Unary(e);
        }
        if (accept("+")) {
            return unary();
        }
        Expr base = postfix(primary());
        if (accept("^")) {
            return new Ast.Binary("^", base, powOperand(), false, Ast.VectorMatching.DEFAULT);
        }
        return base;
    }

    private Expr powOperand() {
        boolean bool = false;
        if (accept("-")) {
            bool = true;
        }
        Expr e = unary();
        return bool ? (e instanceof Ast.NumberLit n ? new Ast.NumberLit(-n.value()) : new Ast.Unary(e)) : e;
    }

    private Expr postfix(Expr e) {
        while (true) {
            if (accept("[")) {
                e = rangeSuffix(e);
            } else if (peek().is("offset")) {
                next();
                boolean neg = accept("-");
                long ms = duration(next());
                e = withOffset(e, neg ? -ms : ms);
            } else if (accept("@")) {
                e = withAt(e, atTime());
            } else {
                return e;
            }
        }
    }

    private long atTime() {
        Tok t = next();
        boolean neg = false;
        if (t.is("-")) {
            neg = true;
            t = next();
        }
        if (t.kind() == Kind.NUMBER) {
            long ms = Math.round(Double.parseDouble(t.text()) * 1000);
            return neg ? -ms : ms;
        }
        if ((t.is("start") || t.is("end")) && !neg) {
            expect("(");
            expect(")");
            return t.text().equals("start") ? Ast.AT_START : Ast.AT_END;
        }
        throw PromLexer.syntax("unexpected " + describe(t) + ", expected timestamp, start() or end() after @");
    }

    private static Expr withAt(Expr e, long at) {
        if (e instanceof Ast.Selector s && s.atMs() == null) {
            return s.withAt(at);
        }
        if (e instanceof Ast.RangeSelector r && r.selector().atMs() == null) {
            return new Ast.RangeSelector(r.selector().withAt(at), r.rangeMs());
        }
        if (e instanceof Ast.Subquery) {
            // GreptimeDB's planner reads no @ (prom_subquery_expr_to_plan): the subquery stays as it is
            return e;
        }
        throw PromLexer.syntax("@ modifier must be preceded by an instant vector selector or range vector selector"
                + " or a subquery");
    }

    private Expr rangeSuffix(Expr e) {
        long range = duration(next());
        if (accept(":")) {
            long step = peek().is("]") ? 0 : duration(next());
            expect("]");
            if (e instanceof Ast.RangeSelector) {
                throw PromLexer.syntax("subquery is only allowed on instant vector, got matrix");
            }
            return new Ast.Subquery(e, range, step, 0);
        }
        expect("]");
        if (!(e instanceof Ast.Selector s)) {
            throw PromLexer.syntax("ranges only allowed for vector selectors");
        }
        return new Ast.RangeSelector(s, range);
    }

    private static Expr withOffset(Expr e, long ms) {
        if (e instanceof Ast.Selector s) {
            return s.withOffset(ms);
        }
        if (e instanceof Ast.RangeSelector r) {
            return new Ast.RangeSelector(r.selector().withOffset(ms), r.rangeMs());
        }
        if (e instanceof Ast.Subquery q) {
            return new Ast.Subquery(q.expr(), q.rangeMs(), q.stepMs(), ms);
        }
        throw PromLexer.syntax(
                "offset modifier must be preceded by an instant vector selector or range vector selector");
    }

    private static long duration(Tok t) {
        if (t.kind() == Kind.DURATION) {
            return PromLexer.durationMs(t.text());
        }
        if (t.kind() == Kind.NUMBER) {
            return Math.round(Double.parseDouble(t.text()) * 1000);
        }
        throw PromLexer.syntax("unexpected " + describe(t) + ", expected duration");
    }

    static GreptimeError unsupported(String what) {
        return new GreptimeError(StatusCode.UNSUPPORTED, "Unsupported expr: " + what);
    }

    private Expr primary() {
        Tok t = peek();
        switch (t.kind()) {
            case NUMBER -> {
                next();
                return new Ast.NumberLit(Double.parseDouble(t.text()));
            }
            case DURATION -> {
                next();
                return new Ast.NumberLit(PromLexer.durationMs(t.text()) / 1000.0);
            }
            case STRING -> {
                next();
                return new Ast.StringLit(t.text());
            }
            case IDENT -> {
                return identStart();
            }
            default -> {}
        }
        if (accept("(")) {
            Expr e = binary(0);
            expect(")");
            return new Ast.Paren(e);
        }
        if (peek().is("{")) {
            return selector(null);
        }
        throw PromLexer.syntax("unexpected " + describe(t) + " at position " + t.pos());
    }

    private Expr identStart() {
        Tok t = next();
        String name = t.text();
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.equals("inf") || lower.equals("nan")) {
            return new Ast.NumberLit(lower.equals("inf") ? Double.POSITIVE_INFINITY : Double.NaN);
        }
        if (AGGREGATIONS.contains(name) && (peek().is("(") || peek().is("by") || peek().is("without"))) {
            return aggregate(name);
        }
        if (peek().is("(")) {
            next();
            List<Expr> args = new ArrayList<>();
            while (!peek().is(")")) {
                args.add(binary(0));
                if (!accept(",")) {
                    break;
                }
            }
            expect(")");
            return new Ast.Call(name, args);
        }
        return selector(name);
    }

    private Expr aggregate(String op) {
        List<String> grouping = List.of();
        boolean without = false;
        boolean grouped = false;
        if (peek().is("by") || peek().is("without")) {
            without = next().text().equals("without");
            grouping = labelList();
            grouped = true;
        }
        expect("(");
        Expr param = null;
        if (PARAM_AGGREGATIONS.contains(op)) {
            param = binary(0);
            expect(",");
        }
        Expr inner = binary(0);
        expect(")");
        if (!grouped && (peek().is("by") || peek().is("without"))) {
            without = next().text().equals("without");
            grouping = labelList();
        }
        return new Ast.Aggregate(op, param, inner, grouping, without);
    }

    private Expr selector(String name) {
        List<Ast.Matcher> matchers = new ArrayList<>();
        if (accept("{")) {
            while (!peek().is("}")) {
                Tok label = next();
                if (label.kind() != Kind.IDENT && label.kind() != Kind.STRING) {
                    throw PromLexer.syntax("unexpected " + describe(label) + " in label matching, expected label");
                }
                if (label.kind() == Kind.STRING && (peek().is(",") || peek().is("}"))) {
                    // Prometheus 3's quoted metric name inside the braces: {"name", ...}
                    matchers.add(Ast.Matcher.of("__name__", Ast.MatchOp.EQ, label.text()));
                } else {
                    matchers.add(Ast.Matcher.of(label.text(), matchOp(next()), stringValue(next())));
                }
                if (!accept(",")) {
                    break;
                }
            }
            expect("}");
        }
        return checkSelector(name, matchers);
    }

    private static Expr checkSelector(String name, List<Ast.Matcher> matchers) {
        String metric = name;
        for (Ast.Matcher m : matchers) {
            if (m.label().equals("__name__")) {
                if (name != null) {
                    throw PromLexer.syntax(
                            "metric name must not be set twice: \"" + name + "\" or \"" + m.value() + "\"");
                }
                if (m.op() == Ast.MatchOp.EQ) {
                    metric = m.value();
                }
            }
        }
        if (name == null && matchers.stream().allMatch(m -> m.matches(""))) {
            throw PromLexer.syntax("vector selector must contain at least one non-empty matcher");
        }
        return new Ast.Selector(metric, List.copyOf(matchers), 0, null);
    }

    private static Ast.MatchOp matchOp(Tok t) {
        for (Ast.MatchOp op : Ast.MatchOp.values()) {
            if (t.kind() == Kind.OP && t.text().equals(op.text)) {
                return op;
            }
        }
        throw PromLexer.syntax("unexpected " + describe(t) + " in label matching, expected label matching operator");
    }

    private static String stringValue(Tok t) {
        if (t.kind() != Kind.STRING) {
            throw PromLexer.syntax("unexpected " + describe(t) + " in label matching, expected string");
        }
        return t.text();
    }
}
