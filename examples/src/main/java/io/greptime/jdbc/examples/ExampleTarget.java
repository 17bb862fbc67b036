package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where an example runs: the GreptimeDB named by {@code GREPTIMEDB_ENDPOINT} ({@code host:port}) when it
 * is set, otherwise an embedded GreptimeDB-compatible server on a loopback port, started here and stopped
 * by {@link #close()}. Examples only take the JDBC URL from it; everything else goes through the driver.
 */
final class ExampleTarget implements AutoCloseable {
    // Arrow announces its allocator choice at INFO; the examples' own output is the point. Held in a field
    // because java.util.logging keeps loggers weakly.
    private static final Logger ARROW_LOG = Logger.getLogger("org.apache.arrow");

    private final DuckDbEngine engine;
    private final EmbeddedGreptimeServer server;
    private final String address;

    private ExampleTarget(DuckDbEngine engine, EmbeddedGreptimeServer server, String address) {
        this.engine = engine;
        this.server = server;
        this.address = address;
    }

    /** {@code GREPTIMEDB_ENDPOINT}, or an embedded server on a free port. */
    static ExampleTarget open() {
        return open(0, b -> {});
    }

    /**
     * {@code GREPTIMEDB_ENDPOINT}, or an embedded server on {@code port} (0: any free port).
     *
     * @param customize extra embedded-server settings (users, TLS); not applied to an external endpoint
     */
    static ExampleTarget open(int port, Consumer<EmbeddedGreptimeServer.Builder> customize) {
        ARROW_LOG.setLevel(Level.WARNING);
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        if (endpoint != null && !endpoint.isBlank()) {
            System.out.println("using GreptimeDB at " + endpoint + " (GREPTIMEDB_ENDPOINT)");
            return new ExampleTarget(null, null, endpoint.trim());
        }
        DuckDbEngine engine = DuckDbEngine.inMemory();
        try {
            EmbeddedGreptimeServer.Builder b =
                    EmbeddedGreptimeServer.builder().port(port).engine(engine);
            customize.accept(b);
            EmbeddedGreptimeServer server = b.build().start();
            System.out.println("embedded GreptimeDB-compatible server listening on " + server.address());
            return new ExampleTarget(engine, server, server.address());
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /** True when this target is the embedded server (so server-side settings such as users apply). */
    boolean embedded() {
        return server != null;
    }

    /** {@code host:port}. */
    String address() {
        return address;
    }

    /** {@code jdbc:greptime://host:port/public}. */
    String url() {
        return "jdbc:greptime://" + address + "/public";
    }

    @Override
    public void close() {
        if (server != null) {
            try {
                server.close();
            } finally {
                engine.close();
            }
        }
    }

    /** Fails the example (non-zero exit) with what was expected when a check does not hold. */
    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("check failed: " + what);
        }
        System.out.println("check ok: " + what);
    }
}
