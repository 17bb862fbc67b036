package io.greptime.jdbc.internal.jdbc;

/**
 * Just enough of GreptimeDB's SQL lexing to tell code from data: {@code '...'} strings (a doubled quote
 * is an escaped quote; backslashes are literal, as GreptimeDB's dialect does not treat them as escapes),
 * {@code "..."} and {@code `...`} identifiers, {@code --} line comments and {@code /* *}{@code /} block
 * comments. Everything else is code.
 */
final class SqlLexer {
    private SqlLexer() {}

    /**
     * If a string, quoted identifier or comment starts at {@code i}, the index just after it (the end of
     * the text when it is unterminated); otherwise {@code i}.
     */
    static int skipNonCode(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            return skipQuoted(sql, i, c);
        }
        if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
            int nl = sql.indexOf('\n', i);
            return nl < 0 ? sql.length() : nl + 1;
        }
        if (c == '/' && i + 1 < sql.length() && sql.charAt(i + 1) == '*') {
            int end = sql.indexOf("*/", i + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return i;
    }

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

    /** Skips whitespace and comments from {@code i}. */
    static int skipBlank(String sql, int i) {
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if ((c == '-' || c == '/') && skipNonCode(sql, i) > i) {
                i = skipNonCode(sql, i);
            } else {
                return i;
            }
        }
        return i;
    }

    /** Whether a comment or quote starts at {@code i} (a comment, not a string). */
    static boolean isCommentStart(String sql, int i) {
        char c = sql.charAt(i);
        return (c == '-' || c == '/') && skipNonCode(sql, i) > i;
    }
}
