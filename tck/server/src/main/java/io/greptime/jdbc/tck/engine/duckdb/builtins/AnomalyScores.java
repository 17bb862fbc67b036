package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.OverClauses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * GreptimeDB's anomaly window functions (v1.0+, scalars/anomaly/{zscore,mad,iqr}.rs): how far the current
 * row's value lies from the values in its window frame, as a Float64.
 *
 * <ul>
 *   <li>{@code anomaly_score_zscore(x)}: |x - mean| / population stddev, at least 2 values;
 *   <li>{@code anomaly_score_mad(x)}: |x - median| / (1.4826 * median absolute deviation), at least 3;
 *   <li>{@code anomaly_score_iqr(x, k)}: distance beyond the fences Q1 - k*IQR, Q3 + k*IQR in IQRs (0 inside),
 *       quartiles interpolated linearly, at least 3; NULL for a negative or non-finite k.
 * </ul>
 *
 * The frame's NULL and non-finite values are left out; a NULL or non-finite current value answers NULL; a zero
 * scale answers 0 at the centre and +inf elsewhere. The frame's values reach {@link #score} as DuckDB's text
 * of {@code list(x) OVER (...)}, so the frame is whatever the OVER clause says, as in DataFusion.
 */
final class AnomalyScores {
    private static final double MAD_CONSISTENCY = 1.4826;

    private AnomalyScores() {}

    static boolean handles(String fn) {
        return fn.equals("anomaly_score_zscore") || fn.equals("anomaly_score_mad") || fn.equals("anomaly_score_iqr");
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        int arity = c.name().equals("anomaly_score_iqr") ? 2 : 1;
        if (c.over() == null) {
            // a window function called as a scalar: DataFusion knows no such scalar, and suggests the
            // closest name it has (as a real v1.0.0 answers)
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Invalid function '" + c.name() + "'.\nDid you mean '"
                            + (c.name().equals("anomaly_score_zscore") ? "array_remove" : "array_sort") + "'?");
        }
        refuseTypes(r, c, arity);
        String x = "CAST(" + r.render(c.args().get(0)) + " AS DOUBLE)";
        String frame = "CAST(list(" + x + ") OVER " + OverClauses.window(r, c.over()) + " AS VARCHAR)";
        String k = arity == 2 ? "CAST(CAST(" + r.render(c.args().get(1)) + " AS DOUBLE) AS VARCHAR)" : "'0'";
        // a NULL current value or k makes the concatenation, and so the score, NULL
        return "gt_anomaly_score('" + c.name().substring("anomaly_score_".length()) + "', " + frame + " || '|' || CAST("
                + x + " AS VARCHAR) || '|' || " + k + ")";
    }

    private static final String NUMERICS =
            "Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64";

    /** Uniform(n, NUMERICS): the planner's coercion error for a wrong count or a string argument. */
    private static void refuseTypes(ExprRenderer r, SqlAst.Call c, int arity) {
        List<String> types = new ArrayList<>();
        boolean string = false;
        for (SqlAst.Expr e : c.args()) {
            GreptimeType t = ExprTypes.of(r.scope, e);
            string |= t != null && t.kind() == GreptimeType.Kind.STRING;
            types.add(
                    e instanceof SqlAst.Literal
                            ? JsonPathSql.arrowType(e, "Utf8")
                            : t == null ? "Float64" : t.kind() == GreptimeType.Kind.STRING ? "Utf8" : t.name());
        }
        if (!string && c.args().size() == arity) {
            return;
        }
        String one = NUMERICS.replace(", ", "/");
        String candidate = arity == 1 ? one : one + ", " + one;
        throw new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to '"
                        + c.name() + "' function: coercion from " + String.join(", ", types)
                        + " to the signature Uniform(" + arity + ", [" + NUMERICS
                        + "]) failed No function matches the given name and argument types '" + c.name() + "("
                        + String.join(", ", types) + ")'. You might need to add explicit type casts.\n"
                        + "\tCandidate functions:\n\t" + c.name() + "(" + candidate + ")");
    }

    /** {@code kind} of {@code "[frame values]|current|k"}; null where GreptimeDB answers NULL. */
    static Double score(String kind, String packed) {
        String[] p = packed.split("\\|");
        double current = number(p[1]);
        double k = number(p[2]);
        if (!Double.isFinite(current)) {
            return null;
        }
        double[] w = frame(p[0]);
        return switch (kind) {
            case "zscore" -> w.length < 2 ? null : zscore(w, current);
            case "mad" -> w.length < 3 ? null : mad(w, current);
            default -> w.length < 3 || !Double.isFinite(k) || k < 0 ? null : iqr(w, current, k);
        };
    }

    private static double zscore(double[] w, double current) {
        double mean = 0;
        for (double v : w) {
            mean += v;
        }
        mean /= w.length;
        double variance = 0;
        for (double v : w) {
            variance += (v - mean) * (v - mean);
        }
        return ratio(Math.abs(current - mean), Math.sqrt(variance / w.length));
    }

    private static double mad(double[] w, double current) {
        double median = median(w.clone());
        double[] deviations = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            deviations[i] = Math.abs(w[i] - median);
        }
        return ratio(Math.abs(current - median), median(deviations) * MAD_CONSISTENCY);
    }

    private static double iqr(double[] w, double current, double k) {
        double[] sorted = w.clone();
        Arrays.sort(sorted);
        double q1 = percentile(sorted, 0.25);
        double q3 = percentile(sorted, 0.75);
        double iqr = q3 - q1;
        double lower = q1 - k * iqr;
        double upper = q3 + k * iqr;
        if (current < lower) {
            return (lower - current) / iqr;
        }
        return current > upper ? (current - upper) / iqr : 0.0;
    }

    private static double median(double[] v) {
        Arrays.sort(v);
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
    }

    /** Linear interpolation between the closest ranks, as utils.rs's percentile_sorted. */
    private static double percentile(double[] sorted, double p) {
        if (sorted.length == 1) {
            return sorted[0];
        }
        double idx = p * (sorted.length - 1);
        int lower = (int) Math.floor(idx);
        int upper = (int) Math.ceil(idx);
        if (lower == upper) {
            return sorted[lower];
        }
        double frac = idx - lower;
        return sorted[lower] * (1.0 - frac) + sorted[upper] * frac;
    }

    private static double ratio(double distance, double scale) {
        if (scale == 0.0) {
            return distance == 0.0 ? 0.0 : Double.POSITIVE_INFINITY;
        }
        return distance / scale;
    }

    /** The finite values of DuckDB's list text ({@code [1.0, NULL, inf]}). */
    private static double[] frame(String text) {
        String body = text.substring(1, text.length() - 1).trim();
        List<Double> out = new ArrayList<>();
        if (!body.isEmpty()) {
            for (String item : body.split(",")) {
                double v = number(item.trim());
                if (Double.isFinite(v)) {
                    out.add(v);
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A DuckDB DOUBLE's text; NULL and anything unreadable as NaN (left out, as non-finite values are). */
    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return switch (s.toLowerCase(java.util.Locale.ROOT)) {
                case "inf", "infinity" -> Double.POSITIVE_INFINITY;
                case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
                default -> Double.NaN;
            };
        }
    }
}
