package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.functions.UddSketch;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.HexFormat;
import java.util.List;

/**
 * {@code uddsketch_state(bucket_size, error_rate, value)}, {@code uddsketch_merge(bucket_size, error_rate,
 * state)} and {@code uddsketch_calc(quantile, state)} (aggrs/approximate/uddsketch.rs,
 * scalars/uddsketch_calc.rs) over {@link UddSketch}. The aggregates hand their rows to Java as text: the
 * parameters and DuckDB's list of the values, or the states' hex joined by commas.
 */
final class UddSketchFunctions {
    private UddSketchFunctions() {}

    static boolean handles(String fn) {
        return fn.equals("uddsketch_state") || fn.equals("uddsketch_merge") || fn.equals("uddsketch_calc");
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if (FunctionLines.line(r.translator.profile) >= FunctionLines.LINES.indexOf("1.0") && c.over() == null) {
            refuseSignature(r, c);
        }
        if (c.name().equals("uddsketch_calc")) {
            return a.size() != 2
                    ? null
                    : "gt_uddsketch_calc(CAST(" + r.render(a.get(0)) + " AS DOUBLE), hex(" + r.render(a.get(1)) + "))";
        }
        if (a.size() != 3 || c.over() != null) {
            return null;
        }
        literal(a.get(0), "bucket size");
        literal(a.get(1), "error rate");
        String params = "CAST(CAST(" + r.render(a.get(0)) + " AS BIGINT) AS VARCHAR) || ';' || CAST(CAST("
                + r.render(a.get(1)) + " AS DOUBLE) AS VARCHAR) || ';' || ";
        String x = r.render(a.get(2));
        if (c.name().equals("uddsketch_state")) {
            refuseString(r, a.get(2));
            return "unhex(gt_uddsketch_state(" + params + "coalesce(CAST(list(CAST(" + x
                    + " AS DOUBLE)) AS VARCHAR), '[]')))";
        }
        return "unhex(gt_uddsketch_merge(" + params + "coalesce(string_agg(hex(" + x + "), ','), '')))";
    }

    /**
     * uddsketch_state's Exact([Int64, Float64, Float64]) and uddsketch_calc's Exact([Float64, Binary]): from v1.0
     * a call with another arity, or uddsketch_calc of a literal (NULL or text) for the state, fails while planning
     * as a real v1.0.0 fails it.
     */
    private static void refuseSignature(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        String accepted;
        if (c.name().equals("uddsketch_state")) {
            if (a.size() == 3) {
                return;
            }
            accepted = "Int64, Float64, Float64";
        } else if (c.name().equals("uddsketch_calc")) {
            if (a.size() == 2 && !(a.get(1) instanceof SqlAst.Literal)) {
                return;
            }
            accepted = "Float64, Binary";
        } else {
            return;
        }
        List<String> types =
                a.stream().map(e -> JsonPathSql.arrowType(r, e, "Binary")).toList();
        throw CoercionErrors.coercion(c.name(), types, "Exact([" + accepted + "])", List.of(accepted));
    }

    /** The accumulator reads bucket size and error rate from literals only. */
    private static void literal(SqlAst.Expr e, String what) {
        boolean ok = e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NUMBER
                || e instanceof SqlAst.Unary u && u.operand() instanceof SqlAst.Literal;
        if (!ok) {
            // GreptimeDB names the physical expression (a column as name@index); the index is left out here
            String shown = e instanceof SqlAst.Column col ? String.join(".", col.parts()) : e.toString();
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "This feature is not implemented: uddsketch_state not supported for " + what + ": " + shown);
        }
    }

    /** The signature is Exact([Int64, Float64, Float64]): text values do not coerce. */
    private static void refuseString(ExprRenderer r, SqlAst.Expr value) {
        GreptimeType t = ExprTypes.of(r.scope, value);
        if (t != null && t.kind() == GreptimeType.Kind.STRING) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                            + " 'uddsketch_state' function: coercion from Int64, Float64, Utf8 to the signature"
                            + " Exact([Int64, Float64, Float64]) failed No function matches the given name and"
                            + " argument types 'uddsketch_state(Int64, Float64, Utf8)'. You might need to add"
                            + " explicit type casts.\n\tCandidate functions:\n\tuddsketch_state(Int64, Float64,"
                            + " Float64)");
        }
    }

    /** {@code "bucket;rate;[v1, v2, NULL]"} to the state's hex; NULL values are skipped. */
    static String state(String packed) {
        String[] p = packed.split(";", 3);
        UddSketch s = new UddSketch(Long.parseLong(p[0]), Double.parseDouble(p[1]));
        String body = p[2].substring(1, p[2].length() - 1).trim();
        if (!body.isEmpty()) {
            for (String item : body.split(",")) {
                String v = item.trim();
                if (!v.equals("NULL")) {
                    s.add(SchemaNames.floatValue(v));
                }
            }
        }
        return HexFormat.of().formatHex(s.encode());
    }

    /** {@code "bucket;rate;hex,hex"} to the merged state's hex, with GreptimeDB's errors. */
    static String merge(String packed) {
        String[] p = packed.split(";", 3);
        long buckets = Long.parseLong(p[0]);
        double rate = Double.parseDouble(p[1]);
        UddSketch s = new UddSketch(buckets, rate);
        for (String hex : p[2].isEmpty() ? new String[0] : p[2].split(",")) {
            UddSketch other = UddSketch.decode(HexFormat.of().parseHex(hex), true);
            if (other == null) {
                throw plan("Failed to deserialize UDDSketch from binary");
            }
            if (other.count == 0) {
                continue;
            }
            if (other.maxBuckets != buckets || Math.abs(other.errorRate - rate) >= 1e-9) {
                throw plan("Merging UDDSketch with different parameters: arguments=(" + buckets + ", " + rust(rate)
                        + ") vs actual input=(" + other.maxBuckets + ", " + rust(other.errorRate) + ")");
            }
            s.merge(other);
        }
        return HexFormat.of().formatHex(s.encode());
    }

    /** The quantile's estimate; NULL for bytes that are no sketch or an empty one. */
    static Double calc(Double q, String hex) {
        UddSketch s = UddSketch.decode(HexFormat.of().parseHex(hex), false);
        if (s == null || s.buckets.isEmpty()) {
            return null;
        }
        if (!(q >= 0.0 && q <= 1.0)) {
            // the crate asserts 0 <= q <= 1 and GreptimeDB v1.0 panics (the query answers no rows); this engine
            // reports the broken precondition instead
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: uddsketch_calc quantile out of [0, 1]: " + q);
        }
        return s.quantile(q);
    }

    private static GreptimeError plan(String msg) {
        // a DataFusion Plan error raised while executing: status EngineExecuteQuery
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Error during planning: " + msg);
    }

    /** Rust's Debug of an f64: shortest digits, always with a fraction or exponent. */
    private static String rust(double d) {
        String s = SchemaNames.floatText(d);
        return s.contains(".") || s.contains("e") || s.contains("inf") || s.contains("NaN") ? s : s + ".0";
    }
}
