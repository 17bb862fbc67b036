package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.DriverVersion;
import io.grpc.Codec;
import io.grpc.DecompressorRegistry;

/**
 * What every channel is configured with, whatever its transport (netty in {@link ChannelFactory}, OkHttp in
 * {@link OkHttpChannels}): kept apart so that neither transport's file reaches into the other's.
 */
final class ChannelDefaults {
    /**
     * The most header and trailer bytes one call may receive. gRPC's 8 KiB default is less than a server
     * error quoting a long statement needs (the message travels in the {@code grpc-message} trailer), and
     * a call over it fails as a bare HTTP/2 PROTOCOL_ERROR instead of the server's error; the message is
     * cut to 4,096 characters when it becomes an SQLException.
     */
    static final int MAX_INBOUND_METADATA = 1 << 20;

    private ChannelDefaults() {}

    /**
     * Which response encodings the channel advertises in {@code grpc-accept-encoding}. GreptimeDB compresses
     * every response a client says it accepts ({@code HEAD:src/servers/src/grpc/builder.rs:60-67}), DoGet
     * batches included, which are LZ4-compressed already; grpc-java advertises gzip by default, so both sides
     * would pay for a second compression (audit C3). Only identity is advertised unless {@code compression=gzip}
     * asks for transport compression.
     */
    static DecompressorRegistry decompressors(ConnectionConfig config) {
        return "gzip".equals(config.compression())
                ? DecompressorRegistry.getDefaultInstance()
                : DecompressorRegistry.emptyInstance().with(Codec.Identity.NONE, false);
    }

    static String userAgent(String applicationName) {
        return "greptime-jdbc/" + DriverVersion.VERSION + (applicationName == null ? "" : " " + applicationName);
    }
}
