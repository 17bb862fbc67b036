package io.greptime.jdbc;

import java.util.List;
import java.util.Map;

/**
 * The answer of a PromQL query through GreptimeDB's {@code PrometheusGateway}: the Prometheus HTTP API
 * JSON exactly as the server sent it, and its content as series of samples.
 *
 * @param resultType {@code matrix}, {@code vector}, {@code scalar} or {@code string}
 * @param series the series; a scalar is one series without labels
 * @param json the response body (UTF-8 validated)
 */
public record GreptimePromResult(String resultType, List<Series> series, String json) {

    public GreptimePromResult {
        series = List.copyOf(series);
    }

    /** One series: its labels (including {@code __name__} when the server kept it) and its samples. */
    public record Series(Map<String, String> labels, List<Sample> samples) {
        public Series {
            labels = Map.copyOf(labels);
            samples = List.copyOf(samples);
        }
    }

    /**
     * One sample.
     *
     * @param timestampMillis the evaluation time in epoch milliseconds
     * @param value the value ({@code NaN} and infinities included)
     */
    public record Sample(long timestampMillis, double value) {}
}
