package io.greptime.jdbc.tck.server;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** A throw-away CA with server and client certificates, generated per test run. */
final class TestCertificates {
    private static final AtomicLong SERIAL = new AtomicLong(System.nanoTime());

    record Issued(KeyPair keys, X509Certificate certificate) {}

    final Issued ca;
    final Issued server;
    final Issued client;

    TestCertificates() throws Exception {
        ca = issue("CN=test-ca", null, true);
        server = issue("CN=localhost", ca, false);
        client = issue("CN=test-client", ca, false);
    }

    private static Issued issue(String subject, Issued issuer, boolean isCa) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        KeyPair keys = generator.generateKeyPair();
        Instant now = Instant.now();
        X500Name name = new X500Name(subject);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                issuer == null
                        ? name
                        : new X500Name(
                                issuer.certificate().getSubjectX500Principal().getName()),
                BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))),
                name,
                keys.getPublic());
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
        if (!isCa) {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")
            }));
        }
        var signer = new JcaContentSignerBuilder("SHA256withECDSA")
                .build(issuer == null ? keys.getPrivate() : issuer.keys().getPrivate());
        X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
        return new Issued(keys, certificate);
    }

    static Path writeCertificate(Path file, X509Certificate certificate) throws IOException {
        return write(file, certificate);
    }

    static Path writePrivateKey(Path file, KeyPair keys) throws IOException {
        return write(file, new JcaPKCS8Generator(keys.getPrivate(), null));
    }

    private static Path write(Path file, Object pemObject) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter pem = new JcaPEMWriter(text)) {
            pem.writeObject(pemObject);
        }
        return Files.writeString(file, text.toString(), StandardCharsets.US_ASCII);
    }
}
