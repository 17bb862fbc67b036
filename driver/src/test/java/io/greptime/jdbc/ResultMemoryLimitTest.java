package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A result whose batches do not fit {@code maxResultMemory} fails with SQLState 53200 on {@code next()},
 * gives back every byte on both sides, and leaves the connection usable.
 */
class ResultMemoryLimitTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static Connection connect(String maxResultMemory) throws SQLException {
        Properties p = new Properties();
        p.setProperty("maxResultMemory", maxResultMemory);
        return fixture.connect("", p);
    }

    @Test
    void next_failsCleanly_whenABatchExceedsMaxResultMemory() throws Exception {
        // one batch of 200,000 rows needs several MiB (timestamps, longs, strings): far over 256 KiB
        try (Connection c = connect("256k");
                Statement st = c.createStatement()) {
            // the cursor reads the first batch while executing, so the first batch's failure is executeQuery's
            assertThatThrownBy(() -> st.executeQuery("SELECT ROWS 2000000 BATCH 200000"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("53200");
                        assertThat(e.getMessage()).contains("maxResultMemory").contains("262144");
                    });
            assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
            // the statement and the connection still work
            try (ResultSet small = st.executeQuery("SELECT ROWS 10 BATCH 5")) {
                int rows = 0;
                while (small.next()) {
                    rows++;
                }
                assertThat(rows).isEqualTo(10);
            }
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }

    @Test
    void next_failsCleanly_whenALaterBatchExceedsMaxResultMemory() throws Exception {
        try (Connection c = connect("256k");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 2000000 BATCH 200000 FIRST 10")) {
            int rows = 0;
            SQLException failure = null;
            try {
                while (rs.next()) {
                    rows++;
                }
            } catch (SQLException e) {
                failure = e;
            }
            assertThat(rows).isEqualTo(10);
            assertThat((Throwable) failure).as("the second batch does not fit").isNotNull();
            assertThat(failure.getSQLState()).isEqualTo("53200");
            assertThat(rs.next()).isFalse();
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }

    @Test
    void smallBatches_streamThroughASmallLimit() throws Exception {
        // the limit bounds what is held at once, not the result size: 1000 batches of 100 rows pass
        try (Connection c = connect("1m");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100000 BATCH 100")) {
            long sum = 0;
            long rows = 0;
            while (rs.next()) {
                sum += rs.getLong("n");
                rows++;
            }
            assertThat(rows).isEqualTo(100_000);
            assertThat(sum).isEqualTo(100_000L * 99_999 / 2);
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }
}
