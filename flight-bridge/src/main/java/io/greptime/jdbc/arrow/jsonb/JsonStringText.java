package io.greptime.jdbc.arrow.jsonb;

/**
 * Writes a JSONB string (UTF-8 bytes) as a quoted JSON string the way GreptimeDB renders JSON values.
 *
 * <p>GreptimeDB prints a JSON value with the jsonb crate's {@code Display}, which quotes strings with
 * Rust's {@code Debug} escaping, then rewrites each Rust escape <code>&#92;u{hex}</code> into JSON's
 * <code>&#92;uXXXX</code> (uppercase, surrogate pairs above U+FFFF). So: {@code "} {@code \} {@code \n}
 * {@code \r} {@code \t} get short escapes, other controls, DEL, non-printable characters (separators
 * other than the ASCII space, format, private-use, unassigned) and combining marks get
 * <code>&#92;uXXXX</code>, and everything else, including non-ASCII letters and emoji, is written as
 * is.
 *
 * <p>Departures, both to keep the output valid JSON: NUL is <code>&#92;u0000</code> (Rust writes {@code \0}),
 * and object keys are escaped like values (GreptimeDB writes keys unescaped). The printable/combining
 * classification uses Java's Unicode tables, which may differ from Rust's for characters whose Unicode
 * properties changed between versions.
 */
final class JsonStringText {
    private JsonStringText() {}

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** Appends {@code buf[off, off + len)}, which must be valid UTF-8, as a quoted JSON string. */
    static void appendQuoted(byte[] buf, int off, int len, StringBuilder out) {
        out.append('"');
        int end = off + len;
        int i = off;
        while (i < end) {
            int b = buf[i] & 0xFF;
            if (b < 0x80) {
                appendAscii(b, out);
                i++;
                continue;
            }
            int width = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
            int cp = decodeMultiByte(buf, i, end, width);
            if (needsEscape(cp)) {
                appendEscaped(cp, out);
            } else {
                out.appendCodePoint(cp);
            }
            i += width;
        }
        out.append('"');
    }

    private static void appendAscii(int c, StringBuilder out) {
        switch (c) {
            case '"' -> out.append("\\\"");
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (c < 0x20 || c == 0x7F) {
                    appendUnit(c, out);
                } else {
                    out.append((char) c);
                }
            }
        }
    }

    /** Decodes one 2-4 byte UTF-8 sequence, rejecting overlong forms, surrogates and values past U+10FFFF. */
    private static int decodeMultiByte(byte[] buf, int i, int end, int width) {
        int lead = buf[i] & 0xFF;
        if (lead < 0xC2 || lead > 0xF4 || i + width > end) {
            throw JsonbReader.malformed(i, "invalid UTF-8 in string");
        }
        int cp = lead & (0x7F >> width);
        for (int k = 1; k < width; k++) {
            int next = buf[i + k] & 0xFF;
            if ((next & 0xC0) != 0x80) {
                throw JsonbReader.malformed(i, "invalid UTF-8 in string");
            }
            cp = (cp << 6) | (next & 0x3F);
        }
        int min = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000;
        if (cp < min || cp > Character.MAX_CODE_POINT || (cp <= 0xFFFF && Character.isSurrogate((char) cp))) {
            throw JsonbReader.malformed(i, "invalid UTF-8 in string");
        }
        return cp;
    }

    /** Rust's {@code escape_debug}: grapheme extenders and non-printable characters. */
    private static boolean needsEscape(int cp) {
        switch (Character.getType(cp)) {
            case Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.CONTROL,
                    Character.FORMAT,
                    Character.SURROGATE,
                    Character.PRIVATE_USE,
                    Character.UNASSIGNED,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR:
                return true;
            default:
                return isOtherGraphemeExtend(cp);
        }
    }

    /**
     * Unicode's Other_Grapheme_Extend characters that are not marks of the kinds above (Java has no
     * accessor for the property): spacing vowel/length marks of Indic scripts, Hangul tone marks, halfwidth
     * katakana sound marks, musical combining stems/flags, and the emoji skin-tone modifiers.
     */
    private static boolean isOtherGraphemeExtend(int cp) {
        return cp == 0x09BE
                || cp == 0x09D7
                || cp == 0x0B3E
                || cp == 0x0B57
                || cp == 0x0BBE
                || cp == 0x0BD7
                || cp == 0x0CC2
                || cp == 0x0CD5
                || cp == 0x0CD6
                || cp == 0x0D3E
                || cp == 0x0D57
                || cp == 0x0DCF
                || cp == 0x0DDF
                || cp == 0x302E
                || cp == 0x302F
                || cp == 0xFF9E
                || cp == 0xFF9F
                || cp == 0x1D165
                || (cp >= 0x1D16E && cp <= 0x1D172)
                || (cp >= 0x1F3FB && cp <= 0x1F3FF);
    }

    private static void appendEscaped(int cp, StringBuilder out) {
        if (cp <= 0xFFFF) {
            appendUnit(cp, out);
        } else {
            appendUnit(Character.highSurrogate(cp), out);
            appendUnit(Character.lowSurrogate(cp), out);
        }
    }

    private static void appendUnit(int unit, StringBuilder out) {
        out.append("\\u")
                .append(HEX[(unit >> 12) & 0xF])
                .append(HEX[(unit >> 8) & 0xF])
                .append(HEX[(unit >> 4) & 0xF])
                .append(HEX[unit & 0xF]);
    }
}
