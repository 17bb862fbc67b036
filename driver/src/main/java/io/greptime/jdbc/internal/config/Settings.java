package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.GreptimeProperty;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * The typed key of every {@link GreptimeProperty}, named as the constant it wraps, for {@link
 * ConnectionConfig#get(Setting)}. Each line pairs a constant with the factory of its type tag (see {@link
 * Setting} for why keys live beside the enum); the static initializer refuses a wrong pairing, a missing
 * constant or a constant listed twice, so the registry and this table cannot drift apart.
 */
public final class Settings {
    private Settings() {}

    public static final Setting<String> USER = Setting.string(GreptimeProperty.USER);
    public static final Setting<String> PASSWORD = Setting.string(GreptimeProperty.PASSWORD);
    public static final Setting<String> DATABASE = Setting.string(GreptimeProperty.DATABASE);
    public static final Setting<ZoneId> TIMEZONE = Setting.zone(GreptimeProperty.TIMEZONE);
    public static final Setting<Integer> CONNECT_TIMEOUT = Setting.integer(GreptimeProperty.CONNECT_TIMEOUT);
    public static final Setting<Integer> QUERY_TIMEOUT = Setting.integer(GreptimeProperty.QUERY_TIMEOUT);
    public static final Setting<Integer> FETCH_SIZE = Setting.integer(GreptimeProperty.FETCH_SIZE);
    public static final Setting<Long> MAX_RESULT_MEMORY = Setting.size(GreptimeProperty.MAX_RESULT_MEMORY);
    public static final Setting<Long> MAX_INBOUND_MESSAGE_SIZE =
            Setting.size(GreptimeProperty.MAX_INBOUND_MESSAGE_SIZE);
    public static final Setting<Boolean> TLS = Setting.flag(GreptimeProperty.TLS);
    public static final Setting<String> TLS_ROOT_CERT = Setting.string(GreptimeProperty.TLS_ROOT_CERT);
    public static final Setting<String> TLS_CLIENT_CERT = Setting.string(GreptimeProperty.TLS_CLIENT_CERT);
    public static final Setting<String> TLS_CLIENT_KEY = Setting.string(GreptimeProperty.TLS_CLIENT_KEY);
    public static final Setting<String> TLS_CLIENT_KEY_PASSWORD =
            Setting.string(GreptimeProperty.TLS_CLIENT_KEY_PASSWORD);
    public static final Setting<String> TLS_SERVER_NAME = Setting.string(GreptimeProperty.TLS_SERVER_NAME);
    public static final Setting<Boolean> TLS_VERIFY_HOSTNAME = Setting.flag(GreptimeProperty.TLS_VERIFY_HOSTNAME);
    public static final Setting<String> TLS_PROVIDER = Setting.choice(GreptimeProperty.TLS_PROVIDER);
    public static final Setting<String> TRANSPORT = Setting.choice(GreptimeProperty.TRANSPORT);
    public static final Setting<String> UNIX_SOCKET = Setting.string(GreptimeProperty.UNIX_SOCKET);
    public static final Setting<Integer> KEEP_ALIVE_TIME = Setting.integer(GreptimeProperty.KEEP_ALIVE_TIME);
    public static final Setting<Integer> KEEP_ALIVE_TIMEOUT = Setting.integer(GreptimeProperty.KEEP_ALIVE_TIMEOUT);
    public static final Setting<Boolean> KEEP_ALIVE_WITHOUT_CALLS =
            Setting.flag(GreptimeProperty.KEEP_ALIVE_WITHOUT_CALLS);
    public static final Setting<String> COMPRESSION = Setting.choice(GreptimeProperty.COMPRESSION);
    public static final Setting<Map<String, String>> HINTS = Setting.hints(GreptimeProperty.HINTS);
    public static final Setting<String> APPLICATION_NAME = Setting.string(GreptimeProperty.APPLICATION_NAME);
    public static final Setting<Boolean> BULK_WRITES = Setting.flag(GreptimeProperty.BULK_WRITES);
    public static final Setting<String> BULK_COMPRESSION = Setting.choice(GreptimeProperty.BULK_COMPRESSION);
    public static final Setting<Integer> BULK_WINDOW = Setting.integer(GreptimeProperty.BULK_WINDOW);
    public static final Setting<String> BULK_ACKNOWLEDGE = Setting.choice(GreptimeProperty.BULK_ACKNOWLEDGE);
    public static final Setting<Integer> BULK_FLUSH_ROWS = Setting.integer(GreptimeProperty.BULK_FLUSH_ROWS);
    public static final Setting<Long> BULK_FLUSH_BYTES = Setting.size(GreptimeProperty.BULK_FLUSH_BYTES);
    public static final Setting<String> THREAD_AFFINITY = Setting.choice(GreptimeProperty.THREAD_AFFINITY);
    public static final Setting<Integer> BULK_ROW_PATH_BELOW = Setting.integer(GreptimeProperty.BULK_ROW_PATH_BELOW);
    public static final Setting<Boolean> BULK_AUTO_CREATE_TABLE = Setting.flag(GreptimeProperty.BULK_AUTO_CREATE_TABLE);
    public static final Setting<Boolean> BULK_SORT_BY_TIME = Setting.flag(GreptimeProperty.BULK_SORT_BY_TIME);
    public static final Setting<String> BULK_TIME_WINDOW = Setting.choice(GreptimeProperty.BULK_TIME_WINDOW);
    public static final Setting<String> LOGGING = Setting.choice(GreptimeProperty.LOGGING);
    public static final Setting<Integer> SLOW_STATEMENT_THRESHOLD =
            Setting.integer(GreptimeProperty.SLOW_STATEMENT_THRESHOLD);
    public static final Setting<Integer> LOG_SQL_LENGTH = Setting.integer(GreptimeProperty.LOG_SQL_LENGTH);
    public static final Setting<String> METRICS = Setting.choice(GreptimeProperty.METRICS);
    public static final Setting<Boolean> TRACING = Setting.flag(GreptimeProperty.TRACING);
    public static final Setting<String> FAILOVER_POLICY = Setting.choice(GreptimeProperty.FAILOVER_POLICY);
    public static final Setting<String> QUERY_FAILOVER_POLICY = Setting.choice(GreptimeProperty.QUERY_FAILOVER_POLICY);
    public static final Setting<String> WRITE_FAILOVER_POLICY = Setting.choice(GreptimeProperty.WRITE_FAILOVER_POLICY);
    public static final Setting<String> BULK_FAILOVER_POLICY = Setting.choice(GreptimeProperty.BULK_FAILOVER_POLICY);
    public static final Setting<String> DDL_FAILOVER_POLICY = Setting.choice(GreptimeProperty.DDL_FAILOVER_POLICY);
    public static final Setting<Integer> LATENCY_EXPLORE_EVERY =
            Setting.integer(GreptimeProperty.LATENCY_EXPLORE_EVERY);
    public static final Setting<Integer> BREAKER_FAILURES = Setting.integer(GreptimeProperty.BREAKER_FAILURES);
    public static final Setting<Integer> BREAKER_COOLDOWN = Setting.integer(GreptimeProperty.BREAKER_COOLDOWN);
    public static final Setting<Integer> PROBE_TIMEOUT = Setting.integer(GreptimeProperty.PROBE_TIMEOUT);
    public static final Setting<Integer> FAILOVER_RETRIES = Setting.integer(GreptimeProperty.FAILOVER_RETRIES);
    public static final Setting<Integer> FAILOVER_TIMEOUT = Setting.integer(GreptimeProperty.FAILOVER_TIMEOUT);
    public static final Setting<Boolean> DISCOVER_FRONTENDS = Setting.flag(GreptimeProperty.DISCOVER_FRONTENDS);
    public static final Setting<String> DISCOVERED_PORT = Setting.choice(GreptimeProperty.DISCOVERED_PORT);
    public static final Setting<String> SERVER_VERSION = Setting.version(GreptimeProperty.SERVER_VERSION);

    /** Every setting, in {@link GreptimeProperty} order (index = ordinal). */
    public static final List<Setting<?>> ALL = List.of(
            USER,
            PASSWORD,
            DATABASE,
            TIMEZONE,
            CONNECT_TIMEOUT,
            QUERY_TIMEOUT,
            FETCH_SIZE,
            MAX_RESULT_MEMORY,
            MAX_INBOUND_MESSAGE_SIZE,
            TLS,
            TLS_ROOT_CERT,
            TLS_CLIENT_CERT,
            TLS_CLIENT_KEY,
            TLS_CLIENT_KEY_PASSWORD,
            TLS_SERVER_NAME,
            TLS_VERIFY_HOSTNAME,
            TLS_PROVIDER,
            TRANSPORT,
            UNIX_SOCKET,
            KEEP_ALIVE_TIME,
            KEEP_ALIVE_TIMEOUT,
            KEEP_ALIVE_WITHOUT_CALLS,
            COMPRESSION,
            HINTS,
            APPLICATION_NAME,
            BULK_WRITES,
            BULK_COMPRESSION,
            BULK_WINDOW,
            BULK_ACKNOWLEDGE,
            BULK_FLUSH_ROWS,
            BULK_FLUSH_BYTES,
            THREAD_AFFINITY,
            BULK_ROW_PATH_BELOW,
            BULK_AUTO_CREATE_TABLE,
            BULK_SORT_BY_TIME,
            BULK_TIME_WINDOW,
            LOGGING,
            SLOW_STATEMENT_THRESHOLD,
            LOG_SQL_LENGTH,
            METRICS,
            TRACING,
            FAILOVER_POLICY,
            QUERY_FAILOVER_POLICY,
            WRITE_FAILOVER_POLICY,
            BULK_FAILOVER_POLICY,
            DDL_FAILOVER_POLICY,
            LATENCY_EXPLORE_EVERY,
            BREAKER_FAILURES,
            BREAKER_COOLDOWN,
            PROBE_TIMEOUT,
            FAILOVER_RETRIES,
            FAILOVER_TIMEOUT,
            DISCOVER_FRONTENDS,
            DISCOVERED_PORT,
            SERVER_VERSION);

    static {
        GreptimeProperty[] properties = GreptimeProperty.values();
        if (ALL.size() != properties.length) {
            throw new IllegalStateException(
                    ALL.size() + " settings for " + properties.length + " properties: add the missing one here");
        }
        for (int i = 0; i < properties.length; i++) {
            if (ALL.get(i).property() != properties[i]) {
                throw new IllegalStateException("setting " + i + " is "
                        + ALL.get(i).property() + ", not " + properties[i] + ": keep ALL in GreptimeProperty order");
            }
        }
    }

    /** The typed key of a property. */
    public static Setting<?> of(GreptimeProperty property) {
        return ALL.get(property.ordinal());
    }
}
