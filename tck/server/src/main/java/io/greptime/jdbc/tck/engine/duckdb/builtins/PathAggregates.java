package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.functions.H3Functions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.text.FloatText;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * GreptimeDB's path aggregates over (lat, lng, timestamp) rows ({@code src/common/function/src/aggrs/geo/}):
 * both collect every row, NULLs included, and order the rows by timestamp (ascending, NULL timestamps
 * first, as arrow's sort_to_indices does by default).
 *
 * <ul>
 *   <li>{@code geo_path} (geo_path.rs) answers a struct {@code {lat: [Float64], lng: [Float64]}}; no row
 *       gives two empty lists.
 *   <li>{@code json_encode_path} (encoding.rs) answers the text serde_json writes for the list of
 *       {@code [lng, lat]} pairs: floats in ryu's shortest form, a NULL coordinate as the 0.0 its Arrow
 *       slot holds, a non-finite one as {@code null}; no row gives {@code []}.
 * </ul>
 */
final class PathAggregates {
    private PathAggregates() {}

    static void install(Connection c) throws SQLException {
        JavaFunctions.texts(c, "gt_json_encode_path", String.class, a -> jsonPath(a[0]));
    }

    /** DuckDB's text of a {@code DOUBLE[][]} list of [lng, lat] pairs, as serde_json writes it. */
    static String jsonPath(String duckList) {
        String body = duckList.trim();
        body = body.substring(1, body.length() - 1).trim();
        StringBuilder out = new StringBuilder("[");
        if (!body.isEmpty()) {
            // pairs are "[x, y]" separated by ", "
            String[] pairs = body.split("\\]\\s*,\\s*\\[");
            for (int i = 0; i < pairs.length; i++) {
                String p = pairs[i].replace("[", "").replace("]", "");
                String[] xy = p.split(",");
                out.append(i == 0 ? "[" : ",[")
                        .append(number(xy[0]))
                        .append(',')
                        .append(number(xy[1]))
                        .append(']');
            }
        }
        return out.append(']').toString();
    }

    private static String number(String duckText) {
        String t = duckText.trim();
        if (t.equals("NULL")) {
            return "0.0";
        }
        double d = H3Functions.duckDouble(t);
        return Double.isFinite(d) ? FloatText.of(d) : "null";
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        boolean geo = c.name().equals("geo_path");
        if (!geo && !c.name().equals("json_encode_path")) {
            return null;
        }
        List<SqlAst.Expr> a = c.args();
        if (a.size() != 3 || c.over() != null) {
            return null;
        }
        String lat = "CAST(" + r.render(a.get(0)) + " AS DOUBLE)";
        String lng = "CAST(" + r.render(a.get(1)) + " AS DOUBLE)";
        String order = " ORDER BY " + r.render(a.get(2)) + " ASC NULLS FIRST)";
        String filter = c.filter() == null ? "" : " FILTER (WHERE " + r.render(c.filter()) + ")";
        if (geo) {
            return "struct_pack(lat := coalesce(list(" + lat + order + filter + ", []::DOUBLE[]), lng := coalesce(list("
                    + lng + order + filter + ", []::DOUBLE[]))";
        }
        return "gt_json_encode_path(CAST(coalesce(list([" + lng + ", " + lat + "]" + order + filter
                + ", []::DOUBLE[][]) AS VARCHAR))";
    }
}
