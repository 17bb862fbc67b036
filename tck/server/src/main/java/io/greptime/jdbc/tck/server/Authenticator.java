package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.AuthHeader;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.grpc.Metadata;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;

/**
 * GreptimeDB's static user provider as seen over gRPC (protocol.md §5): Basic credentials in the
 * request header for Handle/HandleRequests/DoGet, {@code x-greptime-auth}/{@code authorization}
 * metadata for DoPut. With no users configured every request is let through anonymously.
 */
final class Authenticator {
    static final Metadata.Key<String> GREPTIME_AUTH =
            Metadata.Key.of("x-greptime-auth", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    private final Map<String, String> passwords;
    private final boolean basicPutAuth;

    Authenticator(Map<String, String> passwords) {
        this(passwords, true);
    }

    /** @param basicPutAuth whether DoPut takes {@code Basic <b64>} (v0.17+) or only bare base64 */
    Authenticator(Map<String, String> passwords, boolean basicPutAuth) {
        this.passwords = Map.copyOf(passwords);
        this.basicPutAuth = basicPutAuth;
    }

    boolean enabled() {
        return !passwords.isEmpty();
    }

    /** The authenticated user of a request header, or null when auth is off. */
    String authenticate(RequestHeader header) {
        if (!enabled()) {
            return null;
        }
        if (!header.hasAuthorization()
                || header.getAuthorization().getAuthSchemeCase() == AuthHeader.AuthSchemeCase.AUTHSCHEME_NOT_SET) {
            throw new GreptimeError(StatusCode.AUTH_HEADER_NOT_FOUND, "Not found http or grpc authorization header");
        }
        AuthHeader auth = header.getAuthorization();
        if (auth.getAuthSchemeCase() != AuthHeader.AuthSchemeCase.BASIC) {
            throw new GreptimeError(
                    StatusCode.INVALID_AUTH_HEADER, "Unsupported http auth scheme, name: Token AuthScheme");
        }
        return check(auth.getBasic().getUsername(), auth.getBasic().getPassword());
    }

    /**
     * The user of a DoPut call. Missing or malformed credentials carry err-codes 7003/7004; a failed
     * check is the bare {@code auth failed} that GreptimeDB's Flight front answers.
     */
    String authenticatePut(Metadata metadata) {
        if (!enabled()) {
            return null;
        }
        String value = metadata.get(GREPTIME_AUTH);
        if (value == null) {
            value = metadata.get(AUTHORIZATION);
        }
        if (value == null) {
            throw new GreptimeError(StatusCode.AUTH_HEADER_NOT_FOUND, "Not found http or grpc authorization header");
        }
        String[] userAndPassword = decodeBasic(value, basicPutAuth);
        try {
            return check(userAndPassword[0], userAndPassword[1]);
        } catch (GreptimeError e) {
            throw ErrorStatuses.plain(Status.Code.UNAUTHENTICATED, "auth failed");
        }
    }

    /**
     * {@code Basic <b64>} (v0.17+, {@code v0.17.2:src/servers/src/grpc/context_auth.rs:91-104}) or bare base64
     * of {@code user:password}. Before v0.17 the whole value is decoded, so {@code Basic …} fails as invalid
     * base64 ({@code v0.16.0:src/servers/src/grpc/greptime_handler.rs:198-202}).
     */
    private static String[] decodeBasic(String value, boolean basicAccepted) {
        String encoded = value.trim();
        if (basicAccepted && encoded.regionMatches(true, 0, "Basic", 0, 5)) {
            encoded = encoded.substring(5).trim();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new GreptimeError(StatusCode.INVALID_AUTH_HEADER, "Invalid http authorization header");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            throw new GreptimeError(StatusCode.INVALID_AUTH_HEADER, "Invalid http authorization header");
        }
        return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }

    private String check(String user, String password) {
        String expected = passwords.get(user);
        if (expected == null) {
            throw new GreptimeError(StatusCode.USER_NOT_FOUND, "User not found, username: " + user);
        }
        boolean same = MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.UTF_8), password.getBytes(StandardCharsets.UTF_8));
        if (!same) {
            throw new GreptimeError(
                    StatusCode.USER_PASSWORD_MISMATCH, "Username and password does not match, username: " + user);
        }
        return user;
    }
}
