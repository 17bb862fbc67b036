package io.greptime.jdbc.examples;

import io.greptime.jdbc.sqlstate.SqlState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * TLS and credentials: makes a self-signed certificate for 127.0.0.1 with the JDK's {@code keytool} (no
 * extra library), starts the embedded server with that certificate and a user, then connects with
 * {@code tls=true}, {@code tlsRootCert=<the certificate as PEM>}, {@code user} and {@code password}. Also
 * shows the two failures a user meets first: a wrong password (SQLState 28000, password not in the
 * message) and a client that does not trust the certificate.
 *
 * <p>It configures the server, so it runs on the embedded server only; against your own GreptimeDB, put
 * the same properties in the URL: {@code jdbc:greptime://host:4001/public?tls=true&tlsRootCert=ca.pem}.
 */
public final class TlsAndCredentials {
    static final String USER = "analyst";
    private static final char[] STORE_PASSWORD = "example-only".toCharArray();

    private TlsAndCredentials() {}

    public static void main(String[] args) throws Exception {
        if (System.getenv("GREPTIMEDB_ENDPOINT") != null) {
            System.out.println("TlsAndCredentials configures the server's certificate and users, so it runs only on"
                    + " the embedded server; unset GREPTIMEDB_ENDPOINT to run it");
            return;
        }
        Path dir = Files.createTempDirectory("greptime-tls");
        run(dir, "correct horse battery staple");
    }

    /** Generates the certificate in {@code dir}, starts a TLS server with one user and checks the connections. */
    static void run(Path dir, String password) throws Exception {
        KeyStore store = selfSignedKeyStore(dir.resolve("server.p12"));
        PrivateKey key = (PrivateKey) store.getKey("server", STORE_PASSWORD);
        X509Certificate cert = (X509Certificate) store.getCertificate("server");
        Path caPem = dir.resolve("ca.pem");
        Files.writeString(caPem, pem(cert), StandardCharsets.US_ASCII);
        System.out.println("self-signed certificate for " + cert.getSubjectX500Principal() + " written to " + caPem);

        try (ExampleTarget target = ExampleTarget.open(0, b -> b.tls(key, cert).user(USER, password))) {
            String url = target.url() + "?tls=true&tlsRootCert=" + caPem.toAbsolutePath();
            Properties credentials = new Properties();
            credentials.setProperty("user", USER);
            credentials.setProperty("password", password);
            try (Connection conn = DriverManager.getConnection(url, credentials);
                    Statement st = conn.createStatement();
                    ResultSet rs = st.executeQuery("SELECT 1 + 1")) {
                ExampleTarget.check(rs.next() && rs.getInt(1) == 2, "a query over TLS as " + USER + " answered 2");
            }
            expectFailure(
                    url,
                    USER,
                    "not-the-password",
                    SqlState.INVALID_AUTHORIZATION.code(),
                    "a wrong password is refused with SQLState 28000");
            expectFailure(
                    target.url() + "?tls=true",
                    USER,
                    password,
                    null,
                    "a client that does not trust the self-signed certificate cannot connect");
        }
    }

    private static void expectFailure(String url, String user, String password, String sqlState, String what) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        try (Connection conn = DriverManager.getConnection(url, p);
                Statement st = conn.createStatement()) {
            st.executeQuery("SELECT 1").close();
            ExampleTarget.check(false, what + " (it connected)");
        } catch (SQLException e) {
            System.out.println("  refused: SQLState " + e.getSQLState() + ": " + e.getMessage());
            ExampleTarget.check(
                    (sqlState == null || sqlState.equals(e.getSQLState()))
                            && !e.getMessage().contains(password),
                    what);
        }
    }

    /** A PKCS#12 store with an RSA key and a certificate for 127.0.0.1/localhost, made by keytool. */
    static KeyStore selfSignedKeyStore(Path file) throws IOException, GeneralSecurityException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-validity",
                        "2",
                        "-dname",
                        "CN=greptime-jdbc example",
                        "-ext",
                        "SAN=ip:127.0.0.1,dns:localhost",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        file.toString(),
                        "-storepass",
                        new String(STORE_PASSWORD),
                        "-keypass",
                        new String(STORE_PASSWORD))
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, STORE_PASSWORD);
        }
        return store;
    }

    private static String pem(X509Certificate cert) throws GeneralSecurityException {
        return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(cert.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }
}
