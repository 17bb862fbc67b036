package io.greptime.jdbc.testing;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The embedded server in front of a fresh in-memory DuckDB engine: real SQL, for round trips. */
public final class DuckDbFixture implements AutoCloseable {
    private final DuckDbEngine engine = DuckDbEngine.inMemory();
    private final EmbeddedGreptimeServer server =
            EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();

    public Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:greptime://" + server.address() + "?timezone=UTC");
    }

    public EmbeddedGreptimeServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
        engine.close();
    }
}
