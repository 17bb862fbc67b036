package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.Map;

/** Parses GreptimeDB SQL type names (and their aliases) into {@link GreptimeType}s. */
public final class TypeParser {
    private static final Map<String, GreptimeType> SIMPLE = Map.ofEntries(
            Map.entry("boolean", GreptimeType.BOOLEAN),
            Map.entry("bool", GreptimeType.BOOLEAN),
            Map.entry("tinyint", GreptimeType.INT8),
            Map.entry("int1", GreptimeType.INT8),
            Map.entry("smallint", GreptimeType.INT16),
            Map.entry("int2", GreptimeType.INT16),
            Map.entry("int16", GreptimeType.INT16),
            Map.entry("int", GreptimeType.INT32),
            Map.entry("integer", GreptimeType.INT32),
            Map.entry("int4", GreptimeType.INT32),
            Map.entry("int32", GreptimeType.INT32),
            Map.entry("mediumint", GreptimeType.INT32),
            Map.entry("bigint", GreptimeType.INT64),
            Map.entry("int8", GreptimeType.INT64),
            Map.entry("int64", GreptimeType.INT64),
            Map.entry("uint8", GreptimeType.UINT8),
            Map.entry("uint16", GreptimeType.UINT16),
            Map.entry("uint32", GreptimeType.UINT32),
            Map.entry("uint64", GreptimeType.UINT64),
            Map.entry("float", GreptimeType.FLOAT32),
            Map.entry("float4", GreptimeType.FLOAT32),
            Map.entry("float32", GreptimeType.FLOAT32),
            Map.entry("real", GreptimeType.FLOAT32),
            Map.entry("double", GreptimeType.FLOAT64),
            Map.entry("float8", GreptimeType.FLOAT64),
            Map.entry("float64", GreptimeType.FLOAT64),
            Map.entry("string", GreptimeType.STRING),
            Map.entry("varchar", GreptimeType.STRING),
            Map.entry("char", GreptimeType.STRING),
            Map.entry("text", GreptimeType.STRING),
            Map.entry("tinytext", GreptimeType.STRING),
            Map.entry("mediumtext", GreptimeType.STRING),
            Map.entry("longtext", GreptimeType.STRING),
            Map.entry("binary", GreptimeType.BINARY),
            Map.entry("varbinary", GreptimeType.BINARY),
            Map.entry("blob", GreptimeType.BINARY),
            Map.entry("tinyblob", GreptimeType.BINARY),
            Map.entry("mediumblob", GreptimeType.BINARY),
            Map.entry("longblob", GreptimeType.BINARY),
            Map.entry("bytea", GreptimeType.BINARY),
            Map.entry("date", GreptimeType.DATE),
            Map.entry("datetime", GreptimeType.TS_MICRO),
            Map.entry("timestamp_s", GreptimeType.TS_SECOND),
            Map.entry("timestamp_sec", GreptimeType.TS_SECOND),
            Map.entry("timestampsecond", GreptimeType.TS_SECOND),
            Map.entry("timestamp_ms", GreptimeType.TS_MILLI),
            Map.entry("timestampmillisecond", GreptimeType.TS_MILLI),
            Map.entry("timestamp_us", GreptimeType.TS_MICRO),
            Map.entry("timestampmicrosecond", GreptimeType.TS_MICRO),
            Map.entry("timestamp_ns", GreptimeType.TS_NANO),
            Map.entry("timestampnanosecond", GreptimeType.TS_NANO),
            Map.entry("interval", GreptimeType.INTERVAL),
            Map.entry("json", GreptimeType.JSON),
            Map.entry("json2", GreptimeType.JSON2));

    private TypeParser() {}

    public static GreptimeType parse(Tokens t) {
        String word = t.ident().toLowerCase(java.util.Locale.ROOT);
        switch (word) {
            case "timestamp":
                return GreptimeType.timestamp(GreptimeType.unitOfPrecision(optionalInt(t, 3)));
            case "time":
                return GreptimeType.time(GreptimeType.unitOfPrecision(optionalInt(t, 3)));
            case "decimal":
            case "numeric":
                return decimal(t);
            case "vector":
                return GreptimeType.vector(optionalInt(t, -1));
            case "double":
                t.accept("precision");
                return GreptimeType.FLOAT64;
            default:
                break;
        }
        GreptimeType simple = SIMPLE.get(word);
        if (simple == null) {
            throw new GreptimeError(StatusCode.INVALID_SYNTAX, "Unsupported data type: " + word);
        }
        if (word.equals("varchar") || word.equals("char") || word.equals("binary") || word.equals("varbinary")) {
            optionalInt(t, 0);
        }
        if (t.accept("unsigned")) {
            return unsigned(simple);
        }
        t.accept("signed");
        return simple;
    }

    private static GreptimeType unsigned(GreptimeType signed) {
        return switch (signed.name()) {
            case "Int8" -> GreptimeType.UINT8;
            case "Int16" -> GreptimeType.UINT16;
            case "Int32" -> GreptimeType.UINT32;
            case "Int64" -> GreptimeType.UINT64;
            default -> signed;
        };
    }

    private static GreptimeType decimal(Tokens t) {
        if (!t.acceptSymbol("(")) {
            return GreptimeType.decimal(38, 10);
        }
        int p = Integer.parseInt(t.next().text());
        int s = 0;
        if (t.acceptSymbol(",")) {
            s = Integer.parseInt(t.next().text());
        }
        t.expectSymbol(")");
        if (p < 1 || p > 38 || s > p) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Invalid decimal precision/scale: (" + p + ", " + s + ")");
        }
        return GreptimeType.decimal(p, s);
    }

    private static int optionalInt(Tokens t, int dflt) {
        if (!t.acceptSymbol("(")) {
            if (dflt < 0) {
                throw t.unexpected("(");
            }
            return dflt;
        }
        int v = Integer.parseInt(t.next().text());
        t.expectSymbol(")");
        return v;
    }
}
