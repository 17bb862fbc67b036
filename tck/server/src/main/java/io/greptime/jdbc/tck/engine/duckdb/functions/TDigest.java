package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The t-digest behind DataFusion's approx_percentile_cont, approx_percentile_cont_with_weight and
 * approx_median (datafusion/functions-aggregate-common/src/tdigest.rs at the revision GreptimeDB v1.0.0 pins),
 * written here after reading it. A digest keeps at most about {@code maxSize} centroids (mean, weight) sorted
 * by mean; compressing walks them in order and folds a centroid into the current one while the running weight
 * stays within {@code kToQ(k, maxSize) * count} for the k-th limit, so centroids are small at both tails and
 * large in the middle. A quantile interpolates inside the centroid holding the rank, half of the distance to
 * its neighbours' means either side, clamped between them.
 *
 * <p>DataFusion aggregates in two phases: the partial accumulator merges each batch's sorted values
 * ({@link #mergeSorted}) or, weighted, one single-centroid digest per row ({@link #mergeDigests}); the final
 * accumulator merges the partial states into its own empty digest ({@link #mergeDigests} once more). {@link
 * #ofValues} and {@link #ofWeighted} replay that for rows arriving in the given batches.
 */
public final class TDigest {
    public static final int DEFAULT_MAX_SIZE = 100;

    private double[] means = new double[0];
    private double[] weights = new double[0];
    private final int maxSize;
    private double count;
    private double max = Double.NaN;
    private double min = Double.NaN;

    public TDigest(int maxSize) {
        this.maxSize = maxSize;
    }

    /** A digest of one centroid, as DataFusion builds one per weighted row. */
    static TDigest ofCentroid(int maxSize, double mean, double weight) {
        TDigest d = new TDigest(maxSize);
        d.means = new double[] {mean};
        d.weights = new double[] {weight};
        d.count = weight;
        d.max = mean;
        d.min = mean;
        return d;
    }

    public double count() {
        return count;
    }

    int centroids() {
        return means.length;
    }

    /** The digest of non-NULL values arriving batch after batch, after the final phase's merge. */
    public static TDigest ofValues(int maxSize, List<double[]> batches) {
        TDigest partial = new TDigest(maxSize);
        for (double[] batch : batches) {
            double[] sorted = batch.clone();
            Arrays.sort(sorted); // Double.compare: the total order of Rust's f64::total_cmp for these values
            partial = partial.mergeSorted(sorted);
        }
        return mergeDigests(List.of(partial, new TDigest(maxSize)));
    }

    public static TDigest ofValues(int maxSize, double[] values) {
        return ofValues(maxSize, List.of(values));
    }

    /**
     * The digest of non-NULL (value, weight) rows arriving batch after batch, after the final phase's merge:
     * each batch merges one single-centroid digest per row with the accumulator's own digest, which comes last.
     */
    public static TDigest ofWeighted(int maxSize, List<double[]> values, List<double[]> weights) {
        TDigest partial = new TDigest(maxSize);
        for (int b = 0; b < values.size(); b++) {
            double[] vs = values.get(b);
            List<TDigest> rows = new ArrayList<>(vs.length + 1);
            for (int i = 0; i < vs.length; i++) {
                rows.add(ofCentroid(maxSize, vs[i], weights.get(b)[i]));
            }
            rows.add(partial);
            partial = mergeDigests(rows);
        }
        return mergeDigests(List.of(partial, new TDigest(maxSize)));
    }

    public static TDigest ofWeighted(int maxSize, double[] values, double[] weights) {
        return ofWeighted(maxSize, List.of(values), List.of(weights));
    }

    /** k/d mapped to a quantile limit: 2x^2 below one half, 1 - 2(1-x)^2 above. */
    static double kToQ(long k, int d) {
        double x = (double) k / (double) d;
        if (x >= 0.5) {
            double base = 1.0 - x;
            return 1.0 - 2.0 * base * base;
        }
        return 2.0 * x * x;
    }

    /** This digest with sorted values added, compressed. */
    public TDigest mergeSorted(double[] sorted) {
        if (sorted.length == 0) {
            return copy();
        }
        TDigest result = new TDigest(maxSize);
        result.count = count + sorted.length;
        double first = sorted[0];
        double last = sorted[sorted.length - 1];
        if (count > 0.0) {
            result.min = rustMin(min, first);
            result.max = rustMax(max, last);
        } else {
            result.min = first;
            result.max = last;
        }
        // the centroids and the values, merged in mean order (a centroid before an equal value)
        int n = means.length + sorted.length;
        double[] m = new double[n];
        double[] w = new double[n];
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            if (i < means.length && (j >= sorted.length || means[i] < sorted[j])) {
                m[k] = means[i];
                w[k] = weights[i];
                i++;
            } else {
                m[k] = sorted[j];
                w[k] = 1.0;
                j++;
            }
        }
        result.compress(m, w, result.count);
        return result;
    }

    /** Digests merged: their centroids in stable mean order, then compressed; empty digests are skipped. */
    public static TDigest mergeDigests(List<TDigest> digests) {
        int total = 0;
        for (TDigest d : digests) {
            total += d.means.length;
        }
        if (total == 0) {
            return new TDigest(DEFAULT_MAX_SIZE);
        }
        int maxSize = digests.get(0).maxSize;
        double count = 0.0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        List<double[]> all = new ArrayList<>(total);
        for (TDigest d : digests) {
            if (d.count > 0.0) {
                min = rustMin(min, d.min);
                max = rustMax(max, d.max);
                count += d.count;
                for (int k = 0; k < d.means.length; k++) {
                    all.add(new double[] {d.means[k], d.weights[k]});
                }
            }
        }
        if (all.isEmpty()) {
            return new TDigest(DEFAULT_MAX_SIZE);
        }
        // every digest's centroids are sorted, so the pairwise merges DataFusion does give the stable sort
        all.sort((a, b) -> Double.compare(a[0], b[0]));
        double[] m = new double[all.size()];
        double[] w = new double[all.size()];
        for (int k = 0; k < m.length; k++) {
            m[k] = all.get(k)[0];
            w[k] = all.get(k)[1];
        }
        TDigest result = new TDigest(maxSize);
        result.compress(m, w, count);
        result.count = count;
        result.min = min;
        result.max = max;
        return result;
    }

    /**
     * Folds the mean-ordered centroids into this digest's centroids: the next one joins the current while the
     * running weight is within the current limit, otherwise the current is closed and the next limit applies.
     */
    private void compress(double[] m, double[] w, double total) {
        List<double[]> out = new ArrayList<>();
        long k = 1;
        double limit = kToQ(k, maxSize) * total;
        k++;
        double curMean = m[0];
        double curWeight = w[0];
        double soFar = curWeight;
        double sums = 0.0;
        double weightsToMerge = 0.0;
        double sum = 0.0;
        for (int i = 1; i < m.length; i++) {
            soFar += w[i];
            if (soFar <= limit) {
                sums += m[i] * w[i];
                weightsToMerge += w[i];
            } else {
                double newSum = sums + curWeight * curMean;
                curWeight = curWeight + weightsToMerge;
                curMean = newSum / curWeight;
                sum += newSum;
                out.add(new double[] {curMean, curWeight});
                sums = 0.0;
                weightsToMerge = 0.0;
                limit = kToQ(k, maxSize) * total;
                k++;
                curMean = m[i];
                curWeight = w[i];
            }
        }
        double newSum = sums + curWeight * curMean;
        curWeight = curWeight + weightsToMerge;
        curMean = newSum / curWeight;
        sum += newSum;
        out.add(new double[] {curMean, curWeight});
        out.sort((a, b) -> Double.compare(a[0], b[0]));
        means = new double[out.size()];
        weights = new double[out.size()];
        for (int i = 0; i < means.length; i++) {
            means[i] = out.get(i)[0];
            weights[i] = out.get(i)[1];
        }
    }

    /** The estimate at quantile q; 0 for an empty digest (callers answer NULL before asking). */
    public double quantile(double q) {
        if (means.length == 0) {
            return 0.0;
        }
        double rank = q * count;
        int pos;
        double t;
        if (q > 0.5) {
            if (q >= 1.0) {
                return max;
            }
            pos = 0;
            t = count;
            for (int k = means.length - 1; k >= 0; k--) {
                t -= weights[k];
                if (rank >= t) {
                    pos = k;
                    break;
                }
            }
        } else {
            if (q <= 0.0) {
                return min;
            }
            pos = means.length - 1;
            t = 0.0;
            for (int k = 0; k < means.length; k++) {
                if (rank < t + weights[k]) {
                    pos = k;
                    break;
                }
                t += weights[k];
            }
        }
        double delta = 0.0;
        double lo = min;
        double hi = max;
        int last = means.length - 1;
        if (means.length > 1) {
            if (pos == 0) {
                delta = means[1] - means[0];
                hi = means[1];
            } else if (pos == last) {
                delta = means[pos] - means[pos - 1];
                lo = means[pos - 1];
            } else {
                delta = (means[pos + 1] - means[pos - 1]) / 2.0;
                lo = means[pos - 1];
                hi = means[pos + 1];
            }
        }
        double value = means[pos] + ((rank - t) / weights[pos] - 0.5) * delta;
        if (Double.isInfinite(lo) && lo > 0) {
            lo = Double.NEGATIVE_INFINITY;
        }
        if (Double.isInfinite(hi) && hi < 0) {
            hi = Double.POSITIVE_INFINITY;
        }
        return clamp(value, lo, hi);
    }

    /** Rust's f64::clamp between the ordered bounds; NaN bounds leave the value as it is. */
    private static double clamp(double v, double lo, double hi) {
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return v;
        }
        double a = Math.min(lo, hi);
        double b = Math.max(lo, hi);
        if (v < a) {
            return a;
        }
        if (v > b) {
            return b;
        }
        return v;
    }

    /** Rust's f64::min: a NaN operand gives the other one. */
    private static double rustMin(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
    }

    private static double rustMax(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    private TDigest copy() {
        TDigest d = new TDigest(maxSize);
        d.means = means.clone();
        d.weights = weights.clone();
        d.count = count;
        d.max = max;
        d.min = min;
        return d;
    }
}
