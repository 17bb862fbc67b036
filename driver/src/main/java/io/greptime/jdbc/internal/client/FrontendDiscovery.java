package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.internal.config.JdbcUrl;
import java.sql.SQLException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads the cluster's active frontends from {@code information_schema.cluster_info} ({@code peer_type},
 * {@code peer_addr}, {@code active_time}): rows of type FRONTEND with an address whose last heartbeat is
 * at most {@link #MAX_SILENCE} old. A standalone server lists itself as STANDALONE with no address, so
 * discovery adds nothing there. Failures only log: discovery is an extra, the URL's hosts still work.
 * Public for tests only.
 */
public final class FrontendDiscovery {
    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.failover");
    static final String SQL = "SELECT peer_type, peer_addr, active_time FROM information_schema.cluster_info";
    /** Frontends silent for longer than this are taken for gone. */
    static final Duration MAX_SILENCE = Duration.ofMinutes(1);

    private static final Pattern PART = Pattern.compile("(\\d+)\\s*(ns|us|µs|ms|s|m|h|d)\\b");

    private FrontendDiscovery() {}

    static List<JdbcUrl.Endpoint> discover(
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

    /** The endpoints among {@code [peer_type, peer_addr, active_time]} rows. */
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
            return new JdbcUrl.Endpoint(host, Integer.parseInt(addr.substring(colon + 1)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code active_time} is a humantime span such as {@code 2s 145ms}; unparseable text counts as fresh. */
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
                default -> n * 86_400_000_000_000L;
            };
        }
        return any && nanos > MAX_SILENCE.toNanos();
    }
}
