package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.MathTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The planner's refusal of a numeric function (DataFusion 52.1 as GreptimeDB v1.0.0 runs it) given a boolean or text
 * argument, or an integer function given a type its {@code Uniform([Int64])} signature cannot take, each in the words
 * of the signature kind: {@code Uniform}/{@code Exact}/{@code OneOf} signatures fail the argument coercion
 * (datafusion/expr/src/type_coercion/functions.rs), {@code Coercible} classes name the class the argument lacks, and
 * {@code Numeric(1)} names the native type (abs, median). The answers were taken from a real v1.0.0.
 */
final class NumericRefusals {
    private NumericRefusals() {}

    private static final Set<String> FLOAT64_AGGREGATES = Set.of(
            "stddev",
            "stddev_samp",
            "stddev_pop",
            "std",
            "var",
            "var_samp",
            "var_sample",
            "var_pop",
            "var_population",
            "variance");

    /** Throws the planner's error when a known argument type is one the function's signature refuses. */
    static void check(ExprRenderer r, SqlAst.Call c) {
        if (FunctionLines.line(r.translator.profile) < FunctionLines.LINES.indexOf("1.0") || c.star()) {
            return;
        }
        String fn = c.name();
        List<SqlAst.Expr> a = c.args();
        List<String> arrow = new ArrayList<>();
        boolean textOrBool = false;
        for (SqlAst.Expr e : a) {
            if (io.greptime.jdbc.tck.engine.duckdb.sql.Json2Paths.isRead(r.scope, e)) {
                return; // a JSON2 path read is a Utf8View, refused by the JSON2 rules in their own words
            }
            String t = JsonPathSql.arrowType(r, e, "Null");
            t = t.startsWith("Decimal(") ? "Decimal128" + t.substring("Decimal".length()) : t;
            arrow.add(t);
            textOrBool |= t.equals("Utf8") || t.equals("Boolean");
        }
        if (a.size() == 1 && MathTypes.UNIFORM_FLOAT.contains(fn) && textOrBool) {
            throw CoercionErrors.coercion(fn, arrow, "Uniform(1, [Float64, Float32])", List.of("Float64/Float32"));
        }
        if (a.size() == 1 && (fn.equals("ceil") || fn.equals("floor")) && textOrBool) {
            throw CoercionErrors.coercion(
                    fn,
                    arrow,
                    "OneOf([Coercible([Exact { desired_type: Decimal }]), Uniform(1, [Float64, Float32])])",
                    List.of("Coercion(TypeSignatureClass::Decimal)", "Float64/Float32"));
        }
        if ((a.size() == 1 || a.size() == 2) && fn.equals("trunc") && textOrBool) {
            throw CoercionErrors.coercion(
                    fn,
                    arrow,
                    "OneOf([Exact([Float32, Int64]), Exact([Float64, Int64]), Exact([Float64]), Exact([Float32])])",
                    List.of("Float32, Int64", "Float64, Int64", "Float64", "Float32"));
        }
        if (a.size() == 2 && fn.equals("nanvl") && textOrBool) {
            throw CoercionErrors.coercion(
                    fn,
                    arrow,
                    "OneOf([Exact([Float16, Float16]), Exact([Float32, Float32]), Exact([Float64, Float64])])",
                    List.of("Float16, Float16", "Float32, Float32", "Float64, Float64"));
        }
        if (a.size() == 2 && fn.equals("atan2") && textOrBool) {
            throw CoercionErrors.coercion(
                    fn,
                    arrow,
                    "OneOf([Exact([Float32, Float32]), Exact([Float64, Float64])])",
                    List.of("Float32, Float32", "Float64, Float64"));
        }
        boolean gcdLike = (fn.equals("gcd") || fn.equals("lcm")) && a.size() == 2;
        if ((gcdLike || (fn.equals("factorial") && a.size() == 1)) && !allInt64(arrow)) {
            // Uniform(n, [Int64]): Int64 takes the narrower integers and UInt8..UInt32, nothing else
            throw CoercionErrors.coercion(
                    fn, arrow, "Uniform(" + a.size() + ", [Int64])", List.of(gcdLike ? "Int64, Int64" : "Int64"));
        }
        if (a.size() == 1 && (fn.equals("isnan") || fn.equals("iszero")) && textOrBool) {
            throw classRefusal(fn, arrow.get(0), "Numeric");
        }
        if (a.size() == 1 && (fn.equals("abs") || fn.equals("median")) && c.over() == null && textOrBool) {
            String nat = arrow.get(0).equals("Utf8") ? "String" : "Boolean";
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Function '" + fn + "' expects NativeType::Numeric but"
                            + " received NativeType::" + nat + " No function matches the given name and argument"
                            + " types '" + fn + "(" + arrow.get(0) + ")'. You might need to add explicit type casts."
                            + "\n\tCandidate functions:\n\t" + fn + "(Numeric(1))");
        }
        if (a.size() == 1 && FLOAT64_AGGREGATES.contains(fn) && textOrBool) {
            throw CoercionErrors.coercion(fn, arrow, "Exact([Float64])", List.of("Float64"));
        }
        if (a.size() == 1
                && (fn.equals("bool_and") || fn.equals("bool_or"))
                && known(arrow.get(0))
                && !arrow.get(0).equals("Boolean")) {
            throw CoercionErrors.coercion(fn, arrow, "Exact([Boolean])", List.of("Boolean"));
        }
        if (a.size() == 1
                && fn.startsWith("bit_")
                && Set.of("bit_and", "bit_or", "bit_xor").contains(fn)
                && known(arrow.get(0))
                && !arrow.get(0).startsWith("Int")
                && !arrow.get(0).startsWith("UInt")) {
            throw classRefusal(fn, arrow.get(0), "Integer");
        }
    }

    private static boolean known(String arrow) {
        return !arrow.equals("Null");
    }

    private static boolean allInt64(List<String> arrow) {
        for (String t : arrow) {
            if (!Set.of("Null", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32")
                    .contains(t)) {
                return false;
            }
        }
        return true;
    }

    /** A Coercible signature's refusal: the class the argument is not of, then the one candidate. */
    private static GreptimeError classRefusal(String fn, String arrow, String cls) {
        String got = arrow.equals("Utf8") ? "String" : arrow;
        return new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Function '" + fn + "' requires TypeSignatureClass::" + cls
                        + ", but received " + got + " (DataType: " + arrow + "). No function matches the given name"
                        + " and argument types '" + fn + "(" + arrow + ")'. You might need to add explicit type casts."
                        + "\n\tCandidate functions:\n\t" + fn + "(Coercion(TypeSignatureClass::" + cls + "))");
    }
}
