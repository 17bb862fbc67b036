package io.greptime.jdbc.arrow.jsonb;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.TreeMap;

/**
 * A strict RFC 8259 parser that builds the value the jsonb crate's {@code parse_value} would build.
 *
 * <p>Strict where the crate is lenient: no raw control characters inside strings, no {@code \xC}-style
 * "escaped whitespace" between tokens, no Rust-style <code>&#92;u{...}</code> escapes, only the four JSON
 * whitespace characters. Where the input is valid JSON the result matches the crate: integers without
 * fraction or exponent become unsigned (non-negative) or signed (negative) 64-bit values when they fit and
 * doubles otherwise; duplicate keys keep the last value; an escaped lone UTF-16 surrogate, which has no
 * UTF-8 form, is kept as its six-character escape text, exactly as written.
 *
 * <p>Iterative (an explicit stack, no recursion) so that nesting depth is bounded by memory, not by the
 * thread's stack.
 */
final class JsonTextParser {
    private final String text;
    private int pos;

    private JsonTextParser(String text) {
        this.text = text;
    }

    /** Parses one JSON document; {@link IllegalArgumentException} names the offset of the first error. */
    static JsonValue parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("JSON text is null");
        }
        return new JsonTextParser(text).document();
    }

    /** An open array or object while its members are being read. */
    private static final class Frame {
        final List<JsonValue> items;
        final TreeMap<String, JsonValue> members;
        String pendingKey;

        Frame(boolean object) {
            items = object ? null : new ArrayList<>();
            members = object ? new TreeMap<>(JsonbFormat.KEY_ORDER) : null;
        }

        void add(JsonValue value) {
            if (items != null) {
                items.add(value);
            } else {
                members.put(pendingKey, value);
            }
        }

        JsonValue build() {
            return items != null ? new JsonValue.Array(items) : new JsonValue.Obj(members);
        }
    }

    private JsonValue document() {
        Deque<Frame> open = new ArrayDeque<>();
        while (true) {
            JsonValue value = valueOrOpen(open);
            if (value == null) {
                continue; // a container was opened; read its first member
            }
            while (true) {
                if (open.isEmpty()) {
                    skipWhitespace();
                    if (pos < text.length()) {
                        throw error("unexpected text after the JSON value");
                    }
                    return value;
                }
                Frame frame = open.peek();
                frame.add(value);
                skipWhitespace();
                char c = next("',' or the end of the " + (frame.items != null ? "array" : "object"));
                if (c == ',') {
                    if (frame.members != null) {
                        frame.pendingKey = keyAndColon();
                    }
                    break;
                }
                if (c != (frame.items != null ? ']' : '}')) {
                    pos--;
                    throw error("expected ',' or '" + (frame.items != null ? ']' : '}') + "'");
                }
                open.pop();
                value = frame.build();
            }
        }
    }

    /** Reads a scalar, an empty container, or opens a container (then returns null). */
    private JsonValue valueOrOpen(Deque<Frame> open) {
        skipWhitespace();
        char c = next("a JSON value");
        switch (c) {
            case '[':
                skipWhitespace();
                if (peekIs(']')) {
                    pos++;
                    return new JsonValue.Array(List.of());
                }
                open.push(new Frame(false));
                return null;
            case '{':
                skipWhitespace();
                if (peekIs('}')) {
                    pos++;
                    return new JsonValue.Obj(new TreeMap<>(JsonbFormat.KEY_ORDER));
                }
                Frame frame = new Frame(true);
                frame.pendingKey = keyAndColon();
                open.push(frame);
                return null;
            case '"':
                return new JsonValue.Str(stringBody());
            case 't':
                literal("true");
                return new JsonValue.Bool(true);
            case 'f':
                literal("false");
                return new JsonValue.Bool(false);
            case 'n':
                literal("null");
                return JsonValue.Null.INSTANCE;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    pos--;
                    return number();
                }
                pos--;
                throw error("expected a JSON value");
        }
    }

    private String keyAndColon() {
        skipWhitespace();
        if (!peekIs('"')) {
            throw error(
                    pos < text.length()
                            ? "expected a string as object key"
                            : "unexpected end of input, expected an object key");
        }
        pos++;
        String key = stringBody();
        skipWhitespace();
        if (next("':'") != ':') {
            pos--;
            throw error("expected ':' after object key");
        }
        return key;
    }

    private void literal(String word) {
        int start = pos - 1;
        if (!text.startsWith(word, start)) {
            pos = start;
            throw error("expected '" + word + "'");
        }
        pos = start + word.length();
    }

    private JsonValue number() {
        int start = pos;
        boolean negative = peekIs('-');
        if (negative) {
            pos++;
        }
        if (peekIs('0')) {
            pos++;
        } else if (digits() == 0) {
            throw error("expected a digit");
        }
        boolean integral = true;
        if (peekIs('.')) {
            pos++;
            integral = false;
            if (digits() == 0) {
                throw error("expected a digit after '.'");
            }
        }
        if (peekIs('e') || peekIs('E')) {
            pos++;
            integral = false;
            if (peekIs('+') || peekIs('-')) {
                pos++;
            }
            if (digits() == 0) {
                throw error("expected a digit in the exponent");
            }
        }
        return JsonNumbers.fromLiteral(text.substring(start, pos), integral, negative);
    }

    private int digits() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        return pos - start;
    }

    /** Reads a string's content after its opening quote, through the closing quote. */
    private String stringBody() {
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            } else if (c == '\\') {
                escape(out);
            } else if (c < 0x20) {
                pos--;
                throw error(String.format("raw control character U+%04X in string (must be escaped)", (int) c));
            } else if (Character.isSurrogate(c)) {
                rawSurrogate(c, out);
            } else {
                out.append(c);
            }
        }
    }

    private void rawSurrogate(char c, StringBuilder out) {
        if (Character.isHighSurrogate(c) && pos < text.length() && Character.isLowSurrogate(text.charAt(pos))) {
            out.append(c).append(text.charAt(pos++));
            return;
        }
        pos--;
        throw error("unpaired UTF-16 surrogate in string (it has no UTF-8 form)");
    }

    private void escape(StringBuilder out) {
        char c = next("an escape character");
        switch (c) {
            case '"' -> out.append('"');
            case '\\' -> out.append('\\');
            case '/' -> out.append('/');
            case 'b' -> out.append('\b');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'u' -> unicodeEscape(out);
            default -> {
                pos -= 2;
                throw error("invalid escape '\\" + c + "'");
            }
        }
    }

    /**
     * After <code>&#92;u</code>: a BMP character, or a surrogate pair written as two escapes. A lone
     * surrogate is kept as its escape text, as the crate does (its strings are UTF-8 and cannot hold
     * one).
     */
    private void unicodeEscape(StringBuilder out) {
        int escapeStart = pos - 2;
        int unit = hex4();
        if (!Character.isSurrogate((char) unit)) {
            out.append((char) unit);
            return;
        }
        String highText = text.substring(escapeStart, pos);
        if (Character.isLowSurrogate((char) unit) || !text.startsWith("\\u", pos)) {
            out.append(highText);
            return;
        }
        int lowStart = pos;
        pos += 2;
        int low = hex4();
        if (Character.isLowSurrogate((char) low)) {
            out.append((char) unit).append((char) low);
        } else {
            out.append(highText).append(text, lowStart, pos);
        }
    }

    private int hex4() {
        if (pos + 4 > text.length()) {
            throw error("expected four hex digits after \\u");
        }
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = hexDigit(text.charAt(pos));
            if (digit < 0) {
                throw error("expected a hex digit after \\u");
            }
            value = value * 16 + digit;
            pos++;
        }
        return value;
    }

    /** ASCII hex only: {@code Character.digit} would also accept other scripts' digits. */
    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        } else if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private boolean peekIs(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private char next(String expected) {
        if (pos >= text.length()) {
            throw error("unexpected end of input, expected " + expected);
        }
        return text.charAt(pos++);
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("invalid JSON at offset " + pos + ": " + what);
    }
}
