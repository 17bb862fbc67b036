package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Prometheus HTTP API JSON as GreptimeDB's gateway writes it: timestamps as seconds (JSON numbers), values
 * as strings, errors as {@code {"status":"error","errorType":<StatusCode name>,"error":<message>}}.
 */
final class PromJson {
    private PromJson() {}

    static String matrix(Value v, long[] steps) {
        StringBuilder b = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[");
        boolean first = true;
        for (Series s : series(v, steps.length)) {
            b.append(first ? "" : ",");
            first = false;
            metric(b, s.labels);
            b.append(",\"values\":[");
            boolean firstPoint = true;
            for (int i = 0; i < steps.length; i++) {
                if (s.hasValue(i)) {
                    b.append(firstPoint ? "" : ",");
                    firstPoint = false;
                    point(b, steps[i], s.values[i]);
                }
            }
            b.append("]}");
        }
        return b.append("]}}").toString();
    }

    /** A range vector at one instant: each series' raw samples in (t - range, t], at their own times. */
    static String rawMatrix(Value.Matrix m, long time) {
        Long at = m.atMs();
        long end = (at == null || at == Ast.AT_START || at == Ast.AT_END ? time : at) - m.offsetMs();
        StringBuilder b = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[");
        boolean first = true;
        for (Value.RangeSeries s : m.series()) {
            int to = Evaluator.lastAtOrBefore(s.times(), end) + 1;
            int from = Evaluator.lastAtOrBefore(s.times(), end - m.rangeMs()) + 1;
            if (from >= to) {
                continue;
            }
            b.append(first ? "" : ",");
            first = false;
            metric(b, s.labels());
            b.append(",\"values\":[");
            for (int i = from; i < to; i++) {
                b.append(i > from ? "," : "");
                point(b, s.times()[i], s.values()[i]);
            }
            b.append("]}");
        }
        return b.append("]}}").toString();
    }

    static String instant(Value v, long time) {
        StringBuilder b = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":");
        if (v instanceof Value.Scalar s) {
            b.append("\"scalar\",\"result\":");
            point(b, time, s.values()[0]);
            return b.append("}}").toString();
        }
        if (v instanceof Value.Str str) {
            b.append("\"string\",\"result\":[").append(seconds(time)).append(",");
            string(b, str.value());
            return b.append("]}}").toString();
        }
        b.append("\"vector\",\"result\":[");
        boolean first = true;
        for (Series s : series(v, 1)) {
            if (!s.hasValue(0)) {
                continue;
            }
            b.append(first ? "" : ",");
            first = false;
            metric(b, s.labels);
            b.append(",\"value\":");
            point(b, time, s.values[0]);
            b.append("}");
        }
        return b.append("]}}").toString();
    }

    static String error(GreptimeError e) {
        StringBuilder b = new StringBuilder("{\"status\":\"error\",\"data\":{\"resultType\":\"\",\"result\":[]},");
        b.append("\"error\":");
        string(b, e.getMessage());
        b.append(",\"errorType\":");
        string(b, errorType(e));
        return b.append("}").toString();
    }

    /** GreptimeDB prints its StatusCode by variant name: INVALID_ARGUMENTS becomes InvalidArguments. */
    static String errorType(GreptimeError e) {
        StringBuilder b = new StringBuilder();
        for (String part : e.status().name().split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return b.toString();
    }

    private static List<Series> series(Value v, int n) {
        if (v instanceof Value.Vector vec) {
            return vec.series();
        }
        if (v instanceof Value.Scalar s) {
            Series one = new Series(new java.util.TreeMap<>(), n);
            for (int i = 0; i < n; i++) {
                one.set(i, s.values()[i]);
            }
            return List.of(one);
        }
        return List.of();
    }

    private static void metric(StringBuilder b, Map<String, String> labels) {
        b.append("{\"metric\":{");
        boolean first = true;
        for (Map.Entry<String, String> e : labels.entrySet()) {
            b.append(first ? "" : ",");
            first = false;
            string(b, e.getKey());
            b.append(":");
            string(b, e.getValue());
        }
        b.append("}");
    }

    private static void point(StringBuilder b, long timeMs, double value) {
        b.append("[").append(seconds(timeMs)).append(",");
        string(b, value(value));
        b.append("]");
    }

    /** Seconds as a JSON number with at least one decimal, as serde prints an f64. */
    static String seconds(long ms) {
        String s = BigDecimal.valueOf(ms).movePointLeft(3).stripTrailingZeros().toPlainString();
        return s.contains(".") ? s : s + ".0";
    }

    /** A sample value the way Prometheus formats it: shortest digits, NaN, +Inf, -Inf. */
    static String value(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == 0) {
            return "0";
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
