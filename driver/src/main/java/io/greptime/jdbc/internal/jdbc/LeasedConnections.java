package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.client.ChannelLender;
import io.greptime.jdbc.internal.client.ThreadChannels;
import io.greptime.jdbc.internal.client.WorkerChannels;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.observe.Observability;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Connections of a {@code GreptimeDataSource} in a shared-channel mode: each one leases its channels from
 * one {@link ChannelLender}, started with the configuration of the first connection, and gives them back
 * when it closes. In worker mode a connection starts on its channel's endpoint: the URL's endpoint list is
 * rotated so that endpoint comes first.
 */
public final class LeasedConnections implements AutoCloseable {

    /** Where a DataSource's connections get their channels. */
    public enum Mode {
        /** Each connection opens and closes its own channels (the default, as with {@code DriverManager}). */
        CONNECTION,
        /** One channel per endpoint per thread, shared by the connections that thread opens. */
        THREAD,
        /** A fixed set of channels striped across the endpoints, leased by a strategy. */
        WORKER;

        /** Parses {@code connection}, {@code thread} or {@code worker} (any case). */
        public static Mode of(String name) throws SQLException {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new SQLException(
                        "channelMode=" + name + ": expected connection, thread or worker",
                        SqlState.INVALID_ATTRIBUTE_VALUE.code());
            }
        }
    }

    private final Mode mode;
    private final int workerChannels;
    private final WorkerChannels.Strategy strategy;
    private final AtomicReference<ChannelLender> lender = new AtomicReference<>();
    private volatile boolean closed;

    /**
     * @param workerChannels channels of worker mode; 0 for two per endpoint
     */
    public LeasedConnections(Mode mode, int workerChannels, WorkerChannels.Strategy strategy) {
        this.mode = mode;
        this.workerChannels = workerChannels;
        this.strategy = strategy;
    }

    /** Opens a connection over leased channels; {@code key} is what the key-hash strategy spreads by. */
    public Connection open(String url, Properties props, Object key) throws SQLException {
        ConnectionConfig base = ConnectionConfig.of(url, props);
        ChannelLender l = lender(base);
        if (!l.endpoints().equals(base.endpoints())) {
            throw new SQLException(
                    "The DataSource's channels go to " + l.endpoints() + " but the URL now names " + base.endpoints()
                            + "; use a new GreptimeDataSource for other endpoints",
                    SqlState.CANNOT_CONNECT.code());
        }
        ChannelLender.Lease lease = l.lease(key);
        ConnectionConfig config;
        try {
            config = startingAt(url, props, base, lease.home());
        } catch (SQLException | RuntimeException e) {
            lease.close();
            throw e;
        }
        return ConnectionImpl.open(
                config, url, lease, props == null ? null : props.get(Observability.METER_REGISTRY_KEY));
    }

    private ChannelLender lender(ConnectionConfig config) throws SQLException {
        ChannelLender existing = lender.get();
        if (existing != null) {
            return existing;
        }
        if (closed) {
            throw ChannelLender.closedError();
        }
        ChannelLender made = mode == Mode.THREAD
                ? new ThreadChannels(config)
                : new WorkerChannels(
                        config,
                        workerChannels > 0
                                ? workerChannels
                                : 2 * config.endpoints().size(),
                        strategy);
        if (!lender.compareAndSet(null, made)) {
            made.close();
            return lender.get();
        }
        if (closed) { // closed while this one was being made: close() may have seen none
            made.close();
        }
        return made;
    }

    /** The configuration with {@code home} as the first endpoint, the others after it in URL order. */
    private static ConnectionConfig startingAt(
            String url, Properties props, ConnectionConfig base, JdbcUrl.Endpoint home) throws SQLException {
        List<JdbcUrl.Endpoint> all = base.endpoints();
        int at = home == null ? -1 : all.indexOf(home);
        if (at <= 0 || !url.startsWith(JdbcUrl.PREFIX)) {
            return base;
        }
        int hostsEnd = url.length();
        for (char stop : new char[] {'/', '?'}) {
            int i = url.indexOf(stop, JdbcUrl.PREFIX.length());
            if (i >= 0) {
                hostsEnd = Math.min(hostsEnd, i);
            }
        }
        StringBuilder hosts = new StringBuilder();
        for (int i = 0; i < all.size(); i++) {
            hosts.append(i == 0 ? "" : ",").append(all.get((at + i) % all.size()));
        }
        return ConnectionConfig.of(JdbcUrl.PREFIX + hosts + url.substring(hostsEnd), props);
    }

    /** The lender, once the first connection started it; null before. */
    public ChannelLender lender() {
        return lender.get();
    }

    /** Per-thread mode: the calling thread's channels close once its connections are closed. */
    public void clearCurrentThread() {
        if (lender.get() instanceof ThreadChannels t) {
            t.clearCurrentThread();
        }
    }

    /** Refuses new connections; the channels shut down once the last open connection closes. */
    @Override
    public void close() {
        closed = true;
        ChannelLender l = lender.get();
        if (l != null) {
            l.close();
        }
    }
}
