package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.sqlstate.SqlState;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;

/**
 * UTF-8 that refuses text it cannot encode instead of changing it. Java's encoder (and protobuf's, which
 * falls back to it) silently turns a lone surrogate, a UTF-16 half with no partner, into {@code '?'}, so
 * the server would store, and later match, a value the application never wrote. Every write path (DoPut
 * columns, row inserts, SQL text with inlined parameters) checks here first and fails with SQLState
 * 22021 (SQL's "character not in repertoire"), as PostgreSQL does for bytes that are
 * not valid in the database encoding. The message names the position and the code unit, never the text,
 * which may be a secret.
 */
public final class StrictUtf8 {

    private StrictUtf8() {}

    /**
     * The UTF-8 bytes of a value for column {@code column}.
     *
     * @throws SQLDataException 22021 when the text holds a lone surrogate
     */
    public static byte[] encode(String text, String column) throws SQLDataException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        // one byte per char and no '?' means ASCII text, which holds no surrogate: most values stop here
        // (the encoder writes a lone surrogate as one '?' byte, so the length alone cannot tell)
        if ((utf8.length != text.length() || hasQuestionMark(utf8)) && loneSurrogateAt(text) >= 0) {
            check(text, "string for column '" + column + "'");
        }
        return utf8;
    }

    private static boolean hasQuestionMark(byte[] utf8) {
        for (byte b : utf8) {
            if (b == '?') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code text} itself, once checked to be encodable as a value of column {@code column} (the message is
     * built only on failure).
     *
     * @throws SQLDataException 22021 when the text holds a lone surrogate
     */
    public static String forColumn(String text, String column) throws SQLDataException {
        return loneSurrogateAt(text) < 0 ? text : check(text, "string for column '" + column + "'");
    }

    /**
     * {@code text} itself, once checked to be encodable.
     *
     * @param what names the value in the error, e.g. {@code "SQL text"}
     *
     * @throws SQLDataException 22021 when the text holds a lone surrogate
     */
    public static String check(String text, String what) throws SQLDataException {
        int at = loneSurrogateAt(text);
        if (at >= 0) {
            throw new SQLDataException(
                    String.format(
                            "%s holds a lone surrogate U+%04X at index %d, which UTF-8 cannot encode; nothing was sent"
                                    + " (pair it, or send the bytes as VARBINARY)",
                            what, (int) text.charAt(at), at),
                    SqlState.CHARACTER_NOT_IN_REPERTOIRE.code());
        }
        return text;
    }

    /** The index of the first surrogate without its partner, or -1. */
    public static int loneSurrogateAt(String text) {
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }
}
