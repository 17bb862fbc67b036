package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.internal.client.ChannelSource;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wraps another source's channels so every call is observed; lifecycle stays with the wrapped source
 * (a pooled source keeps sharing its channels, an owned one shuts them down at close).
 */
final class InstrumentedChannelSource implements ChannelSource {
    private final ChannelSource delegate;
    private final Observability owner;
    private final Map<ManagedChannel, ManagedChannel> wrapped = new ConcurrentHashMap<>();

    InstrumentedChannelSource(ChannelSource delegate, Observability owner) {
        this.delegate = delegate;
        this.owner = owner;
    }

    @Override
    public ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
        ManagedChannel raw = delegate.channel(endpoint);
        ManagedChannel existing = wrapped.get(raw);
        if (existing != null) {
            return existing;
        }
        return wrapped.computeIfAbsent(
                raw,
                r -> new InstrumentedChannel(r, new CallInterceptor(owner, endpoint.host() + ":" + endpoint.port())));
    }

    @Override
    public void close() {
        wrapped.clear();
        delegate.close();
    }
}
