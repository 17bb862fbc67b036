package io.greptime.jdbc;

import io.greptime.jdbc.internal.client.ServerVersion;
import io.greptime.jdbc.internal.config.HintsFormat;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;

/**
 * The single registry of connection properties (design rule 1). URL parsing, {@code getPropertyInfo},
 * {@link GreptimeDataSource} and {@code driver/PROPERTIES.md} are all derived from these constants.
 *
 * <p>Precedence: a value given in the {@link java.util.Properties} passed to {@code connect} (or set on
 * the DataSource) overrides the same key in the URL query string, which overrides the default. The URL
 * path ({@code /database}) is the same as the {@code database} key in the query string; giving both
 * with different values is an error.
 */
public enum GreptimeProperty {
    USER(
            "user",
            Type.STRING,
            null,
            "User name for Basic authentication (only needed when the server has auth on).",
            false),
    PASSWORD(
            "password",
            Type.STRING,
            null,
            "Password for Basic authentication. Never logged or shown in messages.",
            true),
    DATABASE(
            "database",
            Type.STRING,
            "public",
            "Database (schema) to use; `catalog-schema` names are sent as GreptimeDB spells them.",
            false),
    TIMEZONE(
            "timezone",
            Type.ZONE,
            null,
            "Session time zone sent with every request (IANA id or offset such as +08:00); default: the JVM zone.",
            false),
    CONNECT_TIMEOUT(
            "connectTimeout",
            Type.INT,
            "10000",
            "Milliseconds allowed for reaching the server when a connection opens: name resolution, TCP (or unix "
                    + "socket) connect, TLS handshake and the first call together (0 = 10000).",
            false),
    QUERY_TIMEOUT(
            "queryTimeout",
            Type.INT,
            "0",
            "Default statement timeout in seconds, applied as a gRPC deadline (0 = none).",
            false),
    FETCH_SIZE("fetchSize", Type.INT, "0", "Default fetch size hint for statements (0 = driver default).", false),
    MAX_RESULT_MEMORY(
            "maxResultMemory",
            Type.SIZE,
            "1073741824",
            "Upper bound in bytes (suffixes k, m, g accepted) of Arrow memory one result set may hold.",
            false),
    MAX_INBOUND_MESSAGE_SIZE(
            "maxInboundMessageSize",
            Type.SIZE,
            "536870912",
            "Largest gRPC message accepted from the server, in bytes (suffixes k, m, g accepted).",
            false),
    TLS("tls", Type.BOOLEAN, "false", "Use TLS for the gRPC connection.", false),
    TLS_ROOT_CERT(
            "tlsRootCert",
            Type.STRING,
            null,
            "CA certificate(s) to trust, as a PEM file path or inline PEM text; default: the JVM trust store.",
            false),
    TLS_CLIENT_CERT(
            "tlsClientCert",
            Type.STRING,
            null,
            "Client certificate chain for mutual TLS, as a PEM file path or inline PEM text.",
            false),
    TLS_CLIENT_KEY(
            "tlsClientKey",
            Type.STRING,
            null,
            "Client private key for mutual TLS (PKCS#8 PEM, optionally encrypted), as a file path or inline PEM text.",
            false),
    TLS_CLIENT_KEY_PASSWORD(
            "tlsClientKeyPassword",
            Type.STRING,
            null,
            "Password of an encrypted `tlsClientKey`. Never logged or shown in messages.",
            true),
    TLS_SERVER_NAME(
            "tlsServerName",
            Type.STRING,
            null,
            "Host name sent as SNI and verified in the server certificate, when it differs from the URL host.",
            false),
    TLS_VERIFY_HOSTNAME(
            "tlsVerifyHostname",
            Type.BOOLEAN,
            "true",
            "Check that the server certificate names the host. UNSAFE when false: anyone holding a certificate from a "
                    + "trusted CA can impersonate the server. For tests only.",
            false),
    TLS_PROVIDER(
            "tlsProvider",
            Type.CHOICE,
            "auto",
            "TLS implementation: `openssl` (netty-tcnative BoringSSL), `jdk`, or `auto` (BoringSSL when it loads, "
                    + "else the JDK).",
            false,
            "auto",
            "openssl",
            "jdk"),
    TRANSPORT(
            "transport",
            Type.CHOICE,
            "auto",
            "`auto` picks netty's io_uring where the kernel allows it, else epoll, else NIO; naming one forces it "
                    + "(an error when it cannot load here). `okhttp`: grpc's OkHttp, plaintext TCP only (thin jar: add "
                    + "`io.grpc:grpc-okhttp`). `inprocess` (tests): a gRPC in-process server named by the URL host.",
            false,
            "auto",
            "io_uring",
            "epoll",
            "nio",
            "okhttp",
            "inprocess"),
    UNIX_SOCKET(
            "unixSocket",
            Type.STRING,
            null,
            "Path of a unix domain socket to connect to instead of TCP (needs io_uring or epoll); the URL host is "
                    + "then only used as the authority and TLS server name.",
            false),
    KEEP_ALIVE_TIME(
            "keepAliveTime",
            Type.INT,
            "0",
            "Milliseconds without reads after which an HTTP/2 PING checks the connection (0 = no keepalive pings; "
                    + "values under 10000 are raised to 10000 by gRPC).",
            false),
    KEEP_ALIVE_TIMEOUT(
            "keepAliveTimeout",
            Type.INT,
            "20000",
            "Milliseconds to wait for a keepalive PING's answer before the connection is closed as dead.",
            false),
    KEEP_ALIVE_WITHOUT_CALLS(
            "keepAliveWithoutCalls",
            Type.BOOLEAN,
            "false",
            "Send keepalive pings also while no call is running (servers may reject too frequent pings).",
            false),
    COMPRESSION("compression", Type.CHOICE, "none", "gRPC transport compression of requests.", false, "none", "gzip"),
    HINTS(
            "hints",
            Type.HINTS,
            null,
            "GreptimeDB hints sent as `x-greptime-hints` on every call, e.g. `ttl=7d,append_mode=true`.",
            false),
    APPLICATION_NAME(
            "applicationName", Type.STRING, null, "Name of the application, sent in the gRPC user agent.", false),
    BULK_WRITES(
            "bulkWrites",
            Type.BOOLEAN,
            "true",
            "Send `INSERT INTO t (...) VALUES (?, ...)` batches (addBatch/executeBatch) as Arrow record batches on "
                    + "Flight DoPut instead of one statement per row.",
            false),
    BULK_COMPRESSION(
            "bulkCompression",
            Type.CHOICE,
            "lz4",
            "IPC compression of DoPut record batches.",
            false,
            "none",
            "lz4",
            "zstd"),
    BULK_WINDOW(
            "bulkWindow",
            Type.INT,
            "8",
            "DoPut batches sent but not yet acknowledged, at most (1 to 31; GreptimeDB drops answers beyond 32).",
            false),
    BULK_ACKNOWLEDGE(
            "bulkAcknowledge",
            Type.CHOICE,
            "sync",
            "With auto-commit on: `sync`: executeBatch of a DoPut INSERT returns once the server confirmed its rows "
                    + "(counts of 1). `deferred` (deprecated: turn auto-commit off and call commit() instead, see "
                    + "docs/bulk-writes.md): it returns once the rows are sent, with SUCCESS_NO_INFO counts; a failure is "
                    + "reported by the statement's next executeBatch (an empty executeBatch waits for every answer) or "
                    + "close. With auto-commit off this property is ignored: executeBatch pipelines and commit() confirms.",
            false,
            "sync",
            "deferred"),
    BULK_FLUSH_ROWS(
            "bulkFlushRows",
            Type.INT,
            "65536",
            "The most rows one DoPut batch holds. addBatch sends a large batch in parts while the caller binds the "
                    + "rest, each about a third of the previous batch into that table, at least 16384 rows and at most this.",
            false),
    BULK_FLUSH_BYTES(
            "bulkFlushBytes",
            Type.SIZE,
            "33554432",
            "Arrow bytes (suffixes k, m, g accepted) after which addBatch sends the buffered rows as one DoPut batch.",
            false),
    THREAD_AFFINITY(
            "threadAffinity",
            Type.CHOICE,
            "relaxed",
            "Which thread may use what. `strict`: a connection serves one thread at a time and moves to another only "
                    + "when idle (no call in flight, no result set left unread). `relaxed`: the same for each statement with "
                    + "its result set; threads may use different statements of one connection at once. A second thread "
                    + "meanwhile fails fast with SQLState 55006. `off`: no checks.",
            false,
            "strict",
            "relaxed",
            "off"),
    BULK_ROW_PATH_BELOW(
            "bulkRowPathBelow",
            Type.INT,
            "0",
            "executeBatch calls of a DoPut INSERT with fewer rows than this go as one RowInsertRequests over Handle "
                    + "instead of a DoPut batch (0 = always DoPut).",
            false),
    BULK_AUTO_CREATE_TABLE(
            "bulkAutoCreateTable",
            Type.BOOLEAN,
            "false",
            "executeBatch of an `INSERT INTO t (cols) VALUES (?, ...)` into a table that does not exist creates it "
                    + "through row inserts, with column types taken from the bound values. Off: such an INSERT fails "
                    + "as SQL does (42S02).",
            false),
    BULK_SORT_BY_TIME(
            "bulkSortByTime",
            Type.BOOLEAN,
            "false",
            "Sort the rows of each DoPut batch by tags, then time, before sending (one run per series, in time order).",
            false),
    BULK_TIME_WINDOW(
            "bulkTimeWindow",
            Type.CHOICE,
            "none",
            "Cut each DoPut batch into one record batch per time window of the time index (e.g. `1h`), so each "
                    + "batch falls into one time partition.",
            false,
            "none",
            "1m",
            "5m",
            "10m",
            "15m",
            "30m",
            "1h",
            "2h",
            "6h",
            "12h",
            "1d"),
    LOGGING(
            "logging",
            Type.CHOICE,
            "auto",
            "Where driver log records go: `jul` (java.util.logging), `slf4j` (when an SLF4J provider is bound) or "
                    + "`auto` (SLF4J when bound, else JUL).",
            false,
            "auto",
            "jul",
            "slf4j"),
    SLOW_STATEMENT_THRESHOLD(
            "slowStatementThreshold",
            Type.INT,
            "0",
            "Executions slower than this many milliseconds are logged at INFO on `io.greptime.jdbc.slow` "
                    + "(SQL text truncated, parameters never) and counted (0 = off).",
            false),
    LOG_SQL_LENGTH(
            "logSqlLength",
            Type.INT,
            "256",
            "Longest SQL text, in characters, that log records and trace spans carry; longer text is cut.",
            false),
    METRICS(
            "metrics",
            Type.CHOICE,
            "auto",
            "Metrics: `jmx` (an MXBean per connection), `micrometer` (the registry given as the `meterRegistry` "
                    + "object, else Micrometer's global registry), `auto` (JMX, plus Micrometer when it is on the class "
                    + "path) or `none`.",
            false,
            "auto",
            "jmx",
            "micrometer",
            "none"),
    TRACING(
            "tracing",
            Type.BOOLEAN,
            "true",
            "With OpenTelemetry's API on the class path: a span per execution and W3C trace context in every "
                    + "request header.",
            false),
    FAILOVER_POLICY(
            "failoverPolicy",
            Type.CHOICE,
            "round_robin",
            "How calls are spread over the URL's hosts: `round_robin`, `random`, `latency_aware` (lowest moving-average "
                    + "latency, with every `latencyExploreEvery`-th call sent to the least recently used host) or `sticky` "
                    + "(stay on one host until its circuit breaker opens).",
            false,
            "round_robin",
            "random",
            "latency_aware",
            "sticky"),
    QUERY_FAILOVER_POLICY(
            "queryFailoverPolicy",
            Type.CHOICE,
            null,
            "Policy for row-producing statements (DoGet); default: `failoverPolicy`.",
            false,
            "round_robin",
            "random",
            "latency_aware",
            "sticky"),
    WRITE_FAILOVER_POLICY(
            "writeFailoverPolicy",
            Type.CHOICE,
            null,
            "Policy for inserts, deletes and other row-count statements; default: `failoverPolicy`.",
            false,
            "round_robin",
            "random",
            "latency_aware",
            "sticky"),
    BULK_FAILOVER_POLICY(
            "bulkFailoverPolicy",
            Type.CHOICE,
            null,
            "Policy for DoPut bulk-write streams; default: `failoverPolicy`.",
            false,
            "round_robin",
            "random",
            "latency_aware",
            "sticky"),
    DDL_FAILOVER_POLICY(
            "ddlFailoverPolicy",
            Type.CHOICE,
            null,
            "Policy for CREATE, ALTER, DROP and TRUNCATE; default: `failoverPolicy`.",
            false,
            "round_robin",
            "random",
            "latency_aware",
            "sticky"),
    LATENCY_EXPLORE_EVERY(
            "latencyExploreEvery",
            Type.INT,
            "10",
            "With `latency_aware`, every n-th call goes to the least recently used host so its average stays current "
                    + "(at least 1; 1 makes it round robin).",
            false),
    BREAKER_FAILURES(
            "breakerFailures",
            Type.INT,
            "3",
            "Consecutive connection failures or retryable server errors that open a host's circuit breaker "
                    + "(at least 1).",
            false),
    BREAKER_COOLDOWN(
            "breakerCooldown",
            Type.INT,
            "5000",
            "Milliseconds an open breaker keeps traffic away before a HealthCheck probe may close it.",
            false),
    PROBE_TIMEOUT(
            "probeTimeout",
            Type.INT,
            "2000",
            "Deadline in milliseconds of the HealthCheck probe that closes a breaker (sent on a channel of its own).",
            false),
    FAILOVER_RETRIES(
            "failoverRetries",
            Type.INT,
            "2",
            "Retry budget of one call: how many times a failure that is safe to repeat is retried, on another host "
                    + "when there is one (0 turns failover off).",
            false),
    FAILOVER_TIMEOUT(
            "failoverTimeout",
            Type.INT,
            "30000",
            "Deadline in milliseconds for a call and all its retries (0 = none); no retry starts after it.",
            false),
    DISCOVER_FRONTENDS(
            "discoverFrontends",
            Type.BOOLEAN,
            "false",
            "Add the active frontends of `information_schema.cluster_info` that accept this connection's "
                    + "credentials.",
            false),
    DISCOVERED_PORT(
            "discoveredPort",
            Type.CHOICE,
            "url",
            "Port of discovered frontends: `url` (the URL's) or `advertised` (as listed; may be internal from 0.17).",
            false,
            "url",
            "advertised"),
    SERVER_VERSION(
            "serverVersion",
            Type.VERSION,
            null,
            "GreptimeDB version to assume (e.g. `0.17.2`) instead of asking each server.",
            false);

    /** The value types a property may have; each knows how to check a string. */
    public enum Type {
        STRING,
        BOOLEAN,
        INT,
        SIZE,
        ZONE,
        CHOICE,
        HINTS,
        /** A GreptimeDB release such as {@code 0.17.2} or {@code 1.2.0-beta.2}. */
        VERSION
    }

    /** The release that introduced every property listed here. */
    private static final String FIRST_RELEASE = "0.1.0";

    private final String key;
    private final Type type;
    private final String defaultValue;
    private final String description;
    private final boolean sensitive;
    private final List<String> choices;

    GreptimeProperty(
            String key, Type type, String defaultValue, String description, boolean sensitive, String... choices) {
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
        this.description = description;
        this.sensitive = sensitive;
        this.choices = List.of(choices);
    }

    /** The key used in URLs and {@code Properties}. */
    public String key() {
        return key;
    }

    public Type type() {
        return type;
    }

    /** The default as a string, or null when the property has no default. */
    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The driver version that introduced the property. */
    public String since() {
        return FIRST_RELEASE;
    }

    /** Sensitive values never appear in messages, logs or {@code toString()}. */
    public boolean sensitive() {
        return sensitive;
    }

    /** The allowed values of a {@link Type#CHOICE} or {@link Type#BOOLEAN} property, else empty. */
    public List<String> choices() {
        return type == Type.BOOLEAN ? List.of("true", "false") : choices;
    }

    /** The constant for a key (exact spelling), or null. */
    public static GreptimeProperty forKey(String key) {
        for (GreptimeProperty p : values()) {
            if (p.key.equals(key)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Checks a raw value and returns it converted: String, Boolean, Integer, Long (SIZE), ZoneId, the
     * lower-cased choice or the hints as an ordered Map.
     *
     * @throws IllegalArgumentException with a message that names the key and (unless sensitive) the value
     */
    public Object parse(String raw) {
        String shown = sensitive ? "***" : raw;
        switch (type) {
            case STRING:
                return raw;
            case BOOLEAN:
                if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
                    return Boolean.valueOf(raw);
                }
                throw bad(shown, "expected true or false");
            case INT:
                return parseInt(shown, raw);
            case SIZE:
                return parseSize(shown, raw);
            case ZONE:
                return parseZone(shown, raw);
            case CHOICE:
                String lower = raw.toLowerCase(Locale.ROOT);
                if (choices.contains(lower)) {
                    return lower;
                }
                throw bad(shown, "expected one of " + choices);
            case HINTS:
                try {
                    return HintsFormat.parse(raw);
                } catch (IllegalArgumentException e) {
                    throw bad(shown, e.getMessage());
                }
            case VERSION:
                return ServerVersion.parse(raw)
                        .map(Object::toString)
                        .orElseThrow(() -> bad(shown, "expected a GreptimeDB version such as 0.17.2 or 1.2.0-beta.2"));
            default:
                throw new AssertionError(type);
        }
    }

    private Integer parseInt(String shown, String raw) {
        try {
            int v = Integer.parseInt(raw.trim());
            if (v < 0) {
                throw bad(shown, "must not be negative");
            }
            return v;
        } catch (NumberFormatException e) {
            throw bad(shown, "expected a whole number");
        }
    }

    private Long parseSize(String shown, String raw) {
        String s = raw.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("k") || s.endsWith("m") || s.endsWith("g")) {
            char suffix = s.charAt(s.length() - 1);
            unit = suffix == 'k' ? 1L << 10 : suffix == 'm' ? 1L << 20 : 1L << 30;
            s = s.substring(0, s.length() - 1);
        }
        try {
            long v = Math.multiplyExact(Long.parseLong(s), unit);
            if (v <= 0) {
                throw bad(shown, "must be positive");
            }
            return v;
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(shown, "expected a byte count such as 268435456 or 256m");
        }
    }

    private ZoneId parseZone(String shown, String raw) {
        try {
            return ZoneId.of(raw.trim());
        } catch (DateTimeException e) {
            throw bad(shown, "expected an IANA zone id such as Asia/Shanghai or an offset such as +08:00");
        }
    }

    private IllegalArgumentException bad(String shown, String why) {
        return new IllegalArgumentException(key + "=" + shown + ": " + why);
    }
}
