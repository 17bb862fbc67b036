package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;

/** PromQL function calls: range functions, element-wise math, and the scalar/vector conversions. */
final class Functions {
    /** Prometheus functions this evaluator does not implement: GreptimeDB-style Unsupported, not a parse error. */
    private static final Set<String> KNOWN_UNSUPPORTED = Set.of(
            "histogram_count",
            "histogram_sum",
            "histogram_avg",
            "histogram_fraction",
            "histogram_stddev",
            "histogram_stdvar",
            "mad_over_time",
            "info",
            "last_over_time_with_ts");

    private Functions() {}

    static Value call(Evaluator ev, Ast.Call c) {
        String fn = c.func();
        if (fn.equals("absent_over_time")) {
            return LabelFunctions.absentOverTime(ev, c);
        }
        if (RangeFunctions.NAMES.contains(fn)) {
            return overRange(ev, c);
        }
        if (fn.equals("holt_winters") || fn.equals("double_exponential_smoothing")) {
            return Smoothing.call(ev, c);
        }
        DoubleUnaryOperator math = math(fn);
        if (math != null) {
            arity(c, 1);
            Value in = ev.eval(c.args().get(0));
            if (!(in instanceof Value.Vector)) {
                throw argumentType(fn, "vector", in);
            }
            return map(in, dataFusionName(fn), math);
        }
        return switch (fn) {
            case "time" -> time(ev, c);
            case "pi" -> {
                arity(c, 0);
                double[] v = new double[ev.n()];
                java.util.Arrays.fill(v, Math.PI);
                yield new Value.Scalar(v, "pi()");
            }
            case "minute", "hour", "month", "year", "day_of_month", "day_of_week", "day_of_year", "days_in_month" ->
                TimeParts.call(ev, c);
            case "vector" -> vector(ev, c);
            case "scalar" -> scalar(ev, c);
            case "round" -> round(ev, c);
            case "clamp", "clamp_min", "clamp_max" -> clamp(ev, c);
            case "histogram_quantile" -> Histograms.quantile(ev, c);
            case "label_replace" -> LabelFunctions.labelReplace(ev, c);
            case "label_join" -> LabelFunctions.labelJoin(ev, c);
            case "absent" -> LabelFunctions.absent(ev, c);
            case "timestamp" -> timestamp(ev, c);
            case "sort" -> LabelFunctions.sort(ev, c, false);
            case "sort_desc" -> LabelFunctions.sort(ev, c, true);
            case "sort_by_label" -> LabelFunctions.sortByLabel(ev, c, false);
            case "sort_by_label_desc" -> LabelFunctions.sortByLabel(ev, c, true);
            default -> {
                if (KNOWN_UNSUPPORTED.contains(fn)) {
                    throw PromParser.unsupported("function " + fn);
                }
                throw PromCatalog.unknownFunction(fn);
            }
        };
    }

    /** promql-parser's check of an argument's type (it names instant vectors "vector", range vectors "matrix"). */
    static GreptimeError argumentType(String fn, String expected, Value got) {
        String kind = got instanceof Value.Scalar
                ? "scalar"
                : got instanceof Value.Matrix ? "matrix" : got instanceof Value.Str ? "string" : "vector";
        return PromLexer.syntax("expected type " + expected + " in call to function '" + fn + "', got " + kind);
    }

    static void arity(Ast.Call c, int n) {
        if (c.args().size() != n) {
            throw PromLexer.syntax("expected " + n + " argument(s) in call to \"" + c.func() + "\", got "
                    + c.args().size());
        }
    }

    private static DoubleUnaryOperator math(String fn) {
        return switch (fn) {
            case "abs" -> Math::abs;
            case "ceil" -> Math::ceil;
            case "floor" -> Math::floor;
            case "exp" -> Math::exp;
            case "ln" -> Math::log;
            case "log2" -> x -> Math.log(x) / Math.log(2);
            case "log10" -> Math::log10;
            case "sqrt" -> Math::sqrt;
            case "sgn" -> Math::signum;
            case "rad" -> Math::toRadians;
            case "deg" -> Math::toDegrees;
            case "acos" -> Math::acos;
            case "asin" -> Math::asin;
            case "atan" -> Math::atan;
            case "cos" -> Math::cos;
            case "sin" -> Math::sin;
            case "tan" -> Math::tan;
            case "cosh" -> Math::cosh;
            case "sinh" -> Math::sinh;
            case "tanh" -> Math::tanh;
            case "acosh" -> x -> Math.log(x + Math.sqrt(x * x - 1));
            case "asinh" -> x -> Math.log(x + Math.sqrt(x * x + 1));
            case "atanh" -> x -> 0.5 * Math.log((1 + x) / (1 - x));
            default -> null;
        };
    }

    /** The DataFusion function GreptimeDB plans a PromQL math function as (its name shows in columns). */
    private static String dataFusionName(String fn) {
        return switch (fn) {
            case "sgn" -> "signum";
            case "rad" -> "radians";
            case "deg" -> "degrees";
            default -> fn;
        };
    }

    private static Value.Vector vectorArg(Evaluator ev, Ast.Expr e, String fn) {
        Value v = ev.eval(e);
        if (!(v instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in call to function \"" + fn + "\"");
        }
        return vec;
    }

    static double scalarArg(Evaluator ev, Ast.Expr e, String fn) {
        Value v = ev.eval(e);
        if (!(v instanceof Value.Scalar s)) {
            throw PromLexer.syntax("expected type scalar in call to function \"" + fn + "\"");
        }
        return s.values()[0];
    }

    private static Value map(Value in, String fn, DoubleUnaryOperator op) {
        if (!(in instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in call to function \"" + fn + "\"");
        }
        return map(vec, fn + "(" + vec.shape().valueName() + ")", op, true);
    }

    private static Value map(Value.Vector vec, String name, DoubleUnaryOperator op, boolean unused) {
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            Series r = new Series(Series.dropName(s.labels), s.values.length);
            for (int i = 0; i < s.values.length; i++) {
                // f(NULL) is NULL, which planner.rs create_empty_values_filter_expr filters out
                if (s.hasValue(i)) {
                    r.set(i, op.applyAsDouble(s.values[i]));
                }
            }
            out.add(r);
        }
        Value.Shape sh = vec.shape();
        return new Value.Vector(out, sh.with(timeFirst(sh), name, sh.labelColumns(), false));
    }

    private static Value.Layout timeFirst(Value.Shape sh) {
        return sh.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.TIME_FIRST;
    }

    private static Value overRange(Evaluator ev, Ast.Call c) {
        String fn = c.func();
        // quantile_over_time(φ, range) takes its parameter first, predict_linear(range, t) second
        boolean quantile = fn.equals("quantile_over_time");
        boolean predict = fn.equals("predict_linear");
        arity(c, quantile || predict ? 2 : 1);
        double param = quantile
                ? scalarArg(ev, c.args().get(0), fn)
                : predict ? scalarArg(ev, c.args().get(1), fn) : 0;
        Value arg = ev.eval(c.args().get(quantile ? 1 : 0));
        if (!(arg instanceof Value.Matrix m)) {
            throw PromLexer.syntax("expected type range vector in call to function \"" + fn + "\", got instant vector");
        }
        List<Series> out = new ArrayList<>();
        for (Value.RangeSeries rs : m.series()) {
            SortedMap<String, String> labels = fn.equals("last_over_time") ? rs.labels() : Series.dropName(rs.labels());
            Series r = new Series(labels, ev.n());
            for (int i = 0; i < ev.n(); i++) {
                long end = ev.evalTime(m.atMs(), i) - m.offsetMs();
                int to = Evaluator.lastAtOrBefore(rs.times(), end) + 1;
                int from = Evaluator.lastAtOrBefore(rs.times(), end - m.rangeMs()) + 1;
                Double v = RangeFunctions.apply(
                        fn, rs.times(), rs.values(), rs.nulls(), from, to, end, m.rangeMs(), param);
                if (v != null) {
                    r.set(i, v);
                }
            }
            if (!r.empty()) {
                out.add(r);
            }
        }
        Value.Shape sh = m.shape();
        StringBuilder name = new StringBuilder("prom_").append(fn).append('(').append(sh.timeFieldName());
        name.append("_range,").append(sh.valueName());
        if (fn.equals("rate") || fn.equals("increase") || fn.equals("delta")) {
            // GreptimeDB's extrapolating functions also take the time index and the range length
            name.append(',')
                    .append(sh.timeFieldName())
                    .append(",Int64(")
                    .append(m.rangeMs())
                    .append(')');
        } else if (quantile || predict) {
            String p = PromNames.scalar(c.args().get(quantile ? 0 : 1));
            name.append(',').append(p == null ? PromNames.float64(param) : p);
        }
        name.append(')');
        return new Value.Vector(out, sh.with(timeFirst(sh), name.toString(), sh.labelColumns(), false));
    }

    private static Value time(Evaluator ev, Ast.Call c) {
        arity(c, 0);
        double[] v = new double[ev.n()];
        for (int i = 0; i < v.length; i++) {
            v[i] = ev.steps[i] / 1000.0;
        }
        return new Value.Scalar(v, "time / Float64(1000)");
    }

    /** The time of each sample: the sample's own time for a selector, else the evaluation time. */
    private static Value timestamp(Evaluator ev, Ast.Call c) {
        arity(c, 1);
        Value.Vector vec = vectorArg(ev, c.args().get(0), "timestamp");
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            Series r = new Series(Series.dropName(s.labels), ev.n());
            for (int i = 0; i < ev.n(); i++) {
                if (s.present[i]) {
                    r.set(i, (s.sampleTimes != null ? s.sampleTimes[i] : ev.steps[i]) / 1000.0);
                }
            }
            out.add(r);
        }
        Value.Shape sh = vec.shape();
        return new Value.Vector(
                // planner.rs create_timestamp_func_plan: the sample time projected as DEFAULT_FIELD_COLUMN
                out, sh.with(timeFirst(sh), "value", sh.labelColumns(), false));
    }

    private static Value vector(Evaluator ev, Ast.Call c) {
        arity(c, 1);
        Value v = ev.eval(c.args().get(0));
        if (!(v instanceof Value.Scalar s)) {
            throw PromLexer.syntax("expected type scalar in call to function \"vector\"");
        }
        Series r = new Series(new TreeMap<>(), ev.n());
        for (int i = 0; i < ev.n(); i++) {
            r.set(i, s.values()[i]);
        }
        // planner.rs create_vector_plan: an EmptyMetric whose value column is greptime_value
        Value.Shape sh = new Value.Shape(
                Value.Layout.TIME_FIRST, Evaluator.DEFAULT_TIME, "", "greptime_value", List.of(), List.of(), false);
        return new Value.Vector(List.of(r), sh);
    }

    private static Value scalar(Evaluator ev, Ast.Call c) {
        arity(c, 1);
        Value.Vector vec = vectorArg(ev, c.args().get(0), "scalar");
        double[] out = new double[ev.n()];
        for (int i = 0; i < out.length; i++) {
            int found = 0;
            for (Series s : vec.series()) {
                if (s.present[i]) {
                    found++;
                    out[i] = s.values[i];
                }
            }
            if (found != 1) {
                out[i] = Double.NaN;
            }
        }
        Value.Shape sh = vec.shape();
        return new Value.Scalar(out, "scalar(" + sh.valueName() + ")", sh.timeField(), sh.tableName());
    }

    private static Value round(Evaluator ev, Ast.Call c) {
        if (c.args().isEmpty() || c.args().size() > 2) {
            arity(c, 1);
        }
        double nearest = c.args().size() == 2 ? scalarArg(ev, c.args().get(1), "round") : 0;
        Value in = ev.eval(c.args().get(0));
        if (!(in instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in call to function \"round\"");
        }
        String p = c.args().size() == 2 ? PromNames.scalar(c.args().get(1)) : null;
        String name = "prom_round(" + vec.shape().valueName() + ","
                + (p != null ? p : PromNames.float64(c.args().size() == 2 ? nearest : 0)) + ")";
        // GreptimeDB's prom_round (promql functions/round.rs): Rust's round (half away from zero) of
        // value / nearest, times nearest; a nearest of 0 rounds the value itself
        return map(vec, name, x -> nearest == 0 ? roundHalfAway(x) : roundHalfAway(x / nearest) * nearest, true);
    }

    /** Rust's f64::round: to the nearest integer, halves away from zero. */
    static double roundHalfAway(double a) {
        if (Double.isNaN(a) || Double.isInfinite(a)) {
            return a;
        }
        double whole = Math.floor(Math.abs(a));
        double r = Math.abs(a) - whole >= 0.5 ? whole + 1 : whole;
        return Math.copySign(r, a);
    }

    private static Value clamp(Evaluator ev, Ast.Call c) {
        String fn = c.func();
        arity(c, fn.equals("clamp") ? 3 : 2);
        double lo = fn.equals("clamp_max")
                ? Double.NEGATIVE_INFINITY
                : scalarArg(ev, c.args().get(1), fn);
        double hi = fn.equals("clamp_min")
                ? Double.POSITIVE_INFINITY
                : scalarArg(ev, c.args().get(fn.equals("clamp") ? 2 : 1), fn);
        if (fn.equals("clamp") && lo > hi) {
            return new Value.Vector(
                    List.of(), vectorArg(ev, c.args().get(0), fn).shape());
        }
        Value in = ev.eval(c.args().get(0));
        if (in instanceof Value.Vector vec) {
            // the real v1.0.0 names the column with the bounds, as DataFusion prints their literals
            StringBuilder name = new StringBuilder(fn + "(" + vec.shape().valueName());
            for (int i = 1; i < c.args().size(); i++) {
                String bound = PromNames.scalar(c.args().get(i));
                double value = fn.equals("clamp_max") || i == 2 ? hi : lo;
                name.append(',').append(bound != null ? bound : PromNames.float64(value));
            }
            return map(vec, name.append(')').toString(), x -> Math.max(lo, Math.min(hi, x)), true);
        }
        return map(in, fn, x -> Math.max(lo, Math.min(hi, x)));
    }

    static GreptimeError invalid(String msg) {
        return new GreptimeError(StatusCode.INVALID_ARGUMENTS, msg);
    }
}
