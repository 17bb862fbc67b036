package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Where a connection's channels come from. A plain connection owns one channel per endpoint and
 * closes them with itself; a pooled {@code DataSource} mode may lend channels it shares between
 * connections, in which case {@link #close()} gives them back rather than shutting them down.
 */
public interface ChannelSource extends AutoCloseable {

    /** The channel to {@code endpoint}, opened on first use; the source stays its owner. */
    ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException;

    /** Releases what the connection holds (owned channels are shut down, cancelling their calls). */
    @Override
    void close();

    /** A source that opens its own channels with {@link ChannelFactory} and closes them on close. */
    static ChannelSource owned(ConnectionConfig config) {
        return new Owned(config);
    }

    /** One channel per endpoint, owned by one connection. */
    final class Owned implements ChannelSource {
        private final ConnectionConfig config;
        private final Map<JdbcUrl.Endpoint, ManagedChannel> channels = new ConcurrentHashMap<>();

        Owned(ConnectionConfig config) {
            this.config = config;
        }

        @Override
        public ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
            ManagedChannel existing = ChannelFactory.dropIfBroken(channels, endpoint);
            if (existing != null) {
                return existing;
            }
            ManagedChannel opened = ChannelFactory.open(config, endpoint);
            ManagedChannel raced = channels.putIfAbsent(endpoint, opened);
            if (raced != null) {
                opened.shutdownNow();
                return raced;
            }
            return opened;
        }

        @Override
        public void close() {
            channels.values().forEach(ManagedChannel::shutdownNow);
            for (ManagedChannel c : channels.values()) {
                try {
                    c.awaitTermination(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
