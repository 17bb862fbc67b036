package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ViewOptions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.List;

/** A view's output columns: the names GreptimeDB gives the columns of its defining query. */
final class ViewColumns {
    private ViewColumns() {}

    static List<String> of(QueryTranslator outer, TableMeta view) {
        String listed = view.options().get(ViewOptions.COLUMNS);
        if (listed != null) {
            return List.of(listed.split("\n"));
        }
        String planned = view.options().get(ViewOptions.PLAN_COLUMNS);
        if (planned != null) {
            return List.of(planned.split("\n"));
        }
        String definition = view.options().get(ViewOptions.DEFINITION);
        if (definition == null) {
            return List.of();
        }
        String prefix = "CREATE VIEW " + view.name() + " AS ";
        String query = view.options().containsKey(ViewOptions.QUERY)
                ? view.options().get(ViewOptions.QUERY)
                : definition.startsWith(prefix) ? definition.substring(prefix.length()) : null;
        if (query == null) {
            return List.of();
        }
        try {
            SqlAst.Query q = SqlParser.parseQuery(new Tokens(query));
            List<String> names =
                    new QueryTranslator(outer.extensions, outer.catalog, view.schema(), outer.zone).names(q, null);
            return names == null ? List.of() : names;
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
