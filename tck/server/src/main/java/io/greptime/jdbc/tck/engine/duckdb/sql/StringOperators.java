package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.List;

/**
 * DataFusion 52's coercion of the string operators (datafusion/expr-common type_coercion/binary.rs): {@code ||}
 * needs text on one side at least and reads the other side as its Arrow text (a timestamp with its 'T', a binary's
 * UTF-8), else "Cannot infer common string type"; LIKE/ILIKE takes text or binary, refuses a number, boolean, date
 * or timestamp ("There isn't a common type to coerce"), escapes with a backslash by default and refuses any other
 * escape character while executing.
 */
final class StringOperators {
    private StringOperators() {}

    private static final List<GreptimeType.Kind> SCALARS = List.of(
            GreptimeType.Kind.INT,
            GreptimeType.Kind.UINT,
            GreptimeType.Kind.FLOAT,
            GreptimeType.Kind.DECIMAL,
            GreptimeType.Kind.BOOLEAN,
            GreptimeType.Kind.DATE,
            GreptimeType.Kind.TIMESTAMP,
            GreptimeType.Kind.BINARY,
            GreptimeType.Kind.STRING);

    private static final SqlAst.TypeName STRING = new SqlAst.TypeName("STRING", List.of(), 0);

    /** {@code l || r} as DataFusion coerces it; null where the operand types are not plain scalars. */
    static String concat(ExprRenderer r, SqlAst.Binary b) {
        GreptimeType lt = type(r, b.left());
        GreptimeType rt = type(r, b.right());
        if (lt == null || rt == null) {
            return null;
        }
        if (lt.kind() != GreptimeType.Kind.STRING && rt.kind() != GreptimeType.Kind.STRING) {
            throw new GreptimeError(
                    StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: Cannot infer common string type for string concat"
                            + " operation " + NumericTemporalCasts.arrowName(lt) + " || "
                            + NumericTemporalCasts.arrowName(rt));
        }
        return "(" + text(r, b.left(), lt) + " || " + text(r, b.right(), rt) + ")";
    }

    /**
     * A comparison of a binary with text: DataFusion compares bytes, the text's UTF-8 (DuckDB's cast of the text to
     * BLOB would refuse its non-ASCII characters); null for other operand types.
     */
    static String binaryComparison(ExprRenderer r, SqlAst.Binary b, String op) {
        GreptimeType lt = ExprTypes.of(r.scope, b.left());
        GreptimeType rt = ExprTypes.of(r.scope, b.right());
        if (lt == null || rt == null) {
            return null;
        }
        boolean lb = lt.kind() == GreptimeType.Kind.BINARY;
        boolean rb = rt.kind() == GreptimeType.Kind.BINARY;
        if (lb && rt.kind() == GreptimeType.Kind.STRING) {
            return "(" + r.render(b.left()) + " " + op + " encode(" + r.render(b.right()) + "))";
        }
        if (rb && lt.kind() == GreptimeType.Kind.STRING) {
            return "(encode(" + r.render(b.left()) + ") " + op + " " + r.render(b.right()) + ")";
        }
        return null;
    }

    /** LIKE/ILIKE over a known operand type: null to render it as DuckDB's own. */
    static String like(ExprRenderer r, SqlAst.Like l) {
        if (!l.kind().equals("LIKE") && !l.kind().equals("ILIKE")) {
            return null;
        }
        if (l.escape() instanceof SqlAst.Literal e && !e.text().equals("\\")) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: LIKE does not support escape_char other than the backslash (\\)");
        }
        GreptimeType lt = type(r, l.expr());
        GreptimeType pt = type(r, l.pattern());
        String left = r.render(l.expr());
        if (lt != null && pt != null) {
            boolean textual = lt.kind() == GreptimeType.Kind.STRING || lt.kind() == GreptimeType.Kind.BINARY;
            if (!textual) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Error during planning: There isn't a common type to coerce "
                                + NumericTemporalCasts.arrowName(lt) + " and " + NumericTemporalCasts.arrowName(pt)
                                + " in " + l.kind() + " expression");
            }
            left = text(r, l.expr(), lt);
        }
        return "(" + left + (l.negated() ? " NOT " : " ") + l.kind() + " " + r.render(l.pattern()) + " ESCAPE '\\')";
    }

    private static GreptimeType type(ExprRenderer r, SqlAst.Expr e) {
        if (e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL) {
            return GreptimeType.STRING; // NULL coerces to either side
        }
        GreptimeType t = ExprTypes.of(r.scope, e);
        return t != null && SCALARS.contains(t.kind()) ? t : null;
    }

    private static String text(ExprRenderer r, SqlAst.Expr e, GreptimeType t) {
        boolean arrowText = t.kind() == GreptimeType.Kind.TIMESTAMP || t.kind() == GreptimeType.Kind.BINARY;
        return arrowText ? r.render(new SqlAst.Cast(e, STRING, false, false)) : r.render(e);
    }
}
