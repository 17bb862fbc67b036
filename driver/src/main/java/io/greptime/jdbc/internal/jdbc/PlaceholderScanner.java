package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code ?} parameter markers of a statement ({@link SqlLexer}'s marker tokens): a {@code ?}
 * inside a string, a quoted identifier or a comment is data, not a parameter.
 */
final class PlaceholderScanner {
    private PlaceholderScanner() {}

    /** Offsets of the parameter markers, in order. */
    static int[] scan(String sql) {
        List<Integer> found = new ArrayList<>();
        SqlLexer lexer = new SqlLexer(sql);
        for (SqlLexer.Token t = lexer.next(); t.kind() != SqlLexer.Kind.END; t = lexer.next()) {
            if (t.kind() == SqlLexer.Kind.PARAMETER) {
                found.add(t.start());
            }
        }
        return found.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The statement with each marker replaced by its literal (one literal per marker, in order). */
    static String substitute(String sql, int[] markers, String[] literals) {
        StringBuilder sb = new StringBuilder(sql.length() + 16 * literals.length);
        int from = 0;
        for (int k = 0; k < markers.length; k++) {
            sb.append(sql, from, markers[k]).append(literals[k]);
            from = markers[k] + 1;
        }
        return sb.append(sql, from, sql.length()).toString();
    }
}
