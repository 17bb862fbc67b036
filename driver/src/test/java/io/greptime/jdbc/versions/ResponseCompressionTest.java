package io.greptime.jdbc.versions;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GreptimeDB gzips every response whose request advertises gzip (audit C3), DoGet batches that are already
 * LZ4 included; the driver advertises only identity unless {@code compression=gzip} asks for it.
 */
class ResponseCompressionTest {
    private static ProfileServers servers;

    @BeforeAll
    static void start() {
        servers = new ProfileServers(b -> b.transportCompression(true));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        servers.close();
    }

    private static long gzippedAfterQuery(String query) throws SQLException {
        long before = servers.server(ServerProfile.V1_3).gzippedCalls();
        try (Connection c = servers.connect(ServerProfile.V1_3, query);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
        }
        return servers.server(ServerProfile.V1_3).gzippedCalls() - before;
    }

    @Test
    void responsesAreNotGzippedOnTopOfLz4_byDefault() throws SQLException {
        assertThat(gzippedAfterQuery("")).isZero();
    }

    @Test
    void compressionGzip_acceptsGzippedResponses() throws SQLException {
        assertThat(gzippedAfterQuery("?compression=gzip")).isPositive();
    }
}
