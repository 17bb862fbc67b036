package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.lang.reflect.RecordComponent;
import java.util.Collection;

/**
 * The plan encoding a view needs: GreptimeDB stores a view as its logical plan encoded to Substrait
 * (v1.0.0:src/operator/src/statement/ddl.rs create_view), and DataFusion's Substrait producer has no
 * encoding for a scalar subquery or an EXISTS expression, so CREATE VIEW over one fails with 1002
 * "Failed to encode DataFusion plan". A real v1.0.0 answers so; a subquery in FROM and IN (subquery) encode.
 */
final class ViewSubstrait {
    private ViewSubstrait() {}

    /** Refuses {@code query} when it holds an expression the producer cannot encode. */
    static void check(String query) {
        SqlAst.Query q;
        try {
            q = SqlParser.parseQuery(new Tokens(query));
        } catch (RuntimeException e) {
            return; // the statement's own planning reports it
        }
        String found = find(q);
        if (found != null) {
            throw new GreptimeError(
                    StatusCode.UNEXPECTED,
                    "Failed to encode DataFusion plan: This feature is not implemented: Cannot convert " + found
                            + " to Substrait");
        }
    }

    /** The producer's text for the first unencodable expression in {@code node}, depth first, or null. */
    private static String find(Object node) {
        if (node instanceof SqlAst.Subquery) {
            return "<subquery>";
        }
        if (node instanceof SqlAst.Exists e) {
            return "Exists { subquery: <subquery>, negated: " + e.negated() + " }";
        }
        if (node instanceof Collection<?> c) {
            for (Object o : c) {
                String f = find(o);
                if (f != null) {
                    return f;
                }
            }
            return null;
        }
        if (node == null || !node.getClass().isRecord()) {
            return null;
        }
        for (RecordComponent rc : node.getClass().getRecordComponents()) {
            Object child;
            try {
                child = rc.getAccessor().invoke(node);
            } catch (ReflectiveOperationException e) {
                continue;
            }
            String f = find(child);
            if (f != null) {
                return f;
            }
        }
        return null;
    }
}
