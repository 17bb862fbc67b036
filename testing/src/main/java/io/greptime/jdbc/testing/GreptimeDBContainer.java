package io.greptime.jdbc.testing;

import java.time.Duration;
import java.util.Objects;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The official GreptimeDB image ({@code greptime/greptimedb}) as a Testcontainers container, running
 * {@code greptime standalone start} with its four ports: HTTP 4000, gRPC 4001 (this driver's), MySQL 4002 and
 * PostgreSQL 4003. It is ready once {@code GET /health} on the HTTP port answers 200.
 *
 * <pre>{@code
 * try (GreptimeDBContainer db = new GreptimeDBContainer("v1.1.4")) {
 *     db.start();
 *     Connection c = DriverManager.getConnection(db.getJdbcUrl());
 * }
 * }</pre>
 *
 * <p>The flags are those of GreptimeDB's standalone command ({@code --http-addr}, {@code --rpc-bind-addr},
 * {@code --mysql-addr}, {@code --postgres-addr}); {@code --rpc-bind-addr} is accepted from v0.x to v1.x.
 */
public class GreptimeDBContainer extends GenericContainer<GreptimeDBContainer> {
    /** The official image's name on Docker Hub. */
    public static final String IMAGE = "greptime/greptimedb";

    public static final int HTTP_PORT = 4000;
    public static final int GRPC_PORT = 4001;
    public static final int MYSQL_PORT = 4002;
    public static final int POSTGRES_PORT = 4003;

    /** The HTTP endpoint the wait strategy polls. */
    public static final String HEALTH_PATH = "/health";

    private String database = "public";
    private final DockerImageName imageName;

    /** {@value #IMAGE} at {@code tag} (for example {@code v1.1.4} or {@code latest}). */
    public GreptimeDBContainer(String tag) {
        this(DockerImageName.parse(IMAGE).withTag(Objects.requireNonNull(tag)));
    }

    /**
     * The image this container runs, as given; unlike {@code getDockerImageName()}, which resolves (and may
     * pull) the image through a Docker engine, it needs none.
     */
    public String imageName() {
        return imageName.asCanonicalNameString();
    }

    /** Any image name: a mirror of the official image, or another tag. */
    public GreptimeDBContainer(DockerImageName image) {
        super(image);
        this.imageName = image;
        withExposedPorts(HTTP_PORT, GRPC_PORT, MYSQL_PORT, POSTGRES_PORT);
        withCommand(commandLine());
        waitingFor(Wait.forHttp(HEALTH_PATH)
                .forPort(HTTP_PORT)
                .forStatusCode(200)
                .withStartupTimeout(Duration.ofMinutes(2)));
    }

    /** The standalone command line the container runs, every port bound on all interfaces. */
    static String[] commandLine() {
        return new String[] {
            "standalone",
            "start",
            "--http-addr",
            "0.0.0.0:" + HTTP_PORT,
            "--rpc-bind-addr",
            "0.0.0.0:" + GRPC_PORT,
            "--mysql-addr",
            "0.0.0.0:" + MYSQL_PORT,
            "--postgres-addr",
            "0.0.0.0:" + POSTGRES_PORT
        };
    }

    /** The database {@link #getJdbcUrl()} names ({@code public} by default). */
    public GreptimeDBContainer withDatabase(String name) {
        this.database = Objects.requireNonNull(name);
        return self();
    }

    /** {@code jdbc:greptime://host:mappedGrpcPort/database} for this driver; the container must be running. */
    public String getJdbcUrl() {
        return jdbcUrl(getHost(), getMappedPort(GRPC_PORT), database);
    }

    /** {@code http://host:mappedHttpPort}, for GreptimeDB's HTTP API. */
    public String getHttpEndpoint() {
        return "http://" + hostForUrl(getHost()) + ":" + getMappedPort(HTTP_PORT);
    }

    static String jdbcUrl(String host, int port, String database) {
        return "jdbc:greptime://" + hostForUrl(host) + ":" + port + "/" + database;
    }

    private static String hostForUrl(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
