package io.greptime.jdbc.internal.jdbc;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code ?} parameter markers of a statement: a {@code ?} inside a string, a quoted identifier
 * or a comment is data, not a parameter.
 */
final class PlaceholderScanner {
    private PlaceholderScanner() {}

    /** Offsets of the parameter markers, in order. */
    static int[] scan(String sql) {
        List<Integer> found = new ArrayList<>();
        int i = 0;
        while (i < sql.length()) {
            int next = SqlLexer.skipNonCode(sql, i);
            if (next > i) {
                i = next;
                continue;
            }
            if (sql.charAt(i) == '?') {
                found.add(i);
            }
            i++;
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
