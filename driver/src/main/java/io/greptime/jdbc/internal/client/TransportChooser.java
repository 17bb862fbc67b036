package io.greptime.jdbc.internal.client;

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
        for (NettyTransport t : NettyTransport.values()) {
            Throwable cause = t.unavailabilityCause();
            if (cause == null && (!unixSocket || t.domainSocketChannel() != null)) {
                logChoice(t, skipped);
                return t;
            }
            if (cause != null) {
                skipped.append(skipped.length() == 0 ? "" : "; ")
                        .append(t.key())
                        .append(" unavailable: ")
                        .append(cause);
            }
        }
        throw new SQLNonTransientConnectionException(
                "A unix domain socket needs the io_uring or epoll transport, and neither loads here (" + skipped + ")",
                "08001");
    }

    private static NettyTransport forced(NettyTransport t, boolean unixSocket) throws SQLException {
        Throwable cause = t.unavailabilityCause();
        if (cause != null) {
            throw new SQLNonTransientConnectionException(
                    "transport=" + t.key() + " cannot be used here: " + cause
                            + " (use transport=auto to pick one that works)",
                    "08001",
                    cause);
        }
        if (unixSocket && t.domainSocketChannel() == null) {
            throw new SQLNonTransientConnectionException(
                    "transport=" + t.key()
                            + " cannot connect to a unix domain socket; use transport=auto, epoll or io_uring",
                    "08001");
        }
        logChoice(t, new StringBuilder());
        return t;
    }

    /** Says once per JVM which transport auto picked and why better ones were skipped. */
    private static void logChoice(NettyTransport t, CharSequence skipped) {
        if (LOGGED.add(t.key())) {
            Level level = skipped.length() == 0 ? Level.CONFIG : Level.INFO;
            LOG.log(
                    level,
                    () -> "greptime-jdbc transport: " + t.key() + (skipped.length() == 0 ? "" : " (" + skipped + ")"));
        }
    }
}
