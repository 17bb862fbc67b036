package io.greptime.jdbc.internal.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement of the form {@code DELETE FROM [db.]t WHERE c1 = ? AND c2 = ? ...}: equalities joined by
 * AND only, each naming a column once (either side of {@code =}). When those columns are exactly the
 * table's tags and time index, each parameter set names one row by its key, so a batch of them can go as
 * one {@code RowDeleteRequests} (protocol.md §2.3). Anything else (OR, ranges, literals, functions)
 * is not this shape.
 *
 * @param database the qualifier, or null for the connection's database
 * @param table the table name as stored
 * @param columns the compared columns, in parameter order
 */
public record DeleteShape(String database, String table, List<String> columns) {

    /** The shape of {@code sql}, or null when it is anything else. */
    public static DeleteShape parse(String sql) {
        try {
            return parse(new ShapeScanner(sql));
        } catch (IllegalArgumentException notThisShape) {
            return null;
        }
    }

    private static DeleteShape parse(ShapeScanner t) {
        t.keyword("delete");
        t.keyword("from");
        String first = t.identifier();
        String database = null;
        String table = first;
        if (t.accept('.')) {
            database = first;
            table = t.identifier();
        }
        t.keyword("where");
        List<String> columns = new ArrayList<>();
        do {
            String column = equality(t);
            if (columns.contains(column)) {
                throw new IllegalArgumentException();
            }
            columns.add(column);
        } while (t.acceptKeyword("and"));
        t.end();
        return new DeleteShape(database, table, List.copyOf(columns));
    }

    /** {@code column = ?} or {@code ? = column}; returns the column. */
    private static String equality(ShapeScanner t) {
        if (t.accept('?')) {
            t.expect('=');
            return t.identifier();
        }
        String column = t.identifier();
        t.expect('=');
        t.expect('?');
        return column;
    }
}
