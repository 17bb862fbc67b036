package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Picks the netty transport for a channel from the {@code transport} property: {@code auto} takes the
 * best one that loads here (io_uring, epoll, NIO; for a unix socket only the first two can connect), a
 * named one is used or refused with the reason it cannot load.
 */
final class TransportChooser {
    static final Logger LOG = Logger.getLogger("io.greptime.jdbc.transport");
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    private TransportChooser() {}

    /**
     * The transport to use.
     *
     * @param requested the {@code transport} property: auto, io_uring, epoll or nio
     * @param unixSocket whether the channel goes to a unix domain socket
     * @throws SQLException 08001 when the forced transport cannot run here or cannot reach a unix socket
     */
    static NettyTransport choose(String requested, boolean unixSocket) throws SQLException {
        if (!"auto".equals(requested)) {
            return forced(NettyTransport.forKey(requested), unixSocket);
        }
        StringBuilder skipped = new StringBuilder();
        boolean classPathProblem = false;
        for (NettyTransport t : NettyTransport.values()) {
            Throwable cause = t.unavailabilityCause();
            if (cause == null && (!unixSocket || t.domainSocketChannel() != null)) {
                logChoice(t, skipped, classPathProblem);
                return t;
            }
            if (cause != null) {
                // A LinkageError means the machine may well have the transport but the class path cannot run it
                // (netty 4.1 pinned by a BOM, or netty modules of two versions): the user can fix that.
                boolean linkage = cause instanceof LinkageError;
                classPathProblem |= linkage;
                skipped.append(skipped.length() == 0 ? "" : "; ")
                        .append(t.key())
                        .append(
                                linkage
                                        ? " cannot load from the class path (" + nettyVersions() + "): "
                                        : " unavailable: ")
                        .append(cause);
            }
        }
        throw new SQLNonTransientConnectionException(
                "A unix domain socket needs the io_uring or epoll transport, and neither loads here (" + skipped + ")",
                SqlState.CANNOT_CONNECT.code());
    }

    private static NettyTransport forced(NettyTransport t, boolean unixSocket) throws SQLException {
        Throwable cause = t.unavailabilityCause();
        if (cause != null) {
            throw new SQLNonTransientConnectionException(
                    "transport=" + t.key() + " cannot be used here: " + cause
                            + " (use transport=auto to pick one that works)",
                    SqlState.CANNOT_CONNECT.code(),
                    cause);
        }
        if (unixSocket && t.domainSocketChannel() == null) {
            throw new SQLNonTransientConnectionException(
                    "transport=" + t.key()
                            + " cannot connect to a unix domain socket; use transport=auto, epoll or io_uring",
                    SqlState.CANNOT_CONNECT.code());
        }
        logChoice(t, new StringBuilder(), false);
        return t;
    }

    /**
     * Says once per JVM which transport was picked and why better ones were skipped: CONFIG when none was,
     * INFO when the machine lacks a better one, WARNING when the class path kept a better one from loading.
     */
    private static void logChoice(NettyTransport t, CharSequence skipped, boolean classPathProblem) {
        if (LOGGED.add(t.key())) {
            Level level = skipped.length() == 0 ? Level.CONFIG : classPathProblem ? Level.WARNING : Level.INFO;
            String fix = classPathProblem
                    ? "; the driver needs one netty 4.2 for all io.netty modules (with Spring Boot 3, set the"
                            + " property netty.version to 4.2.9.Final)"
                    : "";
            LOG.log(
                    level,
                    () -> "greptime-jdbc transport: " + t.key()
                            + (skipped.length() == 0 ? "" : " (" + skipped + fix + ")"));
        }
    }

    /** The netty versions on the class path, e.g. "netty 4.1.128.Final" or "netty 4.1.130.Final and 4.2.9.Final". */
    static String nettyVersions() {
        try {
            java.util.SortedSet<String> versions = new java.util.TreeSet<>();
            io.netty.util.Version.identify().values().forEach(v -> versions.add(v.artifactVersion()));
            return versions.isEmpty() ? "netty version unknown" : "netty " + String.join(" and ", versions);
        } catch (RuntimeException | LinkageError e) {
            return "netty version unknown";
        }
    }
}
