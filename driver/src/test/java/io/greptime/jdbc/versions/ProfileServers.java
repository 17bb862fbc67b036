package io.greptime.jdbc.versions;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One embedded server per version profile for a test class, each over its own engine, started when a test
 * first asks for it; closed with a check that neither the driver nor a server kept Arrow memory.
 */
final class ProfileServers implements AutoCloseable {
    private final UnaryOperator<EmbeddedGreptimeServer.Builder> configure;
    private final Map<ServerProfile, DuckDbEngine> engines = new EnumMap<>(ServerProfile.class);
    private final Map<ServerProfile, EmbeddedGreptimeServer> servers = new EnumMap<>(ServerProfile.class);

    ProfileServers() {
        this(b -> b);
    }

    ProfileServers(UnaryOperator<EmbeddedGreptimeServer.Builder> configure) {
        this.configure = configure;
    }

    synchronized EmbeddedGreptimeServer server(ServerProfile profile) {
        return servers.computeIfAbsent(profile, p -> {
            DuckDbEngine engine = DuckDbEngine.inMemory();
            engines.put(p, engine);
            return configure
                    .apply(EmbeddedGreptimeServer.builder()
                            .port(0)
                            .engine(engine)
                            .profile(p))
                    .build()
                    .start();
        });
    }

    /** A connection to the profile's server; {@code query} is appended to the URL ("" or "?k=v&..."). */
    Connection connect(ServerProfile profile, String query) throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + server(profile).address() + "/public" + query);
    }

    @Override
    public synchronized void close() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        for (EmbeddedGreptimeServer s : servers.values()) {
            while (s.allocatedMemory() != 0 && System.nanoTime() < deadline) {
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
