package io.greptime.jdbc.tck.engine.duckdb.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The t-digest's estimates against answers a real GreptimeDB v1.0.0 gave for the same rows. */
class TDigestTest {
    @Test
    void smallInputsInterpolateBetweenCentroids() {
        double[] f = {0.5, 1.5, 2.5, 3.5, -1.0, -3.0};
        assertEquals(1.0, TDigest.ofValues(100, f).quantile(0.5));
        assertEquals(-1.0, TDigest.ofValues(100, f).quantile(0.25));
        assertEquals(2.1999999999999993, TDigest.ofValues(100, f).quantile(0.7));
        assertEquals(-3.0, TDigest.ofValues(100, f).quantile(0.0));
        assertEquals(3.5, TDigest.ofValues(100, f).quantile(1.0));
    }

    @Test
    void weightsOfZeroOrLessAreDropped() {
        double[] x = {1.0, 2.0, 3.0, 4.0, 5.0};
        double[] w = {1.0, 0.0, 5.0, -1.0, 2.0};
        assertEquals(3.2, TDigest.ofWeighted(100, x, w).quantile(0.5));
        assertEquals(2.24, TDigest.ofWeighted(100, x, w).quantile(0.2), 1e-15);
        assertEquals(
                0.0,
                TDigest.ofWeighted(100, new double[] {1.0}, new double[] {0.0}).count());
    }

    @Test
    void largeInputsAreCompressedBatchAfterBatch() {
        // two series of a table, each a batch of the scan: x the even rows, y the odd ones
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 1; i <= 450; i++) {
            double f = Math.round((((i * 37) % 1000) / 7.0 - 50) * 10000) / 10000.0 * 1.5;
            (i % 2 == 0 ? x : y).add(f);
        }
        double[] a = x.stream().mapToDouble(Double::doubleValue).toArray();
        double[] b = y.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        Arrays.sort(b);
        TDigest partial = new TDigest(20).mergeSorted(a).mergeSorted(b);
        TDigest merged = TDigest.mergeDigests(List.of(partial, new TDigest(20)));
        assertEquals(85.85776748251747, merged.quantile(0.75));
        assertEquals(450.0, merged.count());
    }

    @Test
    void weightedBatchesMergeRowsWithTheDigestSoFar() {
        List<double[]> values = new ArrayList<>();
        List<double[]> weights = new ArrayList<>();
        for (int series = 0; series < 2; series++) {
            double[] v = new double[225];
            double[] w = new double[225];
            int k = 0;
            for (int i = 1; i <= 450; i++) {
                if ((i % 2 == 0) == (series == 0)) {
                    v[k] = Math.round((((i * 37) % 1000) / 7.0 - 50) * 10000) / 10000.0;
                    w[k++] = i % 5;
                }
            }
            values.add(v);
            weights.add(w);
        }
        assertEquals(86.45576547619048, TDigest.ofWeighted(100, values, weights).quantile(0.95));
    }
}
