package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** Runs one TQL statement; the rows are allocated from {@code allocator}. */
    public static ArrowReader execute(SeriesSource source, String sql, BufferAllocator allocator) {
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
        long[] range = {0, 0, DEFAULT_STEP_MS, DEFAULT_LOOKBACK_MS};
        if (rest.startsWith("(")) {
            int close = matchingParen(rest);
            range = parameters(source, splitTopLevel(rest.substring(1, close)));
            rest = rest.substring(close + 1);
        }
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
        Evaluator ev = new Evaluator(source, range[0], range[1], range[2], range[3]);
        Ast.Expr expr = PromParser.parse(rest);
        ArrowReader wide = alias == null ? WideSelector.rows(source, ev, expr, allocator) : null;
        return wide != null ? wide : RowsReader.of(allocator, ev.evaluate(expr), ev.steps, alias);
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
        return Math.round(source.evalSeconds(p) * 1000);
    }

    /** A step or lookback parameter in milliseconds: seconds, or a Prometheus duration in quotes. */
    static long durationParamMs(SeriesSource source, String p) {
        String lit = literal(p);
        String text = lit != null ? lit : p;
        Long ms = PromTimes.parseDurationMs(text);
        if (ms != null) {
            return ms;
        }
        return Math.round(source.evalSeconds(p) * 1000);
    }
}
