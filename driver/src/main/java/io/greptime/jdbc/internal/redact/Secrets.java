package io.greptime.jdbc.internal.redact;

import io.greptime.jdbc.GreptimeProperty;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
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

    /**
     * The forms a password travels in and a server may echo back: the password itself, the base64 of
     * {@code user:password} (the {@code Basic} auth header, and GreptimeDB's bare-base64 form) and the base64
     * of the password alone, each with and without padding and in the URL-safe alphabet too. Longest first,
     * so masking one form never leaves part of a longer one. Empty without a password.
     */
    public static List<String> credentialForms(String user, String password) {
        if (password == null || password.isEmpty()) {
            return List.of();
        }
        Set<String> forms = new LinkedHashSet<>();
        forms.add(password);
        for (String clear : List.of((user == null ? "" : user) + ":" + password, password)) {
            byte[] bytes = clear.getBytes(StandardCharsets.UTF_8);
            for (Base64.Encoder encoder : List.of(Base64.getEncoder(), Base64.getUrlEncoder())) {
                String encoded = encoder.encodeToString(bytes);
                forms.add(encoded);
                forms.add(encoded.replace("=", ""));
            }
        }
        List<String> sorted = new ArrayList<>(forms);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return List.copyOf(sorted);
    }

    /** {@code text} with every one of {@code forms} replaced by {@value #MASK}; null stays null. */
    public static String maskAll(String text, List<String> forms) {
        if (text == null) {
            return null;
        }
        String masked = text;
        for (String form : forms) {
            masked = masked.replace(form, MASK);
        }
        return masked;
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
