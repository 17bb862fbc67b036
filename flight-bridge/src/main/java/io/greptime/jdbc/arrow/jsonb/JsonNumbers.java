package io.greptime.jdbc.arrow.jsonb;

import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_DECIMAL_05;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_FLOAT;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_INF;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_INT;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_NAN;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_NEG_INF;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_UINT;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_ZERO;

/**
 * Numbers as the jsonb crate 0.4 reads, writes and prints them.
 *
 * <p>Written form: one type byte, then the value in the fewest big-endian bytes among 1, 2, 4, 8 for
 * integers (zero of either sign class is the single byte {@code 0x00}), an 8-byte IEEE double for other
 * finite numbers, and a bare type byte for NaN and the infinities (a literal such as {@code 1e400}
 * overflows to infinity when parsed, as in the crate).
 */
final class JsonNumbers {
    private JsonNumbers() {}

    /** Classifies a grammatically valid JSON number literal the way the crate's parser does. */
    static JsonValue fromLiteral(String literal, boolean integral, boolean negative) {
        if (integral) {
            try {
                return negative
                        ? new JsonValue.Int64(Long.parseLong(literal))
                        : new JsonValue.UInt64(Long.parseUnsignedLong(literal));
            } catch (NumberFormatException overflow) {
                // the crate falls back to a double when the integer does not fit 64 bits
            }
        }
        return new JsonValue.Float64(Double.parseDouble(literal));
    }

    /** The bytes of a number element. */
    static byte[] encode(JsonValue number) {
        if (number instanceof JsonValue.Int64 i) {
            return encodeSigned(i.value());
        } else if (number instanceof JsonValue.UInt64 u) {
            return encodeUnsigned(u.value());
        } else if (number instanceof JsonValue.Float64 f) {
            return encodeDouble(f.value());
        }
        throw new IllegalStateException("not a number: " + number);
    }

    private static byte[] encodeSigned(long v) {
        if (v == 0) {
            return new byte[] {NUMBER_ZERO};
        }
        int width;
        if (v == (byte) v) {
            width = 1;
        } else if (v == (short) v) {
            width = 2;
        } else if (v == (int) v) {
            width = 4;
        } else {
            width = 8;
        }
        return typed(NUMBER_INT, v, width);
    }

    private static byte[] encodeUnsigned(long bits) {
        if (bits == 0) {
            return new byte[] {NUMBER_ZERO};
        }
        int width;
        if (Long.compareUnsigned(bits, 0xFFL) <= 0) {
            width = 1;
        } else if (Long.compareUnsigned(bits, 0xFFFFL) <= 0) {
            width = 2;
        } else if (Long.compareUnsigned(bits, 0xFFFF_FFFFL) <= 0) {
            width = 4;
        } else {
            width = 8;
        }
        return typed(NUMBER_UINT, bits, width);
    }

    private static byte[] encodeDouble(double v) {
        if (Double.isNaN(v)) {
            return new byte[] {NUMBER_NAN};
        } else if (Double.isInfinite(v)) {
            return new byte[] {(byte) (v > 0 ? NUMBER_INF : NUMBER_NEG_INF)};
        }
        return typed(NUMBER_FLOAT, Double.doubleToRawLongBits(v), 8);
    }

    private static byte[] typed(int type, long value, int width) {
        byte[] out = new byte[1 + width];
        out[0] = (byte) type;
        for (int i = 0; i < width; i++) {
            out[width - i] = (byte) (value >>> (8 * i));
        }
        return out;
    }

    /**
     * Appends the text the crate prints for the number stored in {@code buf[off, off + len)}: integers in
     * decimal, finite doubles in Rust's {@code ryu} style, NaN and the infinities as {@code NaN}, {@code inf}
     * and {@code -inf} (what the crate prints, though JSON has no spelling for them).
     */
    static void appendText(byte[] buf, int off, int len, StringBuilder out) {
        if (len < 1) {
            throw JsonbReader.malformed(off, "number element has no bytes");
        }
        int type = buf[off] & 0xFF;
        int width = len - 1;
        switch (type) {
            case NUMBER_ZERO -> out.append(checkWidth(off, width, 0, "zero", "0"));
            case NUMBER_NAN -> out.append(checkWidth(off, width, 0, "NaN", "NaN"));
            case NUMBER_INF -> out.append(checkWidth(off, width, 0, "infinity", "inf"));
            case NUMBER_NEG_INF -> out.append(checkWidth(off, width, 0, "-infinity", "-inf"));
            case NUMBER_INT -> out.append(readSigned(buf, off + 1, integerWidth(off, width)));
            case NUMBER_UINT -> out.append(Long.toUnsignedString(readUnsigned(buf, off + 1, integerWidth(off, width))));
            case NUMBER_FLOAT -> {
                checkWidth(off, width, 8, "float", "");
                out.append(ShortestDouble.format(Double.longBitsToDouble(readUnsigned(buf, off + 1, 8))));
            }
            case NUMBER_DECIMAL_05 ->
                throw JsonbReader.malformed(
                        off,
                        "decimal number (type 0x70, written by jsonb 0.5+, never by GreptimeDB's jsonb 0.4)"
                                + " is not supported");
            default -> throw JsonbReader.malformed(off, String.format("unknown number type byte 0x%02X", type));
        }
    }

    /** Returns {@code text} when the number has the expected count of value bytes. */
    private static String checkWidth(int off, int width, int expected, String what, String text) {
        if (width != expected) {
            throw JsonbReader.malformed(off, what + " number must have " + expected + " value bytes, found " + width);
        }
        return text;
    }

    private static int integerWidth(int off, int width) {
        if (width != 1 && width != 2 && width != 4 && width != 8) {
            throw JsonbReader.malformed(off, "integer number must have 1, 2, 4 or 8 value bytes, found " + width);
        }
        return width;
    }

    private static long readUnsigned(byte[] buf, int off, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            v = (v << 8) | (buf[off + i] & 0xFF);
        }
        return v;
    }

    private static long readSigned(byte[] buf, int off, int width) {
        int shift = 64 - 8 * width;
        return (readUnsigned(buf, off, width) << shift) >> shift;
    }
}
