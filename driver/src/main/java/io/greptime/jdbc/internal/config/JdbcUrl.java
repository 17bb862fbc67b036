package io.greptime.jdbc.internal.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed {@code jdbc:greptime://host1[:port][,host2[:port]...][/database][?key=value&...]} URL.
 *
 * <p>Parsing collects every problem it finds and reports them together (see {@link ConfigException}).
 * Query values are percent-decoded ({@code +} stays a plus sign, so time zones like {@code +08:00} work
 * without encoding).
 */
public final class JdbcUrl {
  /** Every URL this driver accepts starts with this. */
  public static final String PREFIX = "jdbc:greptime://";

  /** GreptimeDB's gRPC port. */
  public static final int DEFAULT_PORT = 4001;

  /** One {@code host:port} of the URL's endpoint list. */
  public record Endpoint(String host, int port) {
    @Override
    public String toString() {
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
    return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
  }

  /**
   * Parses a URL.
   *
   * @throws ConfigException listing every problem found
   */
  public static JdbcUrl parse(String url) throws ConfigException {
    if (!accepts(url)) {
      throw new ConfigException(List.of("URL must start with " + PREFIX));
    }
    List<String> problems = new ArrayList<>();
    String rest = url.substring(PREFIX.length());
    String query = null;
    int q = rest.indexOf('?');
    if (q >= 0) {
      query = rest.substring(q + 1);
      rest = rest.substring(0, q);
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
        problems.add("host '" + part + "' has an unclosed IPv6 bracket");
        return null;
      }
      host = part.substring(1, close);
      String after = part.substring(close + 1);
      if (!after.isEmpty()) {
        if (!after.startsWith(":")) {
          problems.add("host '" + part + "' has text after the IPv6 address");
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
      problems.add("empty host in '" + part + "'");
      return null;
    }
    return new Endpoint(host, parsePort(part, portText, problems));
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
    problems.add("invalid port '" + portText + "' in '" + part + "' (1-65535)");
    return DEFAULT_PORT;
  }

  private static Map<String, String> parseQuery(String query, List<String> problems) {
    Map<String, String> params = new LinkedHashMap<>();
    if (query == null || query.isEmpty()) {
      return params;
    }
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        problems.add("URL parameter '" + pair + "' is not key=value");
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
