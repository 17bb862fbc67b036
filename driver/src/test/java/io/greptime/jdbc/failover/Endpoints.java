package io.greptime.jdbc.failover;

import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.failover.EndpointSet;
import io.greptime.jdbc.internal.failover.FailoverSettings;
import io.greptime.jdbc.internal.failover.OperationKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Endpoint sets over fake hosts h:1, h:2, ... for unit tests. */
final class Endpoints {
    private Endpoints() {}

    static FailoverSettings settings(String policy, int retries, long deadlineMillis) {
        Map<OperationKind, String> policies = new EnumMap<>(OperationKind.class);
        for (OperationKind k : OperationKind.values()) {
            policies.put(k, policy);
        }
        return new FailoverSettings(
                policies,
                4,
                2,
                TimeUnit.MILLISECONDS.toNanos(1000),
                100,
                retries,
                TimeUnit.MILLISECONDS.toNanos(deadlineMillis),
                false);
    }

    static EndpointSet set(
            int n, FailoverSettings settings, FakeClock clock, FakeProber prober, RecordingListener listener) {
        List<JdbcUrl.Endpoint> hosts = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            hosts.add(new JdbcUrl.Endpoint("h", i));
        }
        return new EndpointSet(hosts, settings, clock, bound -> bound - 1, listener, prober, e -> {});
    }
}
