package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;

/**
 * DataFusion's checks of a LIMIT or OFFSET expression: it must be an integer (or NULL), else planning fails
 * with {@code Expected LIMIT to be an integer or null, but got <type>}; a scalar subquery of integer (or
 * unknown) type is not evaluated at all ({@code Unsupported LIMIT expression: Some(ScalarSubquery(<subquery>))}).
 * DataFusion's {@code LogicalPlanBuilder::limit_by_expr} and {@code extract_fetch} (datafusion-expr 50).
 */
final class LimitChecks {
    private LimitChecks() {}

    static void check(QueryTranslator tr, SqlAst.Expr e, String clause, QueryScope outer) {
        SqlAst.Expr x = e;
        while (x instanceof SqlAst.Nested n) {
            x = n.expr();
        }
        String type = null;
        if (x instanceof SqlAst.Literal l) {
            type = switch (l.kind()) {
                case NUMBER -> SchemaNames.isInteger(l.text()) ? null : "Float64";
                case STRING -> "Utf8";
                case BOOLEAN -> "Boolean";
                case NULL -> null;
            };
        } else if (x instanceof SqlAst.TypedString ts) {
            type = arrowName(ExprTypes.typedString(ts));
        } else if (x instanceof SqlAst.Subquery s) {
            GreptimeType t = subqueryType(tr, s.query(), outer);
            type = t == null ? null : arrowName(t);
            if (type == null || type.startsWith("Int") || type.startsWith("UInt")) {
                throw new GreptimeError(
                        StatusCode.UNSUPPORTED,
                        "This feature is not implemented: Unsupported " + clause
                                + " expression: Some(ScalarSubquery(<subquery>))");
            }
        }
        if (type != null) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Error during planning: Expected " + clause + " to be an integer or null, but got " + type);
        }
    }

    private static GreptimeType subqueryType(QueryTranslator tr, SqlAst.Query q, QueryScope outer) {
        SqlAst.Query body = q instanceof SqlAst.Full f ? f.body() : q;
        if (!(body instanceof SqlAst.Select s) || s.items().size() != 1) {
            return null;
        }
        return ExprTypes.of(tr.scopeOf(s, outer), s.items().get(0).expr());
    }

    /** The Arrow name DataFusion prints for a GreptimeDB type; null for the kinds this check does not name. */
    static String arrowName(GreptimeType t) {
        if (t == null) {
            return null;
        }
        return switch (t.kind()) {
            case INT, UINT, FLOAT, BOOLEAN, STRING, DATE, TIMESTAMP -> NumericTemporalCasts.arrowName(t);
            default -> null;
        };
    }
}
