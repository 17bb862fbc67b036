package io.greptime.jdbc.versions;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Batched inserts with authentication on (audit B2): v0.14-v0.16 decode the whole {@code x-greptime-auth}
 * value as base64, so {@code Basic <b64>} fails there with 7004 while plain statements work. The driver
 * sends bare base64, which every release takes.
 */
class BulkAuthAcrossVersionsTest {
    private static ProfileServers servers;

    @BeforeAll
    static void start() {
        servers = new ProfileServers(b -> b.user("writer", "s3cret"));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        servers.close();
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void executeBatch_withCredentials_isStored(ServerProfile profile) throws SQLException {
        try (Connection c = servers.connect(profile, "?user=writer&password=s3cret");
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE IF NOT EXISTS m (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO m (ts, v) VALUES (?, ?)")) {
                for (int i = 0; i < 3; i++) {
                    ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + i));
                    ps.setDouble(2, i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).containsExactly(1, 1, 1);
            }
            assertThat(c.unwrap(io.greptime.jdbc.GreptimeConnection.class)
                            .getWriteStatistics()
                            .doPutRows())
                    .as("the rows went over DoPut, with the DoPut credentials")
                    .isEqualTo(3);
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM m")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(3);
            }
        }
    }
}
