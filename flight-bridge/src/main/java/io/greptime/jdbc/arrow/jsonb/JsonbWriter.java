package io.greptime.jdbc.arrow.jsonb;

import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.ARRAY_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.CONTAINER_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.FALSE_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.HEADER_COUNT_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.JENTRY_LENGTH_MASK;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NULL_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.NUMBER_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.OBJECT_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.SCALAR_HEADER;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.STRING_TAG;
import static io.greptime.jdbc.arrow.jsonb.JsonbFormat.TRUE_TAG;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link JsonValue} in the byte layout of the jsonb crate 0.4's {@code Value::to_vec}: a top-level
 * array or object is written as that container, anything else inside a scalar container; JEntries are
 * reserved first and filled in once each element's length is known.
 *
 * <p>Iterative (an explicit stack) so that deep documents cannot overflow the thread's stack. Lengths
 * that do not fit the format (an element over 2^28-1 bytes, a container over 2^29-1 elements) are an
 * {@link IllegalArgumentException}; the crate would silently corrupt them.
 */
final class JsonbWriter {
    private byte[] buf = new byte[64];
    private int size;

    private JsonbWriter() {}

    static byte[] write(JsonValue root) {
        JsonbWriter writer = new JsonbWriter();
        if (root instanceof JsonValue.Array || root instanceof JsonValue.Obj) {
            writer.containers(root);
        } else {
            writer.putInt(SCALAR_HEADER);
            int slot = writer.reserve(4);
            writer.patch(slot, writer.scalar(root));
        }
        return Arrays.copyOf(writer.buf, writer.size);
    }

    /** A container whose element data is being written. */
    private static final class Frame {
        final int start;
        final int parentSlot;
        final List<JsonValue> values;
        final int valueSlots;
        int index;

        Frame(int start, int parentSlot, List<JsonValue> values, int valueSlots) {
            this.start = start;
            this.parentSlot = parentSlot;
            this.values = values;
            this.valueSlots = valueSlots;
        }
    }

    private void containers(JsonValue root) {
        Deque<Frame> open = new ArrayDeque<>();
        open.push(open(root, -1));
        while (!open.isEmpty()) {
            Frame frame = open.peek();
            if (frame.index == frame.values.size()) {
                open.pop();
                if (frame.parentSlot >= 0) {
                    patch(frame.parentSlot, CONTAINER_TAG | checkedLength(size - frame.start));
                }
                continue;
            }
            JsonValue value = frame.values.get(frame.index);
            int slot = frame.valueSlots + 4 * frame.index;
            frame.index++;
            if (value instanceof JsonValue.Array || value instanceof JsonValue.Obj) {
                open.push(open(value, slot));
            } else {
                patch(slot, scalar(value));
            }
        }
    }

    /** Writes a container's header and JEntry space, and an object's keys, which come before any value. */
    private Frame open(JsonValue container, int parentSlot) {
        int start = size;
        if (container instanceof JsonValue.Array array) {
            putInt(ARRAY_HEADER | checkedCount(array.items().size()));
            return new Frame(
                    start, parentSlot, array.items(), reserve(4 * array.items().size()));
        }
        Map<String, JsonValue> members = ((JsonValue.Obj) container).members();
        int count = members.size();
        putInt(OBJECT_HEADER | checkedCount(count));
        int keySlots = reserve(8 * count);
        int i = 0;
        for (String key : members.keySet()) {
            byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
            putBytes(utf8);
            patch(keySlots + 4 * i++, STRING_TAG | checkedLength(utf8.length));
        }
        return new Frame(start, parentSlot, new ArrayList<>(members.values()), keySlots + 4 * count);
    }

    /** Writes a scalar's data, if it has any, and returns its JEntry. */
    private int scalar(JsonValue value) {
        if (value instanceof JsonValue.Null) {
            return NULL_TAG;
        } else if (value instanceof JsonValue.Bool b) {
            return b.value() ? TRUE_TAG : FALSE_TAG;
        } else if (value instanceof JsonValue.Str s) {
            byte[] utf8 = s.value().getBytes(StandardCharsets.UTF_8);
            putBytes(utf8);
            return STRING_TAG | checkedLength(utf8.length);
        }
        byte[] number = JsonNumbers.encode(value);
        putBytes(number);
        return NUMBER_TAG | number.length;
    }

    private static int checkedLength(int length) {
        if (length > JENTRY_LENGTH_MASK) {
            throw new IllegalArgumentException(
                    "JSON element of " + length + " bytes exceeds JSONB's limit of " + JENTRY_LENGTH_MASK);
        }
        return length;
    }

    private static int checkedCount(int count) {
        if (count > HEADER_COUNT_MASK) {
            throw new IllegalArgumentException(
                    "JSON container of " + count + " elements exceeds JSONB's limit of " + HEADER_COUNT_MASK);
        }
        return count;
    }

    private int reserve(int bytes) {
        ensure(bytes);
        int at = size;
        size += bytes;
        return at;
    }

    private void putInt(int v) {
        patch(reserve(4), v);
    }

    private void patch(int at, int v) {
        buf[at] = (byte) (v >>> 24);
        buf[at + 1] = (byte) (v >>> 16);
        buf[at + 2] = (byte) (v >>> 8);
        buf[at + 3] = (byte) v;
    }

    private void putBytes(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, size, bytes.length);
        size += bytes.length;
    }

    private void ensure(int more) {
        long needed = (long) size + more;
        if (needed > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("JSONB value would exceed 2 GiB");
        }
        if (needed > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, 2L * buf.length)));
        }
    }
}
