package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.failover.Endpoint;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Which GreptimeDB each endpoint of one connection runs (audit C1, C9). The version is read with one cheap
 * query, {@link #SQL}: {@code version()} answers the plain package version on the gRPC channel at every
 * release ({@code v0.14.4:src/common/function/src/system/version.rs:47-61}, {@code HEAD:…:44-62}), the
 * same text as {@code information_schema.build_info.pkg_version}, without reading a table; {@code timezone()}
 * in the same row says how the server resolved the zone the driver sent.
 *
 * <p>An endpoint is read the first time something needs its capabilities after the connection used it, and
 * again after its channel left the state it had when it was read (a reconnect may reach an upgraded
 * server). Nothing is read at connect unless credentials are checked there anyway
 * ({@link GreptimeClient#verifyAndProbe}), so a connection that never asks pays nothing. A pinned version
 * ({@code serverVersion}) replaces every probe.
 */
public final class ServerProbe {
    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.client");

    /** One row, two strings; valid at every release from v0.14 on. */
    static final String SQL = "SELECT version(), timezone()";

    /** What one endpoint answered. */
    record Answer(ServerCapabilities capabilities, String versionText, String serverZone) {}

    /** Runs {@link #SQL} on one endpoint and returns its row. */
    @FunctionalInterface
    interface Runner {
        String[] run(Endpoint endpoint, RequestSession session) throws SQLException;
    }

    /** The channel of an endpoint, to watch its state. */
    @FunctionalInterface
    interface Channels {
        ManagedChannel of(Endpoint endpoint) throws SQLException;
    }

    /** Told when the server read the session zone as something else (it turns unknown zones into UTC). */
    @FunctionalInterface
    public interface ZoneListener {
        void mismatch(RequestSession session, String sentZone, String serverZone);
    }

    private final ServerCapabilities pinned;
    private final Channels channels;
    private final Set<Endpoint> used = ConcurrentHashMap.newKeySet();
    private final Map<Endpoint, Answer> answers = new ConcurrentHashMap<>();
    private volatile ZoneListener zoneListener = (s, sent, server) -> {};

    /**
     * @param pinned the capabilities of a {@code serverVersion} property, or null to read each endpoint
     * @param channels the channels whose state changes make an answer stale
     */
    ServerProbe(ServerCapabilities pinned, Channels channels) {
        this.pinned = pinned;
        this.channels = channels;
    }

    void onZoneMismatch(ZoneListener listener) {
        this.zoneListener = listener;
    }

    /** A call is about to use {@code endpoint}; cheap, on every call. */
    void used(Endpoint endpoint) {
        if (pinned == null && !used.contains(endpoint)) {
            used.add(endpoint);
        }
    }

    boolean pinnedVersion() {
        return pinned != null;
    }

    /**
     * What every endpoint the connection has used can do (the lowest of their sets), reading those not read
     * yet; {@code fallback} names the endpoint to read when none has been used. An endpoint that cannot be
     * reached now is left out (the call that needs it fails on its own); when none answers, the conservative
     * set, not remembered.
     */
    ServerCapabilities capabilities(RequestSession session, Supplier<Endpoint> fallback, Runner runner) {
        Answer lowest = lowestAnswer(session, fallback, runner);
        return lowest == null ? ServerCapabilities.CONSERVATIVE : lowest.capabilities();
    }

    /** The version text of the lowest endpoint (as the server spelled it), or null when none answered. */
    String versionText(RequestSession session, Supplier<Endpoint> fallback, Runner runner) {
        if (pinned != null) {
            return pinned.version().map(Object::toString).orElse(null);
        }
        Answer lowest = lowestAnswer(session, fallback, runner);
        return lowest == null ? null : lowest.versionText();
    }

    private Answer lowestAnswer(RequestSession session, Supplier<Endpoint> fallback, Runner runner) {
        if (pinned != null) {
            return new Answer(pinned, pinned.version().map(Object::toString).orElse(null), null);
        }
        List<Endpoint> targets = new ArrayList<>(used);
        if (targets.isEmpty()) {
            Endpoint e = fallback.get();
            if (e == null) {
                return null;
            }
            targets.add(e);
        }
        Answer lowest = null;
        for (Endpoint e : targets) {
            Answer a = answers.get(e);
            if (a == null) {
                a = probe(e, session, runner);
            }
            if (a != null && (lowest == null || a.capabilities().lowest(lowest.capabilities()) == a.capabilities())) {
                lowest = a;
            }
        }
        return lowest;
    }

    /** Reads one endpoint; null when it could not be reached (nothing is remembered then). */
    private Answer probe(Endpoint e, RequestSession session, Runner runner) {
        try {
            Answer a = record(e, runner.run(e, session), session);
            watch(e, a);
            return a;
        } catch (SQLException ex) {
            if (ex.getSQLState() != null
                    && (ex.getSQLState().startsWith("08")
                            || ex.getSQLState().equals(CallScope.TIMED_OUT)
                            || ex.getSQLState().equals(CallScope.CANCELLED))) {
                // no answer (yet): a timeout or a cancel says nothing about the version either
                LOG.log(Level.FINE, "could not read the version of " + e + " now", ex);
                return null;
            }
            // The server answered but not with a version (a look-alike without version()): assume the least.
            LOG.log(Level.INFO, "server " + e + " did not tell its version; assuming the oldest supported line", ex);
            Answer a = new Answer(ServerCapabilities.CONSERVATIVE, null, null);
            answers.put(e, a);
            return a;
        }
    }

    /** Remembers what {@code e} answered to {@link #SQL} and checks the zone it resolved. */
    Answer record(Endpoint e, String[] row, RequestSession session) {
        String versionText = row.length > 0 && row[0] != null ? row[0].trim() : null;
        String zone = row.length > 1 ? row[1] : null;
        ServerCapabilities caps = ServerCapabilities.ofVersionText(versionText);
        if (caps == ServerCapabilities.CONSERVATIVE) {
            boolean newer = ServerVersion.parse(versionText)
                    .map(ServerCapabilities::newerThanKnown)
                    .orElse(false);
            LOG.info(() -> "server " + e + " reports version '" + versionText + "', which "
                    + (newer
                            ? "is newer than the lines the driver knows (up to " + ServerCapabilities.NEWEST_KNOWN_LINE
                                    + "; serverVersion can pin one)"
                            : "the driver does not know")
                    + "; assuming the oldest supported line");
        }
        Answer a = new Answer(caps, versionText, zone);
        answers.put(e, a);
        String sent = RequestSession.zoneHeader(session.timeZone());
        if (zone != null && !zone.trim().equalsIgnoreCase(sent)) {
            zoneListener.mismatch(session, sent, zone.trim());
        }
        return a;
    }

    /**
     * Forgets {@code e}'s answer once its channel leaves its current state: the next need reads it again,
     * since the connection that follows may reach another (upgraded) server.
     */
    void watch(Endpoint e, Answer a) {
        try {
            ManagedChannel channel = channels.of(e);
            ConnectivityState now = channel.getState(false);
            channel.notifyWhenStateChanged(now, () -> answers.remove(e, a));
        } catch (SQLException | UnsupportedOperationException notTracked) {
            // a channel that does not report its state keeps the answer for the connection's life
        }
    }

    /** Forgets every answer (for tests and for an explicit refresh). */
    void forget() {
        answers.clear();
    }
}
