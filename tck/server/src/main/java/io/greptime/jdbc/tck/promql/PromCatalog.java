package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * GreptimeDB's PromQL catalog per version line (promql-catalog.tsv, read from its planner and the
 * promql-parser it pins by tck/server/catalog/extract_promql.py): which functions and aggregations a line's
 * parser knows and its planner plans or refuses. A query that names one the profile's line lacks is refused
 * before evaluation, the way that line's parser or planner refuses it.
 */
public final class PromCatalog {
    /** The catalog's columns, oldest first. */
    public static final List<String> LINES = List.of("0.14", "0.15", "0.17", "1.0", "1.2", "1.3");

    static final String RESOURCE = "/io/greptime/jdbc/tck/engine/duckdb/promql-catalog.tsv";

    /** What a line does with an entry. */
    public enum State {
        /** The planner plans it. */
        PLANNED,
        /** The parser knows it; the planner refuses it. */
        REFUSED,
        /** The line's parser does not know it. */
        ABSENT,
        /** The line's lexer reads the name as a keyword its grammar does not take there. */
        KEYWORD
    }

    /** "kind\tname" to the state on each line. */
    private static final Map<String, State[]> ENTRIES = load();

    private PromCatalog() {}

    private static Map<String, State[]> load() {
        Map<String, State[]> out = new HashMap<>();
        InputStream in = PromCatalog.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("promql-catalog.tsv is missing from the server jar");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("#") || l.isBlank()) {
                    continue;
                }
                String[] f = l.split("\t");
                State[] states = new State[LINES.size()];
                for (int i = 0; i < LINES.size(); i++) {
                    String cell = f[2 + i];
                    states[i] = cell.equals("-")
                            ? State.ABSENT
                            : cell.startsWith("refused@")
                                    ? State.REFUSED
                                    : cell.startsWith("keyword@") ? State.KEYWORD : State.PLANNED;
                }
                out.put(f[0] + "\t" + f[1], states);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The catalog column of the profile's line (its version's major.minor), or the newest. */
    public static int line(EngineProfile p) {
        String[] v = p.version().split("\\.");
        int i = LINES.indexOf(v[0] + "." + v[1]);
        return i >= 0 ? i : LINES.size() - 1;
    }

    /** The entry's state on the profile's line; null when no line's parser knows it. */
    public static State state(EngineProfile p, String kind, String name) {
        State[] states = ENTRIES.get(kind + "\t" + name);
        return states == null ? null : states[line(p)];
    }

    /**
     * Refuses {@code e} as the profile's line would: a function or aggregation its parser does not know
     * is a syntax error of the whole query (the parser runs first); then the first one its planner refuses,
     * in the planner's depth-first order.
     */
    public static void check(EngineProfile p, Ast.Expr e) {
        absent(p, e);
        refused(p, e);
    }

    private static void absent(EngineProfile p, Ast.Expr e) {
        State s = e instanceof Ast.Call c
                ? state(p, "function", c.func())
                : e instanceof Ast.Aggregate a ? state(p, "aggregation", a.op()) : null;
        String name = e instanceof Ast.Call c ? c.func() : e instanceof Ast.Aggregate a ? a.op() : null;
        if (s == State.ABSENT) {
            // an aggregator the lexer does not know is an identifier, and an identifier before "(" a call
            throw unknownFunction(name);
        }
        if (s == State.KEYWORD) {
            throw invalidQuery();
        }
        children(e).forEach(x -> absent(p, x));
    }

    /**
     * promql-parser's answer when its grammar fails without a message of its own (INVALID_QUERY_INFO in
     * src/parser/mod.rs): GreptimeDB v1.0.0 answers {@code limitk(1, g)} and {@code end()} so, status 2000.
     */
    static GreptimeError invalidQuery() {
        return PromLexer.syntax("invalid promql query");
    }

    private static void refused(EngineProfile p, Ast.Expr e) {
        if (e instanceof Ast.Aggregate a) {
            // prom_aggr_expr_to_plan plans the input first, then matches the aggregator's token
            refused(p, a.expr());
            if (state(p, "aggregation", a.op()) == State.REFUSED) {
                throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Unexpected token: " + tokenDebug(a.op()));
            }
            return;
        }
        if (e instanceof Ast.Call c && state(p, "function", c.func()) == State.REFUSED) {
            // create_function_expr's fallback: no DataFusion or GreptimeDB function of that name
            for (Ast.Expr arg : c.args()) {
                refused(p, arg);
            }
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Unsupported expr type: " + c.func());
        }
        children(e).forEach(x -> refused(p, x));
    }

    /**
     * How the planner's UnexpectedToken prints the aggregator: promql-parser's TokenType has a derived Debug,
     * {@code TokenType(id)}, with the numeric id its generated grammar assigns. Only lines 1.2 and main plan
     * limitk/limit_ratio this way, and no server of those lines was at hand to read the id from, so the id
     * is left out: {@code TokenType(limitk)}.
     */
    static String tokenDebug(String aggregator) {
        return "TokenType(" + aggregator + ")";
    }

    static GreptimeError unknownFunction(String name) {
        // promql-parser's wording, in single quotes on every line (GreptimeDB v1.0.0: "unknown function with name
        // 'nosuch'", status 2000)
        return PromLexer.syntax("unknown function with name '" + name + "'");
    }

    private static List<Ast.Expr> children(Ast.Expr e) {
        if (e instanceof Ast.RangeSelector r) {
            return List.of(r.selector());
        } else if (e instanceof Ast.Subquery q) {
            return List.of(q.expr());
        } else if (e instanceof Ast.Paren p) {
            return List.of(p.expr());
        } else if (e instanceof Ast.Unary u) {
            return List.of(u.expr());
        } else if (e instanceof Ast.Call c) {
            return c.args();
        } else if (e instanceof Ast.Aggregate a) {
            return a.param() == null ? List.of(a.expr()) : List.of(a.param(), a.expr());
        } else if (e instanceof Ast.Binary b) {
            return List.of(b.lhs(), b.rhs());
        }
        return List.of();
    }
}
