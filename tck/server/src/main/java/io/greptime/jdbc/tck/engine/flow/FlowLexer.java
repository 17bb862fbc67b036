package io.greptime.jdbc.tck.engine.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits flow SQL into tokens. The flow engine needs its own view of the text (the engine's lexer is
 * private to its package): it re-renders the query the way GreptimeDB's parser prints it and finds the
 * time-window expression, so it keeps both the raw text and the normalized value of every token.
 */
final class FlowLexer {
    /** Token kinds. */
    enum Kind {
        WORD,
        QUOTED,
        STRING,
        NUMBER,
        SYMBOL
    }

    /** One token; {@code text} is lower-cased for words, unescaped for quoted forms. */
    record Tok(Kind kind, String text, String raw, int start, int end) {
        boolean is(String word) {
            return kind == Kind.WORD && text.equals(word);
        }

        boolean isSymbol(String s) {
            return kind == Kind.SYMBOL && text.equals(s);
        }

        boolean isIdent() {
            return kind == Kind.WORD || kind == Kind.QUOTED;
        }
    }

    private FlowLexer() {}

    static List<Tok> tokenize(String sql) {
        List<Tok> out = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = quoted(sql, i, c, out);
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
                int s = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
                    i++;
                }
                out.add(new Tok(Kind.NUMBER, sql.substring(s, i), sql.substring(s, i), s, i));
            } else if (Character.isLetter(c) || c == '_') {
                int s = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
                    i++;
                }
                String raw = sql.substring(s, i);
                out.add(new Tok(Kind.WORD, raw.toLowerCase(Locale.ROOT), raw, s, i));
            } else {
                i = symbol(sql, i, out);
            }
        }
        return out;
    }

    private static int quoted(String sql, int s, char q, List<Tok> out) {
        StringBuilder v = new StringBuilder();
        int i = s + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == q) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == q) {
                    v.append(q);
                    i += 2;
                    continue;
                }
                i++;
                break;
            }
            v.append(c);
            i++;
        }
        Kind kind = q == '\'' ? Kind.STRING : Kind.QUOTED;
        out.add(new Tok(kind, v.toString(), sql.substring(s, i), s, i));
        return i;
    }

    private static int symbol(String sql, int i, List<Tok> out) {
        for (String two : new String[] {"::", "<=", ">=", "<>", "!=", "||"}) {
            if (sql.startsWith(two, i)) {
                out.add(new Tok(Kind.SYMBOL, two, two, i, i + 2));
                return i + 2;
            }
        }
        String one = String.valueOf(sql.charAt(i));
        out.add(new Tok(Kind.SYMBOL, one, one, i, i + 1));
        return i + 1;
    }
}
