package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Wraps another source's channels so every call passes an interceptor of the connection's observability (one
 * per endpoint, from {@code Observability.callInterceptor}); lifecycle stays with the wrapped source (a pooled
 * source keeps sharing its channels, an owned one shuts them down at close). It takes the interceptors as a
 * function, and lives here rather than in observe, because observe sits below client (client reports into it)
 * and must not reach back up for the channel types.
 */
public final class InstrumentedChannelSource implements ChannelSource {
    private final ChannelSource delegate;
    private final Function<String, ClientInterceptor> interceptors;
    private final Map<ManagedChannel, ManagedChannel> wrapped = new ConcurrentHashMap<>();

    /** {@code interceptors} maps an endpoint's {@code host:port} to the interceptor of its calls. */
    public InstrumentedChannelSource(ChannelSource delegate, Function<String, ClientInterceptor> interceptors) {
        this.delegate = delegate;
        this.interceptors = interceptors;
    }

    @Override
    public ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
        ManagedChannel raw = delegate.channel(endpoint);
        ManagedChannel existing = wrapped.get(raw);
        if (existing != null) {
            return existing;
        }
        return wrapped.computeIfAbsent(
                raw, r -> new InstrumentedChannel(r, interceptors.apply(endpoint.host() + ":" + endpoint.port())));
    }

    @Override
    public void close() {
        wrapped.clear();
        delegate.close();
    }
}
