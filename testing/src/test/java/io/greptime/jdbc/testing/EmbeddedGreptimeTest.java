package io.greptime.jdbc.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The JUnit 5 extension, driven through the real driver. */
class EmbeddedGreptimeTest {

    private static long count(GreptimeTestServer server, String table) throws SQLException {
        try (Connection c = DriverManager.getConnection(server.jdbcUrl());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    @Nested
    @EmbeddedGreptime
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    class PerClass {
        @Test
        @Order(1)
        void createsATable(GreptimeTestServer server) throws SQLException {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl());
                    Statement st = c.createStatement()) {
                st.execute("CREATE TABLE shared (ts TIMESTAMP TIME INDEX, v DOUBLE)");
                st.execute("INSERT INTO shared VALUES (1, 1.0), (2, 2.0)");
            }
            assertThat(server.jdbcUrl())
                    .startsWith("jdbc:greptime://127.0.0.1:")
                    .endsWith("/public?timezone=UTC");
        }

        @Test
        @Order(2)
        void laterTestsSeeTheSameServer(GreptimeTestServer server) throws SQLException {
            assertThat(count(server, "shared")).isEqualTo(2);
            assertThat(server.profile()).isEqualTo(ServerProfile.V1_2);
        }
    }

    @Nested
    @EmbeddedGreptime(lifecycle = EmbeddedGreptime.Lifecycle.PER_METHOD, profile = "v0.17", database = "public")
    class PerMethod {

        @Test
        void eachTestGetsAnEmptyServerOfTheProfile(GreptimeTestServer server) throws SQLException {
            assertThat(server.profile()).isEqualTo(ServerProfile.V0_17);
            try (Connection c = DriverManager.getConnection(server.jdbcUrl());
                    Statement st = c.createStatement()) {
                st.execute("CREATE TABLE mine (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            }
        }

        @Test
        void aSecondTestStartsFresh(GreptimeTestServer server) throws SQLException {
            try (Connection c = DriverManager.getConnection(server.jdbcUrl());
                    Statement st = c.createStatement()) {
                // the other test's table does not exist here
                st.execute("CREATE TABLE mine (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            }
            assertThat(count(server, "mine")).isZero();
        }
    }

    @Nested
    @ExtendWith(GreptimeServerExtension.class)
    class ExtendWithAlone {
        @Test
        void usesTheAnnotationDefaults(GreptimeTestServer server) throws SQLException {
            assertThat(server.profile()).isEqualTo(ServerProfile.V1_2);
            try (Connection c = DriverManager.getConnection(server.jdbcUrl())) {
                assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("GreptimeDB");
            }
        }
    }

    /** Run through the test kit below, not directly: its @BeforeAll asks for a server that does not exist yet. */
    @EmbeddedGreptime(lifecycle = EmbeddedGreptime.Lifecycle.PER_METHOD)
    static class BeforeAllOfPerMethod {
        @BeforeAll
        static void tooEarly(GreptimeTestServer server) {}

        @Test
        void neverRuns() {}
    }

    @Test
    void perMethodServer_isNotAvailableInBeforeAll_andSaysWhy() {
        var results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(BeforeAllOfPerMethod.class))
                .execute()
                .containerEvents();
        results.assertStatistics(stats -> stats.failed(1));
        Throwable failure = results.failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow()
                .getThrowable()
                .orElseThrow();
        assertThat(failure).hasMessageContaining("lifecycle PER_METHOD");
    }

    @Test
    void unknownProfile_isRefusedByName() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new GreptimeTestServer("v9.9", "public", ""))
                .hasMessageContaining("v9.9");
    }
}
