package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.config.ConnectionConfig;
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
        String base = config.string(GreptimeProperty.FAILOVER_POLICY);
        Map<OperationKind, String> policies = new EnumMap<>(OperationKind.class);
        policies.put(OperationKind.QUERY, or(config.string(GreptimeProperty.QUERY_FAILOVER_POLICY), base));
        policies.put(OperationKind.WRITE, or(config.string(GreptimeProperty.WRITE_FAILOVER_POLICY), base));
        policies.put(OperationKind.BULK, or(config.string(GreptimeProperty.BULK_FAILOVER_POLICY), base));
        policies.put(OperationKind.DDL, or(config.string(GreptimeProperty.DDL_FAILOVER_POLICY), base));
        return new FailoverSettings(
                policies,
                config.intValue(GreptimeProperty.LATENCY_EXPLORE_EVERY),
                config.intValue(GreptimeProperty.BREAKER_FAILURES),
                TimeUnit.MILLISECONDS.toNanos(config.intValue(GreptimeProperty.BREAKER_COOLDOWN)),
                config.intValue(GreptimeProperty.PROBE_TIMEOUT),
                config.intValue(GreptimeProperty.FAILOVER_RETRIES),
                TimeUnit.MILLISECONDS.toNanos(config.intValue(GreptimeProperty.FAILOVER_TIMEOUT)),
                config.flag(GreptimeProperty.DISCOVER_FRONTENDS));
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
