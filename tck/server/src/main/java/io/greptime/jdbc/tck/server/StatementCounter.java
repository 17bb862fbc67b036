package io.greptime.jdbc.tck.server;

/**
 * Counts the SQL statements in a string, because GreptimeDB's gRPC front accepts exactly one per request
 * (protocol.md §3.1). A {@code ;} separates statements only outside quotes ({@code '…'}, {@code "…"},
 * backticks) and comments ({@code -- …}, {@code /* … *}{@code /}); empty pieces (a trailing {@code ;})
 * do not count.
 */
final class StatementCounter {
    private StatementCounter() {}

    static int count(String sql) {
        int statements = 0;
        boolean pieceHasContent = false;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(sql, i, c);
                pieceHasContent = true;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                if (c == ';') {
                    statements += pieceHasContent ? 1 : 0;
                    pieceHasContent = false;
                } else if (!Character.isWhitespace(c)) {
                    pieceHasContent = true;
                }
                i++;
            }
        }
        return statements + (pieceHasContent ? 1 : 0);
    }

    /**
     * Index after the closing quote; a doubled quote inside is an escaped quote. A backslash is an
     * ordinary character (GreptimeDB's dialect over gRPC; backslash escapes are MySQL-dialect only).
     */
    private static int skipQuoted(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }
}
