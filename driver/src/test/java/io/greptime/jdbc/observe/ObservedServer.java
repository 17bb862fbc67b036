package io.greptime.jdbc.observe;

import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The embedded server over a real DuckDB engine, with one user (auth on) and a record of every request
 * header it received, so tests can see what the driver sent in {@code tracing_context}.
 */
final class ObservedServer implements AutoCloseable {
    static final String USER = "alice";

    final List<RequestHeader> headers = new CopyOnWriteArrayList<>();
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final EmbeddedGreptimeServer server;

    ObservedServer(String password) {
        server = EmbeddedGreptimeServer.builder()
                .port(0)
                .engine(engine)
                .user(USER, password)
                .onRequestHeader(headers::add)
                .build()
                .start();
    }

    String url(String query) {
        return "jdbc:greptime://" + server.address() + "?timezone=UTC" + (query.isEmpty() ? "" : "&" + query);
    }

    Connection connect(String query, String user, String password) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        return DriverManager.getConnection(url(query), p);
    }

    @Override
    public void close() {
        server.close();
        engine.close();
    }
}
