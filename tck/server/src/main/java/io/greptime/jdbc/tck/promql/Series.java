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
    /**
     * Steps whose sample is a row with a NULL field: GreptimeDB keeps such a row as a sample (a selector
     * selects it, an operator answers NULL for it, a function's NULL result is filtered out).
     */
    final boolean[] nulls;
    /** For series straight from a selector: the time of the sample read at each step (timestamp() needs it). */
    long[] sampleTimes;

    Series(SortedMap<String, String> labels, int steps) {
        this.labels = labels;
        this.values = new double[steps];
        this.present = new boolean[steps];
        this.nulls = new boolean[steps];
    }

    void set(int step, double v) {
        values[step] = v;
        present[step] = true;
        nulls[step] = false;
    }

    /** A sample whose value is NULL at {@code step}. */
    void setNull(int step) {
        values[step] = 0;
        present[step] = true;
        nulls[step] = true;
    }

    /** Whether {@code step} has a sample with a value (not NULL). */
    boolean hasValue(int step) {
        return present[step] && !nulls[step];
    }

    /** Copies the sample (a value or a NULL) of {@code from} at {@code step}, if any. */
    void copy(Series from, int step) {
        if (from.nulls[step]) {
            setNull(step);
        } else if (from.present[step]) {
            set(step, from.values[step]);
        }
    }

    boolean empty() {
        for (boolean p : present) {
            if (p) {
                return false;
            }
        }
        return true;
    }

    /** The series of {@code v} by their label sets. */
    static java.util.Map<SortedMap<String, String>, Series> byLabels(Value.Vector v) {
        java.util.Map<SortedMap<String, String>, Series> out = new java.util.HashMap<>();
        v.series().forEach(s -> out.put(s.labels, s));
        return out;
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
