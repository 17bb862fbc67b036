package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import java.util.List;
import java.util.Set;

/**
 * The result types of DataFusion's math functions (datafusion/functions/src/math at the revision GreptimeDB v1.0.0
 * pins, 52.1): the float family computes in Float64, or Float32 when its input is Float32; abs keeps its input's
 * type; gcd, lcm and factorial answer Int64; isnan and iszero Boolean. A real v1.0.0 answers so: ceil(TINYINT) is
 * Float64, atan2 of two integers Float32 (its first exact form, Float32 twice, takes them), log(2, FLOAT) Float32.
 */
public final class MathTypes {
    private MathTypes() {}

    /**
     * One-argument functions whose signature is {@code Uniform(1, [Float64, Float32])} or a Float64 coercion that
     * keeps Float32 (make_math_unary_udf, signum, cot, trunc); the Float32 input keeps Float32.
     */
    public static final Set<String> UNARY_FLOAT = Set.of(
            "sqrt", "cbrt", "exp", "ln", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
            "tanh", "asinh", "acosh", "atanh", "degrees", "radians", "cot", "signum", "trunc");

    /** ceil, floor and round keep a decimal input (their Decimal signature comes first); other numbers as above. */
    public static final Set<String> DECIMAL_KEEPING = Set.of("ceil", "floor", "round");

    /** Every name this class types. */
    public static boolean handles(String name) {
        return UNARY_FLOAT.contains(name)
                || DECIMAL_KEEPING.contains(name)
                || Set.of(
                                "log",
                                "power",
                                "pow",
                                "atan2",
                                "nanvl",
                                "abs",
                                "gcd",
                                "lcm",
                                "factorial",
                                "pi",
                                "isnan",
                                "iszero")
                        .contains(name);
    }

    /**
     * The result type of math function {@code name} on arguments of types {@code args} (null for a NULL literal or
     * an expression of unknown type), or null when not told here (a decimal input kept as decimal, a text argument
     * the signature refuses, an unknown function).
     */
    public static GreptimeType result(String name, List<GreptimeType> args) {
        for (GreptimeType t : args) {
            if (t != null && !ExprTypes.isNumeric(t)) {
                return null;
            }
        }
        GreptimeType first = args.isEmpty() ? null : args.get(0);
        if (UNARY_FLOAT.contains(name) || DECIMAL_KEEPING.contains(name)) {
            if (first != null && first.kind() == GreptimeType.Kind.DECIMAL && DECIMAL_KEEPING.contains(name)) {
                // ceil/floor keep the decimal type as it is; round narrows the scale to its places (DuckDB's too)
                return name.equals("round") ? null : first;
            }
            return isFloat32(first) ? GreptimeType.FLOAT32 : GreptimeType.FLOAT64;
        }
        return switch (name) {
            // log(x) or log(base, x): the value (last argument) decides
            case "log" ->
                args.isEmpty()
                        ? null
                        : isFloat32(args.get(args.size() - 1)) ? GreptimeType.FLOAT32 : GreptimeType.FLOAT64;
            // Coercible([Float64 from any numeric] x 2): Float64 even for Float32; a decimal base keeps its type
            // (power.rs return_type: the first argument's)
            case "power", "pow" ->
                first != null && first.kind() == GreptimeType.Kind.DECIMAL ? first : GreptimeType.FLOAT64;
            // OneOf(Exact([Float32, Float32]), Exact([Float64, Float64])) (nanvl also Float16 first): the first form
            // the arguments coerce to, Float32 unless one is Float64 (or a decimal)
            case "atan2", "nanvl" -> {
                for (GreptimeType t : args) {
                    if (t != null && (t.name().equals("Float64") || t.kind() == GreptimeType.Kind.DECIMAL)) {
                        yield GreptimeType.FLOAT64;
                    }
                }
                yield GreptimeType.FLOAT32;
            }
            case "abs" -> first == null ? GreptimeType.FLOAT64 : first;
            case "gcd", "lcm", "factorial" -> GreptimeType.INT64;
            case "pi" -> GreptimeType.FLOAT64;
            case "isnan", "iszero" -> GreptimeType.BOOLEAN;
            default -> null;
        };
    }

    static boolean isFloat32(GreptimeType t) {
        return t != null && t.name().equals("Float32");
    }
}
