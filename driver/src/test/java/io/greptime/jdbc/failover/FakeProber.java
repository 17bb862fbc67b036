package io.greptime.jdbc.failover;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.failover.HealthProber;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Answers probes at once: healthy unless the endpoint's port is in {@link #down}. Records every probe. */
final class FakeProber implements HealthProber {
    final Set<Integer> down = ConcurrentHashMap.newKeySet();
    final List<Integer> probed = new CopyOnWriteArrayList<>();

    @Override
    public CompletableFuture<Boolean> probe(JdbcUrl.Endpoint endpoint) {
        probed.add(endpoint.port());
        return CompletableFuture.completedFuture(!down.contains(endpoint.port()));
    }

    @Override
    public void close() {}
}
