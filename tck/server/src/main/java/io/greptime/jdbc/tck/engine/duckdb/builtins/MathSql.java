package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.functions.DataFusionBuiltins;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.MathTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * DataFusion's math functions with their argument coercions and result types ({@link MathTypes}): the arguments
 * are coerced to Float64 as DataFusion's signatures coerce them (so a literal 2.5, a DuckDB DECIMAL, rounds as the
 * float GreptimeDB parses), the result is cast to the type DataFusion answers (ceil of an integer is Float64,
 * sqrt of a Float32 Float32), gcd/lcm/factorial work on Int64 with DataFusion's overflow errors.
 */
final class MathSql {
    private MathSql() {}

    /** The DuckDB SQL of the math call, or null when it is none this class translates. */
    static String render(ExprRenderer r, SqlAst.Call c) {
        String name = c.name();
        List<SqlAst.Expr> a = c.args();
        if (!MathTypes.handles(name)
                || c.over() != null
                || c.distinct()
                || c.star()
                || c.filter() != null
                || !c.orderBy().isEmpty()) {
            return null;
        }
        List<GreptimeType> types = new ArrayList<>();
        List<String> arrow = new ArrayList<>();
        for (SqlAst.Expr e : a) {
            GreptimeType t = ExprTypes.of(r.scope, e);
            types.add(t);
            arrow.add(JsonPathSql.arrowType(r, e, "Null"));
        }
        if (MathTypes.UNIFORM_FLOAT.contains(name)
                && a.size() == 1
                && arrow.get(0).equals("Utf8")) {
            throw CoercionErrors.coercion(name, arrow, "Uniform(1, [Float64, Float32])", List.of("Float64/Float32"));
        }
        if (a.isEmpty() && !name.equals("pi")) {
            // the planner's refusal lists the signature's forms
            if (MathTypes.UNIFORM_FLOAT.contains(name)) {
                throw MoreFunctions.noZeroArguments(name, List.of("Float64/Float32"));
            }
            if (name.equals("ceil") || name.equals("floor")) {
                throw MoreFunctions.noZeroArguments(
                        name, List.of("Coercion(TypeSignatureClass::Decimal)", "Float64/Float32"));
            }
        }
        if (!arity(name, a.size())) {
            return null;
        }
        GreptimeType result = MathTypes.result(name, types);
        if (result == null) {
            return null;
        }
        List<String> args = new ArrayList<>();
        for (SqlAst.Expr e : a) {
            args.add(r.render(e));
        }
        if ((name.equals("ceil") || name.equals("floor")) && result.kind() == GreptimeType.Kind.DECIMAL) {
            // the decimal itself, not a Float64 of it (ceil.rs/floor.rs' Decimal signature)
            return "CAST(" + name + "(" + args.get(0) + ") AS " + result.duck() + ")";
        }
        GreptimeType value = types.isEmpty() ? null : types.get(types.size() - 1);
        if (name.equals("log") && value != null && value.kind() == GreptimeType.Kind.DECIMAL) {
            // log.rs on a decimal: the integer logarithm of its integer part (log10(12.34) is 1.0, log(2, 12.34)
            // 3.0 on a real v1.0.0), NaN when that part is not positive
            String whole = "trunc(" + args.get(args.size() - 1) + ")";
            // base 10 counts the digits (exact where a double of a 28-digit part would round up a power of ten)
            String ilog = args.size() == 2
                    ? "floor(ln(" + dbl(whole) + ") / ln(" + dbl(args.get(0)) + "))"
                    : "(length(CAST(CAST(" + whole + " AS HUGEINT) AS VARCHAR)) - 1)";
            return "CAST((CASE WHEN " + whole + " <= 0 THEN CAST('NaN' AS DOUBLE) ELSE " + ilog + " END) AS "
                    + result.duck() + ")";
        }
        String inner = inner(name, args);
        return inner == null ? null : "CAST(" + inner + " AS " + result.duck() + ")";
    }

    private static boolean arity(String name, int n) {
        return switch (name) {
            case "pi" -> n == 0;
            case "round", "trunc", "log" -> n == 1 || n == 2;
            case "power", "pow", "atan2", "nanvl", "gcd", "lcm" -> n == 2;
            default -> n == 1;
        };
    }

    private static String dbl(String sql) {
        return "CAST(" + sql + " AS DOUBLE)";
    }

    private static String bigint(String sql) {
        return "CAST(" + sql + " AS BIGINT)";
    }

    private static String inner(String name, List<String> a) {
        String x = a.isEmpty() ? null : dbl(a.get(0));
        switch (name) {
            case "pi":
                return "pi()";
            case "abs":
                // DuckDB's abs keeps the integer and float types as DataFusion's does
                return "abs(" + a.get(0) + ")";
            case "cbrt":
                // the C library's cbrt (Rust's f64::cbrt), exact on cubes; DuckDB's is pow(x, 1/3)
                return "gt_cbrt(" + x + ")";
            case "round":
                return a.size() == 1 ? "round(" + x + ")" : "round(" + x + ", CAST(" + a.get(1) + " AS INTEGER))";
            case "trunc":
                // trunc.rs compute_truncate64: (x * 10^p).trunc() / 10^p
                return a.size() == 1
                        ? "trunc(" + x + ")"
                        : "(trunc(" + x + " * pow(10.0, " + bigint(a.get(1)) + ")) / pow(10.0, " + bigint(a.get(1))
                                + "))";
            case "log":
                // Rust's f64::log(self, base), ln(x) / ln(base), with base 10 when there is one argument (log.rs);
                // it can differ from a log10 in the last place (log(7) is 0.8450980400142567 on a real v1.0.0)
                return a.size() == 1 ? "(ln(" + x + ") / ln(10.0))" : "(ln(" + dbl(a.get(1)) + ") / ln(" + x + "))";
            case "power", "pow":
                return "pow(" + x + ", " + dbl(a.get(1)) + ")";
            case "atan2":
                return "atan2(" + x + ", " + dbl(a.get(1)) + ")";
            case "gcd", "lcm":
                // unsigned |x|, |y| (gcd.rs, lcm.rs); lcm of a zero is 0
                return "abs(" + name + "(" + bigint(a.get(0)) + ", " + bigint(a.get(1)) + "))";
            case "factorial": {
                // factorial.rs: 1 below 0, a table up to 20, an execution error past it
                String n = bigint(a.get(0));
                String overflow = "error('" + Errors.RAISED + StatusCode.ENGINE_EXECUTE_QUERY.code()
                        + ":Execution error: Overflow happened on FACTORIAL(' || " + n + " || ')')";
                return "(CASE WHEN " + n + " > 20 THEN " + overflow + " WHEN " + n
                        + " < 0 THEN 1 ELSE CAST(factorial(CAST(" + n + " AS INTEGER)) AS BIGINT) END)";
            }
            case "isnan":
                return "isnan(" + x + ")";
            default: {
                List<String> cast = new ArrayList<>();
                for (String s : a) {
                    cast.add(dbl(s));
                }
                String builtin = DataFusionBuiltins.scalar(name, cast);
                return builtin != null ? builtin : name + "(" + String.join(", ", cast) + ")";
            }
        }
    }
}
