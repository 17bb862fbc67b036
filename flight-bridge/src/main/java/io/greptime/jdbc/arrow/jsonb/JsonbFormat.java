package io.greptime.jdbc.arrow.jsonb;

import java.util.Comparator;

/**
 * The constants of the JSONB layout written by the jsonb crate 0.4.x (the version GreptimeDB links).
 *
 * <p>A value is a container: a big-endian u32 header whose top three bits say scalar (0x2), object (0x4)
 * or array (0x8) and whose low 29 bits count the elements (0 for a scalar). Then one big-endian u32 JEntry
 * per element (an object has all key JEntries, then all value JEntries), then the element data in the same
 * order. A JEntry's bits 28-30 are the element's type and its low 28 bits the byte length of its data
 * (the crate never sets bit 31, the unused "offset" flag). Null and booleans have no data; a nested
 * container's data is itself a full container.
 */
final class JsonbFormat {
    private JsonbFormat() {}

    static final int HEADER_TYPE_MASK = 0xE0000000;
    static final int HEADER_COUNT_MASK = 0x1FFFFFFF;
    static final int SCALAR_HEADER = 0x20000000;
    static final int OBJECT_HEADER = 0x40000000;
    static final int ARRAY_HEADER = 0x80000000;

    static final int JENTRY_OFFSET_FLAG = 0x80000000;
    static final int JENTRY_TYPE_MASK = 0x70000000;
    static final int JENTRY_LENGTH_MASK = 0x0FFFFFFF;
    static final int NULL_TAG = 0x00000000;
    static final int STRING_TAG = 0x10000000;
    static final int NUMBER_TAG = 0x20000000;
    static final int FALSE_TAG = 0x30000000;
    static final int TRUE_TAG = 0x40000000;
    static final int CONTAINER_TAG = 0x50000000;
    /** Written only by jsonb 0.5+ (dates, timestamps, binary); GreptimeDB's 0.4 never writes it. */
    static final int EXTENSION_TAG_05 = 0x60000000;

    /** First byte of a number's data; the rest is a big-endian integer of 1, 2, 4 or 8 bytes, or an f64. */
    static final int NUMBER_ZERO = 0x00;

    static final int NUMBER_NAN = 0x10;
    static final int NUMBER_INF = 0x20;
    static final int NUMBER_NEG_INF = 0x30;
    static final int NUMBER_INT = 0x40;
    static final int NUMBER_UINT = 0x50;
    static final int NUMBER_FLOAT = 0x60;
    /** Written only by jsonb 0.5+. */
    static final int NUMBER_DECIMAL_05 = 0x70;

    /**
     * The crate keys objects with Rust {@code String}s in a {@code BTreeMap}, which orders them by UTF-8
     * bytes, i.e. by code point; Java's {@code String.compareTo} orders by UTF-16 unit and disagrees for
     * characters above U+FFFF versus U+E000..U+FFFF.
     */
    static final Comparator<String> KEY_ORDER = JsonbFormat::compareByCodePoint;

    private static int compareByCodePoint(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
