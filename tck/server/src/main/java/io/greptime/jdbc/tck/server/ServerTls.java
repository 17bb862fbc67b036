package io.greptime.jdbc.tck.server;

import io.grpc.netty.GrpcSslContexts;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.File;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLException;

/**
 * The server side of TLS: a certificate chain with its key, from PEM files or objects, and optionally
 * the CA that client certificates must be signed by (which makes client certificates mandatory).
 */
final class ServerTls {
    private final File chainFile;
    private final File keyFile;
    private final X509Certificate[] chain;
    private final PrivateKey key;
    private File clientCaFile;
    private X509Certificate[] clientCas;

    private ServerTls(File chainFile, File keyFile, X509Certificate[] chain, PrivateKey key) {
        this.chainFile = chainFile;
        this.keyFile = keyFile;
        this.chain = chain;
        this.key = key;
    }

    static ServerTls ofFiles(File chainPem, File keyPem) {
        return new ServerTls(chainPem, keyPem, null, null);
    }

    static ServerTls ofObjects(PrivateKey key, X509Certificate... chain) {
        return new ServerTls(null, null, chain.clone(), key);
    }

    void requireClientCertificates(File caPem) {
        clientCaFile = caPem;
    }

    void requireClientCertificates(X509Certificate... cas) {
        clientCas = cas.clone();
    }

    SslContext sslContext() throws SSLException {
        SslContextBuilder builder = chainFile != null
                ? SslContextBuilder.forServer(chainFile, keyFile)
                : SslContextBuilder.forServer(key, chain);
        if (clientCaFile != null) {
            builder.trustManager(clientCaFile).clientAuth(ClientAuth.REQUIRE);
        } else if (clientCas != null) {
            builder.trustManager(clientCas).clientAuth(ClientAuth.REQUIRE);
        }
        return GrpcSslContexts.configure(builder).build();
    }
}
