package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Runs the embedded GreptimeDB-compatible server standalone (see {@link ServerOptions#USAGE}). Prints
 * one line {@code greptime-embedded-server listening on HOST:PORT} when ready and stops cleanly on
 * SIGTERM / Ctrl-C.
 *
 * <p>Check the shaded jar after {@code mvn -pl tck package}: {@code java -jar
 * tck/target/greptime-embedded-server.jar --port 0} must print the ready line, answer
 * {@code greptime.v1.HealthCheck/HealthCheck}, and exit on SIGTERM. The manifest carries
 * {@code Add-Opens: java.base/java.nio}, so {@code java -jar} needs no extra flag; with
 * {@code java -cp} pass {@code --add-opens=java.base/java.nio=ALL-UNNAMED}.
 */
public final class EmbeddedServerMain {
    static final String READY_PREFIX = "greptime-embedded-server listening on ";

    private EmbeddedServerMain() {}

    public static void main(String[] args) throws InterruptedException {
        Running running;
        try {
            ServerOptions options = ServerOptions.parse(args);
            if (options.help) {
                System.out.println(ServerOptions.USAGE);
                return;
            }
            running = start(options, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(ServerOptions.USAGE);
            System.exit(2);
            return;
        } catch (ArrowUnavailable e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            running.close();
                            stopped.countDown();
                        },
                        "greptime-embedded-server-shutdown"));
        stopped.await();
    }

    /** Starts a server and its engine; the caller closes the result. */
    static Running start(ServerOptions options, PrintStream out) {
        checkArrow();
        Engine engine = options.dataDir == null ? DuckDbEngine.inMemory() : DuckDbEngine.open(options.dataDir.toPath());
        try {
            EmbeddedGreptimeServer server =
                    options.toBuilder().engine(engine).build().start();
            out.println(READY_PREFIX + server.address());
            out.flush();
            return new Running(server, engine);
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /** Fails with a clear message when Arrow cannot reach direct buffers (missing --add-opens). */
    private static void checkArrow() {
        try (BufferAllocator allocator = new RootAllocator();
                ArrowBuf buf = allocator.buffer(8)) {
            buf.setLong(0, 1L);
        } catch (RuntimeException | LinkageError e) {
            throw new ArrowUnavailable("Apache Arrow cannot start ("
                    + e
                    + "). Run Java with --add-opens=java.base/java.nio=ALL-UNNAMED"
                    + " (java -jar greptime-embedded-server.jar adds it from the manifest).");
        }
    }

    /** A started server with the engine it owns; {@link #close()} stops both. */
    static final class Running implements AutoCloseable {
        final EmbeddedGreptimeServer server;
        private final Engine engine;

        Running(EmbeddedGreptimeServer server, Engine engine) {
            this.server = server;
            this.engine = engine;
        }

        @Override
        public void close() {
            try {
                server.close();
            } finally {
                engine.close();
            }
        }
    }

    private static final class ArrowUnavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ArrowUnavailable(String message) {
            super(message);
        }
    }
}
