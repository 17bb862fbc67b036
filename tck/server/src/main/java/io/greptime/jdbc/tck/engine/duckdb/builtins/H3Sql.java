package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.functions.H3Functions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.util.List;

/**
 * Renders GreptimeDB's {@code h3_*} calls onto the {@code gt_h3_*} Java functions ({@link H3Functions}):
 * every argument goes as text, a cell tagged with its DuckDB type (a string cell is hex, an integer one a
 * number), and the answer is cast to the type h3.rs returns (UInt64 cells, UInt8 resolution and base cell,
 * Int32 grid distance, lists of UInt64 or Float64).
 */
final class H3Sql {
    private H3Sql() {}

    /** Argument kinds: C cell, L cells (list or comma-separated text), F coordinate, I integer, S string. */
    private record Shape(String args, String cast) {}

    private static Shape shape(String name) {
        return switch (name) {
            case "h3_latlng_to_cell" -> new Shape("FFI", "UBIGINT");
            case "h3_latlng_to_cell_string" -> new Shape("FFI", null);
            case "h3_cell_to_string" -> new Shape("C", null);
            case "h3_string_to_cell" -> new Shape("S", "UBIGINT");
            case "h3_cell_center_latlng" -> new Shape("C", "DOUBLE[]");
            case "h3_cell_resolution", "h3_cell_base" -> new Shape("C", "UTINYINT");
            case "h3_cell_is_pentagon" -> new Shape("C", null);
            case "h3_cell_parent", "h3_cell_center_child", "h3_cell_to_children_size", "h3_cell_to_child_pos" ->
                new Shape("CI", "UBIGINT");
            case "h3_cell_to_children" -> new Shape("CI", "UBIGINT[]");
            case "h3_child_pos_to_cell" -> new Shape("ICI", "UBIGINT");
            case "h3_grid_disk", "h3_grid_disk_distances" -> new Shape("CI", "UBIGINT[]");
            case "h3_grid_distance" -> new Shape("CC", "INTEGER");
            case "h3_grid_path_cells" -> new Shape("CC", "UBIGINT[]");
            case "h3_cells_contains" -> new Shape("LC", null);
            case "h3_distance_sphere_km", "h3_distance_degree" -> new Shape("CC", null);
            default -> null;
        };
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        Shape s = shape(c.name());
        List<SqlAst.Expr> a = c.args();
        if (s == null || a.size() != s.args().length()) {
            return null;
        }
        StringBuilder call = new StringBuilder("gt_").append(c.name()).append('(');
        for (int i = 0; i < a.size(); i++) {
            String x = r.render(a.get(i));
            call.append(i == 0 ? "" : ", ")
                    .append(
                            switch (s.args().charAt(i)) {
                                case 'C', 'L' -> "(typeof(" + x + ") || ':' || CAST(" + x + " AS VARCHAR))";
                                case 'F' -> "CAST(CAST(" + x + " AS DOUBLE) AS VARCHAR)";
                                case 'I' -> "CAST(" + x + " AS VARCHAR)";
                                default -> "CAST(" + x + " AS VARCHAR)";
                            });
        }
        // the line flag: h3.rs before 1.0 words its errors differently (H3Functions.ofLine)
        boolean modern = FunctionLines.line(r.translator.profile) >= FunctionLines.LINES.indexOf("1.0");
        call.append(modern ? ", '1')" : ", '0')");
        return s.cast() == null ? call.toString() : "CAST(" + call + " AS " + s.cast() + ")";
    }
}
