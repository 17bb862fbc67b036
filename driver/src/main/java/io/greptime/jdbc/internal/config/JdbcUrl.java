package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.internal.redact.Printable;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed {@code jdbc:greptime://host1[:port][,host2[:port]...][/database][?key=value&...]} URL, or its
 * unix domain socket form {@code jdbc:greptime:unix:///path/to/greptime.sock[/database][?key=value&...]}.
 *
 * <p>In the unix form the socket path runs up to and including the first path segment that ends in
 * {@code .sock}; one more segment, if present, is the database. A socket whose file name does not end in
 * {@code .sock} is given whole (no database segment) and the database as {@code ?database=}. Dots elsewhere
 * in the path are fine.
 *
 * <p>Parsing collects every problem it finds and reports them together (see {@link ConfigException}).
 * Query values are percent-decoded ({@code +} stays a plus sign, so time zones like {@code +08:00} work
 * without encoding).
 */
public final class JdbcUrl {
    /** Every URL this driver accepts starts with this. */
    public static final String PREFIX = "jdbc:greptime://";

    /** The unix domain socket form starts with this, followed by an absolute path. */
    public static final String UNIX_PREFIX = "jdbc:greptime:unix://";

    /** The host name a unix socket endpoint uses as its authority (and default TLS server name). */
    public static final String UNIX_AUTHORITY = "localhost";

    /** GreptimeDB's gRPC port. */
    public static final int DEFAULT_PORT = 4001;

    /**
     * One {@code host:port} of the URL's endpoint list; with {@code unixSocket} set the connection goes to
     * that socket file and {@code host} is only the authority (and TLS server name).
     */
    public record Endpoint(String host, int port, String unixSocket) {
        /** A TCP endpoint. */
        public Endpoint(String host, int port) {
            this(host, port, null);
        }

        /** The same endpoint reached through a unix domain socket. */
        public Endpoint viaUnixSocket(String path) {
            return new Endpoint(host, port, path);
        }

        /*
         * Written out, not left to the record: the generated ones bootstrap java.lang.runtime.ObjectMethods
         * through invokedynamic on first use, and the first is a map lookup on the connect path, where that
         * costs a cold JVM 20-30 ms of method-handle spinning.
         */
        @Override
        public boolean equals(Object o) {
            return o instanceof Endpoint e
                    && port == e.port
                    && java.util.Objects.equals(host, e.host)
                    && java.util.Objects.equals(unixSocket, e.unixSocket);
        }

        @Override
        public int hashCode() {
            return (java.util.Objects.hashCode(host) * 31 + port) * 31
                    + (unixSocket == null ? 0 : unixSocket.hashCode());
        }

        @Override
        public String toString() {
            if (unixSocket != null) {
                return "unix:" + unixSocket;
            }
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
        }
    }

    private final List<Endpoint> endpoints;
    private final String database;
    private final Map<String, String> parameters;

    private JdbcUrl(List<Endpoint> endpoints, String database, Map<String, String> parameters) {
        this.endpoints = List.copyOf(endpoints);
        this.database = database;
        this.parameters = Collections.unmodifiableMap(parameters);
    }

    /** Whether the driver should answer for this URL at all. */
    public static boolean accepts(String url) {
        return url != null
                && (url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                        || url.regionMatches(true, 0, UNIX_PREFIX, 0, UNIX_PREFIX.length()));
    }

    /**
     * Parses a URL.
     *
     * @throws ConfigException listing every problem found
     */
    public static JdbcUrl parse(String url) throws ConfigException {
        if (!accepts(url)) {
            throw new ConfigException(List.of("URL must start with " + PREFIX + " or " + UNIX_PREFIX));
        }
        boolean unix = url.regionMatches(true, 0, UNIX_PREFIX, 0, UNIX_PREFIX.length());
        List<String> problems = new ArrayList<>();
        String rest = url.substring(unix ? UNIX_PREFIX.length() : PREFIX.length());
        String query = null;
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        if (unix) {
            return parseUnix(rest, parseQuery(query, problems), problems);
        }
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            // user:password@host: never echoed (it is a password, and may hold '/' or ':'), never read (it
            // would sit in every tool's saved URL); what follows is still checked, so one error lists all
            problems.add("the URL has user info before '@', which the driver does not read: give user and password"
                    + " as connection properties");
            rest = rest.substring(at + 1);
        }
        String database = null;
        int slash = rest.indexOf('/');
        if (slash >= 0) {
            database = decode(rest.substring(slash + 1), "database", problems);
            rest = rest.substring(0, slash);
            if (database != null && database.isEmpty()) {
                database = null;
            }
        }
        List<Endpoint> endpoints = parseEndpoints(rest, problems);
        Map<String, String> params = parseQuery(query, problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new JdbcUrl(endpoints, database, params);
    }

    /** {@code rest} is what follows {@code unix://}: an absolute socket path, maybe followed by a database. */
    private static JdbcUrl parseUnix(String rest, Map<String, String> params, List<String> problems)
            throws ConfigException {
        String path = decode(rest, "socket path", problems);
        String database = null;
        if (path != null && !path.startsWith("/")) {
            problems.add("unix socket path must be absolute (jdbc:greptime:unix:///path/to/greptime.sock/database)");
        } else if (path != null) {
            int end = socketPathEnd(path);
            if (end < path.length()) {
                database = path.substring(end + 1);
                path = path.substring(0, end);
                if (database.isEmpty()) {
                    database = null;
                } else if (database.indexOf('/') >= 0) {
                    problems.add("unix socket URL: '" + database + "' after the .sock path is not one database name");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return new JdbcUrl(List.of(new Endpoint(UNIX_AUTHORITY, DEFAULT_PORT, path)), database, params);
    }

    /** Index just past the first segment ending in {@code .sock}, or the whole length when none does. */
    private static int socketPathEnd(String path) {
        int from = 0;
        while (true) {
            int slash = path.indexOf('/', from + 1);
            int segmentEnd = slash < 0 ? path.length() : slash;
            if (path.startsWith(".sock", segmentEnd - 5) && segmentEnd - 5 > from + 1) {
                return segmentEnd;
            }
            if (slash < 0) {
                return path.length();
            }
            from = slash;
        }
    }

    private static List<Endpoint> parseEndpoints(String hosts, List<String> problems) {
        List<Endpoint> endpoints = new ArrayList<>();
        if (hosts.isEmpty()) {
            problems.add("URL names no host");
            return endpoints;
        }
        for (String part : hosts.split(",", -1)) {
            Endpoint e = parseEndpoint(part.trim(), problems);
            if (e != null) {
                endpoints.add(e);
            }
        }
        return endpoints;
    }

    private static Endpoint parseEndpoint(String part, List<String> problems) {
        String host;
        String portText = null;
        if (part.startsWith("[")) {
            int close = part.indexOf(']');
            if (close < 0) {
                problems.add("host '" + Printable.of(part, 200) + "' has an unclosed IPv6 bracket");
                return null;
            }
            host = part.substring(1, close);
            String after = part.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) {
                    problems.add("host '" + Printable.of(part, 200) + "' has text after the IPv6 address");
                    return null;
                }
                portText = after.substring(1);
            }
        } else {
            int colon = part.indexOf(':');
            host = colon < 0 ? part : part.substring(0, colon);
            portText = colon < 0 ? null : part.substring(colon + 1);
        }
        if (host.isEmpty()) {
            problems.add("empty host in '" + Printable.of(part, 200) + "'");
            return null;
        }
        String checked = HostNames.check(host, part.startsWith("["));
        if (checked == null) {
            problems.add("host '" + Printable.of(host, 200)
                    + "' is not a host name, an IPv4 address (four numbers) or a bracketed IPv6 address");
            return null;
        }
        return new Endpoint(checked, parsePort(part, portText, problems));
    }

    private static int parsePort(String part, String portText, List<String> problems) {
        if (portText == null) {
            return DEFAULT_PORT;
        }
        try {
            int port = Integer.parseInt(portText);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(
                "invalid port '" + Printable.of(portText, 200) + "' in '" + Printable.of(part, 200) + "' (1-65535)");
        return DEFAULT_PORT;
    }

    private static Map<String, String> parseQuery(String query, List<String> problems) {
        Map<String, String> params = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return params;
        }
        String[] pairs = query.split("&");
        for (int i = 0; i < pairs.length; i++) {
            String pair = pairs[i];
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                // not echoed: "passwordS3cr3t" is a password with its '=' missing
                problems.add("URL parameter " + (i + 1) + " of the query string is not key=value"
                        + KeySuggestion.prefixHint(pair));
                continue;
            }
            String key = decode(pair.substring(0, eq), "parameter name", problems);
            String value = decode(pair.substring(eq + 1), key, problems);
            if (key != null && value != null && params.put(key, value) != null) {
                problems.add("URL parameter '" + key + "' is given more than once");
            }
        }
        return params;
    }

    private static String decode(String raw, String what, List<String> problems) {
        try {
            // URLDecoder turns '+' into a space, which would break offsets like +08:00.
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            problems.add("bad percent-encoding in " + what);
            return null;
        }
    }

    public List<Endpoint> endpoints() {
        return endpoints;
    }

    /** The database from the URL path, or null when the path names none. */
    public String database() {
        return database;
    }

    /** Query parameters in URL order, decoded. */
    public Map<String, String> parameters() {
        return parameters;
    }
}
