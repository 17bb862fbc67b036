package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;

/** Splits PromQL text into tokens: identifiers, numbers, durations, strings and operators. */
final class PromLexer {
    enum Kind {
        IDENT,
        NUMBER,
        DURATION,
        STRING,
        OP,
        EOF
    }

    record Tok(Kind kind, String text, int pos) {
        boolean is(String s) {
            return (kind == Kind.OP || kind == Kind.IDENT) && text.equals(s);
        }
    }

    private static final String[] OPS = {
        "==", "!=", "=~", "!~", "<=", ">=", "(", ")", "{", "}", "[", "]", ",", "=", "<", ">", "+", "-", "*", "/", "%",
        "^", ":", "@"
    };

    private PromLexer() {}

    static List<Tok> lex(String s) {
        List<Tok> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '#') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '"' || c == '\'' || c == '`') {
                i = string(s, i, out);
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)))) {
                i = number(s, i, out);
            } else if (Character.isLetter(c) || c == '_' || (c == ':' && !afterDuration(out))) {
                int st = i;
                while (i < s.length()
                        && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_' || s.charAt(i) == ':')) {
                    i++;
                }
                out.add(new Tok(Kind.IDENT, s.substring(st, i), st));
            } else {
                i = op(s, i, out);
            }
        }
        out.add(new Tok(Kind.EOF, "", s.length()));
        return out;
    }

    /** In {@code [5m:1m]} the colon separates durations; elsewhere it may start a metric name. */
    private static boolean afterDuration(List<Tok> out) {
        Kind last = out.isEmpty() ? null : out.get(out.size() - 1).kind();
        return last == Kind.DURATION || last == Kind.NUMBER;
    }

    private static int op(String s, int i, List<Tok> out) {
        for (String op : OPS) {
            if (s.startsWith(op, i)) {
                out.add(new Tok(Kind.OP, op, i));
                return i + op.length();
            }
        }
        throw syntax("unexpected character: '" + s.charAt(i) + "' at position " + i);
    }

    private static int number(String s, int i, List<Tok> out) {
        int st = i;
        if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
            i += 2;
            while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
                i++;
            }
            out.add(new Tok(Kind.NUMBER, String.valueOf(Long.parseLong(s.substring(st + 2, i), 16)), st));
            return i;
        }
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        if (i < s.length()
                && (s.charAt(i) == 'e' || s.charAt(i) == 'E')
                && i + 1 < s.length()
                && (Character.isDigit(s.charAt(i + 1)) || s.charAt(i + 1) == '-' || s.charAt(i + 1) == '+')) {
            i += 2;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
        }
        if (i < s.length() && Character.isLetter(s.charAt(i))) {
            while (i < s.length() && Character.isLetterOrDigit(s.charAt(i))) {
                i++;
            }
            out.add(new Tok(Kind.DURATION, s.substring(st, i), st));
            return i;
        }
        out.add(new Tok(Kind.NUMBER, s.substring(st, i), st));
        return i;
    }

    private static int string(String s, int i, List<Tok> out) {
        char q = s.charAt(i);
        StringBuilder b = new StringBuilder();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != q) {
            char c = s.charAt(j);
            if (c == '\\' && q != '`' && j + 3 < s.length() && s.charAt(j + 1) == 'x' && isHex(s, j + 2, 2)) {
                // Go's \xHH is one byte; consecutive ones spell UTF-8
                bytes.write(Integer.parseInt(s.substring(j + 2, j + 4), 16));
                j += 4;
                continue;
            }
            flush(bytes, b);
            if (c == '\\' && q != '`' && j + 1 < s.length()) {
                j++;
                char e = s.charAt(j);
                int code = switch (e) {
                    case 'u' -> isHex(s, j + 1, 4) ? 4 : 0;
                    case 'U' -> isHex(s, j + 1, 8) ? 8 : 0;
                    default -> 0;
                };
                if (code > 0) {
                    b.appendCodePoint(Integer.parseInt(s.substring(j + 1, j + 1 + code), 16));
                    j += code;
                } else {
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'a' -> b.append('\u0007');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'v' -> b.append('\u000b');
                        case '\\', '"', '\'' -> b.append(e);
                        default -> b.append('\\').append(e);
                    }
                }
            } else {
                b.append(c);
            }
            j++;
        }
        flush(bytes, b);
        if (j >= s.length()) {
            throw syntax("unterminated quoted string");
        }
        out.add(new Tok(Kind.STRING, b.toString(), i));
        return j + 1;
    }

    private static boolean isHex(String s, int from, int n) {
        if (from + n > s.length()) {
            return false;
        }
        for (int k = from; k < from + n; k++) {
            if (Character.digit(s.charAt(k), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private static void flush(java.io.ByteArrayOutputStream bytes, StringBuilder b) {
        if (bytes.size() > 0) {
            b.append(bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
            bytes.reset();
        }
    }

    /** Parses a Prometheus duration such as {@code 1h30m} or {@code 500ms} into milliseconds. */
    static long durationMs(String text) {
        long total = 0;
        int i = 0;
        if (text.isEmpty()) {
            throw syntax("bad duration syntax: \"\"");
        }
        while (i < text.length()) {
            int st = i;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
            int us = i;
            while (i < text.length() && Character.isLetter(text.charAt(i))) {
                i++;
            }
            if (st == us || us == i) {
                throw syntax("bad duration syntax: \"" + text + "\"");
            }
            long n = Long.parseLong(text.substring(st, us));
            total += n * unitMs(text.substring(us, i), text);
        }
        return total;
    }

    private static long unitMs(String unit, String text) {
        return switch (unit) {
            case "ms" -> 1L;
            case "s" -> 1000L;
            case "m" -> 60_000L;
            case "h" -> 3_600_000L;
            case "d" -> 86_400_000L;
            case "w" -> 7 * 86_400_000L;
            case "y" -> 365 * 86_400_000L;
            default -> throw syntax("bad duration syntax: \"" + text + "\"");
        };
    }

    static GreptimeError syntax(String msg) {
        return new GreptimeError(StatusCode.INVALID_SYNTAX, msg);
    }
}
