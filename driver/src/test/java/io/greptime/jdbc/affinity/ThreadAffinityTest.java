package io.greptime.jdbc.affinity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A connection serves one thread at a time. The interleavings are forced, not timed: the server's
 * {@code SELECT BLOCK} holds a call in flight until the test releases it, and an open result set is
 * held by the test thread while another thread tries the connection.
 */
class ThreadAffinityTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @AfterEach
    void noLeaks() throws InterruptedException {
        fixture.engine().release();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }

    private static Connection connect(String affinity) throws SQLException {
        return fixture.connect(affinity == null ? "" : "?threadAffinity=" + affinity, new Properties());
    }

    /** Rows of a query, and checks that column n counts 0, 1, 2... so a damaged stream would show. */
    private static long count(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            return readRest(rs, 0);
        }
    }

    private static long readRest(ResultSet rs, long from) throws SQLException {
        long n = from;
        while (rs.next()) {
            assertThat(rs.getLong("n")).isEqualTo(n);
            n++;
        }
        return n;
    }

    private static void blocked() throws InterruptedException {
        assertThat(fixture.engine().blocked().await(30, TimeUnit.SECONDS)).isTrue();
    }

    private static void assertInUse(SQLException e, String owner, String intruder) {
        assertThat(e.getSQLState()).isEqualTo("55006");
        assertThat(e.getMessage()).contains("'" + owner + "'", "'" + intruder + "'", "threadAffinity=");
    }

    @Test
    void strict_secondThreadMidQuery_failsFastAndLeavesTheQueryIntact() throws Exception {
        try (Connection c = connect("strict");
                Statement shared = c.createStatement()) {
            CompletableFuture<Long> first = OtherThread.start("affinity-first", () -> {
                try (ResultSet rs = shared.executeQuery("SELECT BLOCK")) {
                    return readRest(rs, 0);
                }
            });
            blocked();
            SQLException onConnection = OtherThread.failure("affinity-second", c::createStatement);
            assertInUse(onConnection, "affinity-first", "affinity-second");
            assertThat(onConnection.getMessage()).contains("Connection is in use", "a call is in flight");
            String me = Thread.currentThread().getName();
            assertInUse(
                    assertThrows(SQLException.class, () -> shared.executeUpdate("INSERT 77")), "affinity-first", me);
            assertInUse(assertThrows(SQLException.class, () -> c.setSchema("other")), "affinity-first", me);
            assertThat(fixture.engine().statements()).doesNotContain("INSERT 77");

            fixture.engine().release();
            assertThat(OtherThread.join(first)).isEqualTo(1);
            assertThat(c.getSchema()).isEqualTo("public");
            assertThat(count(shared, "SELECT ROWS 3 BATCH 3")).isEqualTo(3); // idle again: this thread takes it
        }
    }

    @Test
    void relaxed_sameStatementMidQuery_failsFast_whileOtherStatementsRun() throws Exception {
        try (Connection c = connect(null);
                Statement shared = c.createStatement()) {
            CompletableFuture<Long> first = OtherThread.start("affinity-first", () -> count(shared, "SELECT BLOCK"));
            blocked();
            String me = Thread.currentThread().getName();
            SQLException e = assertThrows(SQLException.class, () -> shared.executeUpdate("INSERT 78"));
            assertInUse(e, "affinity-first", me);
            assertThat(e.getMessage()).contains("Statement is in use", "threadAffinity=relaxed");
            assertInUse(assertThrows(SQLException.class, () -> shared.setMaxRows(5)), "affinity-first", me);
            try (Statement mine = c.createStatement()) { // another statement of the connection runs meanwhile
                assertThat(count(mine, "SELECT ROWS 3 BATCH 3")).isEqualTo(3);
            }
            fixture.engine().release();
            assertThat(OtherThread.join(first)).isEqualTo(1);
            assertThat(fixture.engine().statements()).doesNotContain("INSERT 78");
            assertThat(count(shared, "SELECT ROWS 2 BATCH 2")).isEqualTo(2); // idle again: this thread takes it
        }
    }

    @Test
    void batch_holdsTheConnectionBetweenItsEntries_andReleasesItAfter() throws Exception {
        try (Connection c = connect("strict");
                Statement batch = c.createStatement()) {
            batch.addBatch("INSERT 1");
            batch.addBatch("BLOCK INSERT");
            batch.addBatch("INSERT 2");
            CompletableFuture<int[]> running = OtherThread.start("affinity-batch", batch::executeBatch);
            blocked();
            assertInUse(
                    assertThrows(SQLException.class, c::createStatement),
                    "affinity-batch",
                    Thread.currentThread().getName());
            fixture.engine().release();
            assertThat(OtherThread.join(running)).containsExactly(1, 1, 2);
            try (Statement st = c.createStatement()) { // nested calls all ended: the connection is idle
                assertThat(st.executeUpdate("INSERT 3")).isEqualTo(3);
            }
        }
    }

    @Test
    void openResultSet_keepsTheConnectionWithItsThread() throws Exception {
        String me = Thread.currentThread().getName();
        try (Connection c = connect("strict");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100 BATCH 10")) {
            assertThat(rs.next()).isTrue();
            SQLException next = OtherThread.failure("affinity-reader", rs::next);
            assertInUse(next, me, "affinity-reader");
            assertThat(next.getMessage()).contains("result set is open");
            assertInUse(OtherThread.failure("affinity-reader", () -> rs.getLong(2)), me, "affinity-reader");
            assertInUse(OtherThread.failure("affinity-other", c::createStatement), me, "affinity-other");
            assertThat(readRest(rs, 1)).isEqualTo(100); // the owner's stream is untouched
        }
    }

    @Test
    void idleConnection_movesToAnotherThreadAndBack() throws Exception {
        for (String mode : new String[] {"strict", "relaxed"}) {
            try (Connection c = connect(mode);
                    Statement st = c.createStatement()) {
                assertThat(count(st, "SELECT ROWS 5 BATCH 2")).isEqualTo(5);
                assertThat(OtherThread.run("affinity-next", () -> count(st, "SELECT ROWS 7 BATCH 3")))
                        .isEqualTo(7);
                assertThat(OtherThread.run("affinity-third", () -> st.executeUpdate("INSERT 4")))
                        .isEqualTo(4);
                assertThat(count(st, "SELECT ROWS 4 BATCH 4")).isEqualTo(4);
            }
        }
    }

    /** A new statement starts owned by the thread that created it, and is idle: another thread may take it. */
    @Test
    void newStatement_firstUsedByAnotherThread_movesThereAndBack() throws Exception {
        for (String mode : new String[] {"strict", "relaxed"}) {
            try (Connection c = connect(mode);
                    Statement st = c.createStatement();
                    java.sql.PreparedStatement ps = c.prepareStatement("SELECT ROWS 3 BATCH 2")) {
                assertThat(OtherThread.run("affinity-first", () -> count(st, "SELECT ROWS 6 BATCH 4")))
                        .isEqualTo(6);
                assertThat(OtherThread.run("affinity-prepared", () -> {
                            try (ResultSet rs = ps.executeQuery()) {
                                return readRest(rs, 0);
                            }
                        }))
                        .isEqualTo(3);
                assertThat(count(st, "SELECT ROWS 2 BATCH 2")).isEqualTo(2);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(readRest(rs, 0)).isEqualTo(3);
                }
            }
        }
    }

    @Test
    void resultSetReadToItsEnd_releasesTheConnectionEvenUnclosed() throws Exception {
        try (Connection c = connect("strict");
                Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT ROWS 6 BATCH 4");
            assertThat(readRest(rs, 0)).isEqualTo(6);
            long other = OtherThread.run("affinity-next", () -> {
                try (Statement mine = c.createStatement()) {
                    return count(mine, "SELECT ROWS 2 BATCH 2");
                }
            });
            assertThat(other).isEqualTo(2);
            assertThat(rs.isClosed()).isFalse();
            rs.close();
        }
    }

    @Test
    void relaxed_letsAnotherThreadReadAnOpenResultSet() throws Exception {
        try (Connection c = connect(null);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100 BATCH 10")) {
            assertThat(rs.next()).isTrue();
            assertThat(OtherThread.run("affinity-consumer", () -> readRest(rs, 1)))
                    .isEqualTo(100);
        }
    }

    @Test
    void off_letsThreadsShareAConnection() throws Exception {
        try (Connection c = connect("off")) {
            CompletableFuture<Long> first = OtherThread.start("affinity-first", () -> {
                try (Statement st = c.createStatement()) {
                    return count(st, "SELECT BLOCK");
                }
            });
            blocked();
            try (Statement st = c.createStatement()) {
                assertThat(count(st, "SELECT ROWS 3 BATCH 3")).isEqualTo(3);
            }
            fixture.engine().release();
            assertThat(OtherThread.join(first)).isEqualTo(1);
        }
    }

    @Test
    void cancelAndIsValid_workFromAnotherThreadMidCall() throws Exception {
        try (Connection c = connect("strict");
                Statement st = c.createStatement()) {
            CompletableFuture<Long> running = OtherThread.start("affinity-first", () -> count(st, "SELECT BLOCK"));
            blocked();
            assertThat(c.isValid(5)).isTrue();
            st.cancel();
            assertThat(OtherThread.failureOf(running).getSQLState()).isEqualTo("57014");
        }
    }

    @Test
    void close_fromAnotherThreadMidCall_endsTheCall() throws Exception {
        Connection c = connect("strict");
        CompletableFuture<Long> running = OtherThread.start("affinity-first", () -> {
            try (Statement st = c.createStatement()) {
                return count(st, "SELECT BLOCK");
            }
        });
        blocked();
        c.close();
        assertThat(c.isClosed()).isTrue();
        assertThat((Throwable) OtherThread.failureOf(running)).isNotNull();
    }

    @Test
    void badSetting_isRejectedWithTheKey() {
        SQLException e = assertThrows(SQLException.class, () -> connect("sometimes"));
        assertThat(e.getMessage()).contains("threadAffinity=sometimes");
    }
}
