package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The step and lookback of a PromQL request (PrometheusGateway, {@code prom_range_query}) read as GreptimeDB reads
 * them: whole seconds ({@code str::parse::<u64>}), else promql-parser's {@code parse_duration} (a float number of
 * seconds, or units in the order y w d h m s ms), every failure a query-parse error, status 2000, with the parser's
 * message ({@code v1.0.0:src/query/src/parser.rs:166-184}, promql-parser 0.7 {@code util/duration.rs:69-106}; the
 * same from v0.14). An empty field is refused ("empty duration string"): GreptimeDB's gRPC gateway passes it
 * unchanged, only its HTTP API fills in the default.
 */
final class PromDuration {
    private static final Pattern UNSIGNED = Pattern.compile("\\+?[0-9]+");
    private static final Pattern UNITS =
            Pattern.compile("((\\d+)y)?((\\d+)w)?((\\d+)d)?((\\d+)h)?((\\d+)m)?((\\d+)s)?((\\d+)ms)?");
    private static final long[] UNIT_MS = {
        365L * 24 * 3_600_000, 7L * 24 * 3_600_000, 24L * 3_600_000, 3_600_000, 60_000, 1_000, 1
    };

    private PromDuration() {}

    /**
     * Milliseconds, or a GreptimeError (2000) with promql-parser's message. {@code "0"} is zero: it parses as a
     * u64 before promql-parser (which would refuse it) is asked.
     */
    static long parseMs(String text) {
        String s = text == null ? "" : text;
        if (UNSIGNED.matcher(s).matches()) {
            return new BigDecimal(s).longValueExact() * 1000;
        }
        if (s.isEmpty()) {
            throw refused("empty duration string");
        }
        Double seconds = floatSeconds(s);
        if (seconds != null) {
            return Math.round(seconds * 1000);
        }
        Matcher m = UNITS.matcher(s);
        if (!m.matches()) {
            throw refused("not a valid duration string: " + s);
        }
        long ms = 0;
        for (int u = 0; u < UNIT_MS.length; u++) {
            String n = m.group(2 * u + 2);
            if (n != null) {
                ms = Math.addExact(ms, Math.multiplyExact(Long.parseLong(n), UNIT_MS[u]));
            }
        }
        if (ms == 0) {
            throw refused("duration must be greater than 0");
        }
        return ms;
    }

    private static Double floatSeconds(String s) {
        if (!s.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?(inf|infinity|nan)")) {
            return null;
        }
        return Double.parseDouble(s.replaceAll("(?i)infinity|inf", "Infinity").replace("nan", "NaN"));
    }

    private static GreptimeError refused(String message) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, message);
    }
}
