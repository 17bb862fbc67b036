package io.greptime.jdbc.transport;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** A throw-away certificate authority for TLS tests: certificates are made per test run, never checked in. */
public final class TestPki {
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());

    /** A key pair with its certificate. */
    public record Issued(KeyPair keys, X509Certificate certificate) {
        public PrivateKey key() {
            return keys.getPrivate();
        }
    }

    public final Issued ca;

    /** A new CA named {@code name}. */
    public TestPki(String name) throws Exception {
        ca = issue("CN=" + name, null, true, List.of(), Instant.now().minus(Duration.ofHours(1)), Duration.ofDays(2));
    }

    /** A leaf certificate valid now for these DNS names (an IP literal becomes an IP SAN). */
    public Issued leaf(String commonName, String... names) throws Exception {
        return issue(
                "CN=" + commonName,
                ca,
                false,
                List.of(names),
                Instant.now().minus(Duration.ofHours(1)),
                Duration.ofDays(1));
    }

    /** A leaf certificate for localhost and 127.0.0.1 that expired a day ago. */
    public Issued expiredLeaf(String commonName) throws Exception {
        return issue(
                "CN=" + commonName,
                ca,
                false,
                List.of("localhost", "127.0.0.1"),
                Instant.now().minus(Duration.ofDays(3)),
                Duration.ofDays(2));
    }

    private static Issued issue(
            String subject, Issued issuer, boolean isCa, List<String> names, Instant from, Duration validity)
            throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair keys = generator.generateKeyPair();
        X500Name name = new X500Name(subject);
        var builder = new JcaX509v3CertificateBuilder(
                issuer == null
                        ? name
                        : new X500Name(
                                issuer.certificate().getSubjectX500Principal().getName()),
                BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(from),
                Date.from(from.plus(validity)),
                name,
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
        if (!names.isEmpty()) {
            List<GeneralName> sans = new ArrayList<>();
            for (String n : names) {
                sans.add(new GeneralName(
                        Character.isDigit(n.charAt(0)) ? GeneralName.iPAddress : GeneralName.dNSName, n));
            }
            builder.addExtension(
                    Extension.subjectAlternativeName, false, new GeneralNames(sans.toArray(GeneralName[]::new)));
        }
        var signer =
                new JcaContentSignerBuilder("SHA256withECDSA").build(issuer == null ? keys.getPrivate() : issuer.key());
        return new Issued(keys, new JcaX509CertificateConverter().getCertificate(builder.build(signer)));
    }

    /** PEM text of a certificate. */
    public static String pem(X509Certificate certificate) throws IOException {
        return pemOf(certificate);
    }

    /** Writes the certificate as PEM and returns the file. */
    public static Path write(Path file, X509Certificate certificate) throws IOException {
        return Files.writeString(file, pem(certificate), StandardCharsets.US_ASCII);
    }

    /** Writes the key as PKCS#8 PEM, encrypted (AES-256-CBC, PBKDF2) when a password is given. */
    public static Path writeKey(Path file, PrivateKey key, char[] password) throws Exception {
        var encryptor = password == null
                ? null
                : new JceOpenSSLPKCS8EncryptorBuilder(JcaPKCS8Generator.AES_256_CBC)
                        .setPRF(JcaPKCS8Generator.PRF_HMACSHA256)
                        .setProvider(new BouncyCastleProvider())
                        .setPassword(password)
                        .build();
        return Files.writeString(file, pemOf(new JcaPKCS8Generator(key, encryptor)), StandardCharsets.US_ASCII);
    }

    private static String pemOf(Object object) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter pem = new JcaPEMWriter(text)) {
            pem.writeObject(object);
        }
        return text.toString();
    }
}
