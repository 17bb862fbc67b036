package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import java.util.List;

/**
 * Reads of JSON2 columns in queries. GreptimeDB plans a compound name that starts with a JSON2 column
 * ({@code j.a.b}, {@code t.j.a.b}) as {@code json_get(j, 'a.b')} (named {@code json_get(t.j,Utf8("a.b"))}),
 * casts of such a read as the typed {@code json_get(j, 'a.b', NULL::type)}
 * ({@code src/common/function/src/scalars/json/json_get_rewriter.rs}), and arithmetic with a number as a
 * read typed like that number (DataFusion coerces the string side, which the rewriter then types).
 */
public final class Json2Paths {
    private static final java.util.Set<String> ARITHMETIC = java.util.Set.of("+", "-", "*", "/", "%");

    private Json2Paths() {}

    /** A JSON2 column and the path read from it. */
    record Path(SqlAst.Column column, String path) {
        SqlAst.Call call() {
            return new SqlAst.Call("json_get", List.of(column, new SqlAst.Literal(SqlAst.LiteralKind.STRING, path)));
        }
    }

    /** {@code c} as a path into a JSON2 column, or null when it is a plain column (or no JSON2 column). */
    /** Whether the expression is a JSON2 path read (a Utf8View in GreptimeDB, not a plain string). */
    public static boolean isRead(QueryScope scope, SqlAst.Expr e) {
        return e instanceof SqlAst.Column c && of(scope, c) != null;
    }

    static Path of(QueryScope scope, SqlAst.Column c) {
        List<String> parts = c.parts();
        if (scope == null || parts.size() < 2 || scope.resolve(parts) != null) {
            return null;
        }
        for (int k = parts.size() - 1; k >= 1; k--) {
            List<String> prefix = parts.subList(0, k);
            if (isJson2(scope, prefix)) {
                return new Path(
                        new SqlAst.Column(List.copyOf(prefix), c.quoted()),
                        String.join(".", parts.subList(k, parts.size())));
            }
        }
        return null;
    }

    static boolean isJson2(QueryScope scope, SqlAst.Expr e) {
        return e instanceof SqlAst.Column c && isJson2(scope, c.parts());
    }

    private static boolean isJson2(QueryScope scope, List<String> parts) {
        QueryScope.Resolved r = scope == null ? null : scope.resolve(parts);
        ColumnMeta m = r == null ? null : r.relation().column(r.name());
        return m != null && m.type().kind() == GreptimeType.Kind.JSON2;
    }

    /** {@code e} as a JSON2 read ({@code j.a.b} or {@code json_get(j, 'a.b')} on a JSON2 column), or null. */
    static SqlAst.Call read(QueryScope scope, SqlAst.Expr e) {
        SqlAst.Expr inner = RangeNames.unwrap(e);
        if (inner instanceof SqlAst.Column c) {
            Path p = of(scope, c);
            return p == null ? null : p.call();
        }
        if (inner instanceof SqlAst.Call call
                && call.name().equals("json_get")
                && call.args().size() == 2
                && isJson2Value(scope, call.args().get(0))) {
            return call;
        }
        return null;
    }

    /** A JSON2 column, or a path into one. */
    static boolean isJson2Value(QueryScope scope, SqlAst.Expr e) {
        return isJson2(scope, e) || e instanceof SqlAst.Column c && of(scope, c) != null;
    }

    /** The DuckDB SQL of a typed read: the getter GreptimeDB's projection to {@code target} amounts to. */
    static String typed(ExprRenderer r, SqlAst.Call read, GreptimeType target) {
        String args = r.render(value(r.scope, read.args().get(0))) + ", "
                + r.render(read.args().get(1));
        return switch (target.kind()) {
            case STRING -> "gt_json2_get(" + args + ")";
            case INT ->
                target.name().equals("Int64")
                        ? "gt_json2_get_int(" + args + ")"
                        : "TRY_CAST(gt_json2_get_int(" + args + ") AS " + target.duck() + ")";
            case UINT -> "TRY_CAST(gt_json2_get_uint(" + args + ") AS " + target.duck() + ")";
            case FLOAT -> "CAST(gt_json2_get_float(" + args + ") AS " + target.duck() + ")";
            case BOOLEAN -> "gt_json2_get_bool(" + args + ")";
            default -> throw new SqlParser.Unsupported("a JSON2 value cast to " + target.name());
        };
    }

    /** A path as the first argument of json_get reads the JSON text at that path. */
    private static SqlAst.Expr value(QueryScope scope, SqlAst.Expr e) {
        if (e instanceof SqlAst.Column c) {
            Path p = of(scope, c);
            if (p != null) {
                return p.call();
            }
        }
        return e;
    }

    /** The DuckDB SQL of an untyped read. */
    static String text(ExprRenderer r, SqlAst.Call read) {
        return typed(r, read, GreptimeType.STRING);
    }
    /** {@code json_get} and its typed forms over a JSON2 value; null for anything else. */
    public static String function(ExprRenderer r, SqlAst.Call c) {
        if (c.name().equals("abs")
                && c.args().size() == 1
                && read(r.scope, c.args().get(0)) != null) {
            // a JSON2 read is a Utf8View, which abs's numeric signature refuses
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Function 'abs' expects NativeType::Numeric but received"
                            + " NativeType::String No function matches the given name and argument types"
                            + " 'abs(Utf8View)'. You might need to add explicit type casts.\n\tCandidate functions:\n"
                            + "\tabs(Numeric(1))");
        }
        if (c.args().size() != 2 || !isJson2Value(r.scope, c.args().get(0))) {
            return null;
        }
        GreptimeType target = switch (c.name()) {
            case "json_get", "json_get_string" -> GreptimeType.STRING;
            case "json_get_int" -> GreptimeType.INT64;
            case "json_get_float" -> GreptimeType.FLOAT64;
            case "json_get_bool" -> GreptimeType.BOOLEAN;
            default -> null;
        };
        return target == null ? null : typed(r, c, target);
    }

    /** The number type a JSON2 read takes in arithmetic with {@code other}; null when it is not such a case. */
    private static GreptimeType arithmeticType(QueryScope scope, SqlAst.Binary b, SqlAst.Expr side) {
        if (!ARITHMETIC.contains(b.op())) {
            return null;
        }
        SqlAst.Expr other = side == b.left() ? b.right() : b.left();
        SqlAst.Expr lit = other instanceof SqlAst.Unary u && u.op().equals("-") ? u.operand() : other;
        if (!(lit instanceof SqlAst.Literal l) || l.kind() != SqlAst.LiteralKind.NUMBER || read(scope, side) == null) {
            return null;
        }
        return SchemaNames.isInteger(l.text()) ? GreptimeType.INT64 : GreptimeType.FLOAT64;
    }

    /** One operand of a binary operator: a JSON2 read next to a number is read as that number's type. */
    static String arithmeticOperand(ExprRenderer r, SqlAst.Binary b, boolean left) {
        SqlAst.Expr side = left ? b.left() : b.right();
        GreptimeType t = arithmeticType(r.scope, b, side);
        return t == null ? r.render(side) : typed(r, read(r.scope, side), t);
    }

    /** Its name: {@code json_get(t.j,Utf8("a.b"),Int64(NULL))}, the typed call the rewriter makes. */
    static String arithmeticName(SchemaNames names, QueryScope scope, SqlAst.Binary b, boolean left) {
        SqlAst.Expr side = left ? b.left() : b.right();
        GreptimeType t = arithmeticType(scope, b, side);
        String name = names.name(t == null ? side : read(scope, side));
        return t == null ? name : name.substring(0, name.length() - 1) + "," + t.name() + "(NULL))";
    }
}
