package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.Settings;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The failover properties of one connection, typed.
 *
 * @param policies the policy name per operation kind
 * @param retries retries allowed per call after its first attempt
 * @param deadlineNanos bound on a call and all its retries, 0 for none
 */
public record FailoverSettings(
        Map<OperationKind, String> policies,
        int exploreEvery,
        int breakerFailures,
        long breakerCooldownNanos,
        long probeTimeoutMillis,
        int retries,
        long deadlineNanos,
        boolean discovery) {

    public FailoverSettings {
        policies = Map.copyOf(policies);
    }

    public static FailoverSettings of(ConnectionConfig config) {
        String base = config.get(Settings.FAILOVER_POLICY);
        Map<OperationKind, String> policies = new EnumMap<>(OperationKind.class);
        policies.put(OperationKind.QUERY, or(config.get(Settings.QUERY_FAILOVER_POLICY), base));
        policies.put(OperationKind.WRITE, or(config.get(Settings.WRITE_FAILOVER_POLICY), base));
        policies.put(OperationKind.BULK, or(config.get(Settings.BULK_FAILOVER_POLICY), base));
        policies.put(OperationKind.DDL, or(config.get(Settings.DDL_FAILOVER_POLICY), base));
        return new FailoverSettings(
                policies,
                config.get(Settings.LATENCY_EXPLORE_EVERY),
                config.get(Settings.BREAKER_FAILURES),
                TimeUnit.MILLISECONDS.toNanos(config.get(Settings.BREAKER_COOLDOWN)),
                config.get(Settings.PROBE_TIMEOUT),
                config.get(Settings.FAILOVER_RETRIES),
                TimeUnit.MILLISECONDS.toNanos(config.get(Settings.FAILOVER_TIMEOUT)),
                config.get(Settings.DISCOVER_FRONTENDS));
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
