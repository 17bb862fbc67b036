package io.greptime.jdbc.tck.promql;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One series of an instant-vector result evaluated over all steps of a range query: a label set and, per
 * step, a value or nothing.
 */
final class Series {
    final SortedMap<String, String> labels;
    final double[] values;
    final boolean[] present;
    /** For series straight from a selector: the time of the sample read at each step (timestamp() needs it). */
    long[] sampleTimes;

    Series(SortedMap<String, String> labels, int steps) {
        this.labels = labels;
        this.values = new double[steps];
        this.present = new boolean[steps];
    }

    void set(int step, double v) {
        values[step] = v;
        present[step] = true;
    }

    boolean empty() {
        for (boolean p : present) {
            if (p) {
                return false;
            }
        }
        return true;
    }

    /** Labels without the metric name, as most operations leave them. */
    static SortedMap<String, String> dropName(SortedMap<String, String> labels) {
        TreeMap<String, String> out = new TreeMap<>(labels);
        out.remove("__name__");
        return out;
    }

    @Override
    public String toString() {
        return labels + Arrays.toString(values);
    }
}
