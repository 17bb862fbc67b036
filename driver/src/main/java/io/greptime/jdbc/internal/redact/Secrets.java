package io.greptime.jdbc.internal.redact;

import io.greptime.jdbc.GreptimeProperty;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * Where credentials hide in what the driver shows, and their mask. A URL keeps its hosts, path and the
 * values of known, non-sensitive properties; everything else that could be a secret (user info before
 * {@code @}, values of sensitive or unknown keys, parameters without {@code =}) becomes {@value #MASK}.
 */
public final class Secrets {
    /** What a secret is replaced with. */
    public static final String MASK = "***";

    /** Request headers whose values are credentials (lower case, as HTTP/2 sends names). */
    private static final Set<String> CREDENTIAL_HEADERS =
            Set.of("authorization", "x-greptime-auth", "proxy-authorization", "cookie");

    private Secrets() {}

    /** Whether a header of this name carries credentials. */
    public static boolean isCredentialHeader(CharSequence name) {
        return CREDENTIAL_HEADERS.contains(name.toString().toLowerCase(Locale.ROOT));
    }

    /** {@code url} with everything that could be a credential masked; null stays null. */
    public static String redactUrl(String url) {
        if (url == null) {
            return null;
        }
        int q = url.indexOf('?');
        String head = maskUserInfo(q < 0 ? url : url.substring(0, q));
        if (q < 0) {
            return head;
        }
        StringBuilder sb = new StringBuilder(head).append('?');
        String[] pairs = url.substring(q + 1).split("&", -1);
        for (int i = 0; i < pairs.length; i++) {
            sb.append(i == 0 ? "" : "&").append(maskPair(pairs[i]));
        }
        return sb.toString();
    }

    /** Any '@' before the query ends user info (a password may hold '/' or ':'), as the parser reads it. */
    private static String maskUserInfo(String head) {
        int scheme = head.indexOf("://");
        int from = scheme < 0 ? 0 : scheme + 3;
        int at = head.lastIndexOf('@');
        return at < from ? head : head.substring(0, from) + MASK + head.substring(at);
    }

    private static String maskPair(String pair) {
        if (pair.isEmpty()) {
            return pair;
        }
        int eq = pair.indexOf('=');
        if (eq < 0) {
            return MASK; // not key=value: the whole text may be a password typed without '='
        }
        GreptimeProperty p = GreptimeProperty.forKey(decodeOrRaw(pair.substring(0, eq)));
        boolean keep = p != null && !p.sensitive();
        return keep ? pair : pair.substring(0, eq + 1) + MASK;
    }

    private static String decodeOrRaw(String raw) {
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return raw;
        }
    }
}
