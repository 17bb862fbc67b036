package io.greptime.jdbc.internal.config;

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
        List<JdbcUrl.Endpoint> endpoints = parsed == null
                ? List.of()
                : withUnixSocket(parsed.endpoints(), (String) typed.get(GreptimeProperty.UNIX_SOCKET), problems);
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

    private static Map<GreptimeProperty, Object> convert(Map<GreptimeProperty, String> raw, List<String> problems) {
        Map<GreptimeProperty, Object> typed = new EnumMap<>(GreptimeProperty.class);
        for (GreptimeProperty p : GreptimeProperty.values()) {
            String value = raw.getOrDefault(p, p.defaultValue());
            if (value == null) {
                continue;
            }
            try {
                typed.put(p, p.parse(value));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (typed.get(GreptimeProperty.BULK_WINDOW) instanceof Integer w && (w < 1 || w > 31)) {
            problems.add(GreptimeProperty.BULK_WINDOW.key() + "=" + w + ": must be between 1 and 31");
        }
        if (typed.get(GreptimeProperty.BULK_FLUSH_ROWS) instanceof Integer r && r < 1) {
            problems.add(GreptimeProperty.BULK_FLUSH_ROWS.key() + "=" + r + ": must be positive");
        }
        for (GreptimeProperty atLeastOne :
                List.of(GreptimeProperty.BREAKER_FAILURES, GreptimeProperty.LATENCY_EXPLORE_EVERY)) {
            if (typed.get(atLeastOne) instanceof Integer n && n < 1) {
                problems.add(atLeastOne.key() + "=" + n + ": must be at least 1");
            }
        }
        if (typed.get(GreptimeProperty.DATABASE) instanceof String db && db.isBlank()) {
            problems.add("database must not be empty");
        }
        return typed;
    }

    public List<JdbcUrl.Endpoint> endpoints() {
        return endpoints;
    }

    /** The first endpoint of the URL. */
    public JdbcUrl.Endpoint primaryEndpoint() {
        return endpoints.get(0);
    }

    public String user() {
        return (String) values.get(GreptimeProperty.USER);
    }

    /** The password, or null. Callers must never print it. */
    public String password() {
        return (String) values.get(GreptimeProperty.PASSWORD);
    }

    public String database() {
        return (String) values.get(GreptimeProperty.DATABASE);
    }

    /** The session zone: the property when set, else the JVM's default zone. */
    public ZoneId timeZone() {
        Object z = values.get(GreptimeProperty.TIMEZONE);
        return z == null ? ZoneId.systemDefault() : (ZoneId) z;
    }

    public int connectTimeoutMillis() {
        return (Integer) values.get(GreptimeProperty.CONNECT_TIMEOUT);
    }

    public int queryTimeoutSeconds() {
        return (Integer) values.get(GreptimeProperty.QUERY_TIMEOUT);
    }

    public int fetchSize() {
        return (Integer) values.get(GreptimeProperty.FETCH_SIZE);
    }

    public long maxResultMemory() {
        return (Long) values.get(GreptimeProperty.MAX_RESULT_MEMORY);
    }

    public long maxInboundMessageSize() {
        return (Long) values.get(GreptimeProperty.MAX_INBOUND_MESSAGE_SIZE);
    }

    public boolean tls() {
        return (Boolean) values.get(GreptimeProperty.TLS);
    }

    /** An int-valued property (its default when not set). */
    public int intValue(GreptimeProperty p) {
        return (Integer) values.get(p);
    }

    /** A boolean property (its default when not set). */
    public boolean flag(GreptimeProperty p) {
        return (Boolean) values.get(p);
    }

    /** A string-valued property (TLS paths, server name), or null. */
    public String string(GreptimeProperty p) {
        Object v = values.get(p);
        return v == null ? null : v.toString();
    }

    /** {@code auto}, {@code io_uring}, {@code epoll} or {@code nio}. */
    public String transport() {
        return (String) values.get(GreptimeProperty.TRANSPORT);
    }

    /** Keepalive ping interval in milliseconds; 0 turns keepalive pings off. */
    public int keepAliveTimeMillis() {
        return (Integer) values.get(GreptimeProperty.KEEP_ALIVE_TIME);
    }

    public int keepAliveTimeoutMillis() {
        return (Integer) values.get(GreptimeProperty.KEEP_ALIVE_TIMEOUT);
    }

    public boolean keepAliveWithoutCalls() {
        return (Boolean) values.get(GreptimeProperty.KEEP_ALIVE_WITHOUT_CALLS);
    }

    public boolean tlsVerifyHostname() {
        return (Boolean) values.get(GreptimeProperty.TLS_VERIFY_HOSTNAME);
    }

    /** {@code auto}, {@code openssl} or {@code jdk}. */
    public String tlsProvider() {
        return (String) values.get(GreptimeProperty.TLS_PROVIDER);
    }

    /** The client key's password, or null. Callers must never print it. */
    public char[] tlsClientKeyPassword() {
        Object v = values.get(GreptimeProperty.TLS_CLIENT_KEY_PASSWORD);
        return v == null ? null : v.toString().toCharArray();
    }

    public String compression() {
        return (String) values.get(GreptimeProperty.COMPRESSION);
    }

    @SuppressWarnings("unchecked")
    public Map<String, String> hints() {
        Object h = values.get(GreptimeProperty.HINTS);
        return h == null ? Map.of() : (Map<String, String>) h;
    }

    public boolean bulkWrites() {
        return (Boolean) values.get(GreptimeProperty.BULK_WRITES);
    }

    /** bulkAcknowledge=deferred: executeBatch does not wait for the server's answers. */
    public boolean bulkDeferredAcks() {
        return "deferred".equals(values.get(GreptimeProperty.BULK_ACKNOWLEDGE));
    }

    /** {@code none}, {@code lz4} or {@code zstd}. */
    public String bulkCompression() {
        return (String) values.get(GreptimeProperty.BULK_COMPRESSION);
    }

    public int bulkWindow() {
        return (Integer) values.get(GreptimeProperty.BULK_WINDOW);
    }

    public int bulkFlushRows() {
        return (Integer) values.get(GreptimeProperty.BULK_FLUSH_ROWS);
    }

    public long bulkFlushBytes() {
        return (Long) values.get(GreptimeProperty.BULK_FLUSH_BYTES);
    }

    public int bulkRowPathBelow() {
        return (Integer) values.get(GreptimeProperty.BULK_ROW_PATH_BELOW);
    }

    public boolean bulkAutoCreateTable() {
        return (Boolean) values.get(GreptimeProperty.BULK_AUTO_CREATE_TABLE);
    }

    public boolean bulkSortByTime() {
        return (Boolean) values.get(GreptimeProperty.BULK_SORT_BY_TIME);
    }

    /** The DoPut time window, or null for none. */
    public java.time.Duration bulkTimeWindow() {
        String w = (String) values.get(GreptimeProperty.BULK_TIME_WINDOW);
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
        return (String) values.get(GreptimeProperty.APPLICATION_NAME);
    }

    /** Lists endpoints and every set property, with sensitive values masked. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ConnectionConfig").append(endpoints);
        values.forEach((p, v) -> sb.append(' ').append(p.key()).append('=').append(p.sensitive() ? "***" : v));
        return sb.toString();
    }
}
