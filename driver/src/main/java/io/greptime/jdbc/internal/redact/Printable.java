package io.greptime.jdbc.internal.redact;

/**
 * Text from outside (a server's error message, a URL's host, a key of the caller's properties) made safe
 * to put in an exception message or a log line: control characters, line and paragraph separators,
 * bidirectional overrides and lone surrogates become {@code \\uXXXX}, so a hostile server cannot forge log
 * lines, hide text or reorder what a reader sees, and over-long text is cut with a note of how much.
 */
public final class Printable {
    /** The longest text kept by {@link #of(String)}: a GreptimeDB error is seldom longer. */
    public static final int DEFAULT_MAX = 4096;

    private Printable() {}

    /** {@code text} escaped and cut at {@link #DEFAULT_MAX} chars; null stays null. */
    public static String of(String text) {
        return of(text, DEFAULT_MAX);
    }

    /** {@code text} escaped and cut at {@code max} chars; null stays null. */
    public static String of(String text, int max) {
        if (text == null) {
            return null;
        }
        int n = Math.min(text.length(), max);
        if (n == text.length() && isClean(text)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(n + 16);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                sb.append(c).append(text.charAt(++i));
            } else if (unsafe(c)) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (n < text.length()) {
            sb.append("...(").append(text.length() - n).append(" more chars)");
        }
        return sb.toString();
    }

    private static boolean isClean(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c)
                        && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return false;
            }
            if (unsafe(c)) {
                return false;
            }
        }
        return true;
    }

    /** Controls (C0, DEL, C1), separators, bidi controls, BOM, lone surrogate halves. */
    private static boolean unsafe(char c) {
        return c < 0x20
                || (c >= 0x7F && c <= 0x9F)
                || c == '\u2028'
                || c == '\u2029'
                || (c >= '\u202A' && c <= '\u202E')
                || (c >= '\u2066' && c <= '\u2069')
                || c == '\u200E'
                || c == '\u200F'
                || c == '\u061C'
                || c == '\uFEFF'
                || Character.isSurrogate(c);
    }
}
