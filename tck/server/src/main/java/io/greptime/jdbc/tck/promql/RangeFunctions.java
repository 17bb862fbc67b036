package io.greptime.jdbc.tck.promql;

import java.util.Arrays;
import java.util.Set;

/**
 * Functions over one series' samples in a window (t - range, t]: Prometheus' extrapolated rate family,
 * irate/idelta and the *_over_time family. A NaN-free "no result" is signalled by {@code null}.
 */
final class RangeFunctions {
    static final Set<String> NAMES = Set.of(
            "rate",
            "irate",
            "increase",
            "delta",
            "idelta",
            "avg_over_time",
            "sum_over_time",
            "min_over_time",
            "max_over_time",
            "count_over_time",
            "last_over_time",
            "stddev_over_time",
            "stdvar_over_time",
            "present_over_time",
            "changes",
            "resets",
            "quantile_over_time",
            "deriv",
            "predict_linear");

    /** The functions whose Arrow kernels skip NULL values. */
    private static final Set<String> NULL_SKIPPING =
            Set.of("avg_over_time", "sum_over_time", "min_over_time", "max_over_time");

    private RangeFunctions() {}

    /**
     * Applies {@code fn} to samples {@code from..to-1} of {@code t}/{@code v}, the window being
     * ({@code windowEnd - rangeMs}, {@code windowEnd}]; {@code param} is quantile_over_time's φ. {@code nulls}
     * (or null) marks samples whose field is NULL: GreptimeDB's range functions read the window's Arrow array
     * as is, so most read such a sample as 0.0 (the value under the NULL), while sum/min/max_over_time skip it
     * (Arrow's sum/min/max kernels; NULL when every sample is), avg_over_time divides their sum by the
     * count of all samples (aggr_over_time.rs v1.0.0), and deriv/predict_linear's regression skips it.
     */
    static Double apply(
            String fn,
            long[] t,
            double[] v,
            boolean[] nulls,
            int from,
            int to,
            long windowEnd,
            long rangeMs,
            double param) {
        int count = to - from;
        if (count == 0) {
            return null;
        }
        if (nulls != null && NULL_SKIPPING.contains(fn)) {
            double[] kept = new double[count];
            int k = 0;
            for (int i = from; i < to; i++) {
                if (!nulls[i]) {
                    kept[k++] = v[i];
                }
            }
            if (k == 0) {
                return null;
            }
            if (fn.equals("avg_over_time")) {
                return sum(kept, 0, k) / count;
            }
            return overTime(fn, kept, 0, k, param);
        }
        return switch (fn) {
            case "rate" -> extrapolated(t, v, from, to, windowEnd, rangeMs, true, true);
            case "increase" -> extrapolated(t, v, from, to, windowEnd, rangeMs, true, false);
            case "delta" -> extrapolated(t, v, from, to, windowEnd, rangeMs, false, false);
            case "irate" -> instantDelta(t, v, from, to, true);
            case "idelta" -> instantDelta(t, v, from, to, false);
            case "deriv" -> {
                double[] r = regression(t, v, nulls, from, to, t[from]);
                yield r == null ? null : r[0];
            }
            case "predict_linear" -> {
                // regression anchored at the evaluation time, extrapolated param seconds ahead
                double[] r = regression(t, v, nulls, from, to, windowEnd);
                yield r == null ? null : r[1] + r[0] * param;
            }
            default -> overTime(fn, v, from, to, param);
        };
    }

    private static Double overTime(String fn, double[] v, int from, int to, double param) {
        int count = to - from;
        return switch (fn) {
            case "avg_over_time" -> mean(v, from, to);
            case "sum_over_time" -> sum(v, from, to);
            case "min_over_time" -> extreme(v, from, to, true);
            case "max_over_time" -> extreme(v, from, to, false);
            case "count_over_time" -> (double) count;
            case "last_over_time" -> v[to - 1];
            case "present_over_time" -> 1.0;
            case "stdvar_over_time" -> welfordVariance(v, from, to);
            case "stddev_over_time" -> compensatedStddev(v, from, to);
            case "changes" -> changes(v, from, to, false);
            case "resets" -> changes(v, from, to, true);
            case "quantile_over_time" -> Aggregations.quantile(param, Arrays.copyOfRange(v, from, to));
            default -> throw new IllegalArgumentException(fn);
        };
    }

    /** Prometheus' extrapolatedRate: extend to the window edges unless the series starts or ends inside it. */
    static Double extrapolated(
            long[] t, double[] v, int from, int to, long windowEnd, long rangeMs, boolean counter, boolean perSecond) {
        if (to - from < 2) {
            return null;
        }
        double result = v[to - 1] - v[from];
        if (counter) {
            for (int i = from + 1; i < to; i++) {
                if (v[i] < v[i - 1]) {
                    result += v[i - 1];
                }
            }
        }
        // GreptimeDB's ExtrapolatedRate (v1.0.0:src/promql/src/functions/extrapolate_rate.rs:150-230): the
        // durations are millisecond differences in seconds, and the factor is divided by the range before
        // it multiplies the result (1.125 where result / range * factor rounds to 1.1249999999999998)
        long rangeStartMs = windowEnd - rangeMs;
        double durationToStart = (t[from] - rangeStartMs) / 1000.0;
        double durationToEnd = (windowEnd - t[to - 1]) / 1000.0;
        double sampled = (t[to - 1] - t[from]) / 1000.0;
        double averageGap = sampled / (to - from - 1);
        if (counter && result > 0 && v[from] >= 0) {
            double durationToZero = sampled * (v[from] / result);
            if (durationToZero < durationToStart) {
                durationToStart = durationToZero;
            }
        }
        double threshold = averageGap * 1.1;
        double interval = sampled;
        interval += durationToStart < threshold ? durationToStart : averageGap / 2;
        interval += durationToEnd < threshold ? durationToEnd : averageGap / 2;
        double factor = interval / sampled;
        if (perSecond) {
            factor /= rangeMs / 1000.0;
        }
        result = result * factor;
        return result;
    }

    private static Double instantDelta(long[] t, double[] v, int from, int to, boolean rate) {
        if (to - from < 2) {
            return null;
        }
        double last = v[to - 1];
        double prev = v[to - 2];
        double d = rate && last < prev ? last : last - prev;
        if (!rate) {
            return d;
        }
        double dt = (t[to - 1] - t[to - 2]) / 1000.0;
        return dt == 0 ? null : d / dt;
    }

    /** Least squares {slope, intercept} with x in seconds relative to {@code anchorMs}, as Prometheus does. */
    /**
     * Least-squares slope and intercept (at {@code anchorMs}) of the window's samples, as GreptimeDB's
     * linear_regression_slices (src/promql/src/functions.rs v1.0.0) computes them: NULL samples are skipped,
     * fewer than two samples give none, a constant series gives slope 0 (none when its value is not finite),
     * and the sums are compensated (Kahan-Babuska, as Prometheus' kahanSumInc).
     */
    private static double[] regression(long[] t, double[] v, boolean[] nulls, int from, int to, long anchorMs) {
        double count = 0;
        double[] x = {0, 0};
        double[] y = {0, 0};
        double[] xy = {0, 0};
        double[] x2 = {0, 0};
        boolean constY = true;
        double initY = Double.NaN;
        for (int i = from; i < to; i++) {
            if (nulls != null && nulls[i]) {
                continue;
            }
            double value = v[i];
            if (count == 0) {
                initY = value;
            } else if (constY && value != initY) {
                constY = false;
            }
            count++;
            double dx = (t[i] - anchorMs) / 1e3;
            compensatedAdd(x, dx);
            compensatedAdd(y, value);
            compensatedAdd(xy, dx * value);
            compensatedAdd(x2, dx * dx);
        }
        if (count < 2) {
            return null;
        }
        if (constY) {
            return Double.isFinite(initY) ? new double[] {0.0, initY} : null;
        }
        double sumX = x[0] + x[1];
        double sumY = y[0] + y[1];
        double cov = xy[0] + xy[1] - sumX * sumY / count;
        double var = x2[0] + x2[1] - sumX * sumX / count;
        double slope = cov / var;
        return new double[] {slope, sumY / count - slope * sumX / count};
    }

    /** Adds {@code inc} to the compensated sum {@code acc} ({sum, compensation}). */
    private static void compensatedAdd(double[] acc, double inc) {
        double sum = acc[0];
        double next = sum + inc;
        acc[1] += Math.abs(sum) >= Math.abs(inc) ? (sum - next) + inc : (inc - next) + sum;
        acc[0] = next;
    }

    static double sum(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i];
        }
        return s;
    }

    static double mean(double[] v, int from, int to) {
        return sum(v, from, to) / (to - from);
    }

    private static double extreme(double[] v, int from, int to, boolean min) {
        double r = v[from];
        for (int i = from + 1; i < to; i++) {
            // NaN is replaced by any number, as Prometheus does
            if (Double.isNaN(r) || (min ? v[i] < r : v[i] > r)) {
                r = v[i];
            }
        }
        return r;
    }

    /**
     * stdvar_over_time as GreptimeDB computes it (promql functions/aggr_over_time.rs): Welford's running
     * mean and sum of squared deviations, which is exact (0) for a constant series.
     */
    static double welfordVariance(double[] v, int from, int to) {
        double mean = 0;
        double result = 0;
        int count = 0;
        for (int i = from; i < to; i++) {
            count++;
            double delta1 = v[i] - mean;
            double newMean = delta1 / count + mean;
            result += delta1 * (v[i] - newMean);
            mean = newMean;
        }
        return result / count;
    }

    /** stddev_over_time as GreptimeDB computes it: Welford's algorithm with Kahan-compensated sums. */
    static double compensatedStddev(double[] v, int from, int to) {
        double count = 0;
        double[] mean = {0, 0};
        double[] squares = {0, 0};
        for (int i = from; i < to; i++) {
            count++;
            double delta = v[i] - (mean[0] + mean[1]);
            compensatedAdd(delta / count, mean);
            compensatedAdd(delta * (v[i] - (mean[0] + mean[1])), squares);
        }
        return Math.sqrt((squares[0] + squares[1]) / count);
    }

    /** functions.rs compensated_sum_inc: adds {@code inc} to {sum, compensation} in place. */
    private static void compensatedAdd(double inc, double[] acc) {
        double sum = acc[0];
        double next = sum + inc;
        acc[1] += Math.abs(sum) >= Math.abs(inc) ? (sum - next) + inc : (inc - next) + sum;
        acc[0] = next;
    }

    /** Population variance. */
    static double variance(double[] v, int from, int to) {
        double m = mean(v, from, to);
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (v[i] - m) * (v[i] - m);
        }
        return s / (to - from);
    }

    private static double changes(double[] v, int from, int to, boolean resets) {
        int c = 0;
        for (int i = from + 1; i < to; i++) {
            boolean hit =
                    resets ? v[i] < v[i - 1] : v[i] != v[i - 1] && !(Double.isNaN(v[i]) && Double.isNaN(v[i - 1]));
            if (hit) {
                c++;
            }
        }
        return c;
    }
}
