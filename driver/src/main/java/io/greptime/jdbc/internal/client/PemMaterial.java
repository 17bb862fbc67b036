package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Base64;
import java.util.Collection;
import java.util.Date;
import javax.crypto.Cipher;
import javax.crypto.EncryptedPrivateKeyInfo;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Certificates and private keys from a TLS property whose value is either a PEM file path or the PEM text
 * itself (a value starting with {@code -----BEGIN}). Every failure is an SQLException (08001) naming the
 * property and, for files, the path; never the PEM text or a password.
 */
final class PemMaterial {
    private static final String BEGIN = "-----BEGIN ";
    private static final String PBES2_OID = "1.2.840.113549.1.5.13";
    private static final String[] KEY_ALGORITHMS = {"RSA", "EC", "Ed25519", "Ed448", "DSA"};

    private final String where;
    private final String text;

    private PemMaterial(String where, String text) {
        this.where = where;
        this.text = text;
    }

    /** Reads the property's value: the inline PEM, or the file it names. */
    static PemMaterial read(GreptimeProperty property, String value) throws SQLException {
        if (value.stripLeading().startsWith(BEGIN)) {
            return new PemMaterial(property.key() + " (inline PEM)", value);
        }
        String where = property.key() + " file " + value;
        try {
            return new PemMaterial(where, Files.readString(Path.of(value), StandardCharsets.US_ASCII));
        } catch (NoSuchFileException e) {
            throw fail(where + " does not exist", null);
        } catch (IOException | RuntimeException e) {
            throw fail("cannot read " + where + ": " + e, e);
        }
    }

    /** The certificates, in file order; at least one, each valid now. */
    X509Certificate[] certificates() throws SQLException {
        Collection<? extends java.security.cert.Certificate> read;
        try {
            read = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (CertificateException e) {
            throw fail(where + " holds no readable PEM certificate: " + e.getMessage(), e);
        }
        if (read.isEmpty()) {
            throw fail(where + " holds no PEM certificate", null);
        }
        X509Certificate[] certs = read.toArray(X509Certificate[]::new);
        Date now = new Date();
        for (X509Certificate c : certs) {
            if (c.getNotAfter().before(now)) {
                throw fail(
                        "the certificate " + c.getSubjectX500Principal() + " in " + where + " expired on "
                                + c.getNotAfter(),
                        null);
            }
        }
        return certs;
    }

    /**
     * The private key: unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}) or encrypted PKCS#8
     * ({@code BEGIN ENCRYPTED PRIVATE KEY}) with {@code password}.
     */
    PrivateKey privateKey(char[] password) throws SQLException {
        if (text.contains(BEGIN + "ENCRYPTED PRIVATE KEY-----")) {
            return decrypt(block("ENCRYPTED PRIVATE KEY"), password);
        }
        if (text.contains(BEGIN + "PRIVATE KEY-----")) {
            return keyOf(new PKCS8EncodedKeySpec(block("PRIVATE KEY")));
        }
        if (text.contains(BEGIN + "RSA PRIVATE KEY-----") || text.contains(BEGIN + "EC PRIVATE KEY-----")) {
            throw fail(where + " is a PKCS#1/SEC1 key; convert it to PKCS#8 (openssl pkcs8 -topk8 ...)", null);
        }
        throw fail(where + " holds no PEM private key", null);
    }

    private PrivateKey decrypt(byte[] der, char[] password) throws SQLException {
        String passwordKey = GreptimeProperty.TLS_CLIENT_KEY_PASSWORD.key();
        if (password == null) {
            throw fail(where + " is encrypted; set " + passwordKey, null);
        }
        EncryptedPrivateKeyInfo info;
        String algorithm;
        try {
            info = new EncryptedPrivateKeyInfo(der);
            // The JDK names PBES2 by its OID (or "PBES2"); the real cipher suite is in the parameters.
            algorithm = PBES2_OID.equals(info.getAlgName()) || "PBES2".equals(info.getAlgName())
                    ? info.getAlgParameters().toString()
                    : info.getAlgName();
        } catch (IOException | RuntimeException e) {
            throw fail(where + " is not a readable encrypted PKCS#8 key", e);
        }
        PKCS8EncodedKeySpec spec;
        try {
            Cipher cipher = Cipher.getInstance(algorithm);
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    SecretKeyFactory.getInstance(algorithm).generateSecret(new PBEKeySpec(password)),
                    info.getAlgParameters());
            spec = info.getKeySpec(cipher);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw fail(where + " is encrypted with " + algorithm + ", which this JVM does not support", e);
        } catch (GeneralSecurityException e) {
            throw fail(passwordKey + " does not decrypt " + where + " (wrong password?)", null);
        }
        try {
            return keyOf(spec);
        } catch (SQLException e) {
            throw fail(passwordKey + " does not decrypt " + where + " (wrong password?)", null);
        }
    }

    private PrivateKey keyOf(PKCS8EncodedKeySpec spec) throws SQLException {
        for (String algorithm : KEY_ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                // not this algorithm: try the next
            }
        }
        throw fail(where + " holds a private key of an unsupported or unreadable kind", null);
    }

    private byte[] block(String label) throws SQLException {
        String begin = BEGIN + label + "-----";
        String end = "-----END " + label + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf(end, from);
        if (to < 0) {
            throw fail(where + " has no '" + end + "' line", null);
        }
        try {
            return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
        } catch (IllegalArgumentException e) {
            throw fail(where + " has bad base64 in its " + label + " block", null);
        }
    }

    private static SQLException fail(String message, Throwable cause) {
        return new SQLNonTransientConnectionException(
                "TLS configuration: " + message, SqlState.CANNOT_CONNECT.code(), cause);
    }
}
