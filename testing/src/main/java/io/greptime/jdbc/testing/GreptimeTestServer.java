package io.greptime.jdbc.testing;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.Objects;

/**
 * One embedded GreptimeDB-compatible server (gRPC + Arrow Flight in front of an in-memory DuckDB engine) on a free
 * loopback port, as {@link EmbeddedGreptime} starts it; usable on its own too.
 */
public final class GreptimeTestServer implements AutoCloseable {
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final EmbeddedGreptimeServer server;
    private final String database;
    private final String timezone;

    /**
     * @param profile the GreptimeDB version to answer as ({@code v1.2}, ... as {@link ServerProfile#parse} reads it)
     * @param timezone the {@code timezone} URL property, or empty for none
     */
    public GreptimeTestServer(String profile, String database, String timezone) {
        this.database = Objects.requireNonNull(database);
        this.timezone = Objects.requireNonNull(timezone);
        EmbeddedGreptimeServer started;
        try {
            started = EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .profile(ServerProfile.parse(profile))
                    .build()
                    .start();
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
        this.server = started;
    }

    /** A server answering as GreptimeDB v1.2, URLs in {@code public} with {@code timezone=UTC}. */
    public GreptimeTestServer() {
        this("v1.2", "public", "UTC");
    }

    /** {@code jdbc:greptime://127.0.0.1:port/database[?timezone=...]}. */
    public String jdbcUrl() {
        return "jdbc:greptime://" + server.address() + "/" + database
                + (timezone.isEmpty() ? "" : "?timezone=" + timezone);
    }

    /** {@code host:port} of the gRPC/Flight endpoint. */
    public String address() {
        return server.address();
    }

    public ServerProfile profile() {
        return server.profile();
    }

    /** The server itself, for fault injection ({@code server().faults()}) or restarts. */
    public EmbeddedGreptimeServer server() {
        return server;
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            engine.close();
        }
    }

    @Override
    public String toString() {
        return "GreptimeTestServer[" + jdbcUrl() + ", " + profile() + "]";
    }
}
