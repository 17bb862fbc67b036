package io.greptime.jdbc.hostile;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The embedded server answering as one GreptimeDB line, over a fresh in-memory DuckDB. */
final class ProfileServer implements AutoCloseable {
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final EmbeddedGreptimeServer server;

    ProfileServer(ServerProfile profile) {
        server = EmbeddedGreptimeServer.builder()
                .port(0)
                .engine(engine)
                .profile(profile)
                .build()
                .start();
    }

    String url(String query) {
        return "jdbc:greptime://" + server.address() + "?timezone=UTC" + (query.isEmpty() ? "" : "&" + query);
    }

    Connection connect(String query) throws SQLException {
        return DriverManager.getConnection(url(query));
    }

    EmbeddedGreptimeServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
        engine.close();
    }
}
