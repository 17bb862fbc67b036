package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * GreptimeDB's TQL statement: {@code TQL EVAL|EVALUATE [(start, end, step [, lookback])] <PromQL> [AS alias]}.
 * Parameters are numbers (unix seconds), quoted strings (RFC 3339, seconds, or a duration for step and
 * lookback) or SQL expressions, which the storage evaluates.
 */
public final class Tql {
    private static final Pattern HEAD = Pattern.compile("(?is)^\\s*tql\\s+(\\w+)\\s*");
    private static final Pattern ALIAS = Pattern.compile("(?is)\\s+as\\s+(\\w+|\"[^\"]+\"|`[^`]+`)\\s*;?\\s*$");
    private static final long DEFAULT_STEP_MS = 300_000;
    static final long DEFAULT_LOOKBACK_MS = 300_000;

    private Tql() {}

    /** A TQL EVAL statement taken apart: its parameter list (null when absent), PromQL text and alias. */
    private record Parts(List<String> params, String promql, String alias) {}

    /** Runs one TQL statement; the rows are allocated from {@code allocator}. */
    public static ArrowReader execute(SeriesSource source, String sql, BufferAllocator allocator) {
        Parts parts = parts(sql);
        long[] range = parts.params() == null
                ? new long[] {0, 0, DEFAULT_STEP_MS, DEFAULT_LOOKBACK_MS}
                : parameters(source, parts.params());
        Evaluator ev = new Evaluator(source, range[0], range[1], range[2], range[3]);
        Ast.Expr expr = PromParser.parse(parts.promql());
        PromCatalog.check(source.profile(), expr);
        String alias = parts.alias();
        if (alias == null && CountValues.isTopLevel(expr)) {
            return CountValues.rows(ev, CountValues.unwrap(expr), allocator);
        }
        ArrowReader wide = alias == null ? WideSelector.rows(source, ev, expr, allocator) : null;
        if (wide == null && alias == null) {
            wide = Fieldwise.rows(source, ev, expr, allocator);
        }
        return wide != null
                ? wide
                : RowsReader.of(allocator, ev.evaluate(expr), ev.steps, alias, expr instanceof Ast.Selector);
    }

    /** Whether {@code sql} starts with the word TQL. */
    public static boolean isTql(String sql) {
        String s = sql.stripLeading();
        return s.length() > 3 && s.regionMatches(true, 0, "tql", 0, 3) && !Character.isLetterOrDigit(s.charAt(3));
    }

    /** The metrics (tables) a TQL EVAL statement's PromQL selects from, in the order they appear. */
    public static Set<String> metricNames(String sql) {
        Set<String> out = new LinkedHashSet<>();
        collectNames(PromParser.parse(parts(sql).promql()), out);
        return out;
    }

    private static void collectNames(Ast.Expr e, Set<String> out) {
        if (e instanceof Ast.Selector s) {
            if (s.name() != null) {
                out.add(s.name());
            }
        } else if (e instanceof Ast.RangeSelector r) {
            collectNames(r.selector(), out);
        } else if (e instanceof Ast.Subquery q) {
            collectNames(q.expr(), out);
        } else if (e instanceof Ast.Paren p) {
            collectNames(p.expr(), out);
        } else if (e instanceof Ast.Unary u) {
            collectNames(u.expr(), out);
        } else if (e instanceof Ast.Call c) {
            c.args().forEach(x -> collectNames(x, out));
        } else if (e instanceof Ast.Aggregate a) {
            if (a.param() != null) {
                collectNames(a.param(), out);
            }
            collectNames(a.expr(), out);
        } else if (e instanceof Ast.Binary b) {
            collectNames(b.lhs(), out);
            collectNames(b.rhs(), out);
        }
    }

    private static Parts parts(String sql) {
        Matcher head = HEAD.matcher(sql);
        if (!head.find()) {
            throw new GreptimeError(StatusCode.INVALID_SYNTAX, "sql parser error: expected TQL");
        }
        String verb = head.group(1).toLowerCase(Locale.ROOT);
        if (verb.equals("explain") || verb.equals("analyze")) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "TQL " + verb.toUpperCase(Locale.ROOT) + " is not supported by the embedded server");
        }
        if (!verb.equals("eval") && !verb.equals("evaluate")) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "sql parser error: Expected: EVAL, EVALUATE, EXPLAIN or ANALYZE, found: " + head.group(1));
        }
        String rest = sql.substring(head.end()).trim();
        List<String> params = null;
        if (rest.startsWith("(")) {
            int close = matchingParen(rest);
            params = splitTopLevel(rest.substring(1, close));
            rest = rest.substring(close + 1);
        }
        // tql_parser.rs parse_tql_query skips commas between the parameters and the query
        rest = rest.replaceFirst("^[\\s,]*", "");
        String alias = null;
        Matcher a = ALIAS.matcher(rest);
        if (a.find()) {
            alias = unquote(a.group(1));
            rest = rest.substring(0, a.start());
        }
        rest = rest.trim();
        if (rest.endsWith(";")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        return new Parts(params, rest, alias);
    }

    /** start, end, step and lookback in milliseconds. */
    private static long[] parameters(SeriesSource source, List<String> params) {
        if (params.size() < 3 || params.size() > 4) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "sql parser error: TQL expects (start, end, step [, lookback]), got " + params.size()
                            + " parameters");
        }
        long lookback = params.size() == 4 ? durationParamMs(source, params.get(3)) : DEFAULT_LOOKBACK_MS;
        return new long[] {
            instantMs(source, params.get(0)),
            instantMs(source, params.get(1)),
            durationParamMs(source, params.get(2)),
            lookback
        };
    }

    private static String unquote(String s) {
        return s.startsWith("\"") || s.startsWith("`") ? s.substring(1, s.length() - 1) : s;
    }

    private static int matchingParen(String s) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw new GreptimeError(
                StatusCode.INVALID_SYNTAX, "sql parser error: unbalanced parentheses in TQL parameters");
    }

    private static List<String> splitTopLevel(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(s.substring(from, i).trim());
                from = i + 1;
            }
        }
        out.add(s.substring(from).trim());
        return out;
    }

    private static String literal(String p) {
        if (p.length() >= 2 && p.startsWith("'") && p.endsWith("'") && p.indexOf('\'', 1) == p.length() - 1) {
            return p.substring(1, p.length() - 1);
        }
        return null;
    }

    /** A start or end parameter in milliseconds. */
    static long instantMs(SeriesSource source, String p) {
        String lit = literal(p);
        String text = lit != null ? lit : p;
        Long direct = PromTimes.parseTimeMs(text);
        if (direct != null) {
            return direct;
        }
        return wholeSeconds(source, p);
    }

    /**
     * A SQL expression parameter: tql_parser.rs evaluates it and keeps whole seconds (an integer division
     * of its timestamp or duration, truncating toward zero), so {@code now()} loses its milliseconds.
     */
    private static long wholeSeconds(SeriesSource source, String expression) {
        long ms = Math.round(source.evalSeconds(expression) * 1000);
        return ms / 1000 * 1000;
    }

    /** A step or lookback parameter in milliseconds: seconds, or a Prometheus duration in quotes. */
    static long durationParamMs(SeriesSource source, String p) {
        String lit = literal(p);
        String text = lit != null ? lit : p;
        Long ms = PromTimes.parseDurationMs(text);
        if (ms != null) {
            return ms;
        }
        return wholeSeconds(source, p);
    }
}
