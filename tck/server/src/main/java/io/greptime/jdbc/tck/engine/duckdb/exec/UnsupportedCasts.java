package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cast DuckDB has no kernel for, told as DataFusion's planner tells a cast Arrow has none for: status 1001,
 * {@code This feature is not implemented: Unsupported CAST from Boolean to Date32}, the types in Arrow's
 * Display form (as a GreptimeDB v1.0.0 answers, tck/server/src/test/resources/type-casts.tsv). Where DuckDB
 * lacks a cast that Arrow has, the message is still this one: the gap list of TypeCatalogTest names them.
 */
final class UnsupportedCasts {
    private static final Pattern UNIMPLEMENTED =
            Pattern.compile("^Unimplemented type for cast \\((.+) -> (.+)\\)(?: when casting from source column .*)?$");
    /** DuckDB's text-to-BOOL and text-to-DECIMAL failures (the text single-quoted, resp. double-quoted). */
    private static final Pattern STRING_TO = Pattern.compile(
            "^Could not convert string (?:'(.*)'|\"(.*)\") to (BOOL|DECIMAL\\(\\d+,\\d+\\))(?: when casting from source column .*)?$");

    private static final Pattern DECIMAL = Pattern.compile("^DECIMAL\\((\\d+),(\\d+)\\)$");
    private static final Map<String, String> ARROW = Map.ofEntries(
            Map.entry("BOOLEAN", "Boolean"),
            Map.entry("TINYINT", "Int8"),
            Map.entry("SMALLINT", "Int16"),
            Map.entry("INTEGER", "Int32"),
            Map.entry("BIGINT", "Int64"),
            Map.entry("UTINYINT", "UInt8"),
            Map.entry("USMALLINT", "UInt16"),
            Map.entry("UINTEGER", "UInt32"),
            Map.entry("UBIGINT", "UInt64"),
            Map.entry("FLOAT", "Float32"),
            Map.entry("DOUBLE", "Float64"),
            Map.entry("VARCHAR", "Utf8"),
            Map.entry("BLOB", "Binary"),
            Map.entry("DATE", "Date32"),
            Map.entry("TIME", "Time64(ns)"),
            Map.entry("TIMESTAMP_S", "Timestamp(s)"),
            Map.entry("TIMESTAMP_MS", "Timestamp(ms)"),
            Map.entry("TIMESTAMP", "Timestamp(µs)"),
            Map.entry("TIMESTAMP_NS", "Timestamp(ns)"),
            Map.entry("INTERVAL", "Interval(MonthDayNano)"));

    private UnsupportedCasts() {}

    /** GreptimeDB's error for DuckDB's message {@code body}, or null when it is not a missing cast. */
    static GreptimeError map(String body, Throwable cause) {
        Matcher s = STRING_TO.matcher(body);
        if (s.matches()) {
            String text = s.group(1) != null ? s.group(1) : s.group(2);
            if (s.group(3).equals("BOOL")) {
                return new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Cast error: Cannot cast value '" + text + "' to value of Boolean type",
                        cause);
            }
            if (s.group(3).startsWith("DECIMAL")) {
                // DataFusion reads the text as Decimal128(38, 10) before narrowing it to the target
                return new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Cast error: Cannot cast string '" + text + "' to value of Decimal128(38, 10) type",
                        cause);
            }
            return null;
        }
        Matcher m = UNIMPLEMENTED.matcher(body);
        if (!m.matches()) {
            return null;
        }
        String from = arrow(m.group(1));
        String to = arrow(m.group(2));
        if (from == null || to == null) {
            return null;
        }
        return new GreptimeError(
                StatusCode.UNSUPPORTED,
                "This feature is not implemented: Unsupported CAST from " + from + " to " + to,
                cause);
    }

    private static String arrow(String duck) {
        Matcher d = DECIMAL.matcher(duck);
        if (d.matches()) {
            return "Decimal128(" + d.group(1) + ", " + d.group(2) + ")";
        }
        return ARROW.get(duck);
    }
}
