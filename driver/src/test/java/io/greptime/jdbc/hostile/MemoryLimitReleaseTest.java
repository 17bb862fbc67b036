package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.hostile.Act;
import io.greptime.jdbc.tck.hostile.HostileServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A result that outgrows {@code maxResultMemory} (SQLState 53200) gives back every byte of the driver's
 * Arrow memory, whatever the limit, and the connection serves on (#17 item 6). Before the fix, a limit
 * reached while Arrow decompressed a batch (the DoGet batches are LZ4 frames) stranded the buffers it
 * had already decompressed for that column: 1 KiB to 256 KiB per failed query, reported as a leak when
 * the result's allocator closed and never freed. Real compressed batches from the embedded server on
 * DuckDB; limits from below one message to above a whole batch.
 */
class MemoryLimitReleaseTest {
    private static final int ROWS = 30_000;
    private static final List<String> QUERIES =
            List.of("SELECT * FROM w", "SELECT s FROM w", "SELECT ts, n FROM w", "SELECT * FROM w ORDER BY n DESC");

    private static HostileServer server;

    @BeforeAll
    static void start() throws SQLException {
        server = HostileServer.start();
        try (Connection c = DriverManager.getConnection(server.url("?timezone=UTC"));
                Statement st = c.createStatement()) {
            st.executeUpdate(
                    "CREATE TABLE w (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, s STRING, v DOUBLE, n BIGINT)");
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO w (ts, host, s, v, n) VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setTimestamp(1, new Timestamp(i));
                    ps.setString(2, "h" + (i % 13));
                    ps.setString(3, ("value-" + i + "-").repeat(1 + i % 9));
                    ps.setDouble(4, i * 0.5);
                    ps.setLong(5, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void nothingHeld() {
        server.behave();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    /**
     * {@code failing} says how many of the queries must fail: "all" below one batch's size, "none" far
     * above the whole result, "any" in between (where it depends on the server's batch sizes).
     */
    @ParameterizedTest(name = "maxResultMemory={0}")
    @CsvSource({"8k, all", "64k, all", "200k, any", "300k, any", "500k, any", "1m, any", "64m, none"})
    void everyLimit_eitherServesTheWholeResultOrFailsWith53200_andKeepsNothing(String limit, String failing)
            throws Exception {
        int failed = 0;
        try (Connection c = DriverManager.getConnection(server.url("?timezone=UTC&maxResultMemory=" + limit))) {
            for (String sql : QUERIES) {
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery(sql)) {
                    long rows = 0;
                    while (rs.next()) {
                        rows++;
                    }
                    assertThat(rows).as(sql).isEqualTo(ROWS);
                } catch (SQLException e) {
                    failed++;
                    assertThat(e.getSQLState()).as(e.toString()).isEqualTo("53200");
                    assertThat(e.getMessage()).contains("maxResultMemory");
                    assertNoLeakReport(e);
                }
                assertThat(ArrowMemoryProbe.driverAllocatedBytes())
                        .as("Arrow memory held after %s at %s", sql, limit)
                        .isZero();
            }
            assertThat(count(c)).isEqualTo(ROWS); // serves on
        }
        if (failing.equals("all")) {
            assertThat(failed).as("queries over %s", limit).isEqualTo(QUERIES.size());
        } else if (failing.equals("none")) {
            assertThat(failed).as("queries over %s", limit).isZero();
        }
    }

    /**
     * Batches that fail to load while the closing stream drains its queue (corrupt bodies here) used to
     * leave FlightStream.close before it released anything; every batch queued behind them too.
     */
    @Test
    void corruptBatchesQueuedBehindAFailure_areReleasedOnClose() throws Exception {
        try (Connection c = DriverManager.getConnection(server.url("?timezone=UTC"))) {
            server.next(HostileServer.DO_GET, Act.corruptData(2));
            SQLException failure = null;
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM w")) {
                while (rs.next()) {
                    rs.getString("s");
                }
            } catch (SQLException e) {
                failure = e;
            }
            assertThat((Object) failure).as("a corrupt batch is reported").isNotNull();
            assertThat(failure.getSQLState()).isNotNull();
            assertNoLeakReport(failure);
            assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
            assertThat(count(c)).isEqualTo(ROWS);
        }
    }

    /**
     * A batch that is small on the wire and huge once decompressed (one 96 MiB string of one letter,
     * which LZ4 shrinks to a few hundred KiB) against a 1 MiB limit: the message fits the limit, the
     * decompressed column does not, by far more than any fixed overdraft. It fails with 53200 and keeps
     * nothing; before, the column's buffers decompressed ahead of the huge one stayed allocated.
     */
    @Test
    void aDecompressionBomb_failsWith53200_andKeepsNothing() throws Exception {
        try (Connection c = DriverManager.getConnection(server.url("?timezone=UTC&maxResultMemory=1m"));
                Statement st = c.createStatement()) {
            SQLException failure = null;
            try (ResultSet rs = st.executeQuery("SELECT repeat('x', " + (96 << 20) + ") AS s")) {
                while (rs.next()) {
                    rs.getString(1);
                }
            } catch (SQLException e) {
                failure = e;
            }
            assertThat((Object) failure)
                    .as("the decompressed batch is over the limit")
                    .isNotNull();
            assertThat(failure.getSQLState()).as(failure.toString()).isEqualTo("53200");
            assertNoLeakReport(failure);
            assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
            assertThat(count(c)).isEqualTo(ROWS);
        }
    }

    private static long count(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM w")) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    /** The allocator's "Memory was leaked" report travels as a suppressed exception when it happens. */
    private static void assertNoLeakReport(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            for (Throwable s : t.getSuppressed()) {
                assertThat(String.valueOf(s.getMessage())).doesNotContain("leaked");
            }
            assertThat(String.valueOf(t.getMessage())).doesNotContain("leaked");
        }
    }
}
