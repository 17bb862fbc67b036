package io.greptime.jdbc.internal.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code x-greptime-hints} value format: {@code k1=v1, k2=v2} (comma separated, {@code =} separated,
 * whitespace trimmed), as GreptimeDB's server reads it (protocol.md §10).
 */
public final class HintsFormat {
    private HintsFormat() {}

    /**
     * Parses hints in order.
     *
     * @throws IllegalArgumentException when an entry has no {@code =} or an empty key
     */
    public static Map<String, String> parse(String raw) {
        Map<String, String> hints = new LinkedHashMap<>();
        if (raw == null || raw.isBlank()) {
            return Collections.unmodifiableMap(hints);
        }
        for (String entry : raw.split(",")) {
            int eq = entry.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("hint '" + entry.trim() + "' has no '='");
            }
            String key = entry.substring(0, eq).trim();
            if (key.isEmpty()) {
                throw new IllegalArgumentException("hint '" + entry.trim() + "' has an empty key");
            }
            hints.put(key, entry.substring(eq + 1).trim());
        }
        return Collections.unmodifiableMap(hints);
    }

    /** The header value for parsed hints. */
    public static String format(Map<String, String> hints) {
        StringBuilder sb = new StringBuilder();
        hints.forEach((k, v) ->
                sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}
