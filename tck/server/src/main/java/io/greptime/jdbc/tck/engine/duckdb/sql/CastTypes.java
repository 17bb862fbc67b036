package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * GreptimeDB's type-alias rule for casts: a cast to a timestamp with a precision (or none, meaning
 * milliseconds), to {@code TIMESTAMP_MS}-style names, or to the Arrow-style integer and float names
 * ({@code INT64}, {@code UINT8}, {@code FLOAT4}, {@code BOOL}, ...) becomes {@code arrow_cast(x, 'Type')}.
 */
public final class CastTypes {
    private CastTypes() {}

    /**
     * Whether {@code c} is a TRY_CAST that stays one. GreptimeDB's rule (src/sql/src/statements/transform/
     * type_alias.rs at v1.0.0) matches sqlparser's {@code Expr::Cast} of any kind, so a TRY_CAST to one of the
     * types above becomes the same {@code arrow_cast}, which fails where a CAST fails: {@code TRY_CAST('x' AS
     * TIMESTAMP(3))} is an error on GreptimeDB v1.0.0, not NULL.
     */
    public static boolean lenient(SqlAst.Cast c) {
        return c.tryCast() && arrowCastTarget(c.type()) == null;
    }

    /** The Arrow type name {@code arrow_cast} gets, or null when the cast stays a plain CAST. */
    public static String arrowCastTarget(SqlAst.TypeName type) {
        if (type.arrayDepth() > 0) {
            return null;
        }
        String n = type.name();
        if (n.equals("timestamp") || n.equals("timestamp without time zone")) {
            if (type.params().isEmpty()) {
                return "Timestamp(ms)";
            }
            return switch (type.params().get(0)) {
                case "0" -> "Timestamp(s)";
                case "3" -> "Timestamp(ms)";
                case "6" -> "Timestamp(µs)";
                case "9" -> "Timestamp(ns)";
                default -> null;
            };
        }
        if (!type.params().isEmpty()) {
            return null;
        }
        return switch (n) {
            case "timestamp_s", "timestamp_sec", "timestampsecond" -> "Timestamp(s)";
            case "timestamp_ms", "timestampmillisecond" -> "Timestamp(ms)";
            case "timestamp_us", "timestampmicrosecond", "datetime" -> "Timestamp(µs)";
            case "timestamp_ns", "timestampnanosecond" -> "Timestamp(ns)";
            case "int2", "int16" -> "Int16";
            case "int4", "int32" -> "Int32";
            case "int8", "int64" -> "Int64";
            case "uint8" -> "UInt8";
            case "uint16" -> "UInt16";
            case "uint32" -> "UInt32";
            case "uint64" -> "UInt64";
            case "float4", "float32" -> "Float32";
            case "float8", "float64" -> "Float64";
            case "bool" -> "Boolean";
            case "tinytext", "mediumtext", "longtext" -> "Utf8";
            default -> null;
        };
    }
}
