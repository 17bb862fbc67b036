package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Aggregation operators: sum/avg/min/max/count/group/stddev/stdvar/quantile by|without, topk/bottomk. */
final class Aggregations {
    private Aggregations() {}

    static Value aggregate(Evaluator ev, Ast.Aggregate a) {
        String op = a.op();
        if (op.equals("count_values") || op.equals("limitk") || op.equals("limit_ratio")) {
            throw PromParser.unsupported("aggregation " + op);
        }
        double param = a.param() == null ? 0 : Functions.scalarArg(ev, a.param(), op);
        Value in = ev.eval(a.expr());
        if (!(in instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in aggregation expression, got "
                    + (in instanceof Value.Matrix ? "range vector" : "scalar"));
        }
        if (op.equals("topk") || op.equals("bottomk")) {
            if (WideSelector.isWide(ev.source, a.expr())) {
                // planner.rs create_window_exprs: one rank per value column is not supported
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "Unsupported expr type: topk or bottomk on multi-value input");
            }
            return topk(ev, vec, a, (long) param);
        }
        Map<SortedMap<String, String>, List<Series>> groups = new LinkedHashMap<>();
        for (Series s : vec.series()) {
            groups.computeIfAbsent(groupKey(s.labels, a), k -> new ArrayList<>())
                    .add(s);
        }
        List<Series> out = new ArrayList<>();
        for (Map.Entry<SortedMap<String, String>, List<Series>> g : groups.entrySet()) {
            Series r = new Series(g.getKey(), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                double[] vals = valuesAt(g.getValue(), i);
                if (vals.length > 0) {
                    r.set(i, combine(op, vals, param));
                } else if (anyNull(g.getValue(), i)) {
                    // DataFusion's aggregates skip NULLs: a group of NULL samples only is NULL, count is 0
                    if (op.equals("count")) {
                        r.set(i, 0);
                    } else {
                        r.setNull(i);
                    }
                }
            }
            out.add(r);
        }
        return new Value.Vector(out, shape(vec.shape(), a, param));
    }

    /**
     * The output labels, as planner.rs agg_modifier_to_col picks them: {@code by} keeps the listed labels the
     * input has (in the listed order; a label the input lacks is ignored), {@code without} keeps the input's
     * other labels in name order.
     */
    static List<String> groupingColumns(Value.Shape in, Ast.Aggregate a) {
        List<String> labels = new ArrayList<>();
        if (a.without()) {
            for (String l : in.labelColumns()) {
                if (!a.grouping().contains(l)) {
                    labels.add(l);
                }
            }
            labels.sort(null);
        } else {
            for (String l : a.grouping()) {
                if (in.labelColumns().contains(l) && !labels.contains(l)) {
                    labels.add(l);
                }
            }
        }
        return labels;
    }

    private static Value.Shape shape(Value.Shape in, Ast.Aggregate a, double paramValue) {
        List<String> labels = groupingColumns(in, a);
        // a value that is still the table's own column (a selector, or label_replace/label_join/sort, which
        // project it unchanged) keeps its table qualifier: sum(t.val); a computed value has none
        boolean column = in.layout() != Value.Layout.EMPTY
                && !in.tableName().isEmpty()
                && in.tableOrder().contains(in.valueName());
        String qualified = in.layout() == Value.Layout.TABLE || in.layout() == Value.Layout.VALUE_FIRST || column
                ? in.tableName() + "." + in.valueName()
                : in.valueName();
        Value.Layout layout = in.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.LABELS_FIRST;
        // DataFusion's sum/min/max keep an integer input's type; count is always an integer
        boolean integer = a.op().equals("count")
                || in.integerValue() && (a.op().equals("sum") || a.op().equals("min") || a.op().equals("max"));
        String param = a.op().equals("quantile") ? quantileParam(a, paramValue) + "," : "";
        // GreptimeDB plans stddev and stdvar as DataFusion's population aggregates (stddev_pop, var_pop)
        String fn = switch (a.op()) {
            case "stddev" -> "stddev_pop";
            case "stdvar" -> "var_pop";
            default -> a.op();
        };
        return in.with(layout, fn + "(" + param + qualified + ")", labels, integer);
    }

    /** quantile's column names its parameter as DataFusion prints the literal expression. */
    private static String quantileParam(Ast.Aggregate a, double value) {
        String p = PromNames.scalar(a.param());
        return p != null ? p : PromNames.float64(value);
    }

    private static SortedMap<String, String> groupKey(SortedMap<String, String> labels, Ast.Aggregate a) {
        SortedMap<String, String> key = new TreeMap<>();
        if (a.without()) {
            key.putAll(labels);
            key.remove("__name__");
            a.grouping().forEach(key::remove);
        } else {
            for (String l : a.grouping()) {
                String v = labels.get(l);
                if (v != null) {
                    key.put(l, v);
                }
            }
        }
        return key;
    }

    private static double[] valuesAt(List<Series> group, int i) {
        double[] vals = new double[group.size()];
        int n = 0;
        for (Series s : group) {
            if (s.hasValue(i)) {
                vals[n++] = s.values[i];
            }
        }
        return Arrays.copyOf(vals, n);
    }

    private static boolean anyNull(List<Series> group, int i) {
        for (Series s : group) {
            if (s.nulls[i]) {
                return true;
            }
        }
        return false;
    }

    private static double combine(String op, double[] v, double param) {
        return switch (op) {
            case "sum" -> RangeFunctions.sum(v, 0, v.length);
            case "avg" -> RangeFunctions.mean(v, 0, v.length);
            case "count" -> v.length;
            case "group" -> 1;
            case "min" -> extreme(v, true);
            case "max" -> extreme(v, false);
            case "stdvar" -> RangeFunctions.variance(v, 0, v.length);
            case "stddev" -> Math.sqrt(RangeFunctions.variance(v, 0, v.length));
            case "quantile" -> quantile(param, v);
            default -> throw PromParser.unsupported("aggregation " + op);
        };
    }

    private static double extreme(double[] v, boolean min) {
        double r = Double.NaN;
        for (double x : v) {
            if (Double.isNaN(r) || (min ? x < r : x > r)) {
                r = x;
            }
        }
        return r;
    }

    /** Prometheus' quantile: linear interpolation between the closest ranks. */
    static double quantile(double q, double[] values) {
        if (values.length == 0 || Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        double rank = q * (v.length - 1);
        int lower = (int) Math.max(0, Math.floor(rank));
        int upper = (int) Math.min(v.length - 1, lower + 1);
        double weight = rank - Math.floor(rank);
        return v[lower] * (1 - weight) + v[upper] * weight;
    }

    private static Value topk(Evaluator ev, Value.Vector vec, Ast.Aggregate a, long k) {
        boolean top = a.op().equals("topk");
        List<String> labels = vec.shape().labelColumns();
        List<Series> out = new ArrayList<>();
        Map<SortedMap<String, String>, List<Integer>> groups = new LinkedHashMap<>();
        for (int j = 0; j < vec.series().size(); j++) {
            Series s = vec.series().get(j);
            out.add(new Series(s.labels, ev.n()));
            groups.computeIfAbsent(groupKey(s.labels, a), x -> new ArrayList<>())
                    .add(j);
        }
        for (List<Integer> members : groups.values()) {
            for (int i = 0; i < ev.n(); i++) {
                final int step = i;
                List<Integer> present = new ArrayList<>();
                for (int j : members) {
                    if (vec.series().get(j).hasValue(step)) {
                        present.add(j);
                    }
                }
                present.sort(
                        (x, y) -> compareForK(vec.series().get(x), vec.series().get(y), step, labels, top));
                for (int r = 0; r < Math.min(k, present.size()); r++) {
                    int j = present.get(r);
                    out.get(j).set(step, vec.series().get(j).values[step]);
                }
            }
        }
        out.removeIf(Series::empty);
        // planner.rs prom_topk_bottomk_to_plan projects the value columns, the tags, then the time index
        Value.Shape in = vec.shape();
        Value.Layout layout = in.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.VALUE_FIRST;
        Value.Shape sh = in.with(layout, in.valueName(), in.labelColumns(), in.integerValue())
                .withRowOrder(new Value.RowOrder(Value.OrderKind.TOPK, groupingColumns(in, a), top));
        return new Value.Vector(out, sh);
    }

    /**
     * Orders best first as GreptimeDB's row_number window does: values in IEEE total order (NaN above every
     * number, so first for topk and last for bottomk).
     */
    private static int compareForK(Series x, Series y, int step, List<String> labels, boolean top) {
        int c = top ? Double.compare(y.values[step], x.values[step]) : Double.compare(x.values[step], y.values[step]);
        // ties go by the labels, in the same direction, a missing label first
        for (int i = 0; c == 0 && i < labels.size(); i++) {
            String a = x.labels.get(labels.get(i));
            String b = y.labels.get(labels.get(i));
            c = a == null || b == null ? Boolean.compare(b == null, a == null) : top ? b.compareTo(a) : a.compareTo(b);
        }
        return c;
    }
}
