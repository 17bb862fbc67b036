package io.greptime.jdbc.tck.engine.duckdb.exec;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A string that does not parse as the number or date it is cast to, told as Arrow's cast kernel tells it
 * (GreptimeDB's CAST, status 3001): {@code Cast error: Cannot cast string 'abc' to value of Int32 type}, the
 * type as Rust's {@code {:?}} prints Arrow's DataType. DuckDB says {@code Could not convert string 'abc' to
 * INT32} (dates: {@code invalid date field format: "abc", ...}).
 */
final class StringCasts {
    private static final Pattern TO_NUMBER =
            Pattern.compile("^Could not convert string '(.*)' to (\\w+(?:\\(\\d+,\\d+\\))?)$");
    private static final Pattern TO_DATE =
            Pattern.compile("^invalid date field format: \"(.*)\", expected format is \\(YYYY-MM-DD\\)$");

    private StringCasts() {}

    /** Arrow's message for DuckDB's conversion message {@code body}, or null when it is another failure. */
    static String message(String body) {
        Matcher m = TO_NUMBER.matcher(body);
        if (m.matches()) {
            String type = arrowType(m.group(2));
            return type == null ? null : text(m.group(1), type);
        }
        m = TO_DATE.matcher(body);
        if (m.matches()) {
            return text(m.group(1), "Date32");
        }
        return null;
    }

    private static String text(String value, String type) {
        return "Cast error: Cannot cast string '" + value + "' to value of " + type + " type";
    }

    /** DuckDB's type name as Arrow's {@code Debug} prints the type GreptimeDB casts to, or null. */
    static String arrowType(String duck) {
        String d = duck.toUpperCase(Locale.ROOT);
        if (d.startsWith("DECIMAL(")) {
            return "Decimal128(" + d.substring(8, d.length() - 1).replace(",", ", ") + ")";
        }
        return switch (d) {
            case "INT8", "TINYINT" -> "Int8";
            case "INT16", "SMALLINT" -> "Int16";
            case "INT32", "INTEGER" -> "Int32";
            case "INT64", "BIGINT" -> "Int64";
            case "UINT8", "UTINYINT" -> "UInt8";
            case "UINT16", "USMALLINT" -> "UInt16";
            case "UINT32", "UINTEGER" -> "UInt32";
            case "UINT64", "UBIGINT" -> "UInt64";
            case "FLOAT" -> "Float32";
            case "DOUBLE" -> "Float64";
            default -> null;
        };
    }
}
