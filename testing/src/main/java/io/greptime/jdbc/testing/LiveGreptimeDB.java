package io.greptime.jdbc.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A real GreptimeDB for live tests, chosen from the environment, in this order:
 *
 * <ol>
 *   <li>{@code GREPTIMEDB_ENDPOINT} ({@code host:port} of a running server's gRPC port): used as it is; its MySQL
 *       and PostgreSQL ports are {@code GREPTIMEDB_MYSQL_ENDPOINT} and {@code GREPTIMEDB_POSTGRES_ENDPOINT},
 *       by default the same host on 4002 and 4003;
 *   <li>{@code GREPTIMEDB_BIN} (a {@code greptime} binary): a {@link GreptimeDBProcess} started here on free
 *       loopback ports and stopped by {@link #close()};
 *   <li>a Docker engine that answers, with {@code greptimedb.image.tag} (system property or
 *       {@code GREPTIMEDB_IMAGE_TAG}) naming the official image's tag: a {@link GreptimeDBContainer}.
 * </ol>
 *
 * <p>With none of them, {@link #skipReason()} says why, and nothing is started.
 */
public final class LiveGreptimeDB implements AutoCloseable {
    private final String description;
    private final String skipReason;
    private final String grpc;
    private final String mysql;
    private final String postgres;
    private final GreptimeDBProcess process;
    private final AutoCloseable container;

    private LiveGreptimeDB(
            String description,
            String skipReason,
            String grpc,
            String mysql,
            String postgres,
            GreptimeDBProcess process,
            AutoCloseable container) {
        this.description = description;
        this.skipReason = skipReason;
        this.grpc = grpc;
        this.mysql = mysql;
        this.postgres = postgres;
        this.process = process;
        this.container = container;
    }

    /** From this process's environment and system properties; {@code options} apply to a started binary only. */
    public static LiveGreptimeDB fromEnvironment(Map<String, String> options) throws IOException {
        return from(System.getenv(), options);
    }

    static LiveGreptimeDB from(Map<String, String> env, Map<String, String> options) throws IOException {
        String endpoint = blankToNull(env.get("GREPTIMEDB_ENDPOINT"));
        if (endpoint != null) {
            String host = endpoint.substring(0, Math.max(0, endpoint.lastIndexOf(':')));
            return new LiveGreptimeDB(
                    "GreptimeDB at " + endpoint + " (GREPTIMEDB_ENDPOINT)",
                    null,
                    endpoint,
                    Objects.requireNonNullElse(blankToNull(env.get("GREPTIMEDB_MYSQL_ENDPOINT")), host + ":4002"),
                    Objects.requireNonNullElse(blankToNull(env.get("GREPTIMEDB_POSTGRES_ENDPOINT")), host + ":4003"),
                    null,
                    null);
        }
        String bin = blankToNull(env.get("GREPTIMEDB_BIN"));
        if (bin != null) {
            GreptimeDBProcess.Builder b = GreptimeDBProcess.builder(Path.of(bin));
            options.forEach(b::option);
            GreptimeDBProcess p = b.start();
            return new LiveGreptimeDB(
                    "GreptimeDB binary " + bin + " (GREPTIMEDB_BIN), pid " + p.pid() + ", data in " + p.dataHome(),
                    null,
                    p.grpcEndpoint(),
                    "127.0.0.1:" + p.ports().mysql(),
                    "127.0.0.1:" + p.ports().postgres(),
                    p,
                    null);
        }
        String tag = blankToNull(System.getProperty("greptimedb.image.tag", env.get("GREPTIMEDB_IMAGE_TAG")));
        String docker = ContainerSupport.unavailableReason();
        if (tag != null && docker == null) {
            return ContainerSupport.start(tag);
        }
        return skipped("no real GreptimeDB: set GREPTIMEDB_ENDPOINT (host:port of a running server's gRPC port) or"
                + " GREPTIMEDB_BIN (a greptime binary to start)"
                + (tag == null ? ", or greptimedb.image.tag with a Docker engine" : "; Docker: " + docker));
    }

    static LiveGreptimeDB skipped(String reason) {
        return new LiveGreptimeDB("none", reason, null, null, null, null, null);
    }

    static LiveGreptimeDB ofContainer(String description, String grpc, String mysql, String postgres, AutoCloseable c) {
        return new LiveGreptimeDB(description, null, grpc, mysql, postgres, null, c);
    }

    /** Why no server is available, or empty when there is one. */
    public Optional<String> skipReason() {
        return Optional.ofNullable(skipReason);
    }

    /** What server this is, for reports. */
    public String description() {
        return description;
    }

    /** {@code host:port} of the gRPC port. */
    public String grpcEndpoint() {
        return require(grpc);
    }

    /** {@code host:port} of GreptimeDB's MySQL port. */
    public String mysqlEndpoint() {
        return require(mysql);
    }

    /** {@code host:port} of GreptimeDB's PostgreSQL port. */
    public String postgresEndpoint() {
        return require(postgres);
    }

    /** {@code jdbc:greptime://grpcEndpoint/database}. */
    public String jdbcUrl(String database) {
        return "jdbc:greptime://" + grpcEndpoint() + "/" + database;
    }

    /** The process, when this class started one from {@code GREPTIMEDB_BIN}. */
    public Optional<GreptimeDBProcess> process() {
        return Optional.ofNullable(process);
    }

    private String require(String value) {
        if (value == null) {
            throw new IllegalStateException("no live GreptimeDB: " + skipReason);
        }
        return value;
    }

    @Override
    public void close() throws Exception {
        if (process != null) {
            process.close();
        }
        if (container != null) {
            container.close();
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
