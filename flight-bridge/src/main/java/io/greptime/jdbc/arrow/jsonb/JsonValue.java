package io.greptime.jdbc.arrow.jsonb;

import java.util.List;
import java.util.SortedMap;

/**
 * A parsed JSON document, shaped like the jsonb crate's {@code Value}: integers keep the sign class the
 * crate gives them (non-negative literals are unsigned, negative ones signed) because that class decides
 * the bytes written, and objects are sorted maps because the crate's objects are {@code BTreeMap}s.
 */
sealed interface JsonValue {

    /** JSON {@code null}. */
    enum Null implements JsonValue {
        INSTANCE
    }

    /** {@code true} or {@code false}. */
    record Bool(boolean value) implements JsonValue {}

    /** An integer literal that fits a signed 64-bit value (the parser makes these only when negative). */
    record Int64(long value) implements JsonValue {}

    /** An integer literal that fits an unsigned 64-bit value; {@code value} holds the bits. */
    record UInt64(long value) implements JsonValue {}

    /** Any other number: it has a fraction or exponent, or it overflows 64 bits. */
    record Float64(double value) implements JsonValue {}

    /** A string; always well-formed UTF-16 so that it has a UTF-8 form. */
    record Str(String value) implements JsonValue {}

    /** An array, in document order. */
    record Array(List<JsonValue> items) implements JsonValue {}

    /** An object, keys in UTF-8 byte order (see {@link JsonbFormat#KEY_ORDER}), later duplicates winning. */
    record Obj(SortedMap<String, JsonValue> members) implements JsonValue {}
}
