package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Status;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Turns the status of a channel that could not connect into an SQLException (08001) that says what went
 * wrong and which property fixes it: an expired, untrusted or mismatched server certificate, a client
 * certificate the server rejected, any other TLS failure, or a plain network failure. TLS problems are
 * non-transient (retrying will not help); network ones are transient.
 */
final class ConnectFailures {
    private ConnectFailures() {}

    static SQLException translate(Status status, JdbcUrl.Endpoint endpoint, boolean tls) {
        Throwable cause = status.getCause();
        String chain = describe(cause == null ? status.asRuntimeException() : cause);
        String lower = chain.toLowerCase(Locale.ROOT);
        String at = " (GreptimeDB at " + endpoint + ")";
        if (tls
                && (has(cause, SSLException.class)
                        || has(cause, CertPathValidatorException.class)
                        || lower.contains("certificate")
                        || lower.contains("ssl")
                        || lower.contains("handshake"))) {
            return new SQLNonTransientConnectionException(
                    "TLS handshake failed: " + tlsReason(cause, lower) + at + "; cause: " + chain,
                    SqlState.CANNOT_CONNECT.code(),
                    cause);
        }
        return new SQLTransientConnectionException(
                "Cannot connect" + at + ": " + chain, SqlState.CANNOT_CONNECT.code(), cause);
    }

    private static String tlsReason(Throwable cause, String lower) {
        String rootCert = GreptimeProperty.TLS_ROOT_CERT.key();
        String serverName = GreptimeProperty.TLS_SERVER_NAME.key();
        if (lower.contains("certificate_required")
                || lower.contains("bad_certificate")
                || lower.contains("unknown_ca")
                || lower.contains("certificate_unknown")
                || lower.contains("certificate required")
                || lower.contains("certificate_expired")
                || lower.contains("bad certificate")) {
            return "the server rejected the client certificate (check " + GreptimeProperty.TLS_CLIENT_CERT.key()
                    + " and " + GreptimeProperty.TLS_CLIENT_KEY.key()
                    + ": the server needs one signed by a CA it trusts)";
        }
        if (has(cause, CertificateExpiredException.class) || lower.contains("expired")) {
            return "the server's certificate (or one in its chain) has expired or is not yet valid";
        }
        if (lower.contains("no subject alternative")
                || lower.contains("no name matching")
                || lower.contains("hostname")
                || lower.contains("doesn't match")
                || lower.contains("does not match")) {
            return "the server's certificate does not name the host connected to; set " + serverName
                    + " to a name the certificate carries (tlsVerifyHostname=false skips the check, unsafely)";
        }
        if (has(cause, CertPathBuilderException.class)
                || lower.contains("pkix path")
                || lower.contains("unable to find valid certification path")
                || lower.contains("certpath")) {
            return "the server's certificate is not signed by a trusted CA; set " + rootCert
                    + " to the CA certificate (PEM file or inline PEM)";
        }
        return "see the cause; check " + rootCert + ", " + serverName + " and that the server speaks TLS";
    }

    private static boolean has(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    /** Every message in the cause chain, outermost first. */
    private static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (Throwable c = t; c != null && depth < 8; c = c.getCause(), depth++) {
            if (sb.length() > 0) {
                sb.append(" <- ");
            }
            sb.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage());
        }
        return sb.toString();
    }
}
