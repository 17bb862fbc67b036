package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code holt_winters(range, sf, tf)} and its later name {@code double_exponential_smoothing}: GreptimeDB's
 * prom_holt_winters (v0.14-v0.17, src/promql/src/functions/holt_winters.rs) and
 * prom_double_exponential_smoothing (v1.0+, functions/double_exponential_smoothing.rs), which follow
 * Prometheus' funcDoubleExponentialSmoothing except that a window of two samples is already too short.
 */
final class Smoothing {
    private Smoothing() {}

    static Value call(Evaluator ev, Ast.Call c) {
        String fn = c.func();
        Functions.arity(c, 3);
        Value arg = ev.eval(c.args().get(0));
        double sf = Functions.scalarArg(ev, c.args().get(1), fn);
        double tf = Functions.scalarArg(ev, c.args().get(2), fn);
        if (!(arg instanceof Value.Matrix m)) {
            throw PromLexer.syntax("expected type range vector in call to function \"" + fn + "\", got instant vector");
        }
        List<Series> out = new ArrayList<>();
        for (Value.RangeSeries rs : m.series()) {
            Series r = new Series(Series.dropName(rs.labels()), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                long end = ev.evalTime(m.atMs(), i) - m.offsetMs();
                int to = Evaluator.lastAtOrBefore(rs.times(), end) + 1;
                int from = Evaluator.lastAtOrBefore(rs.times(), end - m.rangeMs()) + 1;
                if (to > from) {
                    r.set(i, smooth(rs.values(), from, to, sf, tf));
                }
            }
            if (!r.empty()) {
                out.add(r);
            }
        }
        Value.Shape sh = m.shape();
        // v1.0 plans both names with DoubleExponentialSmoothing; earlier lines had HoltWinters
        boolean renamed = PromCatalog.line(ev.source.profile()) >= PromCatalog.LINES.indexOf("1.0");
        String udf = renamed ? "prom_double_exponential_smoothing" : "prom_holt_winters";
        String name = udf + "(" + sh.timeFieldName() + "_range," + sh.valueName() + "," + factor(c, 1, sf) + ","
                + factor(c, 2, tf) + ")";
        Value.Layout layout = sh.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.TIME_FIRST;
        return new Value.Vector(out, sh.with(layout, name, sh.labelColumns(), false));
    }

    private static String factor(Ast.Call c, int i, double v) {
        String p = PromNames.scalar(c.args().get(i));
        return p != null ? p : PromNames.float64(v);
    }

    /** The smoothed value of samples {@code from..to-1} (double_exponential_smoothing_impl). */
    static double smooth(double[] v, int from, int to, double sf, double tf) {
        int l = to - from;
        if (Double.isNaN(sf) || Double.isNaN(tf) || l == 0) {
            return Double.NaN;
        }
        if (sf < 0 || tf < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (sf > 1 || tf > 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (l <= 2) {
            return Double.NaN;
        }
        double s0 = 0;
        double s1 = v[from];
        double b = v[from + 1] - v[from];
        for (int i = 1; i < l; i++) {
            double x = sf * v[from + i];
            // the trend: the first step keeps the initial slope
            b = i - 1 == 0 ? b : tf * (s1 - s0) + (1 - tf) * b;
            double y = (1 - sf) * (s1 + b);
            s0 = s1;
            s1 = x + y;
        }
        return s1;
    }
}
