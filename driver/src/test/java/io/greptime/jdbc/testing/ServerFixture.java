package io.greptime.jdbc.testing;

import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.function.Consumer;

/** An embedded server on a free loopback port in front of a {@link ScriptedEngine}. */
public final class ServerFixture implements AutoCloseable {
    private final ScriptedEngine engine = new ScriptedEngine();
    private final EmbeddedGreptimeServer server;

    public ServerFixture() {
        this(b -> {});
    }

    /** @param customize extra builder settings (users, profile, TLS) */
    public ServerFixture(Consumer<EmbeddedGreptimeServer.Builder> customize) {
        EmbeddedGreptimeServer.Builder b =
                EmbeddedGreptimeServer.builder().port(0).engine(engine);
        customize.accept(b);
        server = b.build().start();
    }

    public ScriptedEngine engine() {
        return engine;
    }

    public EmbeddedGreptimeServer server() {
        return server;
    }

    /** {@code jdbc:greptime://127.0.0.1:<port>} plus the given suffix (path and query). */
    public String url(String suffix) {
        return "jdbc:greptime://" + server.address() + suffix;
    }

    public Connection connect() throws SQLException {
        return connect("", new Properties());
    }

    public Connection connect(String suffix, Properties props) throws SQLException {
        return DriverManager.getConnection(url(suffix), props);
    }

    /**
     * The server's Arrow memory once calls the client cancelled have wound down (the server learns of a
     * cancel asynchronously); waits up to 10 s for it to reach zero.
     */
    public long serverMemoryWhenIdle() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (server.allocatedMemory() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return server.allocatedMemory();
    }

    @Override
    public void close() {
        engine.release();
        server.close();
        engine.close();
    }
}
