package io.greptime.jdbc.internal.metadata;

import java.util.regex.Pattern;

/**
 * A JDBC metadata name pattern ({@code %} any run, {@code _} any one character, {@code \} escaping the
 * next character, as {@link java.sql.DatabaseMetaData#getSearchStringEscape()} says).
 *
 * <p>Patterns are never spliced into SQL. A pattern without wildcards becomes an exact name, bound as a
 * parameter of an equality filter; a pattern with wildcards is matched here, on the client, against the
 * names information_schema returns. That keeps the escape rules identical whatever LIKE dialect the
 * server speaks (DataFusion's LIKE and its default escape differ from JDBC's), and metadata row counts
 * are small.
 */
final class NamePattern {
    static final char ESCAPE = '\\';
    private static final NamePattern ANY = new NamePattern(null, null);

    private final String exact;
    private final Pattern regex;

    private NamePattern(String exact, Pattern regex) {
        this.exact = exact;
        this.regex = regex;
    }

    /** The pattern a JDBC argument describes; null and {@code %} match every name. */
    static NamePattern of(String pattern) {
        if (pattern == null || pattern.equals("%")) {
            return ANY;
        }
        StringBuilder literal = new StringBuilder();
        StringBuilder regex = new StringBuilder();
        boolean wildcard = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == ESCAPE && i + 1 < pattern.length()) {
                char next = pattern.charAt(++i);
                literal.append(next);
                regex.append(Pattern.quote(String.valueOf(next)));
            } else if (c == '%' || c == '_') {
                wildcard = true;
                regex.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return wildcard
                ? new NamePattern(null, Pattern.compile(regex.toString(), Pattern.DOTALL))
                : new NamePattern(literal.toString(), null);
    }

    /** A pattern matching exactly {@code name} (its wildcards and escapes escaped); null stays null. */
    static String literal(String name) {
        if (name == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == ESCAPE || c == '%' || c == '_') {
                sb.append(ESCAPE);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** The one name this pattern matches, or null when it has wildcards (or matches everything). */
    String exactName() {
        return exact;
    }

    boolean matches(String name) {
        if (name == null) {
            return false;
        }
        if (exact != null) {
            return exact.equals(name);
        }
        return regex == null || regex.matcher(name).matches();
    }
}
