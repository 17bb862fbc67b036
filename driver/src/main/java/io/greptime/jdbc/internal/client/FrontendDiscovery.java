package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.config.Settings;
import io.greptime.jdbc.internal.failover.Endpoint;
import io.greptime.jdbc.internal.failover.Router;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Adds the cluster's active frontends to a connection's endpoints ({@code discoverFrontends}). They are read
 * from {@code information_schema.cluster_info} ({@code peer_type}, {@code peer_addr}, {@code active_time}):
 * rows of type FRONTEND with an address whose last heartbeat is at most {@link #MAX_SILENCE} old. A
 * standalone server lists itself as STANDALONE with an empty address, so discovery adds nothing there.
 *
 * <p>{@code peer_addr} is the address a frontend gives the other nodes, not necessarily one for clients:
 * from v0.17 a frontend with {@code internal_grpc} configured advertises that server
 * ({@code v0.17.2:src/frontend/src/heartbeat.rs:59-66}, {@code HEAD:src/frontend/src/heartbeat.rs:698-707}),
 * which skips authentication ({@code HEAD:src/frontend/src/server.rs:222-228}) and has TLS settings of its
 * own. So by default ({@code discoveredPort=url}) only the host is kept and the port is the URL's, which a
 * cluster's frontends share; and a frontend joins only once it answers, on a channel of its own, a HealthCheck
 * and the version probe with this connection's credentials, and (when the connection has a user and the
 * URL's host refuses anonymous queries) refuses an anonymous one too, as a port that checks credentials
 * does. Failures only log: discovery is an extra, the URL's hosts still work. Public for tests only.
 */
public final class FrontendDiscovery {
    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.failover");
    static final String SQL = "SELECT peer_type, peer_addr, active_time FROM information_schema.cluster_info";
    /** Frontends silent for longer than this are taken for gone. */
    static final Duration MAX_SILENCE = Duration.ofMinutes(1);

    private static final Pattern PART = Pattern.compile("(\\d+)\\s*(ns|us|µs|ms|months?|m|s|h|days?|d|years?|y)\\b");

    private final ConnectionConfig config;
    private final boolean advertisedPort;

    private FrontendDiscovery(ConnectionConfig config) {
        this.config = config;
        this.advertisedPort = "advertised".equals(config.get(Settings.DISCOVERED_PORT));
    }

    /** Discovery for this configuration, or null when {@code discoverFrontends} is off. */
    static FrontendDiscovery of(ConnectionConfig config) {
        return config.get(Settings.DISCOVER_FRONTENDS) ? new FrontendDiscovery(config) : null;
    }

    /** Reads the frontends through {@code client} and adds those that pass the checks to its router. */
    void join(GreptimeClient client, RequestSession session, BufferAllocator allocator, long timeoutMillis) {
        List<JdbcUrl.Endpoint> advertised = read(client, session, allocator, timeoutMillis);
        if (advertised.isEmpty()) {
            return;
        }
        Router router = client.router();
        Boolean urlHostChecksCredentials = null;
        for (JdbcUrl.Endpoint a : advertised) {
            JdbcUrl.Endpoint address = advertisedPort ? a : new JdbcUrl.Endpoint(a.host(), urlPort());
            if (known(router, address)) {
                continue;
            }
            if (urlHostChecksCredentials == null) {
                urlHostChecksCredentials = session.user() != null
                        && refusesAnonymous(config.primaryEndpoint(), session, allocator, timeoutMillis);
            }
            if (admits(address, session, urlHostChecksCredentials, allocator, timeoutMillis)
                    && router.endpoints().add(address)) {
                router.listener().discovered(address.toString());
            }
        }
    }

    private int urlPort() {
        return config.primaryEndpoint().port();
    }

    private static boolean known(Router router, JdbcUrl.Endpoint address) {
        for (Endpoint e : router.endpoints().all()) {
            if (e.address().host().equals(address.host()) && e.address().port() == address.port()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code address} answers as a frontend of this cluster with this connection's credentials. */
    private boolean admits(
            JdbcUrl.Endpoint address,
            RequestSession session,
            boolean mustRefuseAnonymous,
            BufferAllocator allocator,
            long timeoutMillis) {
        try {
            ManagedChannel channel = ChannelFactory.open(config, address);
            try {
                HealthCheckGrpc.newBlockingStub(channel)
                        .withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS)
                        .healthCheck(HealthCheckRequest.getDefaultInstance());
                probe(channel, session, allocator, timeoutMillis);
                if (mustRefuseAnonymous && answersAnonymous(channel, session, allocator, timeoutMillis)) {
                    LOG.info("discovered frontend " + address + " not added: it answers without credentials"
                            + " while the URL's host checks them (an internal gRPC port?)");
                    return false;
                }
                return true;
            } finally {
                channel.shutdownNow();
            }
        } catch (SQLException | FlightCallException | RuntimeException e) {
            LOG.info("discovered frontend " + address + " not added: it did not answer the connection's checks ("
                    + e.getClass().getSimpleName() + ")");
            LOG.log(Level.FINE, "discovered frontend " + address + " failed its checks", e);
            return false;
        }
    }

    private boolean refusesAnonymous(
            JdbcUrl.Endpoint address, RequestSession session, BufferAllocator allocator, long timeoutMillis) {
        try {
            ManagedChannel channel = ChannelFactory.open(config, address);
            try {
                return !answersAnonymous(channel, session, allocator, timeoutMillis);
            } finally {
                channel.shutdownNow();
            }
        } catch (SQLException | RuntimeException e) {
            return false;
        }
    }

    private static boolean answersAnonymous(
            ManagedChannel channel, RequestSession session, BufferAllocator allocator, long timeoutMillis) {
        try {
            probe(channel, session.withoutCredentials(), allocator, timeoutMillis);
            return true;
        } catch (SQLException | FlightCallException | RuntimeException e) {
            return false;
        }
    }

    /** Runs the version probe on {@code channel} and reads its answer to the end. */
    private static void probe(
            ManagedChannel channel, RequestSession session, BufferAllocator allocator, long timeoutMillis)
            throws SQLException, FlightCallException {
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneOffset.UTC), 1, 1L << 20);
        try (FlightBatchCursor cursor = GreptimeClient.doGetOn(
                channel,
                session,
                GreptimeClient.sqlRequest(session, ServerProbe.SQL),
                timeoutMillis,
                CancelHook.NONE,
                allocator,
                settings)) {
            while (cursor.nextBatch()) {
                // drained: that the server answered this session is what counts
            }
        }
    }

    private static List<JdbcUrl.Endpoint> read(
            GreptimeClient client, RequestSession session, BufferAllocator allocator, long timeoutMillis) {
        List<String[]> rows = new ArrayList<>();
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneOffset.UTC), 0, 16L << 20);
        try (FlightBatchCursor cursor =
                client.doGet(session, SQL, timeoutMillis, CancelHook.NONE, allocator, settings)) {
            while (cursor.nextBatch()) {
                for (int r = 0; r < cursor.batchRowCount(); r++) {
                    rows.add(new String[] {
                        cursor.readers().get(0).getString(r),
                        cursor.readers().get(1).getString(r),
                        cursor.readers().get(2).getString(r)
                    });
                }
            }
        } catch (SQLException | FlightCallException | RuntimeException e) {
            LOG.log(
                    Level.INFO,
                    "frontend discovery from information_schema.cluster_info failed; using the URL's hosts",
                    e);
            return List.of();
        }
        return frontends(rows);
    }

    /** The endpoints among {@code [peer_type, peer_addr, active_time]} rows, as advertised. */
    public static List<JdbcUrl.Endpoint> frontends(List<String[]> rows) {
        List<JdbcUrl.Endpoint> out = new ArrayList<>();
        for (String[] row : rows) {
            if (!"FRONTEND".equalsIgnoreCase(row[0]) || row[1] == null || row[1].isBlank() || stale(row[2])) {
                continue;
            }
            JdbcUrl.Endpoint e = endpoint(row[1].trim());
            if (e != null && !out.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    private static JdbcUrl.Endpoint endpoint(String addr) {
        int colon = addr.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        String host = addr.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int port = Integer.parseInt(addr.substring(colon + 1));
            return port > 0 && port <= 65535 ? new JdbcUrl.Endpoint(host, port) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * {@code active_time} is a humantime span such as {@code 2s 145ms} or {@code 3days 4h}; unparseable text
     * counts as fresh.
     */
    public static boolean stale(String activeTime) {
        if (activeTime == null || activeTime.isBlank()) {
            return false;
        }
        Matcher m = PART.matcher(activeTime.toLowerCase(Locale.ROOT));
        long nanos = 0;
        boolean any = false;
        while (m.find()) {
            any = true;
            long n = Long.parseLong(m.group(1));
            nanos += switch (m.group(2)) {
                case "ns" -> n;
                case "us", "µs" -> n * 1_000L;
                case "ms" -> n * 1_000_000L;
                case "s" -> n * 1_000_000_000L;
                case "m" -> n * 60_000_000_000L;
                case "h" -> n * 3_600_000_000_000L;
                case "d", "day", "days" -> n * 86_400_000_000_000L;
                // humantime's month and year: 30.44 and 365.25 days
                case "month", "months" -> n * 2_630_016_000_000_000L;
                default -> n * 31_557_600_000_000_000L;
            };
        }
        return any && nanos > MAX_SILENCE.toNanos();
    }
}
