package io.greptime.jdbc.testing;

/**
 * The Docker side of {@link LiveGreptimeDB}, kept apart so that the class loads without Testcontainers (an
 * optional dependency of this module) on the class path.
 */
final class ContainerSupport {
    private ContainerSupport() {}

    /** Why the official image cannot be run here, or null when a Docker engine answers. */
    static String unavailableReason() {
        try {
            Class.forName("org.testcontainers.DockerClientFactory", false, ContainerSupport.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return "Testcontainers is not on the class path";
        }
        try {
            return org.testcontainers.DockerClientFactory.instance().isDockerAvailable()
                    ? null
                    : "no Docker engine answers";
        } catch (RuntimeException | LinkageError e) {
            return "no Docker engine answers (" + e.getClass().getSimpleName() + ")";
        }
    }

    /** Starts {@code greptime/greptimedb:tag}. */
    static LiveGreptimeDB start(String tag) {
        GreptimeDBContainer c = new GreptimeDBContainer(tag);
        c.start();
        String host = c.getHost();
        return LiveGreptimeDB.ofContainer(
                "GreptimeDB image " + c.imageName() + " (Testcontainers)",
                host + ":" + c.getMappedPort(GreptimeDBContainer.GRPC_PORT),
                host + ":" + c.getMappedPort(GreptimeDBContainer.MYSQL_PORT),
                host + ":" + c.getMappedPort(GreptimeDBContainer.POSTGRES_PORT),
                c);
    }
}
