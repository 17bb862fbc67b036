package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.ManagedChannel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Worker mode: a fixed set of channels, striped across the URL's endpoints (channel {@code i} goes to
 * endpoint {@code i mod endpoints}), leased to connections by a {@link Strategy}. A lease starts its
 * connection on its channel's endpoint; asked for another endpoint (failover), it answers with that
 * endpoint's channel in the same stripe row.
 *
 * <p>All channels open when the pool starts (they connect lazily) and shut down together once the pool is
 * closed and the last lease is back, since a lease may reach channels of other stripes.
 */
public final class WorkerChannels implements ChannelLender {

    /** How a new connection's channel is chosen. */
    public enum Strategy {
        /** Each channel in turn. */
        ROUND_ROBIN,
        /** The channel with the fewest calls in flight now; ties go to the fewest open leases, then the lowest. */
        LEAST_IN_FLIGHT,
        /** By the hash of a key (a tenant, a table; by default the calling thread), so one key keeps one channel. */
        KEY_HASH;

        /** Parses {@code round_robin}, {@code least_in_flight} or {@code key_hash} (any case). */
        public static Strategy of(String name) throws SQLException {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new SQLException(
                        "leaseStrategy=" + name + ": expected round_robin, least_in_flight or key_hash",
                        SqlState.INVALID_ATTRIBUTE_VALUE.code());
            }
        }
    }

    private final List<JdbcUrl.Endpoint> endpoints;
    private final Strategy strategy;
    private final List<Lane> lanes = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger leasesOut = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean shut = new AtomicBoolean();

    /** One channel and what the strategies need to know about it. */
    private static final class Lane {
        final int index;
        final JdbcUrl.Endpoint endpoint;
        final CountingChannel channel;
        final AtomicInteger open = new AtomicInteger();
        final AtomicInteger granted = new AtomicInteger();

        Lane(int index, JdbcUrl.Endpoint endpoint, CountingChannel channel) {
            this.index = index;
            this.endpoint = endpoint;
            this.channel = channel;
        }
    }

    /**
     * Opens {@code size} channels over the endpoints of {@code config}.
     *
     * @throws SQLException HY024 when {@code size} is smaller than the number of endpoints
     */
    public WorkerChannels(ConnectionConfig config, int size, Strategy strategy) throws SQLException {
        this.endpoints = List.copyOf(config.endpoints());
        this.strategy = strategy;
        if (size < endpoints.size()) {
            throw new SQLException(
                    "workerChannels=" + size + " must be at least the number of endpoints in the URL ("
                            + endpoints.size() + ")",
                    SqlState.INVALID_ATTRIBUTE_VALUE.code());
        }
        try {
            for (int i = 0; i < size; i++) {
                JdbcUrl.Endpoint e = endpoints.get(i % endpoints.size());
                lanes.add(new Lane(i, e, new CountingChannel(ChannelFactory.open(config, e))));
            }
        } catch (SQLException | RuntimeException e) {
            lanes.forEach(l -> l.channel.shutdownNow());
            throw e;
        }
    }

    @Override
    public List<JdbcUrl.Endpoint> endpoints() {
        return endpoints;
    }

    @Override
    public Lease lease(Object key) throws SQLException {
        leasesOut.incrementAndGet();
        if (closed.get()) {
            giveBack();
            throw ChannelLender.closedError();
        }
        Lane lane = pick(key);
        lane.open.incrementAndGet();
        lane.granted.incrementAndGet();
        return new WorkerLease(lane);
    }

    private Lane pick(Object key) {
        switch (strategy) {
            case LEAST_IN_FLIGHT:
                Lane best = lanes.get(0);
                for (Lane l : lanes) {
                    int byCalls = Integer.compare(l.channel.inFlight(), best.channel.inFlight());
                    if (byCalls < 0 || byCalls == 0 && l.open.get() < best.open.get()) {
                        best = l;
                    }
                }
                return best;
            case KEY_HASH:
                Object k = key != null ? key : Thread.currentThread();
                int h = k.hashCode();
                return lanes.get(Math.floorMod(h ^ (h >>> 16), lanes.size()));
            default:
                return lanes.get(Math.floorMod(next.getAndIncrement(), lanes.size()));
        }
    }

    /** A lane's channel to {@code endpoint}: its own, or the one in its stripe row that goes there. */
    private ManagedChannel channelFor(Lane lane, JdbcUrl.Endpoint endpoint) throws SQLException {
        if (lane.endpoint.equals(endpoint)) {
            return lane.channel;
        }
        int e = endpoints.indexOf(endpoint);
        if (e < 0) {
            throw new SQLException(
                    "Endpoint " + endpoint + " is not one of this DataSource's " + endpoints,
                    SqlState.CANNOT_CONNECT.code());
        }
        int k = endpoints.size();
        int sameRow = lane.index / k * k + e;
        return lanes.get(sameRow < lanes.size() ? sameRow : e).channel;
    }

    private void giveBack() {
        if (leasesOut.decrementAndGet() == 0 && closed.get()) {
            shutDown();
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && leasesOut.get() == 0) {
            shutDown();
        }
    }

    /** Graceful: calls still running finish; the counters make it happen once, after the last lease. */
    private void shutDown() {
        if (leasesOut.get() == 0 && shut.compareAndSet(false, true)) {
            lanes.forEach(l -> l.channel.shutdown());
        }
    }

    // ---------------------------------------------------------------- what tests and monitoring read

    /** Leases granted per channel since the pool started. */
    public int[] leasesGranted() {
        return lanes.stream().mapToInt(l -> l.granted.get()).toArray();
    }

    /** Leases still out per channel. */
    public int[] openLeases() {
        return lanes.stream().mapToInt(l -> l.open.get()).toArray();
    }

    /** Calls in flight per channel. */
    public int[] inFlight() {
        return lanes.stream().mapToInt(l -> l.channel.inFlight()).toArray();
    }

    /** The endpoint of each channel. */
    public List<JdbcUrl.Endpoint> channelEndpoints() {
        return lanes.stream().map(l -> l.endpoint).toList();
    }

    /** Whether every channel has shut down and terminated. */
    public boolean isTerminated() {
        return lanes.stream().allMatch(l -> l.channel.isTerminated());
    }

    /** Waits (bounded) for every channel to terminate; true when they all did. */
    public boolean awaitTermination(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        for (Lane l : lanes) {
            long left = Math.max(0, deadline - System.nanoTime());
            if (!l.channel.awaitTermination(left, java.util.concurrent.TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
        return true;
    }

    /** One connection's lease of one lane. */
    private final class WorkerLease implements Lease {
        private final Lane lane;
        private final AtomicBoolean returned = new AtomicBoolean();

        WorkerLease(Lane lane) {
            this.lane = lane;
        }

        @Override
        public JdbcUrl.Endpoint home() {
            return lane.endpoint;
        }

        @Override
        public ManagedChannel channel(JdbcUrl.Endpoint endpoint) throws SQLException {
            if (returned.get()) {
                throw new SQLException(
                        "The connection's channel lease was returned", SqlState.CONNECTION_DOES_NOT_EXIST.code());
            }
            return channelFor(lane, endpoint);
        }

        /** Gives the lease back; the channel stays up for other connections. */
        @Override
        public void close() {
            if (returned.compareAndSet(false, true)) {
                lane.open.decrementAndGet();
                giveBack();
            }
        }
    }
}
