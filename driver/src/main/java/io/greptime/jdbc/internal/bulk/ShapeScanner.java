package io.greptime.jdbc.internal.bulk;

import java.util.Locale;

/**
 * Reads the few tokens the bulk statement shapes ({@link InsertShape}, {@link DeleteShape}) consist of.
 * Identifiers follow GreptimeDB's rules: unquoted ones are lower-cased, {@code "..."} and backtick-quoted
 * ones keep their case. Every method throws IllegalArgumentException when the text is not what the shape
 * expects; the shapes turn that into "not this shape".
 */
final class ShapeScanner {
    private final String s;
    private int i;

    ShapeScanner(String s) {
        this.s = s;
    }

    void skipSpace() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    boolean peek(char c) {
        skipSpace();
        return i < s.length() && s.charAt(i) == c;
    }

    void expect(char c) {
        if (!peek(c)) {
            throw new IllegalArgumentException();
        }
        i++;
    }

    /** Consumes {@code c} when it comes next. */
    boolean accept(char c) {
        if (peek(c)) {
            i++;
            return true;
        }
        return false;
    }

    void keyword(String word) {
        if (!acceptKeyword(word)) {
            throw new IllegalArgumentException();
        }
    }

    /** Consumes the keyword (any case, as a whole word) when it comes next. */
    boolean acceptKeyword(String word) {
        skipSpace();
        if (!s.regionMatches(true, i, word, 0, word.length())) {
            return false;
        }
        int end = i + word.length();
        if (end < s.length() && isWordChar(s.charAt(end))) {
            return false;
        }
        i = end;
        return true;
    }

    /** Consumes an optional trailing semicolon; throws unless the text ends there. */
    void end() {
        accept(';');
        skipSpace();
        if (i != s.length()) {
            throw new IllegalArgumentException();
        }
    }

    String identifier() {
        skipSpace();
        if (i >= s.length()) {
            throw new IllegalArgumentException();
        }
        char c = s.charAt(i);
        if (c == '"' || c == '`') {
            return quoted(c);
        }
        int start = i;
        while (i < s.length() && isWordChar(s.charAt(i))) {
            i++;
        }
        if (start == i || Character.isDigit(s.charAt(start))) {
            throw new IllegalArgumentException();
        }
        return s.substring(start, i).toLowerCase(Locale.ROOT);
    }

    private String quoted(char quote) {
        StringBuilder name = new StringBuilder();
        i++;
        while (i < s.length()) {
            char c = s.charAt(i++);
            if (c != quote) {
                name.append(c);
            } else if (i < s.length() && s.charAt(i) == quote) {
                name.append(quote);
                i++;
            } else {
                return name.toString();
            }
        }
        throw new IllegalArgumentException();
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
