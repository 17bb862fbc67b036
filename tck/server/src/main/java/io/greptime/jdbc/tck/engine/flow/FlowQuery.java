package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.tck.engine.flow.FlowLexer.Kind;
import io.greptime.jdbc.tck.engine.flow.FlowLexer.Tok;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the flow engine reads from a flow's query: whether it aggregates (batching mode), its source
 * tables, its select items, its GROUP BY keys and its time-window expression; and the query text the
 * way GreptimeDB prints it back.
 */
final class FlowQuery {
    private static final Set<String> AGGREGATES = Set.of(
            "count",
            "sum",
            "avg",
            "min",
            "max",
            "mean",
            "stddev",
            "stddev_pop",
            "stddev_samp",
            "var",
            "variance",
            "var_pop",
            "var_samp",
            "median",
            "first_value",
            "last_value",
            "array_agg",
            "string_agg",
            "approx_distinct",
            "approx_median",
            "approx_percentile_cont",
            "bit_and",
            "bit_or",
            "bit_xor",
            "bool_and",
            "bool_or",
            "corr",
            "covar",
            "covar_pop",
            "covar_samp",
            "hll",
            "uddsketch_state",
            "hll_merge",
            "uddsketch_merge",
            "percentile_cont");
    private static final Set<String> KEYWORDS = Set.of(
            "select",
            "from",
            "where",
            "group",
            "by",
            "having",
            "order",
            "limit",
            "offset",
            "as",
            "and",
            "or",
            "not",
            "in",
            "is",
            "null",
            "between",
            "like",
            "ilike",
            "distinct",
            "join",
            "inner",
            "left",
            "right",
            "full",
            "outer",
            "cross",
            "on",
            "using",
            "case",
            "when",
            "then",
            "else",
            "end",
            "interval",
            "union",
            "all",
            "asc",
            "desc",
            "with",
            "true",
            "false",
            "cast",
            "exists",
            "nulls",
            "first",
            "last",
            "filter",
            "over",
            "partition",
            "window",
            "tql",
            "eval");

    /** One select item: token range [from, to), its alias (or null) and a bare column it names (or null). */
    record Item(int from, int to, String alias, String column) {}

    final List<Tok> toks;
    final List<Item> items = new ArrayList<>();
    final List<String[]> sources = new ArrayList<>();
    final List<String> groupKeys = new ArrayList<>();
    boolean aggregate;
    TimeWindow window;
    /** Index of the select item holding the time-window expression, or -1. */
    int windowItem = -1;

    private FlowQuery(String sql) {
        this.toks = FlowLexer.tokenize(sql);
    }

    /** Whether the flow's query is TQL EVAL rather than SQL (GreptimeDB runs such flows in batching mode). */
    boolean tql;

    static FlowQuery analyze(String sql) {
        FlowQuery q = new FlowQuery(sql);
        if (isTql(sql)) {
            q.tql = true;
            q.aggregate = true;
            for (String metric : io.greptime.jdbc.tck.promql.Tql.metricNames(sql)) {
                q.sources.add(new String[] {null, metric});
            }
            return q;
        }
        q.scan();
        return q;
    }

    /** A flow query that starts with the word TQL. */
    static boolean isTql(String sql) {
        return io.greptime.jdbc.tck.promql.Tql.isTql(sql);
    }

    private void scan() {
        int depth = 0;
        int selectAt = -1;
        for (int i = 0; i < toks.size(); i++) {
            Tok t = toks.get(i);
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            } else if (t.kind() == Kind.WORD) {
                if (AGGREGATES.contains(t.text()) && next(i).isSymbol("(")) {
                    aggregate = true;
                }
                if (t.is("distinct") || (depth == 0 && t.is("group"))) {
                    aggregate = true;
                }
                if ((t.is("from") || t.is("join")) && next(i).isIdent() && !next(i).is("select")) {
                    sources.add(name(i + 1));
                }
                if (depth == 0 && t.is("select") && selectAt < 0) {
                    selectAt = i;
                }
                if (depth == 0 && t.is("group") && next(i).is("by")) {
                    groupKeys(i + 2);
                }
            }
        }
        if (selectAt >= 0) {
            items(selectAt + 1);
        }
        findWindow();
    }

    private Tok next(int i) {
        return i + 1 < toks.size() ? toks.get(i + 1) : new Tok(Kind.SYMBOL, "", "", 0, 0);
    }

    private String[] name(int i) {
        if (next(i).isSymbol(".") && i + 2 < toks.size()) {
            return new String[] {toks.get(i).text(), toks.get(i + 2).text()};
        }
        return new String[] {null, toks.get(i).text()};
    }

    private void items(int from) {
        int depth = 0;
        int start = from;
        if (from < toks.size() && toks.get(from).is("distinct")) {
            start++;
        }
        for (int i = start; i <= toks.size(); i++) {
            Tok t = i < toks.size() ? toks.get(i) : null;
            if (t != null && t.isSymbol("(")) {
                depth++;
            } else if (t != null && t.isSymbol(")")) {
                depth--;
            } else if (t == null || depth == 0 && (t.isSymbol(",") || t.is("from"))) {
                items.add(item(start, i));
                start = i + 1;
                if (t == null || t.is("from")) {
                    return;
                }
            }
        }
    }

    private Item item(int from, int to) {
        String alias = null;
        int end = to;
        if (to - from >= 3 && toks.get(to - 2).is("as")) {
            alias = toks.get(to - 1).text();
            end = to - 2;
        }
        String column = null;
        if (end - from == 1 && toks.get(from).isIdent()) {
            column = toks.get(from).text();
        } else if (end - from == 3
                && toks.get(from + 1).isSymbol(".")
                && toks.get(from + 2).isIdent()) {
            column = toks.get(from + 2).text();
        }
        return new Item(from, end, alias, column);
    }

    private void groupKeys(int from) {
        int depth = 0;
        int start = from;
        for (int i = from; i <= toks.size(); i++) {
            Tok t = i < toks.size() ? toks.get(i) : null;
            if (t != null && t.isSymbol("(")) {
                depth++;
            } else if (t != null && t.isSymbol(")")) {
                depth--;
            } else if (t == null
                    || depth == 0
                            && (t.isSymbol(",")
                                    || t.is("having")
                                    || t.is("order")
                                    || t.is("limit")
                                    || t.isSymbol(";"))) {
                if (i - start == 1 && toks.get(start).isIdent()) {
                    groupKeys.add(toks.get(start).text());
                } else if (i > start) {
                    groupKeys.add(text(start, i));
                }
                start = i + 1;
                if (t == null || !t.isSymbol(",")) {
                    return;
                }
            }
        }
    }

    private void findWindow() {
        for (int k = 0; k < items.size(); k++) {
            Item it = items.get(k);
            for (int i = it.from(); i < it.to(); i++) {
                TimeWindow w = TimeWindow.parse(toks, i);
                if (w != null) {
                    window = w;
                    windowItem = k;
                    return;
                }
            }
        }
    }

    /** Index of the select item a GROUP BY key names (by alias, column or text), or -1. */
    int itemOf(String key) {
        for (int k = 0; k < items.size(); k++) {
            Item it = items.get(k);
            if (key.equals(it.alias())
                    || (it.alias() == null && key.equals(it.column()))
                    || key.equals(text(it.from(), it.to()))) {
                return k;
            }
        }
        for (int k = 0; k < items.size(); k++) {
            if (key.equals(items.get(k).column())) {
                return k;
            }
        }
        return -1;
    }

    String text(int from, int to) {
        return render(toks.subList(from, to));
    }

    /** The query as GreptimeDB's parser prints it: keywords upper-cased, single spaces, one line. */
    static String normalize(String sql) {
        return render(FlowLexer.tokenize(sql));
    }

    private static String render(List<Tok> list) {
        StringBuilder sb = new StringBuilder();
        Tok prev = null;
        Tok before = null;
        for (Tok t : list) {
            if (t.isSymbol(";")) {
                continue;
            }
            if (prev != null && space(prev, t) && !unarySign(before, prev)) {
                sb.append(' ');
            }
            before = prev;
            sb.append(
                    t.kind() == Kind.WORD && KEYWORDS.contains(t.text())
                            ? t.text().toUpperCase(Locale.ROOT)
                            : t.raw());
            prev = t;
        }
        return sb.toString();
    }

    /** A sign that follows an operator, keyword, comma or parenthesis binds to its operand ({@code > -2}). */
    private static boolean unarySign(Tok before, Tok sign) {
        if (!sign.isSymbol("-") && !sign.isSymbol("+")) {
            return false;
        }
        return before == null
                || before.kind() == Kind.SYMBOL && !before.isSymbol(")")
                || before.kind() == Kind.WORD && KEYWORDS.contains(before.text());
    }

    private static boolean space(Tok prev, Tok t) {
        if (t.isSymbol(",") || t.isSymbol(")") || t.isSymbol(".") || t.isSymbol("::")) {
            return false;
        }
        if (prev.isSymbol("(") || prev.isSymbol(".") || prev.isSymbol("::")) {
            return false;
        }
        return !(t.isSymbol("(") && prev.kind() == Kind.WORD && !KEYWORDS.contains(prev.text())
                || t.isSymbol("(") && prev.kind() == Kind.QUOTED);
    }
}
