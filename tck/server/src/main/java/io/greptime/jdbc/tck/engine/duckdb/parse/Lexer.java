package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits GreptimeDB SQL into tokens: {@code "x"} and backticks quote identifiers, {@code 'x'} strings. */
final class Lexer {
    /** Longest first, so that {@code ->>} is not read as {@code ->} then {@code >}. */
    private static final String[] OPERATORS = {
        "!~*", "->>", "#>>", "<=>", "::", ">=", "<=", "<>", "!=", "||", "=>", "->", "~*", "!~", "@>", "<@", "@@", "<<",
        ">>", "#>", "=="
    };

    private Lexer() {}

    static List<Token> tokenize(String sql) {
        List<Token> out = new ArrayList<>();
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
                int e = sql.indexOf("*/", i + 2);
                i = e < 0 ? n : e + 2;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = quoted(sql, i, c, out);
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
                i = number(sql, i, out);
            } else if (c == '@' && i + 1 < n && isOperatorAfterAt(sql, i + 1)) {
                i = symbol(sql, i, out);
            } else if (Character.isLetter(c) || c == '_' || c == '@' || c == '$' || c > 127) {
                int s = i;
                while (i < n && isWordChar(sql.charAt(i))) {
                    i++;
                }
                out.add(new Token(Token.Type.WORD, sql.substring(s, i).toLowerCase(Locale.ROOT), '\0', s, i));
            } else {
                i = symbol(sql, i, out);
            }
        }
        out.add(new Token(Token.Type.EOF, "", '\0', n, n));
        return out;
    }

    /** {@code @>} and a lone {@code @@} are operators; {@code @@session.x} and {@code @x} are variables (words). */
    private static boolean isOperatorAfterAt(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '>') {
            return true;
        }
        return c == '@' && (i + 1 >= sql.length() || !isWordChar(sql.charAt(i + 1)));
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '@' || c == '$' || c == '#' || c > 127;
    }

    private static int quoted(String sql, int start, char q, List<Token> out) {
        StringBuilder sb = new StringBuilder();
        int i = start + 1;
        while (true) {
            if (i >= sql.length()) {
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX,
                        "sql parser error: Unterminated string literal at Line: 1, Column: " + (start + 1));
            }
            char c = sql.charAt(i);
            if (c == q) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == q) {
                    sb.append(q);
                    i += 2;
                    continue;
                }
                break;
            }
            // A backslash is an ordinary character: GreptimeDB's dialect over gRPC escapes a quote only by
            // doubling it (sqlparser treats backslash escapes as MySQL-dialect only), so 'a\' is the text a\.
            sb.append(c);
            i++;
        }
        Token.Type type = q == '\'' ? Token.Type.STRING : Token.Type.QUOTED;
        out.add(new Token(type, sb.toString(), q, start, i + 1));
        return i + 1;
    }

    private static int number(String sql, int start, List<Token> out) {
        int i = start;
        int n = sql.length();
        while (i < n && (Character.isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
            i++;
        }
        if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            if (j < n && Character.isDigit(sql.charAt(j))) {
                i = j;
                while (i < n && Character.isDigit(sql.charAt(i))) {
                    i++;
                }
            }
        }
        out.add(new Token(Token.Type.NUMBER, sql.substring(start, i), '\0', start, i));
        return i;
    }

    private static int symbol(String sql, int i, List<Token> out) {
        for (String op : OPERATORS) {
            if (sql.startsWith(op, i)) {
                out.add(new Token(Token.Type.SYMBOL, op, '\0', i, i + op.length()));
                return i + op.length();
            }
        }
        out.add(new Token(Token.Type.SYMBOL, String.valueOf(sql.charAt(i)), '\0', i, i + 1));
        return i + 1;
    }
}
