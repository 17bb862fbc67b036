package io.greptime.jdbc.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.internal.client.ChannelFactory;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.testing.ServerFixture;
import io.grpc.ManagedChannel;
import io.netty.handler.ssl.OpenSsl;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS through the driver against the embedded server, with certificates generated per run: the negotiated
 * protocol and provider, custom CAs (file and inline), mutual TLS with plain and encrypted keys, and one
 * clear SQLException (08001, naming the property to fix) for each way the setup can be wrong.
 */
class TlsTest {
    private static final char[] KEY_PASSWORD = "s3cret-Key-Pass".toCharArray();
    private static TestPki pki;
    private static TestPki.Issued server;
    private static TestPki.Issued client;

    @TempDir
    Path dir;

    private ServerFixture fixture;

    @BeforeAll
    static void generate() throws Exception {
        pki = new TestPki("transport-test-ca");
        server = pki.leaf("localhost", "localhost", "127.0.0.1");
        client = pki.leaf("transport-client");
    }

    @AfterEach
    void stop() {
        if (fixture != null) {
            fixture.close();
        }
    }

    private void serve(TestPki.Issued cert, boolean requireClientCert) {
        fixture = new ServerFixture(b -> {
            b.tls(cert.key(), cert.certificate());
            if (requireClientCert) {
                b.clientCa(pki.ca.certificate());
            }
        });
    }

    private Properties tlsTrustingTestCa() throws Exception {
        Properties p = new Properties();
        p.setProperty("tls", "true");
        p.setProperty(
                "tlsRootCert",
                TestPki.write(dir.resolve("ca.pem"), pki.ca.certificate()).toString());
        return p;
    }

    private Properties withClientCert(Properties p, TestPki.Issued cert, char[] password) throws Exception {
        p.setProperty(
                "tlsClientCert",
                TestPki.write(dir.resolve("client.pem"), cert.certificate()).toString());
        p.setProperty(
                "tlsClientKey",
                TestPki.writeKey(dir.resolve("client.key"), cert.key(), password)
                        .toString());
        if (password != null) {
            p.setProperty("tlsClientKeyPassword", new String(password));
        }
        return p;
    }

    private int insertOne(Properties p) throws SQLException {
        try (Connection c = fixture.connect("", p);
                Statement st = c.createStatement()) {
            return st.executeUpdate("INSERT 1");
        }
    }

    private SQLException connectFailure(Properties p) {
        SQLException e = catchThrowableOfType(SQLException.class, () -> insertOne(p));
        assertThat((Object) e).as("connecting must fail").isNotNull();
        assertThat(e.getSQLState()).isEqualTo("08001");
        return e;
    }

    private SSLSession sessionWith(Properties p) throws Exception {
        ConnectionConfig config = ConnectionConfig.of(fixture.url(""), p);
        ManagedChannel channel = ChannelFactory.open(config, config.primaryEndpoint());
        try {
            return TlsSessionProbe.sessionOf(channel);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void autoProvider_negotiatesTls13OnBoringSsl() throws Exception {
        assumeTrue(OpenSsl.isAvailable(), () -> "netty-tcnative does not load here: " + OpenSsl.unavailabilityCause());
        serve(server, false);
        SSLSession session = sessionWith(tlsTrustingTestCa());
        // gRPC refuses a TLS connection whose ALPN did not select h2, so a session here also means ALPN h2.
        assertThat(session.getProtocol()).isEqualTo("TLSv1.3");
        assertThat(session.getClass().getName()).contains("OpenSsl");
        assertThat(OpenSsl.versionString()).containsIgnoringCase("BoringSSL");
    }

    @Test
    void jdkProvider_negotiatesTls13OnTheJdkEngine() throws Exception {
        serve(server, false);
        Properties p = tlsTrustingTestCa();
        p.setProperty("tlsProvider", "jdk");
        SSLSession session = sessionWith(p);
        assertThat(session.getProtocol()).isEqualTo("TLSv1.3");
        assertThat(session.getClass().getName()).doesNotContain("OpenSsl").startsWith("sun.security.ssl.");
    }

    @Test
    void inlinePemRootCertificate_isTrusted() throws Exception {
        serve(server, false);
        Properties p = new Properties();
        p.setProperty("tls", "true");
        p.setProperty("tlsRootCert", TestPki.pem(pki.ca.certificate()));
        assertThat(insertOne(p)).isEqualTo(1);
    }

    @Test
    void mutualTls_serverAcceptsClientCertificateWithEncryptedKey() throws Exception {
        serve(server, true);
        assertThat(insertOne(withClientCert(tlsTrustingTestCa(), client, KEY_PASSWORD)))
                .isEqualTo(1);
    }

    @Test
    void mutualTls_plainPkcs8KeyOnTheJdkProvider() throws Exception {
        serve(server, true);
        Properties p = withClientCert(tlsTrustingTestCa(), client, null);
        p.setProperty("tlsProvider", "jdk");
        assertThat(insertOne(p)).isEqualTo(1);
    }

    @Test
    void mutualTls_withoutClientCertificate_isReportedAsRejected() throws Exception {
        serve(server, true);
        SQLException e = connectFailure(tlsTrustingTestCa());
        assertThat(e.getMessage()).contains("rejected the client certificate").contains("tlsClientCert");
    }

    @Test
    void mutualTls_clientCertificateOfAnotherCa_isReportedAsRejected() throws Exception {
        serve(server, true);
        TestPki.Issued stranger = new TestPki("stranger-ca").leaf("intruder");
        SQLException e = connectFailure(withClientCert(tlsTrustingTestCa(), stranger, null));
        assertThat(e.getMessage()).contains("rejected the client certificate");
    }

    @Test
    void wrongKeyPassword_namesThePropertyAndFileButNotThePassword() throws Exception {
        serve(server, true);
        Properties p = withClientCert(tlsTrustingTestCa(), client, KEY_PASSWORD);
        p.setProperty("tlsClientKeyPassword", "not-the-Password-42");
        SQLException e = connectFailure(p);
        assertThat(e.getMessage())
                .contains("tlsClientKeyPassword")
                .contains(dir.resolve("client.key").toString())
                .doesNotContain("not-the-Password-42")
                .doesNotContain(new String(KEY_PASSWORD));
    }

    @Test
    void encryptedKeyWithoutPassword_asksForThePasswordProperty() throws Exception {
        serve(server, true);
        Properties p = withClientCert(tlsTrustingTestCa(), client, KEY_PASSWORD);
        p.remove("tlsClientKeyPassword");
        assertThat(connectFailure(p).getMessage()).contains("is encrypted").contains("tlsClientKeyPassword");
    }

    @Test
    void missingRootCertFile_namesThePropertyAndPath() throws Exception {
        serve(server, false);
        Properties p = new Properties();
        p.setProperty("tls", "true");
        Path missing = dir.resolve("no-such-ca.pem");
        p.setProperty("tlsRootCert", missing.toString());
        assertThat(connectFailure(p).getMessage())
                .contains("tlsRootCert")
                .contains(missing.toString())
                .contains("does not exist");
    }

    @Test
    void expiredServerCertificate_isReportedAsExpired() throws Exception {
        serve(pki.expiredLeaf("localhost"), false);
        assertThat(connectFailure(tlsTrustingTestCa()).getMessage())
                .contains("TLS handshake failed")
                .contains("expired");
    }

    @Test
    void expiredClientCertificate_isRefusedBeforeConnecting() throws Exception {
        serve(server, true);
        SQLException e = connectFailure(withClientCert(tlsTrustingTestCa(), pki.expiredLeaf("old-client"), null));
        assertThat(e.getMessage()).contains("tlsClientCert").contains("expired on");
    }

    @Test
    void serverCertificateForAnotherHost_isAMismatchUnlessTheServerNameSaysSo() throws Exception {
        serve(pki.leaf("db.internal", "db.internal"), false);
        SQLException e = connectFailure(tlsTrustingTestCa());
        assertThat(e.getMessage()).contains("does not name the host").contains("tlsServerName");

        Properties named = tlsTrustingTestCa();
        named.setProperty("tlsServerName", "db.internal");
        assertThat(insertOne(named)).isEqualTo(1);

        Properties unverified = tlsTrustingTestCa();
        unverified.setProperty("tlsVerifyHostname", "false");
        assertThat(insertOne(unverified)).isEqualTo(1);
    }

    @Test
    void serverCertificateOfAnUntrustedCa_pointsAtTlsRootCert() throws Exception {
        serve(server, false);
        Properties jvmTrustStore = new Properties();
        jvmTrustStore.setProperty("tls", "true");
        assertThat(connectFailure(jvmTrustStore).getMessage())
                .contains("not signed by a trusted CA")
                .contains("tlsRootCert");

        Properties otherCa = new Properties();
        otherCa.setProperty("tls", "true");
        otherCa.setProperty("tlsRootCert", TestPki.pem(new TestPki("other-ca").ca.certificate()));
        assertThat(connectFailure(otherCa).getMessage()).contains("not signed by a trusted CA");
    }

    @Test
    void clientCertWithoutKey_isAConfigurationError() throws Exception {
        serve(server, true);
        Properties p = withClientCert(tlsTrustingTestCa(), client, null);
        p.remove("tlsClientKey");
        assertThat(connectFailure(p).getMessage()).contains("tlsClientCert and tlsClientKey go together");
    }
}
