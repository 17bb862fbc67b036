package io.greptime.jdbc.tck.engine.duckdb.catalog;

/**
 * How a view is kept in the catalog: a table entry of engine {@value #ENGINE} whose options carry its
 * definition. The translator reads them to expand a view; {@code ddl}'s {@code Views} writes them.
 */
public final class ViewOptions {
    public static final String ENGINE = "view";
    public static final String DEFINITION = "view_definition";
    /** The view's column names when CREATE VIEW listed them ({@code CREATE VIEW v (a, b) AS ...}), one a line. */
    public static final String COLUMNS = "view_columns";
    /**
     * The query's output column names when the view was created, one a line: GreptimeDB keeps them with the
     * view ({@code plan_columns}) and a view reads those columns even after its tables change.
     */
    public static final String PLAN_COLUMNS = "view_plan_columns";
    /** The defining query as normalized text. */
    public static final String QUERY = "view_query";

    private ViewOptions() {}

    public static boolean isView(TableMeta t) {
        return ENGINE.equals(t.engine());
    }
}
