package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/** {@code histogram_quantile} over classic (le-labelled, cumulative) buckets, as Prometheus computes it. */
final class Histograms {
    private Histograms() {}

    private record Bucket(double upper, double count) {}

    static Value quantile(Evaluator ev, Ast.Call c) {
        Functions.arity(c, 2);
        double q = Functions.scalarArg(ev, c.args().get(0), "histogram_quantile");
        Value in = ev.eval(c.args().get(1));
        if (!(in instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in call to function \"histogram_quantile\"");
        }
        Map<SortedMap<String, String>, List<Series>> groups = new LinkedHashMap<>();
        for (Series s : vec.series()) {
            if (!s.labels.containsKey("le")) {
                continue;
            }
            SortedMap<String, String> key = Series.dropName(s.labels);
            key.remove("le");
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        List<Series> out = new ArrayList<>();
        for (Map.Entry<SortedMap<String, String>, List<Series>> g : groups.entrySet()) {
            Series r = new Series(g.getKey(), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                List<Bucket> buckets = new ArrayList<>();
                for (Series s : g.getValue()) {
                    double le = parseLe(s.labels.get("le"));
                    if (s.hasValue(i) && !Double.isNaN(le)) {
                        buckets.add(new Bucket(le, s.values[i]));
                    }
                }
                if (!buckets.isEmpty()) {
                    r.set(i, bucketQuantile(q, buckets));
                }
            }
            if (!r.empty()) {
                out.add(r);
            }
        }
        List<String> labels = new ArrayList<>(vec.shape().labelColumns());
        labels.remove("le");
        Value.Shape sh = vec.shape();
        List<String> order = new ArrayList<>(sh.tableOrder());
        order.remove("le");
        // GreptimeDB's HistogramFold keeps the input's layout and value column name, without the le column
        return new Value.Vector(
                out,
                new Value.Shape(sh.layout(), sh.timeField(), sh.tableName(), sh.valueName(), labels, order, false));
    }

    private static double parseLe(String le) {
        try {
            return le.equals("+Inf") || le.equals("Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static double bucketQuantile(double q, List<Bucket> in) {
        if (Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        List<Bucket> b = new ArrayList<>(in);
        b.sort(Comparator.comparingDouble(Bucket::upper));
        if (b.get(b.size() - 1).upper() != Double.POSITIVE_INFINITY || b.size() < 2) {
            return Double.NaN;
        }
        double[] counts = new double[b.size()];
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < counts.length; i++) {
            // buckets must be cumulative; a lower count later is lifted, as Prometheus' ensureMonotonic does
            max = Math.max(max, b.get(i).count());
            counts[i] = max;
        }
        double observations = counts[counts.length - 1];
        if (observations == 0) {
            return Double.NaN;
        }
        double rank = q * observations;
        int idx = 0;
        while (idx < counts.length && counts[idx] < rank) {
            idx++;
        }
        if (idx == counts.length - 1) {
            return b.get(counts.length - 2).upper();
        }
        if (idx == 0 && b.get(0).upper() <= 0) {
            return b.get(0).upper();
        }
        double start = idx == 0 ? 0 : b.get(idx - 1).upper();
        double count = counts[idx] - (idx == 0 ? 0 : counts[idx - 1]);
        double r = rank - (idx == 0 ? 0 : counts[idx - 1]);
        return start + (b.get(idx).upper() - start) * (r / count);
    }
}
