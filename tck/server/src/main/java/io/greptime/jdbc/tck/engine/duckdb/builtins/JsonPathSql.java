package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code json_path_exists(json, path)} and {@code json_path_match(json, path)} as calls of
 * {@link JsonFunctions}. Their signatures (json_path_exists.rs, json_path_match.rs) take JSON bytes and a
 * string; exists also takes a NULL for either. DataFusion's planner refuses other literal arguments with
 * its coercion error, which this class reproduces for the literals it can type.
 */
final class JsonPathSql {
    private JsonPathSql() {}

    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        if (a.size() != 2 || c.over() != null) {
            return null;
        }
        boolean exists = c.name().equals("json_path_exists");
        refuse(c.name(), exists, arrowType(a.get(0), "Binary"), arrowType(a.get(1), "Utf8"));
        return "gt_" + c.name() + "(CAST(" + r.render(a.get(0)) + " AS VARCHAR), CAST(" + r.render(a.get(1))
                + " AS VARCHAR))";
    }

    /**
     * The Arrow type DataFusion names for a call's argument: a literal's, else its column type's (String as Utf8),
     * {@code unknown} when the type is not known here.
     */
    static String arrowType(ExprRenderer r, SqlAst.Expr e, String unknown) {
        GreptimeType t = ExprTypes.of(r.scope, e);
        return arrowType(e, t == null ? unknown : t.name().equals("String") ? "Utf8" : t.name());
    }

    /** The Arrow type DataFusion gives a literal; {@code otherwise} for anything else. */
    static String arrowType(SqlAst.Expr e, String otherwise) {
        if (e instanceof SqlAst.Literal l) {
            return switch (l.kind()) {
                case STRING -> "Utf8";
                case NUMBER -> SchemaNames.isInteger(l.text()) ? "Int64" : "Float64";
                case BOOLEAN -> "Boolean";
                case NULL -> "Null";
            };
        }
        return otherwise;
    }

    private static void refuse(String fn, boolean exists, String json, String path) {
        boolean jsonOk = json.equals("Binary") || (exists && json.equals("Null"));
        // a number or boolean path coerces to Utf8; a NULL only where the signature names Null
        boolean pathOk = !path.equals("Null") || exists;
        if (jsonOk && pathOk) {
            return;
        }
        List<String> sigs = new ArrayList<>();
        for (String j : exists ? List.of("Binary", "BinaryView", "Null") : List.of("Binary", "BinaryView")) {
            for (String p : exists ? List.of("Utf8", "Utf8View", "Null") : List.of("Utf8", "Utf8View")) {
                sigs.add(j + ", " + p);
            }
        }
        StringBuilder oneOf = new StringBuilder();
        StringBuilder candidates = new StringBuilder();
        for (String s : sigs) {
            oneOf.append(oneOf.length() == 0 ? "" : ", ")
                    .append("Exact([")
                    .append(s)
                    .append("])");
            candidates.append("\n\t").append(fn).append('(').append(s).append(')');
        }
        throw new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to '" + fn
                        + "' function: coercion from " + json + ", " + path + " to the signature OneOf([" + oneOf
                        + "]) failed No function matches the given name and argument types '" + fn + "(" + json
                        + ", " + path + ")'. You might need to add explicit type casts.\n\tCandidate functions:"
                        + candidates);
    }
}
