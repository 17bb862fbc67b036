package io.greptime.jdbc.proto.jsonb;

/**
 * GreptimeDB's binary JSON (the datafuselabs "jsonb" encoding), which is how JSON columns travel in
 * Flight results: Binary values with field metadata {@code greptime:type=Json}.
 *
 * <p>PLACEHOLDER: the codec is being written on the {@code proto} branch; until it lands both methods
 * throw. The signatures are the contract other modules code against.
 */
public final class Jsonb {
  private Jsonb() {}

  /** Encodes JSON text as JSONB; {@link IllegalArgumentException} when the text is not valid JSON. */
  public static byte[] encode(String jsonText) {
    throw new UnsupportedOperationException("JSONB encoder not yet implemented");
  }

  /**
   * Decodes JSONB to compact JSON text (no insignificant whitespace, object keys in stored order);
   * {@link IllegalArgumentException} when the bytes are not valid JSONB.
   */
  public static String decode(byte[] jsonb) {
    throw new UnsupportedOperationException("JSONB decoder not yet implemented");
  }
}
