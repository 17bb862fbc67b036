package io.greptime.jdbc.internal.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement of the form {@code INSERT INTO [db.]t [(c1, c2, ...)] VALUES (?, ?, ...)}: the only shape
 * whose batches can go as DoPut record batches, because each parameter is exactly one column's value.
 * Identifiers follow GreptimeDB's rules: unquoted ones are lower-cased, {@code "..."} and backtick-quoted
 * ones keep their case.
 *
 * @param database the qualifier, or null for the connection's database
 * @param table the table name as stored
 * @param columns the listed columns, or null when the statement lists none (all columns in table order)
 * @param parameters the number of {@code ?} markers
 */
public record InsertShape(String database, String table, List<String> columns, int parameters) {

    /**
     * The table any {@code INSERT INTO [db.]t ...} writes (whatever follows the name), or null.
     *
     * @param database the qualifier, or null
     */
    public record Target(String database, String table) {}

    /** The table an INSERT of any form writes, or null when {@code sql} is not an INSERT INTO a named table. */
    public static Target target(String sql) {
        try {
            ShapeScanner t = new ShapeScanner(sql);
            t.keyword("insert");
            t.keyword("into");
            String first = t.identifier();
            return t.accept('.') ? new Target(first, t.identifier()) : new Target(null, first);
        } catch (IllegalArgumentException notAnInsert) {
            return null;
        }
    }

    /** The shape of {@code sql}, or null when it is anything else. */
    public static InsertShape parse(String sql) {
        try {
            return new Parser(sql).insert();
        } catch (IllegalArgumentException notThisShape) {
            return null;
        }
    }

    private static final class Parser {
        private final ShapeScanner t;

        Parser(String s) {
            this.t = new ShapeScanner(s);
        }

        InsertShape insert() {
            t.keyword("insert");
            t.keyword("into");
            String first = t.identifier();
            String database = null;
            String table = first;
            if (t.accept('.')) {
                database = first;
                table = t.identifier();
            }
            List<String> columns = null;
            if (t.accept('(')) {
                columns = new ArrayList<>();
                do {
                    columns.add(t.identifier());
                } while (t.accept(','));
                t.expect(')');
            }
            t.keyword("values");
            t.expect('(');
            int params = 0;
            do {
                t.expect('?');
                params++;
            } while (t.accept(','));
            t.expect(')');
            t.end();
            if (columns != null && columns.size() != params) {
                throw new IllegalArgumentException();
            }
            return new InsertShape(database, table, columns == null ? null : List.copyOf(columns), params);
        }
    }
}
