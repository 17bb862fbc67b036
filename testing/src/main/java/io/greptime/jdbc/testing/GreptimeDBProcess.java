package io.greptime.jdbc.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A real GreptimeDB standalone server run from a {@code greptime} binary on this machine (GreptimeDB's release
 * archive, or one you built), on free loopback ports with a data directory of its own:
 *
 * <pre>{@code
 * try (GreptimeDBProcess db = GreptimeDBProcess.builder(Path.of("/opt/greptime/greptime")).start()) {
 *     Connection c = DriverManager.getConnection(db.jdbcUrl());
 * }
 * }</pre>
 *
 * <p>{@link Builder#start()} returns once {@code GET /health} on the HTTP port answers 200 and the gRPC port
 * accepts connections. A binary that exits first, or a server that is not ready within the start timeout, fails
 * the start with the exit code and the end of the server's log; nothing is left running. {@link #close()} stops
 * the process (SIGTERM, then SIGKILL after the stop timeout) and removes the data directory unless it was
 * given by the caller. A JVM shutdown hook stops a server that was never closed.
 *
 * <p>Server settings go in as GreptimeDB's layered-configuration environment variables:
 * {@code option("grpc.flight_compression", "none")} sets {@code GREPTIMEDB_STANDALONE__GRPC__FLIGHT_COMPRESSION}.
 * The command-line flags are those of {@code greptime standalone start} ({@code --rpc-bind-addr} is accepted as
 * {@code --rpc-addr}'s alias from v0.14 on).
 */
public final class GreptimeDBProcess implements AutoCloseable {
    private static final String ENV_PREFIX = "GREPTIMEDB_STANDALONE";
    private static final int PORT_ATTEMPTS = 3;

    private final Builder settings;
    private final Path dataHome;
    private final boolean ownsDataHome;
    private final Path log;
    private final Ports ports;
    private final Thread shutdownHook;
    private final RoleProcess process;

    /** The four loopback ports a standalone server listens on. */
    public record Ports(int http, int grpc, int mysql, int postgres) {
        static Ports free() throws IOException {
            int[] p = new int[4];
            List<ServerSocket> held = new ArrayList<>();
            try {
                for (int i = 0; i < p.length; i++) {
                    ServerSocket s = new ServerSocket();
                    held.add(s);
                    s.bind(new InetSocketAddress("127.0.0.1", 0));
                    p[i] = s.getLocalPort();
                }
            } finally {
                for (ServerSocket s : held) {
                    s.close();
                }
            }
            return new Ports(p[0], p[1], p[2], p[3]);
        }
    }

    /** Settings for a server started from {@code binary}. */
    public static Builder builder(Path binary) {
        return new Builder(binary);
    }

    private GreptimeDBProcess(Builder settings, Path dataHome, boolean ownsDataHome, Ports ports) {
        this.settings = settings;
        this.dataHome = dataHome;
        this.ownsDataHome = ownsDataHome;
        this.log = dataHome.resolveSibling(dataHome.getFileName() + ".log");
        this.ports = ports;
        this.process = new RoleProcess(
                "GreptimeDB standalone",
                commandLine(settings.binary, dataHome, ports),
                environment(settings.options),
                log,
                settings.stopTimeout,
                dataHome);
        this.shutdownHook = new Thread(this::killQuietly, "greptimedb-process-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** {@code 127.0.0.1:grpcPort}, what the driver's URL and {@code GREPTIMEDB_ENDPOINT} take. */
    public String grpcEndpoint() {
        return "127.0.0.1:" + ports.grpc();
    }

    /** {@code jdbc:greptime://127.0.0.1:grpcPort/public}. */
    public String jdbcUrl() {
        return jdbcUrl("public");
    }

    /** {@code jdbc:greptime://127.0.0.1:grpcPort/database}. */
    public String jdbcUrl(String database) {
        return "jdbc:greptime://" + grpcEndpoint() + "/" + database;
    }

    public Ports ports() {
        return ports;
    }

    public Path dataHome() {
        return dataHome;
    }

    /** The file the server's standard output and error go to (beside the data directory). */
    public Path logFile() {
        return log;
    }

    /** The server's process id, while it runs. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Starts the server again on the same ports and data directory (after {@link #kill()}, a crash or
     * {@link #stop()}), and waits until it is ready.
     */
    public void restart() throws IOException {
        stop();
        launch();
    }

    /** SIGKILL, without waiting for anything: what a crash looks like to clients. */
    public void kill() {
        process.kill();
    }

    /** SIGTERM, then SIGKILL after the stop timeout. The data directory stays. */
    public void stop() {
        process.stop();
    }

    /** Stops the server and removes its data directory unless the caller gave it. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
        if (ownsDataHome) {
            DataDirectories.delete(dataHome);
        }
    }

    /** The last {@code lines} lines of the server's log, for failure messages. */
    public String logTail(int lines) {
        return process.logTail(lines);
    }

    private void launch() throws IOException {
        process.launch();
        process.awaitReady(
                settings.startTimeout,
                () -> RoleProcess.healthy(ports.http()) && RoleProcess.accepts(ports.grpc()),
                "GET /health on port " + ports.http() + ", gRPC port " + ports.grpc());
    }

    private void killQuietly() {
        try {
            kill();
        } catch (RuntimeException ignored) {
            // the JVM is exiting; nothing to report to
        }
    }

    /** The command line of {@code greptime standalone start} on loopback {@code ports}. */
    static List<String> commandLine(Path binary, Path dataHome, Ports ports) {
        return List.of(
                binary.toString(),
                "standalone",
                "start",
                "--data-home",
                dataHome.toString(),
                "--http-addr",
                "127.0.0.1:" + ports.http(),
                "--rpc-bind-addr",
                "127.0.0.1:" + ports.grpc(),
                "--mysql-addr",
                "127.0.0.1:" + ports.mysql(),
                "--postgres-addr",
                "127.0.0.1:" + ports.postgres());
    }

    /**
     * GreptimeDB's layered configuration from the environment: {@code grpc.flight_compression} becomes
     * {@code GREPTIMEDB_STANDALONE__GRPC__FLIGHT_COMPRESSION}.
     */
    static Map<String, String> environment(Map<String, String> options) {
        Map<String, String> env = new LinkedHashMap<>();
        options.forEach((key, value) ->
                env.put(ENV_PREFIX + "__" + key.replace(".", "__").toUpperCase(Locale.ROOT), value));
        return env;
    }

    /** Settings, then {@link #start()}. */
    public static final class Builder {
        private final Path binary;
        private final Map<String, String> options = new LinkedHashMap<>();
        private Path dataHome;
        private Duration startTimeout = Duration.ofMinutes(2);
        private Duration stopTimeout = Duration.ofSeconds(20);

        private Builder(Path binary) {
            this.binary = Objects.requireNonNull(binary, "binary");
        }

        /** A server setting by its configuration key, e.g. {@code grpc.flight_compression} = {@code none}. */
        public Builder option(String key, String value) {
            options.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
            return this;
        }

        /** Keep the data here (created if missing, never deleted); by default a temporary directory. */
        public Builder dataHome(Path dir) {
            this.dataHome = dir;
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            this.startTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        public Builder stopTimeout(Duration timeout) {
            this.stopTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /**
         * Starts the server and waits until it is ready. A port taken between choosing it and the server
         * binding it is retried on new ports, twice.
         *
         * @throws GreptimeDBStartException the binary is missing, exited, or was not ready in time
         */
        public GreptimeDBProcess start() throws IOException {
            RoleProcess.requireExecutable(binary);
            for (int attempt = 1; ; attempt++) {
                boolean owns = dataHome == null;
                Path home = owns ? Files.createTempDirectory("greptimedb-") : Files.createDirectories(dataHome);
                GreptimeDBProcess server = new GreptimeDBProcess(this, home, owns, Ports.free());
                try {
                    server.launch();
                    return server;
                } catch (GreptimeDBStartException e) {
                    boolean portTaken = !server.process.portHint().isEmpty();
                    server.close();
                    if (!portTaken || attempt == PORT_ATTEMPTS) {
                        throw e;
                    }
                } catch (IOException | RuntimeException e) {
                    server.close();
                    throw e;
                }
            }
        }
    }
}
