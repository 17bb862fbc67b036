package io.greptime.jdbc.internal.sql;

import java.util.Locale;

/**
 * The driver's one SQL lexer: every place that looks at SQL text (statement classification, parameter
 * markers, the write shapes that pick a statement's route) reads it through here, so they agree on what
 * is code and what is data. It knows just enough of GreptimeDB's dialect for that: {@code '...'} strings
 * (a doubled quote is an escaped quote; backslashes are literal, GreptimeDB's dialect has no backslash
 * escapes), {@code "..."} and {@code `...`} quoted names, {@code --} line comments and {@code /* *}{@code /}
 * block comments (both are blanks between tokens), words, numbers, {@code ?} markers and single-character
 * symbols.
 *
 * <p>{@link #next()} walks the tokens of one text; the static helpers skip comments and quoted text
 * by offset for callers that work on the raw text.
 */
public final class SqlLexer {
    /** What a token is. */
    public enum Kind {
        /** A keyword or unquoted name: letters, digits and {@code _}, not starting with a digit. */
        WORD,
        /** A {@code "..."} or backtick-quoted name; {@link Token#text()} is the name with quotes undone. */
        QUOTED_NAME,
        /** A {@code '...'} string; {@link Token#text()} is its content with doubled quotes undone. */
        STRING,
        /** A number: digits, optionally a fraction and an exponent. */
        NUMBER,
        /** A {@code ?} parameter marker. */
        PARAMETER,
        /** Any other single character (punctuation, operators). */
        SYMBOL,
        /** The end of the text (also after an unterminated string, name or comment). */
        END
    }

    /**
     * One token.
     *
     * @param start offset of its first character
     * @param end offset just after it
     * @param text the word as written, the name or string content unquoted, or the symbol
     * @param terminated false for a string or quoted name that runs to the end of the text
     */
    public record Token(Kind kind, int start, int end, String text, boolean terminated) {
        /** Whether this is the word {@code keyword}, in any case. */
        public boolean isWord(String keyword) {
            return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
        }

        /** Whether this is the symbol {@code c} (a {@code ?} marker counts as the symbol {@code '?'}). */
        public boolean isSymbol(char c) {
            return (kind == Kind.SYMBOL || kind == Kind.PARAMETER) && text.length() == 1 && text.charAt(0) == c;
        }

        /** The upper-cased word, or the empty string for any other token. */
        public String keyword() {
            return kind == Kind.WORD ? text.toUpperCase(Locale.ROOT) : "";
        }
    }

    private final String sql;
    private int at;
    private Token peeked;

    public SqlLexer(String sql) {
        this.sql = sql;
    }

    /** The text this lexer reads. */
    public String sql() {
        return sql;
    }

    /** The next token without consuming it. */
    public Token peek() {
        if (peeked == null) {
            peeked = read();
        }
        return peeked;
    }

    /** Consumes and returns the next token ({@link Kind#END} at the end, repeatedly). */
    public Token next() {
        Token t = peek();
        peeked = null;
        return t;
    }

    private Token read() {
        int i = skipBlank(sql, at);
        if (i >= sql.length()) {
            at = sql.length();
            return new Token(Kind.END, sql.length(), sql.length(), "", true);
        }
        char c = sql.charAt(i);
        Token t;
        if (c == '\'' || c == '"' || c == '`') {
            int close = quotedEnd(sql, i, c);
            int end = close < 0 ? sql.length() : close;
            String inner = sql.substring(i + 1, close < 0 ? end : end - 1);
            t = new Token(
                    c == '\'' ? Kind.STRING : Kind.QUOTED_NAME,
                    i,
                    end,
                    inner.replace(String.valueOf(c) + c, String.valueOf(c)),
                    close >= 0);
        } else if (isWordStart(c)) {
            int end = i + 1;
            while (end < sql.length() && isWordPart(sql.charAt(end))) {
                end++;
            }
            t = new Token(Kind.WORD, i, end, sql.substring(i, end), true);
        } else if (Character.isDigit(c) || (c == '.' && i + 1 < sql.length() && Character.isDigit(sql.charAt(i + 1)))) {
            int end = number(i);
            t = new Token(Kind.NUMBER, i, end, sql.substring(i, end), true);
        } else {
            t = new Token(c == '?' ? Kind.PARAMETER : Kind.SYMBOL, i, i + 1, String.valueOf(c), true);
        }
        at = t.end();
        return t;
    }

    private int number(int i) {
        int end = i;
        while (end < sql.length() && (Character.isDigit(sql.charAt(end)) || sql.charAt(end) == '.')) {
            end++;
        }
        if (end < sql.length() && (sql.charAt(end) == 'e' || sql.charAt(end) == 'E')) {
            int exp = end + 1;
            if (exp < sql.length() && (sql.charAt(exp) == '+' || sql.charAt(exp) == '-')) {
                exp++;
            }
            if (exp < sql.length() && Character.isDigit(sql.charAt(exp))) {
                end = exp;
                while (end < sql.length() && Character.isDigit(sql.charAt(end))) {
                    end++;
                }
            }
        }
        return end;
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    // ---------------------------------------------------------------- offset helpers

    /**
     * If a string, quoted name or comment starts at {@code i}, the index just after it (the end of the
     * text when it is unterminated); otherwise {@code i}.
     */
    public static int skipNonCode(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            return skipQuoted(sql, i, c);
        }
        return skipComment(sql, i);
    }

    /** If a comment starts at {@code i}, the index just after it; otherwise {@code i}. */
    private static int skipComment(String sql, int i) {
        char c = sql.charAt(i);
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
        int end = quotedEnd(sql, start, quote);
        return end < 0 ? sql.length() : end;
    }

    /** The index after the quote closing the text quoted at {@code start}, or -1 when it never closes. */
    private static int quotedEnd(String sql, int start, char quote) {
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
        return -1;
    }

    /** Skips whitespace and comments from {@code i}. */
    public static int skipBlank(String sql, int i) {
        while (i < sql.length()) {
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
                continue;
            }
            int after = skipComment(sql, i);
            if (after == i) {
                return i;
            }
            i = after;
        }
        return i;
    }

    /** Whether a comment starts at {@code i}. */
    public static boolean isCommentStart(String sql, int i) {
        return skipComment(sql, i) > i;
    }
}
