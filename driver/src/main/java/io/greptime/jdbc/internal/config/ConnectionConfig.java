package io.greptime.jdbc.internal.config;

import static io.greptime.jdbc.internal.config.Settings.APPLICATION_NAME;
import static io.greptime.jdbc.internal.config.Settings.BREAKER_FAILURES;
import static io.greptime.jdbc.internal.config.Settings.BULK_ACKNOWLEDGE;
import static io.greptime.jdbc.internal.config.Settings.BULK_AUTO_CREATE_TABLE;
import static io.greptime.jdbc.internal.config.Settings.BULK_COMPRESSION;
import static io.greptime.jdbc.internal.config.Settings.BULK_FLUSH_BYTES;
import static io.greptime.jdbc.internal.config.Settings.BULK_FLUSH_ROWS;
import static io.greptime.jdbc.internal.config.Settings.BULK_ROW_PATH_BELOW;
import static io.greptime.jdbc.internal.config.Settings.BULK_SORT_BY_TIME;
import static io.greptime.jdbc.internal.config.Settings.BULK_TIME_WINDOW;
import static io.greptime.jdbc.internal.config.Settings.BULK_WINDOW;
import static io.greptime.jdbc.internal.config.Settings.BULK_WRITES;
import static io.greptime.jdbc.internal.config.Settings.COMPRESSION;
import static io.greptime.jdbc.internal.config.Settings.CONNECT_TIMEOUT;
import static io.greptime.jdbc.internal.config.Settings.DATABASE;
import static io.greptime.jdbc.internal.config.Settings.FETCH_SIZE;
import static io.greptime.jdbc.internal.config.Settings.HINTS;
import static io.greptime.jdbc.internal.config.Settings.KEEP_ALIVE_TIME;
import static io.greptime.jdbc.internal.config.Settings.KEEP_ALIVE_TIMEOUT;
import static io.greptime.jdbc.internal.config.Settings.KEEP_ALIVE_WITHOUT_CALLS;
import static io.greptime.jdbc.internal.config.Settings.LATENCY_EXPLORE_EVERY;
import static io.greptime.jdbc.internal.config.Settings.MAX_INBOUND_MESSAGE_SIZE;
import static io.greptime.jdbc.internal.config.Settings.MAX_RESULT_MEMORY;
import static io.greptime.jdbc.internal.config.Settings.PASSWORD;
import static io.greptime.jdbc.internal.config.Settings.QUERY_TIMEOUT;
import static io.greptime.jdbc.internal.config.Settings.TIMEZONE;
import static io.greptime.jdbc.internal.config.Settings.TLS;
import static io.greptime.jdbc.internal.config.Settings.TLS_CLIENT_KEY_PASSWORD;
import static io.greptime.jdbc.internal.config.Settings.TLS_PROVIDER;
import static io.greptime.jdbc.internal.config.Settings.TLS_VERIFY_HOSTNAME;
import static io.greptime.jdbc.internal.config.Settings.TRANSPORT;
import static io.greptime.jdbc.internal.config.Settings.UNIX_SOCKET;
import static io.greptime.jdbc.internal.config.Settings.USER;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.internal.redact.Printable;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The validated, typed configuration of one connection. Immutable.
 *
 * <p>Read a property with {@link #get(Setting)} and its key from {@link Settings}: {@code
 * config.get(CONNECT_TIMEOUT)} is an {@code Integer}, {@code config.get(TLS)} a {@code Boolean}, checked by
 * the compiler (see {@link Setting} for the design). The named accessors below add a unit, a default or a
 * conversion (the session zone, the time window as a {@code Duration}) on top of it.
 *
 * <p>Values come from, in increasing precedence: property defaults, the URL (path and query string),
 * the {@link Properties} given to {@code connect}. Unknown keys and bad values are all collected into one
 * {@link ConfigException}.
 */
public final class ConnectionConfig {
    private final List<JdbcUrl.Endpoint> endpoints;
    private final Map<GreptimeProperty, Object> values;

    private ConnectionConfig(List<JdbcUrl.Endpoint> endpoints, Map<GreptimeProperty, Object> values) {
        this.endpoints = List.copyOf(endpoints);
        this.values = values;
    }

    /** Parses and validates a URL with extra properties (which may be null). */
    public static ConnectionConfig of(String url, Properties info) throws ConfigException {
        List<String> problems = new ArrayList<>();
        JdbcUrl parsed;
        try {
            parsed = JdbcUrl.parse(url);
        } catch (ConfigException e) {
            problems.addAll(e.problems());
            parsed = null;
        }
        Map<GreptimeProperty, String> raw = new EnumMap<>(GreptimeProperty.class);
        if (parsed != null) {
            collect(parsed.parameters(), "URL", raw, problems);
            mergePathDatabase(parsed.database(), raw, problems);
        }
        if (info != null) {
            Map<String, String> props = new java.util.LinkedHashMap<>();
            for (String name : info.stringPropertyNames()) {
                props.put(name, info.getProperty(name));
            }
            collect(props, "Properties", raw, problems);
        }
        Map<GreptimeProperty, Object> typed = convert(raw, problems);
        List<JdbcUrl.Endpoint> endpoints =
                parsed == null ? List.of() : withUnixSocket(parsed.endpoints(), peek(typed, UNIX_SOCKET), problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new ConnectionConfig(endpoints, typed);
    }

    /** The {@code unixSocket} property routes the URL's single host through that socket file. */
    private static List<JdbcUrl.Endpoint> withUnixSocket(
            List<JdbcUrl.Endpoint> endpoints, String socket, List<String> problems) {
        if (socket == null) {
            return endpoints;
        }
        String key = GreptimeProperty.UNIX_SOCKET.key();
        if (endpoints.size() != 1) {
            problems.add(key + " needs exactly one host in the URL, not " + endpoints.size());
            return endpoints;
        }
        JdbcUrl.Endpoint only = endpoints.get(0);
        if (only.unixSocket() != null && !only.unixSocket().equals(socket)) {
            problems.add("unix socket given twice: '" + only.unixSocket() + "' in the URL and " + key + "=" + socket);
        }
        if (socket.isBlank()) {
            problems.add(key + " must not be empty");
        }
        return List.of(only.viaUnixSocket(socket));
    }

    private static void collect(
            Map<String, String> source, String origin, Map<GreptimeProperty, String> raw, List<String> problems) {
        source.forEach((key, value) -> {
            GreptimeProperty p = GreptimeProperty.forKey(key);
            if (p == null) {
                problems.add(
                        "unknown property '" + Printable.of(key, 200) + "' in " + origin + KeySuggestion.hint(key));
            } else {
                raw.put(p, value);
            }
        });
    }

    private static void mergePathDatabase(String pathDb, Map<GreptimeProperty, String> raw, List<String> problems) {
        if (pathDb == null) {
            return;
        }
        String fromQuery = raw.get(GreptimeProperty.DATABASE);
        if (fromQuery != null && !fromQuery.equals(pathDb)) {
            problems.add("database given twice in the URL: '" + pathDb + "' and database=" + fromQuery);
        }
        raw.put(GreptimeProperty.DATABASE, pathDb);
    }

    /** Values by property; each one is what its {@link Setting} parsed, so {@link #peek} may narrow it. */
    private static Map<GreptimeProperty, Object> convert(Map<GreptimeProperty, String> raw, List<String> problems) {
        Map<GreptimeProperty, Object> typed = new EnumMap<>(GreptimeProperty.class);
        for (Setting<?> s : Settings.ALL) {
            String value = raw.getOrDefault(s.property(), s.property().defaultValue());
            if (value == null) {
                continue;
            }
            try {
                typed.put(s.property(), s.parse(value));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        checkRanges(typed, problems);
        return typed;
    }

    /** Bounds beyond what the type says; a value that failed to parse is absent and already reported. */
    private static void checkRanges(Map<GreptimeProperty, Object> typed, List<String> problems) {
        Integer w = peek(typed, BULK_WINDOW);
        if (w != null && (w < 1 || w > 31)) {
            problems.add(BULK_WINDOW.key() + "=" + w + ": must be between 1 and 31");
        }
        Integer r = peek(typed, BULK_FLUSH_ROWS);
        if (r != null && r < 1) {
            problems.add(BULK_FLUSH_ROWS.key() + "=" + r + ": must be positive");
        }
        for (Setting<Integer> atLeastOne : List.of(BREAKER_FAILURES, LATENCY_EXPLORE_EVERY)) {
            Integer n = peek(typed, atLeastOne);
            if (n != null && n < 1) {
                problems.add(atLeastOne.key() + "=" + n + ": must be at least 1");
            }
        }
        String db = peek(typed, DATABASE);
        if (db != null && db.isBlank()) {
            problems.add("database must not be empty");
        }
    }

    private static <T> T peek(Map<GreptimeProperty, Object> typed, Setting<T> setting) {
        return setting.narrow(typed.get(setting.property()));
    }

    /**
     * The value of a property: its default when not set, null when it has neither value nor default (such
     * as {@code user}, {@code timezone}, {@code hints}).
     */
    public <T> T get(Setting<T> setting) {
        return peek(values, setting);
    }

    public List<JdbcUrl.Endpoint> endpoints() {
        return endpoints;
    }

    /** The first endpoint of the URL. */
    public JdbcUrl.Endpoint primaryEndpoint() {
        return endpoints.get(0);
    }

    public String user() {
        return get(USER);
    }

    /** The password, or null. Callers must never print it. */
    public String password() {
        return get(PASSWORD);
    }

    public String database() {
        return get(DATABASE);
    }

    /** The session zone: the property when set, else the JVM's default zone. */
    public ZoneId timeZone() {
        ZoneId z = get(TIMEZONE);
        return z == null ? ZoneId.systemDefault() : z;
    }

    public int connectTimeoutMillis() {
        return get(CONNECT_TIMEOUT);
    }

    public int queryTimeoutSeconds() {
        return get(QUERY_TIMEOUT);
    }

    public int fetchSize() {
        return get(FETCH_SIZE);
    }

    public long maxResultMemory() {
        return get(MAX_RESULT_MEMORY);
    }

    public long maxInboundMessageSize() {
        return get(MAX_INBOUND_MESSAGE_SIZE);
    }

    public boolean tls() {
        return get(TLS);
    }

    /** {@code auto}, {@code io_uring}, {@code epoll} or {@code nio}. */
    public String transport() {
        return get(TRANSPORT);
    }

    /** Keepalive ping interval in milliseconds; 0 turns keepalive pings off. */
    public int keepAliveTimeMillis() {
        return get(KEEP_ALIVE_TIME);
    }

    public int keepAliveTimeoutMillis() {
        return get(KEEP_ALIVE_TIMEOUT);
    }

    public boolean keepAliveWithoutCalls() {
        return get(KEEP_ALIVE_WITHOUT_CALLS);
    }

    public boolean tlsVerifyHostname() {
        return get(TLS_VERIFY_HOSTNAME);
    }

    /** {@code auto}, {@code openssl} or {@code jdk}. */
    public String tlsProvider() {
        return get(TLS_PROVIDER);
    }

    /** The client key's password, or null. Callers must never print it. */
    public char[] tlsClientKeyPassword() {
        String v = get(TLS_CLIENT_KEY_PASSWORD);
        return v == null ? null : v.toCharArray();
    }

    public String compression() {
        return get(COMPRESSION);
    }

    public Map<String, String> hints() {
        Map<String, String> h = get(HINTS);
        return h == null ? Map.of() : h;
    }

    public boolean bulkWrites() {
        return get(BULK_WRITES);
    }

    /** bulkAcknowledge=deferred: executeBatch does not wait for the server's answers. */
    public boolean bulkDeferredAcks() {
        return "deferred".equals(get(BULK_ACKNOWLEDGE));
    }

    /** {@code none}, {@code lz4} or {@code zstd}. */
    public String bulkCompression() {
        return get(BULK_COMPRESSION);
    }

    public int bulkWindow() {
        return get(BULK_WINDOW);
    }

    public int bulkFlushRows() {
        return get(BULK_FLUSH_ROWS);
    }

    public long bulkFlushBytes() {
        return get(BULK_FLUSH_BYTES);
    }

    public int bulkRowPathBelow() {
        return get(BULK_ROW_PATH_BELOW);
    }

    public boolean bulkAutoCreateTable() {
        return get(BULK_AUTO_CREATE_TABLE);
    }

    public boolean bulkSortByTime() {
        return get(BULK_SORT_BY_TIME);
    }

    /** The DoPut time window, or null for none. */
    public java.time.Duration bulkTimeWindow() {
        String w = get(BULK_TIME_WINDOW);
        if (w.equals("none")) {
            return null;
        }
        long n = Long.parseLong(w.substring(0, w.length() - 1));
        switch (w.charAt(w.length() - 1)) {
            case 'm':
                return java.time.Duration.ofMinutes(n);
            case 'h':
                return java.time.Duration.ofHours(n);
            default:
                return java.time.Duration.ofDays(n);
        }
    }

    public String applicationName() {
        return get(APPLICATION_NAME);
    }

    /** Lists endpoints and every set property, with sensitive values masked. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ConnectionConfig").append(endpoints);
        values.forEach((p, v) -> sb.append(' ').append(p.key()).append('=').append(p.sensitive() ? "***" : v));
        return sb.toString();
    }
}
