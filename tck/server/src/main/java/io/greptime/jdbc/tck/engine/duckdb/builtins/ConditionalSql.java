package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How DataFusion 52 types the arguments of its conditional functions, where DuckDB's own rules differ.
 *
 * <p>coalesce coerces its arguments by type union resolution (datafusion/expr-common/src/type_coercion/binary.rs
 * type_union_resolution, called from core/coalesce.rs coerce_types): NULLs are ignored, text fits any category,
 * but numbers, booleans and temporal values never mix (a planning error naming the first argument's type); text
 * with numbers becomes the number (so coalesce(NULL, 'a', 1) fails casting 'a' while it runs), numbers widen as in
 * arithmetic. nvl/ifnull answer as a CASE does: text with a number is text, a boolean with a number boolean.
 * greatest/least refuse no arguments and a mix of numbers and booleans; nullif refuses a boolean beside a number.
 */
final class ConditionalSql {
    private ConditionalSql() {}

    private enum Category {
        NUMERIC,
        BOOLEAN,
        TEMPORAL,
        UNKNOWN
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        String name = c.name();
        if (!Set.of("coalesce", "nvl", "ifnull", "greatest", "least", "nullif").contains(name)
                || c.over() != null
                || c.distinct()
                || c.star()
                || c.filter() != null) {
            return null;
        }
        List<SqlAst.Expr> a = c.args();
        List<GreptimeType> types = new ArrayList<>();
        List<String> arrow = new ArrayList<>();
        boolean known = true;
        for (SqlAst.Expr e : a) {
            boolean isNull = e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL;
            GreptimeType t = isNull ? null : ExprTypes.of(r.scope, e);
            known &= isNull || t != null;
            types.add(t);
            arrow.add(isNull ? "Null" : JsonPathSql.arrowType(r, e, "Utf8"));
        }
        switch (name) {
            case "coalesce":
                if (a.isEmpty()) {
                    throw userDefined(name, arrow, "Execution error: coalesce must have at least one argument");
                }
                return known ? coalesce(r, c, types, arrow) : null;
            case "greatest", "least":
                if (a.isEmpty()) {
                    throw userDefined(
                            name,
                            arrow,
                            "Error during planning: " + name
                                    + " was called without any arguments. It requires at least 1.");
                }
                if (known && categories(types).size() > 1 && !categories(types).contains(null)) {
                    throw userDefined(name, arrow, "Error during planning: Cannot find a common type for arguments");
                }
                return known ? numericExtreme(r, c, types) : null;
            case "nullif":
                if (a.size() == 2 && known && categories(types).equals(Set.of(Category.NUMERIC, Category.BOOLEAN))) {
                    throw new GreptimeError(
                            StatusCode.PLAN_QUERY,
                            "Failed to plan SQL: Error during planning: For function 'nullif' " + arrow.get(0) + " and "
                                    + arrow.get(1) + " is not comparable No function matches the given name and"
                                    + " argument types 'nullif(" + String.join(", ", arrow) + ")'. You might need to"
                                    + " add explicit type casts.\n\tCandidate functions:\n\tnullif(Comparable(2))");
                }
                return null;
            default:
                return a.size() == 2 && known ? nvl(r, c, types) : null;
        }
    }

    private static GreptimeError userDefined(String fn, List<String> arrow, String why) {
        return new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Execution error: Function '" + fn
                        + "' user-defined coercion failed with \"" + why + "\" No function matches the given name and"
                        + " argument types '" + fn + "(" + String.join(", ", arrow) + ")'. You might need to add"
                        + " explicit type casts.\n\tCandidate functions:\n\t" + fn + "(UserDefined)");
    }

    /** The categories of the non-NULL arguments, text left out; null stands for a type of no category here. */
    private static Set<Category> categories(List<GreptimeType> types) {
        Set<Category> out = new LinkedHashSet<>();
        for (GreptimeType t : types) {
            Category k = category(t);
            if (k != Category.UNKNOWN) {
                out.add(k);
            }
        }
        return out;
    }

    private static Category category(GreptimeType t) {
        if (t == null) {
            return Category.UNKNOWN;
        }
        return switch (t.kind()) {
            case INT, UINT, FLOAT, DECIMAL -> Category.NUMERIC;
            case BOOLEAN -> Category.BOOLEAN;
            case DATE, TIMESTAMP, TIME, INTERVAL -> Category.TEMPORAL;
            case STRING -> Category.UNKNOWN;
            default -> null;
        };
    }

    private static String coalesce(ExprRenderer r, SqlAst.Call c, List<GreptimeType> types, List<String> arrow) {
        Set<Category> cats = categories(types);
        if (cats.contains(null)) {
            return null;
        }
        String noType =
                "Execution error: Fail to find the coerced type, errors: Some(Execution(\\\"Expect to get struct"
                        + " but got " + arrow.get(0) + "\\\"))";
        if (cats.size() > 1) {
            throw userDefined("coalesce", arrow, noType);
        }
        GreptimeType target = null;
        boolean unresolved = false;
        for (GreptimeType t : types) {
            if (t == null) {
                continue;
            }
            if (target == null) {
                target = t;
                continue;
            }
            GreptimeType u = union(target, t);
            if (u == null) {
                if (category(target) == Category.TEMPORAL && category(t) == Category.TEMPORAL) {
                    unresolved = true;
                    break;
                }
                throw userDefined("coalesce", arrow, noType);
            }
            target = u;
        }
        if (target == null || unresolved || target.kind() == GreptimeType.Kind.DECIMAL) {
            return null;
        }
        return cast(r, c.args(), target, "coalesce");
    }

    /** nvl/ifnull(x, y): CASE's coercion of its two branches. */
    private static String nvl(ExprRenderer r, SqlAst.Call c, List<GreptimeType> types) {
        GreptimeType x = types.get(0);
        GreptimeType y = types.get(1);
        if (x == null || y == null || x.name().equals(y.name())) {
            return null;
        }
        Category cx = category(x);
        Category cy = category(y);
        GreptimeType target;
        if (cx == Category.NUMERIC && cy == Category.NUMERIC) {
            target = numeric(x, y);
        } else if (cx == Category.NUMERIC && y.kind() == GreptimeType.Kind.STRING
                || cy == Category.NUMERIC && x.kind() == GreptimeType.Kind.STRING) {
            target = GreptimeType.STRING;
        } else if (cx == Category.NUMERIC && cy == Category.BOOLEAN
                || cy == Category.NUMERIC && cx == Category.BOOLEAN) {
            target = GreptimeType.BOOLEAN;
        } else {
            target = null;
        }
        return target == null ? null : cast(r, c.args(), target, "coalesce");
    }

    private static String cast(ExprRenderer r, List<SqlAst.Expr> args, GreptimeType target, String fn) {
        StringBuilder sb = new StringBuilder(fn).append('(');
        for (int i = 0; i < args.size(); i++) {
            SqlAst.Expr e = args.get(i);
            sb.append(i > 0 ? ", " : "");
            if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL) {
                sb.append("NULL");
            } else {
                sb.append("CAST(")
                        .append(r.render(e))
                        .append(" AS ")
                        .append(target.duck())
                        .append(')');
            }
        }
        return sb.append(')').toString();
    }

    /** type_union_resolution_coercion of two known types; null when none (or not worked out here). */
    static GreptimeType union(GreptimeType a, GreptimeType b) {
        if (a.name().equals(b.name())) {
            return a;
        }
        Category ca = category(a);
        Category cb = category(b);
        if (ca == Category.NUMERIC && cb == Category.NUMERIC) {
            return numeric(a, b);
        }
        // numeric_string_coercion: text with a number is the number
        if (ca == Category.NUMERIC && b.kind() == GreptimeType.Kind.STRING) {
            return a;
        }
        if (cb == Category.NUMERIC && a.kind() == GreptimeType.Kind.STRING) {
            return b;
        }
        return null;
    }

    /** binary_numeric_coercion: the narrowest type holding both; null where it is a decimal. */
    private static GreptimeType numeric(GreptimeType a, GreptimeType b) {
        if (a.kind() == GreptimeType.Kind.DECIMAL || b.kind() == GreptimeType.Kind.DECIMAL) {
            return null;
        }
        if (a.name().equals("Float64") || b.name().equals("Float64")) {
            return GreptimeType.FLOAT64;
        }
        if (a.kind() == GreptimeType.Kind.FLOAT || b.kind() == GreptimeType.Kind.FLOAT) {
            return GreptimeType.FLOAT32;
        }
        int wa = width(a);
        int wb = width(b);
        boolean sa = a.kind() == GreptimeType.Kind.INT;
        boolean sb = b.kind() == GreptimeType.Kind.INT;
        if (sa == sb) {
            return wa >= wb ? a : b;
        }
        int signed = sa ? wa : wb;
        int unsigned = sa ? wb : wa;
        if (signed > unsigned) {
            return sa ? a : b;
        }
        return switch (unsigned) {
            case 8 -> GreptimeType.INT16;
            case 16 -> GreptimeType.INT32;
            case 32 -> GreptimeType.INT64;
            default -> null; // UInt64 with a signed integer is a Decimal128(20, 0)
        };
    }

    private static int width(GreptimeType t) {
        return Integer.parseInt(t.name().replaceAll("\\D", ""));
    }
    /** greatest/least of numbers, each argument cast to their comparison type ({@link MathTypes#comparisonNumeric}). */
    private static String numericExtreme(ExprRenderer r, SqlAst.Call c, List<GreptimeType> types) {
        GreptimeType target = io.greptime.jdbc.tck.engine.duckdb.sql.MathTypes.comparisonNumeric(types);
        if (target == null) {
            return null;
        }
        List<String> args = new ArrayList<>();
        for (SqlAst.Expr e : c.args()) {
            args.add("CAST(" + r.render(e) + " AS " + target.duck() + ")");
        }
        return c.name() + "(" + String.join(", ", args) + ")";
    }
}
