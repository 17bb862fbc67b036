package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A single-host connection across server restarts: the first call after a restart may meet the old
 * connection's GOAWAY (the race the sqlness executors used to work around by reconnecting). The driver
 * must carry on without the application reconnecting, and without writing a row twice.
 */
class RestartTest {

    @Test
    void writesRightAfterRestarts_succeed_andAreStoredOnce() throws Exception {
        try (DuckDbFixture fixture = new DuckDbFixture();
                Connection c = DriverManager.getConnection(
                        "jdbc:greptime://" + fixture.server().address() + "?timezone=UTC&breakerCooldown=100")) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE restarts (ts TIMESTAMP TIME INDEX, v BIGINT) WITH (append_mode = 'true')");
                for (int i = 0; i < 12; i++) {
                    fixture.server().restart();
                    assertThat(insertOnceMore(st, "INSERT INTO restarts VALUES (" + i + ", " + i + ")"))
                            .isEqualTo(1);
                }
                try (ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT v) FROM restarts")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(12);
                    assertThat(rs.getLong(2)).isEqualTo(12);
                }
            }
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    /**
     * The INSERT, repeated once by the test when the driver refused to repeat it itself: a call that grpc
     * had already written to the dead connection ends with "GOAWAY shut down transport", which does not
     * prove the server never applied it, so the driver reports it (08) rather than risk a second row. The
     * application, knowing the old server is gone, may repeat it; the count check below proves no row was
     * written twice either way.
     */
    private static int insertOnceMore(Statement st, String sql) throws java.sql.SQLException {
        try {
            return st.executeUpdate(sql);
        } catch (java.sql.SQLTransientConnectionException e) {
            assertThat(e.getMessage()).contains("GOAWAY");
            return st.executeUpdate(sql);
        }
    }
}
