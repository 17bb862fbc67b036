package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Functions that work on labels or series order: label_replace, label_join, absent, sort, sort_desc. */
final class LabelFunctions {
    private LabelFunctions() {}

    static Value labelReplace(Evaluator ev, Ast.Call c) {
        Functions.arity(c, 5);
        Value.Vector vec = vector(ev, c, 0);
        String dst = string(c, 1);
        String replacement = string(c, 2);
        String src = string(c, 3);
        Pattern regex;
        try {
            regex = Pattern.compile("^(?:" + string(c, 4) + ")$", Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            throw Functions.invalid("Invalid regular expression in label_replace(): " + string(c, 4));
        }
        checkLabelName(dst, "label_replace");
        List<String> tags = vec.shape().labelColumns();
        // GreptimeDB's planner (planner.rs build_regexp_replace_label_expr): an empty regex over an existing
        // label, or an empty replacement from a missing one, leaves the labels as they are
        if (tags.contains(src) && string(c, 4).isEmpty() || !tags.contains(src) && replacement.isEmpty()) {
            return new Value.Vector(vec.series(), unchanged(vec.shape()));
        }
        if (tags.contains(dst)) {
            throw Functions.invalid("vector cannot contain metrics with the same labelset");
        }
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            Series r = copy(s, new TreeMap<>(s.labels));
            if (!tags.contains(src)) {
                // a missing source label: every series gets the replacement itself
                set(r.labels, dst, replacement);
            } else if (s.labels.containsKey(src)) {
                // DataFusion's regexp_replace: a value the anchored regex does not match is kept as it is,
                // so the destination then copies the source (Prometheus would leave it unset)
                Matcher m = regex.matcher(s.labels.get(src));
                set(r.labels, dst, m.matches() ? m.replaceFirst(replacement.replace("\\", "\\\\")) : s.labels.get(src));
            }
            out.add(r);
        }
        return new Value.Vector(out, withLabel(vec.shape(), dst));
    }

    static Value labelJoin(Evaluator ev, Ast.Call c) {
        if (c.args().size() < 4) {
            throw Functions.invalid("Invalid function argument for label_join");
        }
        Value.Vector vec = vector(ev, c, 0);
        String dst = string(c, 1);
        String sep = string(c, 2);
        checkLabelName(dst, "label_join");
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            List<String> parts = new ArrayList<>();
            for (int i = 3; i < c.args().size(); i++) {
                // concat_ws skips NULL arguments: a source label the series lacks adds no separator
                String v = s.labels.get(string(c, i));
                if (v != null) {
                    parts.add(v);
                }
            }
            Series r = copy(s, new TreeMap<>(s.labels));
            set(r.labels, dst, String.join(sep, parts));
            out.add(r);
        }
        return new Value.Vector(out, withLabel(vec.shape(), dst));
    }

    /** 1 at every step where the argument has no sample, labelled by its selector's equality matchers. */
    static Value absent(Evaluator ev, Ast.Call c) {
        Functions.arity(c, 1);
        Value.Vector vec = vector(ev, c, 0);
        boolean[] seen = new boolean[ev.n()];
        for (Series s : vec.series()) {
            for (int i = 0; i < ev.n(); i++) {
                seen[i] |= s.present[i];
            }
        }
        return absentResult(ev, c, c.args().get(0), seen, vec.shape());
    }

    /**
     * absent_over_time as GreptimeDB plans it: an ordinary range function (aggr_over_time.rs AbsentOverTime, 1
     * for an empty window) over each series the selector reads, so a series that is not there yields nothing
     * (not Prometheus' one labelled sample). range_manipulate.rs calculate_range evaluates a series only at
     * the steps from its first scanned sample (aligned up to the step grid) to {@code (last + range) / step *
     * step}; the scan starts 1 ms after {@code start - offset - range} (planner.rs build_time_index_filter).
     * The result keeps the series' tags, named like the other range functions. GreptimeDB v1.0.0 answers so.
     */
    static Value absentOverTime(Evaluator ev, Ast.Call c) {
        Functions.arity(c, 1);
        Value v = ev.eval(c.args().get(0));
        if (!(v instanceof Value.Matrix m)) {
            throw PromLexer.syntax("expected type range vector in call to function \"absent_over_time\"");
        }
        long start = ev.steps[0];
        long end = ev.steps[ev.n() - 1];
        long interval = ev.n() > 1 ? ev.steps[1] - ev.steps[0] : 1;
        long scanFrom = start - m.offsetMs() - m.rangeMs();
        List<Series> out = new ArrayList<>();
        for (Value.RangeSeries s : m.series()) {
            long[] times = s.times();
            int first = Evaluator.lastAtOrBefore(times, scanFrom) + 1;
            int last = Evaluator.lastAtOrBefore(times, end - m.offsetMs());
            if (first > last) {
                continue;
            }
            long firstTs = times[first] + m.offsetMs();
            long remainder = Math.floorMod(firstTs - start, interval);
            long from = Math.max(start, remainder == 0 ? firstTs : firstTs + interval - remainder);
            long to = Math.min(end, Math.floorDiv(times[last] + m.offsetMs() + m.rangeMs(), interval) * interval);
            Series r = new Series(Series.dropName(s.labels()), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                long t = ev.steps[i];
                if (t < from || t > to) {
                    continue;
                }
                long windowEnd = t - m.offsetMs();
                int hi = Evaluator.lastAtOrBefore(times, windowEnd) + 1;
                int lo = Evaluator.lastAtOrBefore(times, windowEnd - m.rangeMs()) + 1;
                if (hi <= lo) {
                    r.set(i, 1);
                }
            }
            if (!r.empty()) {
                out.add(r);
            }
        }
        Value.Shape sh = m.shape();
        String name = "prom_absent_over_time(" + sh.timeFieldName() + "_range," + sh.valueName() + ")";
        return new Value.Vector(out, sh.with(BinaryOps.layout(sh), name, sh.labelColumns(), false));
    }

    private static Value absentResult(Evaluator ev, Ast.Call c, Ast.Expr arg, boolean[] seen, Value.Shape sh) {
        SortedMap<String, String> labels = new TreeMap<>();
        if (arg instanceof Ast.Selector sel) {
            for (Ast.Matcher m : sel.matchers()) {
                if (m.op() == Ast.MatchOp.EQ && !Evaluator.SPECIAL.contains(m.label())) {
                    labels.put(m.label(), m.value());
                }
            }
        }
        Series r = new Series(labels, ev.n());
        for (int i = 0; i < ev.n(); i++) {
            if (!seen[i]) {
                r.set(i, 1);
            }
        }
        Value.Shape out = new Value.Shape(
                Value.Layout.TIME_FIRST,
                sh.timeField(),
                sh.tableName(),
                sh.valueName(),
                new ArrayList<>(labels.keySet()),
                sh.tableOrder(),
                false);
        return new Value.Vector(r.empty() ? List.of() : List.of(r), out);
    }

    /**
     * sort/sort_desc: the series unchanged, their rows then sorted by value (planner.rs sorts the projected
     * value column, nulls first), ties in the default order.
     */
    static Value sort(Evaluator ev, Ast.Call c, boolean descending) {
        Functions.arity(c, 1);
        Value.Vector vec = vector(ev, c, 0);
        Comparator<Series> byValue = (a, b) -> {
            double x = a.values[0];
            double y = b.values[0];
            if (Double.isNaN(x) || Double.isNaN(y)) {
                return Boolean.compare(Double.isNaN(x), Double.isNaN(y));
            }
            return descending ? Double.compare(y, x) : Double.compare(x, y);
        };
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            out.add(copy(s, Series.dropName(s.labels)));
        }
        // the series order is what an instant query over HTTP shows (by the first step's value, NaN last)
        out.sort(byValue);
        Value.Shape sh =
                unchanged(vec.shape()).withRowOrder(new Value.RowOrder(Value.OrderKind.VALUE, List.of(), descending));
        return new Value.Vector(out, sh);
    }

    /** sort_by_label(_desc)(v, label...): rows sorted by the listed labels (nulls last), ties in the default order. */
    static Value sortByLabel(Evaluator ev, Ast.Call c, boolean descending) {
        if (c.args().size() < 2) {
            throw Functions.invalid("Invalid function argument for " + c.func());
        }
        Value.Vector vec = vector(ev, c, 0);
        List<String> labels = new ArrayList<>();
        for (int i = 1; i < c.args().size(); i++) {
            String l = string(c, i);
            if (!vec.shape().labelColumns().contains(l)) {
                // DataFusion would fail to find the sort column; its message is not reproduced here
                throw PromParser.unsupported(c.func() + " by a label the vector does not have: " + l);
            }
            labels.add(l);
        }
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            out.add(copy(s, Series.dropName(s.labels)));
        }
        Value.Shape sh =
                unchanged(vec.shape()).withRowOrder(new Value.RowOrder(Value.OrderKind.LABELS, labels, descending));
        return new Value.Vector(out, sh);
    }

    /** A function that projects the value column as it is: the function layout, same name and type. */
    private static Value.Shape unchanged(Value.Shape sh) {
        return sh.with(BinaryOps.layout(sh), sh.valueName(), sh.labelColumns(), sh.integerValue());
    }

    private static Series copy(Series s, SortedMap<String, String> labels) {
        Series r = new Series(labels, s.values.length);
        for (int i = 0; i < s.values.length; i++) {
            // a function's NULL value is filtered out (planner.rs create_empty_values_filter_expr)
            if (s.hasValue(i)) {
                r.set(i, s.values[i]);
            }
        }
        return r;
    }

    private static void set(SortedMap<String, String> labels, String name, String value) {
        if (value.isEmpty()) {
            labels.remove(name);
        } else {
            labels.put(name, value);
        }
    }

    /** The new label comes first among the tags: GreptimeDB projects it before the existing ones. */
    private static Value.Shape withLabel(Value.Shape sh, String label) {
        List<String> labels = new ArrayList<>(sh.labelColumns());
        if (!labels.contains(label) && !label.equals("__name__")) {
            labels.add(0, label);
        }
        return sh.with(BinaryOps.layout(sh), sh.valueName(), labels, sh.integerValue());
    }

    private static void checkLabelName(String name, String fn) {
        if (!name.matches("[a-zA-Z_][a-zA-Z0-9_]*")) {
            throw Functions.invalid("Invalid destination label name in " + fn + "(): " + name);
        }
    }

    private static Value.Vector vector(Evaluator ev, Ast.Call c, int i) {
        Value v = ev.eval(c.args().get(i));
        if (!(v instanceof Value.Vector vec)) {
            throw PromLexer.syntax(
                    "expected type instant vector in call to function \"" + c.func() + "\", got " + Evaluator.kind(v));
        }
        return vec;
    }

    private static String string(Ast.Call c, int i) {
        if (!(c.args().get(i) instanceof Ast.StringLit s)) {
            throw PromLexer.syntax("expected type string in call to function \"" + c.func() + "\"");
        }
        return s.value();
    }
}
