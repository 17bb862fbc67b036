package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A view's query with its columns fixed when the view is created. GreptimeDB stores a view as its encoded
 * logical plan ({@code v1.0.0:src/operator/src/statement/ddl.rs:796-840}), so a {@code *} stands for the
 * columns its tables had then: a column added to a table later does not appear in the view (the plan's
 * scan reads the fields it recorded). DuckDB expands {@code *} each time it reads a view, so the body is
 * wrapped in a projection of the columns it has now.
 */
final class ViewPlan {
    private ViewPlan() {}

    /** {@code body} as a projection of its current output columns, or {@code body} when they are not distinct. */
    static String pinned(Call call, String body) {
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps =
                call.conn.prepareStatement("SELECT * FROM (" + body + ") AS gt_view_body LIMIT 0")) {
            ResultSetMetaData md = ps.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                names.add(md.getColumnLabel(i));
            }
        } catch (SQLException e) {
            return body; // the CREATE VIEW that follows reports it as any query would
        }
        Set<String> distinct = new HashSet<>();
        for (String n : names) {
            if (!distinct.add(n.toLowerCase(java.util.Locale.ROOT))) {
                return body;
            }
        }
        List<String> quoted = new ArrayList<>();
        for (String n : names) {
            quoted.add("gt_view_body." + Catalog.quote(n));
        }
        return "SELECT " + String.join(", ", quoted) + " FROM (" + body + ") AS gt_view_body";
    }
}
