package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;

/** The set operators {@code and}, {@code or}, {@code unless}: matched per step by signature. */
final class SetOps {
    private SetOps() {}

    static Value apply(Ast.Binary b, Value.Vector lv, Value.Vector rv) {
        int n = lv.series().isEmpty()
                ? (rv.series().isEmpty() ? 0 : rv.series().get(0).values.length)
                : lv.series().get(0).values.length;
        Map<SortedMap<String, String>, Series> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Set<SortedMap<String, String>> rightSigs = signatures(rv, b.matching(), i);
            Set<SortedMap<String, String>> leftSigs = signatures(lv, b.matching(), i);
            for (Series s : lv.series()) {
                if (!s.present[i]) {
                    continue;
                }
                boolean matched = rightSigs.contains(BinaryOps.signature(s.labels, b.matching()));
                boolean keep = switch (b.op()) {
                    case "and" -> matched;
                    case "unless" -> !matched;
                    default -> true;
                };
                if (keep) {
                    out.computeIfAbsent(s.labels, k -> new Series(k, n)).copy(s, i);
                }
            }
            if (b.op().equals("or")) {
                for (Series s : rv.series()) {
                    if (s.present[i] && !leftSigs.contains(BinaryOps.signature(s.labels, b.matching()))) {
                        out.computeIfAbsent(s.labels, k -> new Series(k, n)).copy(s, i);
                    }
                }
            }
        }
        List<Series> result = new ArrayList<>(out.values());
        result.removeIf(Series::empty);
        return new Value.Vector(result, b.op().equals("or") ? orShape(lv.shape(), rv.shape()) : lv.shape());
    }

    /**
     * planner.rs or_operator: the left time index, then every other column of both sides in name order
     * (the right's value column is dropped when it is named differently, so the left's names the value);
     * the value keeps its type when both sides share it, else it is Float64. A side that is an unknown
     * metric counts with its (time, value) columns like any other.
     */
    static Value.Shape orShape(Value.Shape l, Value.Shape r) {
        TreeSet<String> columns = new TreeSet<>(l.labelColumns());
        columns.addAll(r.labelColumns());
        List<String> labels = new ArrayList<>(columns);
        columns.add(l.valueName());
        List<String> order = new ArrayList<>();
        order.add(l.timeFieldName());
        order.addAll(columns);
        boolean integer = l.integerValue() && r.integerValue();
        return new Value.Shape(Value.Layout.TABLE, l.timeField(), l.tableName(), l.valueName(), labels, order, integer);
    }

    private static Set<SortedMap<String, String>> signatures(Value.Vector v, Ast.VectorMatching m, int i) {
        Set<SortedMap<String, String>> sigs = new HashSet<>();
        for (Series s : v.series()) {
            if (s.present[i]) {
                sigs.add(BinaryOps.signature(s.labels, m));
            }
        }
        return sigs;
    }
}
