package io.greptime.jdbc.conformance;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * One embedded server (in front of a fresh in-memory DuckDB engine) per version profile, started for a
 * test class and closed after it; connections go through {@link DriverManager} like an application's.
 */
final class EmbeddedTargets implements AutoCloseable {
    private final Map<ServerProfile, DuckDbEngine> engines = new EnumMap<>(ServerProfile.class);
    private final Map<ServerProfile, EmbeddedGreptimeServer> servers = new EnumMap<>(ServerProfile.class);

    /** The server of {@code profile}, started on first use (a class runs the profiles it names only). */
    synchronized EmbeddedGreptimeServer server(ServerProfile profile) {
        return servers.computeIfAbsent(profile, p -> {
            DuckDbEngine engine = DuckDbEngine.inMemory();
            engines.put(p, engine);
            return EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .profile(p)
                    .build()
                    .start();
        });
    }

    Connection connect(ServerProfile profile) throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + server(profile).address() + "/public");
    }

    /**
     * Closes the servers and engines, then fails if the driver kept Arrow memory or a server still held
     * some once cancelled calls wound down (a server learns of a cancel asynchronously).
     */
    @Override
    public void close() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        for (EmbeddedGreptimeServer server : servers.values()) {
            while (server.allocatedMemory() != 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }
        long serverBytes = servers.values().stream()
                .mapToLong(EmbeddedGreptimeServer::allocatedMemory)
                .sum();
        servers.values().forEach(EmbeddedGreptimeServer::close);
        engines.values().forEach(DuckDbEngine::close);
        if (ArrowMemoryProbe.driverAllocatedBytes() != 0 || serverBytes != 0) {
            throw new AssertionError("Arrow memory left: driver " + ArrowMemoryProbe.driverAllocatedBytes()
                    + " bytes, servers " + serverBytes + " bytes");
        }
    }
}
