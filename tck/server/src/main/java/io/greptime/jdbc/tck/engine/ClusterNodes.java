package io.greptime.jdbc.tck.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The nodes of a cluster as its metasrv knows them from their heartbeats: what every frontend of a real
 * GreptimeDB cluster lists in {@code information_schema.cluster_info} (each frontend asks the metasrv, so all
 * of them list the same rows). An engine shared by several embedded servers is one cluster; a server built as
 * a frontend of it ({@code EmbeddedGreptimeServer.Builder#clusterFrontend}) heartbeats here while it serves.
 * With no node at all the engine is a standalone GreptimeDB, whose only row is its own STANDALONE one with an
 * empty address ({@code v0.14.4:src/cmd/src/standalone.rs:730-749},
 * {@code HEAD:src/standalone/src/information_extension.rs:66-95}).
 *
 * <p>A frontend advertises {@code grpc.server_addr} (or its bind address), and from v0.17 its internal gRPC
 * server's address when one is configured ({@code v0.17.2:src/frontend/src/heartbeat.rs:59-66}); the metasrv
 * keeps the row of a frontend that stopped, with its last heartbeat's age growing in {@code active_time}.
 */
public final class ClusterNodes {
    /** How often a serving node heartbeats in this model (GreptimeDB's frontend default is a few seconds). */
    static final long HEARTBEAT_MILLIS = 3_000;

    /**
     * One node: {@code FRONTEND}, {@code DATANODE}, {@code METASRV} or {@code FLOWNODE}, its advertised address,
     * machine host name (v1.0+ shows it), version, start time and last heartbeat; {@code lastHeartbeatMillis} is
     * negative while the node still heartbeats.
     */
    public record Node(
            String type, String address, String hostname, String version, long startMillis, long lastHeartbeatMillis) {
        /** Milliseconds since the node's last heartbeat at {@code nowMillis}. */
        public long silenceMillis(long nowMillis) {
            if (lastHeartbeatMillis < 0) {
                return Math.max(0, nowMillis - startMillis) % HEARTBEAT_MILLIS;
            }
            return Math.max(0, nowMillis - lastHeartbeatMillis);
        }
    }

    private final Map<String, Node> nodes = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    public ClusterNodes() {
        this(System::currentTimeMillis);
    }

    /** For tests of {@code active_time}: {@code clock} gives the current time in epoch milliseconds. */
    public ClusterNodes(LongSupplier clock) {
        this.clock = clock;
    }

    /** A node starts heartbeating (again) from {@code address}; its row replaces any earlier one there. */
    public void heartbeat(String type, String address, String hostname, String version) {
        nodes.put(address, new Node(type, address, hostname, version, clock.getAsLong(), -1));
    }

    /** The node at {@code address} stops heartbeating; its row stays, as the metasrv keeps it. */
    public void silence(String address) {
        nodes.computeIfPresent(
                address,
                (k, n) ->
                        new Node(n.type(), n.address(), n.hostname(), n.version(), n.startMillis(), clock.getAsLong()));
    }

    /** Whether no node ever heartbeat: the engine answers as a standalone server. */
    public boolean standalone() {
        return nodes.isEmpty();
    }

    /** The nodes, in the order metasrv lists them (by type, then address), and the time they are seen at. */
    public List<Node> nodes() {
        List<Node> out = new ArrayList<>(nodes.values());
        out.sort((a, b) -> a.type().equals(b.type())
                ? a.address().compareTo(b.address())
                : a.type().compareTo(b.type()));
        return out;
    }

    /** The current time of this view's clock, in epoch milliseconds. */
    public long nowMillis() {
        return clock.getAsLong();
    }
}
