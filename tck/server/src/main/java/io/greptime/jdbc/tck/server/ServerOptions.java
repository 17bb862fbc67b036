package io.greptime.jdbc.tck.server;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The standalone server's command line, parsed strictly: an unknown flag or bad value is an error. */
final class ServerOptions {
    static final String USAGE = String.join(
            System.lineSeparator(),
            "usage: java --add-opens=java.base/java.nio=ALL-UNNAMED -jar greptime-embedded-server.jar [options]",
            "  --port N                 gRPC/Flight port (default 4001; 0 picks a free one)",
            "  --host ADDR              bind address (default 127.0.0.1)",
            "  --user NAME=PASSWORD     enable auth with this user (repeatable)",
            "  --tls-cert FILE          server certificate chain (PEM); with --tls-key enables TLS",
            "  --tls-key FILE           server private key (PKCS#8 PEM)",
            "  --tls-client-ca FILE     require client certificates signed by this CA (PEM)",
            "  --data-dir DIR           where DuckDB keeps the data, kept across restarts (default: in memory)",
            "  --profile VERSION        GreptimeDB line to imitate: v0.14, v0.15, v0.17, v1.0, v1.2 or v1.3 (default v1.2)",
            "  --no-compression         DoGet batches without LZ4_FRAME (flight_compression = \"none\"; v0.14 ignores it)",
            "  --help                   print this and exit");

    private static final java.util.Set<String> FLAGS_WITH_VALUE = java.util.Set.of(
            "--port", "--host", "--user", "--tls-cert", "--tls-key", "--tls-client-ca", "--data-dir", "--profile");

    int port = 4001;
    String host = "127.0.0.1";
    final Map<String, String> users = new LinkedHashMap<>();
    File tlsCert;
    File tlsKey;
    File tlsClientCa;
    File dataDir;
    ServerProfile profile = ServerProfile.V1_2;
    boolean compression = true;
    /** {@code --help} (or {@code -h}) was given: print the usage, start nothing. */
    boolean help;

    static ServerOptions parse(String... args) {
        ServerOptions o = new ServerOptions();
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String flag = rest.remove(0);
            if (flag.equals("--help") || flag.equals("-h")) {
                o.help = true;
                return o;
            }
            if (flag.equals("--no-compression")) {
                o.compression = false;
                continue;
            }
            if (!FLAGS_WITH_VALUE.contains(flag)) {
                throw new IllegalArgumentException("unknown option " + flag);
            }
            if (rest.isEmpty()) {
                throw new IllegalArgumentException("missing value for " + flag);
            }
            o.apply(flag, rest.remove(0));
        }
        if ((o.tlsCert == null) != (o.tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (o.tlsClientCa != null && o.tlsCert == null) {
            throw new IllegalArgumentException("--tls-client-ca needs --tls-cert and --tls-key");
        }
        return o;
    }

    private void apply(String flag, String value) {
        switch (flag) {
            case "--port" -> port = parsePort(value);
            case "--host" -> host = value;
            case "--user" -> addUser(value);
            case "--tls-cert" -> tlsCert = new File(value);
            case "--tls-key" -> tlsKey = new File(value);
            case "--tls-client-ca" -> tlsClientCa = new File(value);
            case "--data-dir" -> dataDir = new File(value);
            case "--profile" -> profile = ServerProfile.parse(value);
            default -> throw new IllegalArgumentException("unknown option " + flag);
        }
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port must be 0..65535, got '" + value + "'");
        }
    }

    private void addUser(String value) {
        int eq = value.indexOf('=');
        if (eq <= 0) {
            // Never echo the value: it holds a password.
            throw new IllegalArgumentException("--user must be NAME=PASSWORD");
        }
        users.put(value.substring(0, eq), value.substring(eq + 1));
    }

    EmbeddedGreptimeServer.Builder toBuilder() {
        EmbeddedGreptimeServer.Builder b = EmbeddedGreptimeServer.builder()
                .port(port)
                .host(host)
                .profile(profile)
                .compression(compression);
        users.forEach(b::user);
        if (tlsCert != null) {
            b.tls(tlsCert, tlsKey);
            if (tlsClientCa != null) {
                b.clientCa(tlsClientCa);
            }
        }
        return b;
    }
}
