package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The client {@link SslContext} of a connection: TLS 1.3 (1.2 for older servers) with ALPN {@code h2},
 * on BoringSSL (netty-tcnative) when it loads, else the JDK; trusted CAs from {@code tlsRootCert} or the
 * JVM trust store; the client certificate and key for mutual TLS; host name verification unless turned off.
 */
final class TlsContextBuilder {
    private static final Set<SslProvider> LOGGED = ConcurrentHashMap.newKeySet();

    private TlsContextBuilder() {}

    /** The context for {@code config}; a misconfiguration is an SQLException (08001) naming the property. */
    static SslContext build(ConnectionConfig config) throws SQLException {
        SslProvider provider = provider(config.tlsProvider());
        SslContextBuilder b = GrpcSslContexts.configure(SslContextBuilder.forClient(), provider)
                .protocols("TLSv1.3", "TLSv1.2")
                .trustManager(trustManager(config));
        String cert = config.get(Settings.TLS_CLIENT_CERT);
        String key = config.get(Settings.TLS_CLIENT_KEY);
        if ((cert == null) != (key == null)) {
            throw fail(
                    GreptimeProperty.TLS_CLIENT_CERT.key() + " and " + GreptimeProperty.TLS_CLIENT_KEY.key()
                            + " go together for mutual TLS; only "
                            + (cert == null
                                    ? key(GreptimeProperty.TLS_CLIENT_KEY)
                                    : key(GreptimeProperty.TLS_CLIENT_CERT))
                            + " is set",
                    null);
        }
        if (cert != null) {
            X509Certificate[] chain =
                    PemMaterial.read(GreptimeProperty.TLS_CLIENT_CERT, cert).certificates();
            b.keyManager(
                    PemMaterial.read(GreptimeProperty.TLS_CLIENT_KEY, key).privateKey(config.tlsClientKeyPassword()),
                    chain);
        }
        try {
            SslContext context = b.build();
            logProvider(provider);
            return context;
        } catch (SSLException | RuntimeException e) {
            throw fail("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    /** The provider {@code tlsProvider} asks for; {@code auto} prefers BoringSSL. */
    static SslProvider provider(String requested) throws SQLException {
        boolean openSsl = OpenSsl.isAvailable() && SslProvider.isAlpnSupported(SslProvider.OPENSSL);
        switch (requested) {
            case "openssl":
                if (!openSsl) {
                    throw fail(
                            key(GreptimeProperty.TLS_PROVIDER)
                                    + "=openssl, but netty-tcnative (BoringSSL) does not load: "
                                    + OpenSsl.unavailabilityCause() + " (use tlsProvider=auto or jdk)",
                            OpenSsl.unavailabilityCause());
                }
                return SslProvider.OPENSSL;
            case "jdk":
                return SslProvider.JDK;
            default:
                return openSsl ? SslProvider.OPENSSL : SslProvider.JDK;
        }
    }

    private static TrustManager trustManager(ConnectionConfig config) throws SQLException {
        String root = config.get(Settings.TLS_ROOT_CERT);
        X509Certificate[] cas = root == null
                ? null
                : PemMaterial.read(GreptimeProperty.TLS_ROOT_CERT, root).certificates();
        X509ExtendedTrustManager pkix;
        try {
            KeyStore store = null;
            if (cas != null) {
                store = KeyStore.getInstance(KeyStore.getDefaultType());
                store.load(null, null);
                for (int i = 0; i < cas.length; i++) {
                    store.setCertificateEntry("ca-" + i, cas[i]);
                }
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(store);
            pkix = firstExtended(factory.getTrustManagers());
        } catch (GeneralSecurityException | IOException e) {
            throw fail("cannot build the trust manager from " + key(GreptimeProperty.TLS_ROOT_CERT) + ": " + e, e);
        }
        return config.tlsVerifyHostname() ? pkix : new UnverifiedHostnameTrustManager(pkix);
    }

    private static X509ExtendedTrustManager firstExtended(TrustManager[] managers) throws GeneralSecurityException {
        for (TrustManager m : managers) {
            if (m instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("the JVM's default TrustManagerFactory offers no X509ExtendedTrustManager");
    }

    private static void logProvider(SslProvider provider) {
        if (LOGGED.add(provider)) {
            TransportChooser.LOG.log(
                    provider == SslProvider.OPENSSL ? Level.CONFIG : Level.INFO,
                    () -> "greptime-jdbc TLS: "
                            + (provider == SslProvider.OPENSSL
                                    ? "openssl (" + OpenSsl.versionString() + ")"
                                    : "jdk"
                                            + (OpenSsl.isAvailable()
                                                    ? ""
                                                    : " (netty-tcnative unavailable: " + OpenSsl.unavailabilityCause()
                                                            + ")")));
        }
    }

    private static String key(GreptimeProperty p) {
        return p.key();
    }

    private static SQLException fail(String message, Throwable cause) {
        return new SQLNonTransientConnectionException(
                "TLS configuration: " + message, SqlState.CANNOT_CONNECT.code(), cause);
    }
}
