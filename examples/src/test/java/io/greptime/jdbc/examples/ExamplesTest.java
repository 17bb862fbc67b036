package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the examples on one embedded server. Each example checks its own results and throws when a check
 * fails; these tests add what the examples leave behind (they clean up their tables).
 */
class ExamplesTest {
    private static ExampleTarget target;

    @BeforeAll
    static void start() {
        target = ExampleTarget.open();
    }

    @AfterAll
    static void stop() {
        target.close();
    }

    private static boolean tableExists(String name) throws Exception {
        try (Connection conn = DriverManager.getConnection(target.url());
                ResultSet rs = conn.getMetaData().getTables(null, "public", name, null)) {
            return rs.next();
        }
    }

    @Test
    void typedRows_writeAndReadRecords() throws Exception {
        TypedRows.run(target.url(), 5_000);
        assertThat(tableExists("typed_cpu")).isFalse();
    }

    @Test
    void arrowBatches_putAndReadVectors() throws Exception {
        ArrowBatches.run(target.url(), 20_000);
        assertThat(tableExists("arrow_readings")).isFalse();
    }

    @Test
    void failover_keepsWritingWhileAServerIsDown() throws Exception {
        Failover.run(); // its own two servers; every check is inside and throws when it fails
    }

    @Test
    void quickstart_runsAndDropsItsTable() throws Exception {
        Quickstart.run(target.url());
        assertThat(tableExists("quickstart_temps")).isFalse();
    }

    @Test
    void springBatchInsert_runsAndDropsItsTable() throws Exception {
        SpringBatchInsert.run(target.url());
        assertThat(tableExists("spring_orders")).isFalse();
    }

    @Test
    void streamingRead_readsEveryRowWithinTheMemoryCap() throws Exception {
        StreamingRead.run(target.url(), 40_000);
        assertThat(tableExists("stream_events")).isFalse();
    }

    @Test
    void tlsAndCredentials_connectsOverTlsWithAUser(@TempDir Path dir) throws Exception {
        TlsAndCredentials.run(dir, "pw-" + System.nanoTime());
        assertThat(Files.readString(dir.resolve("ca.pem")))
                .startsWith("-----BEGIN CERTIFICATE-----\n")
                .endsWith("-----END CERTIFICATE-----\n");
    }

    @Test
    void check_failsWithWhatWasExpected() {
        assertThatThrownBy(() -> ExampleTarget.check(false, "two rows"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("check failed: two rows");
    }

    @Test
    void exampleTarget_urlReachesTheEmbeddedServer() throws Exception {
        assertThat(target.embedded()).isTrue();
        try (Connection conn = DriverManager.getConnection(target.url());
                Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT 40 + 2")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(42);
        }
    }
}
