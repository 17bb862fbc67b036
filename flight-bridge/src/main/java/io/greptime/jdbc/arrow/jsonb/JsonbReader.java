package io.greptime.jdbc.arrow.jsonb;

import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.ARRAY_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.CONTAINER_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.EXTENSION_TAG_05;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.FALSE_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.HEADER_COUNT_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.HEADER_TYPE_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.JENTRY_LENGTH_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.JENTRY_OFFSET_FLAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.JENTRY_TYPE_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NULL_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.OBJECT_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.SCALAR_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.STRING_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.TRUE_TAG;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Decodes JSONB straight to compact JSON text, validating as it goes.
 *
 * <p>Every length and count is checked against the bytes its container owns before it is used, every
 * container must use exactly the bytes its parent's JEntry (or, at the top, the whole array) gives it,
 * and strings must be valid UTF-8; anything else is an {@link IllegalArgumentException} naming the byte
 * offset. The walk is iterative and each element moves forward through the bytes, so any input ends in
 * time linear in its length, whatever it claims. Elements are printed in stored order, which for the
 * crate's output is sorted key order.
 */
final class JsonbReader {
    private final byte[] buf;
    private final StringBuilder out = new StringBuilder();

    private JsonbReader(byte[] buf) {
        this.buf = buf;
    }

    static String toText(byte[] jsonb) {
        if (jsonb == null) {
            throw new IllegalArgumentException("JSONB value is null");
        }
        if (jsonb.length == 0) {
            // A JSON column's default value is empty bytes, which GreptimeDB prints as empty text.
            return "";
        }
        return new JsonbReader(jsonb).read();
    }

    static IllegalArgumentException malformed(int offset, String what) {
        return new IllegalArgumentException("malformed JSONB at byte " + offset + ": " + what);
    }

    private enum Kind {
        SCALAR,
        ARRAY,
        OBJECT
    }

    /** A container being printed: where its JEntries and data are, and how far it has got. */
    private static final class Frame {
        final Kind kind;
        final int start;
        final int end;
        final int count;
        final int keyJentries;
        final int valueJentries;
        int keyPos;
        int valuePos;
        int index;

        Frame(Kind kind, int start, int end, int count, int valueJentries, int keyPos, int valuePos) {
            this.kind = kind;
            this.start = start;
            this.end = end;
            this.count = count;
            this.keyJentries = start + 4;
            this.valueJentries = valueJentries;
            this.keyPos = keyPos;
            this.valuePos = valuePos;
        }
    }

    private String read() {
        Deque<Frame> open = new ArrayDeque<>();
        open.push(open(0, buf.length));
        while (!open.isEmpty()) {
            Frame frame = open.peek();
            if (frame.index == frame.count) {
                close(frame);
                open.pop();
            } else {
                Frame child = element(frame);
                if (child != null) {
                    open.push(child);
                }
            }
        }
        return out.toString();
    }

    /** Reads the header of the container that owns {@code buf[start, end)} and prints its opening. */
    private Frame open(int start, int end) {
        if (end - start < 4) {
            throw malformed(start, "a container needs a 4-byte header, only " + (end - start) + " bytes left");
        }
        int header = readInt(start);
        int count = header & HEADER_COUNT_MASK;
        switch (header & HEADER_TYPE_MASK) {
            case SCALAR_HEADER:
                require(start + 8L, end, start, "a scalar container needs a header and one JEntry");
                return new Frame(Kind.SCALAR, start, end, 1, start + 4, 0, start + 8);
            case ARRAY_HEADER:
                long arrayData = start + 4 + 4L * count;
                require(arrayData, end, start, "the JEntries of an array of " + count + " elements");
                out.append('[');
                return new Frame(Kind.ARRAY, start, end, count, start + 4, 0, (int) arrayData);
            case OBJECT_HEADER:
                return openObject(start, end, count);
            default:
                throw malformed(start, String.format("unknown container header 0x%08X", header));
        }
    }

    private Frame openObject(int start, int end, int count) {
        long keys = start + 4 + 8L * count;
        require(keys, end, start, "the JEntries of an object of " + count + " members");
        long values = keys;
        for (int i = 0; i < count; i++) {
            int jentryAt = start + 4 + 4 * i;
            int jentry = readJentry(jentryAt);
            if ((jentry & JENTRY_TYPE_MASK) != STRING_TAG) {
                throw malformed(jentryAt, "object key " + i + " is not a string");
            }
            values += jentry & JENTRY_LENGTH_MASK;
        }
        require(values, end, start, "the keys of an object of " + count + " members");
        out.append('{');
        return new Frame(Kind.OBJECT, start, end, count, start + 4 + 4 * count, (int) keys, (int) values);
    }

    /** Prints the frame's next element; returns the frame of a nested container to descend into. */
    private Frame element(Frame frame) {
        if (frame.index > 0) {
            out.append(',');
        }
        if (frame.kind == Kind.OBJECT) {
            int keyLength = readInt(frame.keyJentries + 4 * frame.index) & JENTRY_LENGTH_MASK;
            JsonStringText.appendQuoted(buf, frame.keyPos, keyLength, out);
            frame.keyPos += keyLength;
            out.append(':');
        }
        int jentryAt = frame.valueJentries + 4 * frame.index;
        int jentry = readJentry(jentryAt);
        int length = jentry & JENTRY_LENGTH_MASK;
        int at = frame.valuePos;
        require((long) at + length, frame.end, jentryAt, "element data of " + length + " bytes");
        frame.valuePos += length;
        frame.index++;
        switch (jentry & JENTRY_TYPE_MASK) {
            case NULL_TAG -> out.append(noData(jentryAt, length, "null"));
            case TRUE_TAG -> out.append(noData(jentryAt, length, "true"));
            case FALSE_TAG -> out.append(noData(jentryAt, length, "false"));
            case STRING_TAG -> JsonStringText.appendQuoted(buf, at, length, out);
            case NUMBER_TAG -> JsonNumbers.appendText(buf, at, length, out);
            case CONTAINER_TAG -> {
                return open(at, at + length);
            }
            case EXTENSION_TAG_05 ->
                throw malformed(
                        jentryAt,
                        "extension value (JEntry type 0x6, written by jsonb 0.5+, never by GreptimeDB's"
                                + " jsonb 0.4) is not supported");
            default ->
                throw malformed(
                        jentryAt, String.format("unknown JEntry type 0x%X", (jentry & JENTRY_TYPE_MASK) >>> 28));
        }
        return null;
    }

    private void close(Frame frame) {
        if (frame.valuePos != frame.end) {
            throw malformed(
                    frame.valuePos,
                    "the container starting at byte " + frame.start + " owns " + (frame.end - frame.start)
                            + " bytes but its elements end after " + (frame.valuePos - frame.start));
        }
        if (frame.kind == Kind.ARRAY) {
            out.append(']');
        } else if (frame.kind == Kind.OBJECT) {
            out.append('}');
        }
    }

    private static String noData(int jentryAt, int length, String literal) {
        if (length != 0) {
            throw malformed(jentryAt, literal + " element claims " + length + " data bytes");
        }
        return literal;
    }

    private int readJentry(int at) {
        int jentry = readInt(at);
        if ((jentry & JENTRY_OFFSET_FLAG) != 0) {
            throw malformed(at, "JEntry in offset mode (bit 31 set), which the jsonb crate never writes");
        }
        return jentry;
    }

    private int readInt(int at) {
        return ((buf[at] & 0xFF) << 24)
                | ((buf[at + 1] & 0xFF) << 16)
                | ((buf[at + 2] & 0xFF) << 8)
                | (buf[at + 3] & 0xFF);
    }

    private static void require(long neededEnd, int end, int at, String what) {
        if (neededEnd > end) {
            throw malformed(at, what + " would end at byte " + neededEnd + ", past the container's end " + end);
        }
    }
}
