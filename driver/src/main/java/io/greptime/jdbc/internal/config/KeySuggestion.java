package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.GreptimeProperty;
import java.util.Locale;

/**
 * "Did you mean": the known property an unknown key was most likely meant to be, by edit distance
 * (Levenshtein, ignoring case), so {@code fetchsize} points at {@code fetchSize}.
 */
final class KeySuggestion {
    private KeySuggestion() {}

    /** The closest known key, or null when none is close enough to be a typo of it. */
    static GreptimeProperty closest(String unknown) {
        String u = unknown.toLowerCase(Locale.ROOT);
        GreptimeProperty best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (GreptimeProperty p : GreptimeProperty.values()) {
            int d = distance(u, p.key().toLowerCase(Locale.ROOT), bestDistance);
            if (d < bestDistance) {
                best = p;
                bestDistance = d;
            }
        }
        return bestDistance <= allowed(u.length()) ? best : null;
    }

    /** " (did you mean 'fetchSize'?)" for a near miss, else "". */
    static String hint(String unknown) {
        GreptimeProperty p = closest(unknown);
        return p == null ? "" : " (did you mean '" + p.key() + "'?)";
    }

    /**
     * For a parameter with no {@code =}: " (did you mean password=...?)" when it starts with a known key,
     * else "". Only the key is named, never the rest of the text.
     */
    static String prefixHint(String pair) {
        String lower = pair.toLowerCase(Locale.ROOT);
        GreptimeProperty longest = null;
        for (GreptimeProperty p : GreptimeProperty.values()) {
            if (lower.startsWith(p.key().toLowerCase(Locale.ROOT))
                    && (longest == null || p.key().length() > longest.key().length())) {
                longest = p;
            }
        }
        return longest == null ? "" : " (did you mean " + longest.key() + "=...?)";
    }

    /** Typos allowed for a key of this length: one in a short key, a few in a long one. */
    private static int allowed(int length) {
        return length <= 4 ? 1 : length <= 10 ? 2 : 3;
    }

    /** Levenshtein distance, giving up (returning {@code cap}) once it cannot be below {@code cap}. */
    static int distance(String a, String b, int cap) {
        if (Math.abs(a.length() - b.length()) >= cap) {
            return cap;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = cur[0];
            for (int j = 1; j <= b.length(); j++) {
                int substitution = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(substitution, Math.min(prev[j], cur[j - 1]) + 1);
                rowMin = Math.min(rowMin, cur[j]);
            }
            if (rowMin >= cap) {
                return cap;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[b.length()], cap);
    }
}
