package io.greptime.jdbc.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/**
 * The container's configuration, command line and URL, checked without Docker; the live test runs only where a
 * Docker engine answers and is reported as skipped, with the reason, elsewhere.
 */
class GreptimeDBContainerTest {

    @Test
    void configuration_officialImageAtTheGivenTag_fourPorts() {
        try (GreptimeDBContainer db = new GreptimeDBContainer("v1.1.4")) {
            assertThat(db.imageName()).isEqualTo("greptime/greptimedb:v1.1.4");
            assertThat(db.getExposedPorts()).containsExactly(4000, 4001, 4002, 4003);
        }
        try (GreptimeDBContainer mirror =
                new GreptimeDBContainer(DockerImageName.parse("registry.example/greptime/greptimedb:latest"))) {
            assertThat(mirror.imageName()).isEqualTo("registry.example/greptime/greptimedb:latest");
        }
    }

    @Test
    void commandLine_startsStandaloneWithEveryPortOnAllInterfaces() {
        try (GreptimeDBContainer db = new GreptimeDBContainer("latest")) {
            assertThat(db.getCommandParts())
                    .containsExactly(
                            "standalone",
                            "start",
                            "--http-addr",
                            "0.0.0.0:4000",
                            "--rpc-bind-addr",
                            "0.0.0.0:4001",
                            "--mysql-addr",
                            "0.0.0.0:4002",
                            "--postgres-addr",
                            "0.0.0.0:4003");
        }
    }

    @Test
    void jdbcUrl_pointsThisDriverAtTheMappedGrpcPort() {
        assertThat(GreptimeDBContainer.jdbcUrl("localhost", 32771, "public"))
                .isEqualTo("jdbc:greptime://localhost:32771/public");
        assertThat(GreptimeDBContainer.jdbcUrl("::1", 32771, "metrics"))
                .isEqualTo("jdbc:greptime://[::1]:32771/metrics");
    }

    @Test
    void liveContainer_answersThisDriver() throws Exception {
        boolean docker;
        try {
            docker = DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            docker = false;
        }
        Assumptions.assumeTrue(
                docker,
                "SKIPPED: no Docker engine answers on this machine, so GreptimeDBContainer's live test"
                        + " (start greptime/greptimedb, wait for /health, query over getJdbcUrl()) did not run");
        try (GreptimeDBContainer db = new GreptimeDBContainer(System.getProperty("greptimedb.image.tag", "latest"))) {
            db.start();
            try (Connection c = DriverManager.getConnection(db.getJdbcUrl());
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }
}
