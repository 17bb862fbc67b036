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
    public static final Set<String> UNARY_FLOAT;

    /** The functions whose signature is exactly {@code Uniform(1, [Float64, Float32])} (make_math_unary_udf, signum, cot). */
    public static final Set<String> UNIFORM_FLOAT = Set.of(
            "sqrt", "cbrt", "exp", "ln", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
            "tanh", "asinh", "acosh", "atanh", "degrees", "radians", "cot", "signum");

    static {
        java.util.Set<String> unary = new java.util.HashSet<>(UNIFORM_FLOAT);
        unary.add("trunc");
        UNARY_FLOAT = Set.copyOf(unary);
    }

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
        if (name.equals("trunc")
                && args.size() == 2
                && first != null
                && (first.kind() == GreptimeType.Kind.INT || first.kind() == GreptimeType.Kind.UINT)) {
            // OneOf(Exact([Float32, Int64]), ...): the first form takes an integer value (a real v1.0.0 answers
            // arrow_typeof(trunc(INT, 1)) Float32)
            return GreptimeType.FLOAT32;
        }
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

    /** The forms of GreptimeDB's clamp, clamp_min and clamp_max signature, {@code Uniform(n, [...])}, in order. */
    public static final List<GreptimeType> CLAMP_FORMS = List.of(
            GreptimeType.INT8,
            GreptimeType.INT16,
            GreptimeType.INT32,
            GreptimeType.INT64,
            GreptimeType.UINT8,
            GreptimeType.UINT16,
            GreptimeType.UINT32,
            GreptimeType.UINT64,
            GreptimeType.FLOAT32,
            GreptimeType.FLOAT64);

    /**
     * The type DataFusion's Uniform signature coerces every argument of clamp/clamp_min/clamp_max to
     * (src/common/function/src/scalars/math/clamp.rs: {@code Signature::uniform(n, numerics)}): the first form of the
     * list every argument can be coerced to (DataFusion's can_coerce_from: an integer widens only to a wider integer
     * of its signedness or a signed one wider than an unsigned one, every integer and Float32 to Float32, a decimal
     * only to Float64), so clamp(TINYINT, 0, 5) is Int64, clamp(BIGINT UNSIGNED, 0, 5) Float32. A null entry is a
     * NULL (it fits every form); null when an argument is not a number.
     */
    public static GreptimeType uniformNumeric(List<GreptimeType> args) {
        for (GreptimeType form : CLAMP_FORMS) {
            boolean all = true;
            for (GreptimeType t : args) {
                if (t != null && !coercesTo(t, form)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return form;
            }
        }
        return null;
    }

    /**
     * DataFusion's comparison coercion of numbers (greatest, least): one integer type of a signedness takes the
     * wider, a signed with an unsigned the narrowest signed type holding both (Decimal128(20, 0) with UInt64), a
     * float with integers the widest float, a decimal with integers or floats (Float32 as Decimal128(14, 7),
     * Float64 as Decimal128(30, 15)) the decimal of the most integer digits and the largest scale, at most 38
     * digits. A real v1.0.0 answers arrow_typeof(greatest(TINYINT, 1)) Int64, (DECIMAL(10, 2), 1) Decimal128(22, 2),
     * (DECIMAL(10, 2), 1.5) Decimal128(30, 15). Null when an argument's type is unknown or not a number.
     */
    public static GreptimeType comparisonNumeric(List<GreptimeType> args) {
        GreptimeType acc = null;
        for (GreptimeType t : args) {
            if (t == null || !ExprTypes.isNumeric(t)) {
                return null;
            }
            acc = acc == null ? t : comparisonPair(acc, t);
            if (acc == null) {
                return null;
            }
        }
        return acc;
    }

    private static GreptimeType comparisonPair(GreptimeType a, GreptimeType b) {
        if (a.name().equals(b.name())) {
            return a;
        }
        GreptimeType.Kind ka = a.kind();
        GreptimeType.Kind kb = b.kind();
        if (ka == GreptimeType.Kind.DECIMAL || kb == GreptimeType.Kind.DECIMAL) {
            int[] x = decimalShape(a);
            int[] y = decimalShape(b);
            int scale = Math.max(x[1], y[1]);
            int digits = Math.max(x[0] - x[1], y[0] - y[1]);
            return GreptimeType.decimal(Math.min(38, digits + scale), scale);
        }
        if (ka == GreptimeType.Kind.FLOAT || kb == GreptimeType.Kind.FLOAT) {
            return a.name().equals("Float64") || b.name().equals("Float64")
                    ? GreptimeType.FLOAT64
                    : GreptimeType.FLOAT32;
        }
        if (ka == kb) {
            return bits(a) >= bits(b) ? a : b;
        }
        GreptimeType u = ka == GreptimeType.Kind.UINT ? a : b;
        GreptimeType i = u == a ? b : a;
        if (bits(u) == 64) {
            return GreptimeType.decimal(20, 0);
        }
        int wide = Math.max(bits(i), bits(u) * 2);
        return wide == 16 ? GreptimeType.INT16 : wide == 32 ? GreptimeType.INT32 : GreptimeType.INT64;
    }

    private static int[] decimalShape(GreptimeType t) {
        if (t.arrow() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d) {
            return new int[] {d.getPrecision(), d.getScale()};
        }
        if (t.kind() == GreptimeType.Kind.FLOAT) {
            return t.name().equals("Float32") ? new int[] {14, 7} : new int[] {30, 15};
        }
        int b = bits(t);
        return new int[] {b == 64 ? 20 : b == 32 ? 10 : b == 16 ? 5 : 3, 0};
    }

    /** GreptimeDB's mod answers Int64, UInt64 or Float64 by the family of the coerced type (modulo.rs return_type). */
    public static GreptimeType modResult(GreptimeType coerced) {
        return switch (coerced.kind()) {
            case INT -> GreptimeType.INT64;
            case UINT -> GreptimeType.UINT64;
            default -> GreptimeType.FLOAT64;
        };
    }

    private static boolean coercesTo(GreptimeType from, GreptimeType to) {
        if (from.name().equals(to.name())) {
            return true;
        }
        int toBits = bits(to);
        int fromBits = bits(from);
        return switch (from.kind()) {
            case INT -> to.kind() == GreptimeType.Kind.INT ? fromBits < toBits : to.kind() == GreptimeType.Kind.FLOAT;
            case UINT ->
                to.kind() == GreptimeType.Kind.UINT
                        ? fromBits < toBits
                        : to.kind() == GreptimeType.Kind.INT ? fromBits < toBits : to.kind() == GreptimeType.Kind.FLOAT;
            case FLOAT -> to.kind() == GreptimeType.Kind.FLOAT && fromBits < toBits;
            case DECIMAL -> to.name().equals("Float64");
            default -> false;
        };
    }

    private static int bits(GreptimeType t) {
        String n = t.name();
        return n.endsWith("64") ? 64 : n.endsWith("32") ? 32 : n.endsWith("16") ? 16 : n.endsWith("8") ? 8 : 0;
    }

    static boolean isFloat32(GreptimeType t) {
        return t != null && t.name().equals("Float32");
    }
}
