package io.greptime.jdbc.arrow.jsonb;

/**
 * GreptimeDB's binary JSON (the datafuselabs/databendlabs {@code jsonb} crate's encoding, version 0.4,
 * which GreptimeDB links), which is how JSON columns travel in Flight results: Binary values with field
 * metadata {@code greptime:type=Json}.
 *
 * <p>{@link #encode} writes the bytes the crate's {@code parse_value(text).to_vec()} writes (so object
 * keys come out sorted by UTF-8 bytes, duplicates keeping the last value); {@link #decode} prints what
 * GreptimeDB prints for a JSON value, with the departures needed to stay valid JSON (see
 * {@code JsonStringText}). Both are thread-safe and never recurse, so nesting depth is limited only by
 * memory.
 */
public final class Jsonb {
    private Jsonb() {}

    /**
     * Encodes JSON text as JSONB; {@link IllegalArgumentException} when the text is not valid JSON (RFC
     * 8259, stricter than the crate: no raw control characters in strings, no extra whitespace kinds).
     */
    public static byte[] encode(String jsonText) {
        return JsonbWriter.write(JsonTextParser.parse(jsonText));
    }

    /**
     * Decodes JSONB to compact JSON text (no insignificant whitespace, object keys in stored order,
     * numbers as the crate prints them: integers plainly, doubles shortest-round-trip in Rust's layout such
     * as {@code 1.0} and {@code 1e20}, and the infinities a literal like {@code 1e400} overflows to as
     * {@code inf}/{@code -inf}, which is not JSON but is what GreptimeDB prints);
     * {@link IllegalArgumentException} when the bytes are not valid JSONB (checked fully: lengths,
     * offsets, tags, UTF-8, trailing bytes). Values that only jsonb 0.5+ writes (extension values,
     * decimals) are rejected as unsupported. Empty bytes (a JSON column's default value in GreptimeDB)
     * decode to empty text, as GreptimeDB prints them.
     */
    public static String decode(byte[] jsonb) {
        return JsonbReader.toText(jsonb);
    }
}
