package io.greptime.jdbc.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.server.FaultInjector;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every executeBatch is an execution with a deadline and a cancel, whatever the server does: it never
 * answers, answers late, answers some batches and stalls, resets the stream, stalls a metadata lookup
 * the batch needs; or another thread cancels or closes meanwhile. Each case ends with HYT00 or 57014 (or
 * the server's error), counts that say exactly which rows are confirmed, rows in doubt that bound what is
 * stored, no Arrow memory held and the connection (or a new one) still serving. Each runs against one
 * server and against three behind one URL (the replay ledger's path).
 *
 * <p>The bounds on elapsed time are the deadline plus a generous slack for this shared machine: the
 * driver's own figure is the deadline plus a few milliseconds.
 */
class WriteFaultsTest {
    private static final String CREATE =
            "CREATE TABLE m (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)";
    private static final String INSERT = "INSERT INTO m (ts, host, v) VALUES (?, ?, ?)";
    /** Slack over a deadline for a loaded two-core machine; what the issue asks is 1 s. */
    private static final long SLACK_MILLIS = 4_000;

    private final FailingPutEngine engine = new FailingPutEngine();
    private final List<EmbeddedGreptimeServer> servers = new ArrayList<>();
    /**
     * Set by the test that cuts a DoPut stream from the server side: the embedded server then only learns
     * the call is over when it shuts down, and may close its allocator before the cut call's handler freed
     * its decoder (the tck shutdown race BulkFixture also tolerates). The driver's memory is still checked.
     */
    private boolean serverStreamCut;

    private Connection open(int hosts, String query) throws SQLException {
        StringBuilder url = new StringBuilder("jdbc:greptime://");
        for (int i = 0; i < hosts; i++) {
            EmbeddedGreptimeServer s = EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .build()
                    .start();
            servers.add(s);
            url.append(i == 0 ? "" : ",").append(s.address());
        }
        Connection c = DriverManager.getConnection(url + "/public?timezone=UTC&bulkFlushRows=1000&" + query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate(CREATE);
        }
        return c;
    }

    @AfterEach
    void stop() throws Exception {
        engine.release();
        long deadline = System.nanoTime() + 20_000_000_000L;
        for (EmbeddedGreptimeServer s : servers) {
            while ((s.activeCalls() != 0 || s.allocatedMemory() != 0) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(s.activeCalls()).as("no call left open on the server").isZero();
            try {
                s.close();
            } catch (IllegalStateException leakInCutCall) {
                if (!serverStreamCut) {
                    throw leakInCutCall;
                }
            }
        }
        engine.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    private static void bind(PreparedStatement ps, int from, int rows) throws SQLException {
        for (int i = from; i < from + rows; i++) {
            ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + i));
            ps.setString(2, "h" + (i % 3));
            ps.setDouble(3, i);
            ps.addBatch();
        }
    }

    /** What an executeBatch that failed said, and how long it took. */
    private record Failed(BatchUpdateException error, long millis) {
        long confirmed() {
            return Arrays.stream(error.getLargeUpdateCounts())
                    .filter(n -> n == 1)
                    .count();
        }

        long inDoubt() {
            return error instanceof GreptimeBatchUpdateException g ? g.inDoubtCount() : 0;
        }
    }

    private static Failed failingBatch(PreparedStatement ps) {
        long t0 = System.nanoTime();
        Throwable t = catchThrowable(ps::executeBatch);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(t).as("executeBatch must fail").isInstanceOf(BatchUpdateException.class);
        return new Failed((BatchUpdateException) t, millis);
    }

    private static long stored(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM m")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** After the server finished what it had: confirmed rows are stored, and at most the ones in doubt more. */
    private void assertStoredBetween(Connection c, Failed f, int total) throws Exception {
        engine.release();
        long deadline = System.nanoTime() + 20_000_000_000L;
        long n = stored(c);
        while (n < f.confirmed() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            n = stored(c);
        }
        assertThat(n).isBetween(f.confirmed(), f.confirmed() + f.inDoubt());
        assertThat(f.confirmed() + f.inDoubt()).isLessThanOrEqualTo(total);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void serverNeverAnswers_timesOutWithHyt00_everyRowInDoubt(int hosts) throws Exception {
        try (Connection c = open(hosts, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(1);
            engine.stallPutsAfter(0);
            bind(ps, 0, 500);
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("HYT00");
            assertThat(f.millis()).isLessThan(1_000 + SLACK_MILLIS);
            assertThat(f.error().getLargeUpdateCounts()).hasSize(500).containsOnly(Statement.EXECUTE_FAILED);
            assertThat(f.inDoubt()).as("sent, never answered").isEqualTo(500);
            assertStoredBetween(c, f, 500);
            bind(ps, 500, 10);
            assertThat(ps.executeBatch())
                    .as("the statement goes on, on a new stream")
                    .containsOnly(1);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void serverAnswersLate_timeoutStillHolds(int hosts) throws Exception {
        // the timeout is the statement's, set after prepare: with queryTimeout=1 on the URL, connect and prepare's
        // metadata lookup get 1 s too, which a machine at load 20 on two cores missed before executeBatch ran
        try (Connection c = open(hosts, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(1);
            engine.onPut = batch -> sleep(4_000);
            bind(ps, 0, 100);
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("HYT00");
            assertThat(f.millis()).as("not the 4 s the server takes").isLessThan(1_000 + SLACK_MILLIS);
            assertStoredBetween(c, f, 100);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void serverAnswersSomeBatchesThenStalls_countsSayWhichRowsAreIn(int hosts) throws Exception {
        try (Connection c = open(hosts, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(2);
            engine.stallPutsAfter(2);
            bind(ps, 0, 5_000); // bulkFlushRows=1000 (below the smallest part) makes five batches
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("HYT00");
            assertThat(f.millis()).isLessThan(2_000 + SLACK_MILLIS);
            long[] counts = f.error().getLargeUpdateCounts();
            assertThat(Arrays.copyOfRange(counts, 0, 2_000)).containsOnly(1);
            assertThat(Arrays.copyOfRange(counts, 2_000, 5_000)).containsOnly(Statement.EXECUTE_FAILED);
            assertThat(f.inDoubt()).isEqualTo(3_000);
            assertStoredBetween(c, f, 5_000);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void serverResetsTheStream_singleHostReportsInDoubt_multiHostReplays(int hosts) throws Exception {
        serverStreamCut = true;
        try (Connection c = open(hosts, "failoverRetries=2")) {
            for (EmbeddedGreptimeServer s : servers) {
                s.faults().dropStreamAfter(2, FaultInjector.DO_PUT); // the immediate ack and one batch answer
            }
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                bind(ps, 0, 3_000);
                if (hosts == 1) {
                    Failed f = failingBatch(ps);
                    assertThat(f.error().getSQLState()).isEqualTo("08006");
                    assertThat(f.confirmed()).isEqualTo(1_000);
                    assertStoredBetween(c, f, 3_000);
                } else {
                    // m deduplicates: the batches the lost stream did not confirm are replayed elsewhere
                    assertThat(ps.executeBatch()).hasSize(3_000).containsOnly(1);
                    assertThat(stored(c)).isEqualTo(3_000);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void cancelFromAnotherThread_stopsTheBatchWith57014(int hosts) throws Exception {
        try (Connection c = open(hosts, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            engine.stallPutsAfter(1);
            bind(ps, 0, 2_500); // addBatch sends the first two parts already
            CompletableFuture<Failed> running = new CompletableFuture<>();
            Thread batch = new Thread(() -> running.complete(failingBatch(ps)), "executeBatch");
            batch.start();
            awaitPuts(2);
            // a cancel before executeBatch runs has nothing to stop (JDBC): wait until it waits for its answers
            awaitWaitingIn(batch, "awaitAcked");
            long t0 = System.nanoTime();
            ps.cancel();
            Failed f = running.get(30, TimeUnit.SECONDS);
            long afterCancel = (System.nanoTime() - t0) / 1_000_000;
            assertThat(f.error().getSQLState()).isEqualTo("57014");
            assertThat(afterCancel).isLessThan(1_000 + SLACK_MILLIS);
            // the first batch is stored; its answer may still be on the wire when the cancel lands (the server
            // answers from its writer thread), so it is confirmed or in doubt, never more
            assertThat(f.confirmed()).isIn(0L, 1_000L);
            assertStoredBetween(c, f, 2_500);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void closeFromAnotherThread_returnsAtOnce_andTheBatchEndsWith57014(int hosts) throws Exception {
        Connection c = open(hosts, "");
        PreparedStatement ps = c.prepareStatement(INSERT);
        engine.stallPutsAfter(0);
        bind(ps, 0, 100);
        CompletableFuture<Failed> running = CompletableFuture.supplyAsync(() -> failingBatch(ps));
        awaitPuts(1);
        long t0 = System.nanoTime();
        ps.close();
        long statementClose = (System.nanoTime() - t0) / 1_000_000;
        Failed f = running.get(30, TimeUnit.SECONDS);
        assertThat(f.error().getSQLState()).isEqualTo("57014");
        assertThat(statementClose).isLessThan(1_000 + SLACK_MILLIS);

        PreparedStatement again = c.prepareStatement(INSERT);
        bind(again, 100, 100);
        CompletableFuture<Failed> second = CompletableFuture.supplyAsync(() -> failingBatch(again));
        awaitPuts(2);
        t0 = System.nanoTime();
        c.close();
        long connectionClose = (System.nanoTime() - t0) / 1_000_000;
        assertThat(second.get(30, TimeUnit.SECONDS).error().getSQLState()).isEqualTo("57014");
        assertThat(connectionClose).isLessThan(1_000 + SLACK_MILLIS);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void abortFromAnotherThread_stopsTheBatch(int hosts) throws Exception {
        Connection c = open(hosts, "");
        PreparedStatement ps = c.prepareStatement(INSERT);
        engine.stallPutsAfter(0);
        bind(ps, 0, 100);
        CompletableFuture<Failed> running = CompletableFuture.supplyAsync(() -> failingBatch(ps));
        awaitPuts(1);
        long t0 = System.nanoTime();
        c.abort(Runnable::run);
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertThat(running.get(30, TimeUnit.SECONDS).error().getSQLState()).isEqualTo("57014");
        assertThat(millis).isLessThan(1_000 + SLACK_MILLIS);
        assertThat(c.isClosed()).isTrue();
    }

    /**
     * The lookups a route needs (the table's schema, its options for replay and routing) run within a
     * deadline: the one that used to run with none while holding the replay ledger's lock.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void stalledMetadataLookup_atPrepare_endsWithHyt00_andCloseDoesNotWait(int hosts) throws Exception {
        try (Connection c = open(hosts, "connectTimeout=2000")) {
            engine.stallStatementsContaining = "SHOW CREATE TABLE";
            long t0 = System.nanoTime();
            Throwable t = catchThrowable(() -> c.prepareStatement(INSERT));
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertThat(t).isInstanceOf(SQLException.class);
            assertThat(((SQLException) t).getSQLState()).isEqualTo("HYT00");
            assertThat(millis).isLessThan(2_000 + SLACK_MILLIS);
        }
        try (Connection c =
                DriverManager.getConnection("jdbc:greptime://" + servers.get(0).address() + "/public?timezone=UTC")) {
            engine.stallStatementsContaining = "SHOW CREATE TABLE";
            CompletableFuture<Throwable> preparing =
                    CompletableFuture.supplyAsync(() -> catchThrowable(() -> c.prepareStatement(INSERT)));
            sleep(300);
            long t0 = System.nanoTime();
            c.close();
            long millis = (System.nanoTime() - t0) / 1_000_000;
            Throwable t = preparing.get(30, TimeUnit.SECONDS);
            assertThat(((SQLException) t).getSQLState()).isEqualTo("57014");
            assertThat(millis).isLessThan(1_000 + SLACK_MILLIS);
        }
    }

    /** A lookup a batch triggers (the table changed through this connection) runs within the batch's deadline. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void stalledMetadataLookup_duringExecuteBatch_endsWithHyt00_nothingSent(int hosts) throws Exception {
        try (Connection c = open(hosts, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setQueryTimeout(1);
            bind(ps, 0, 10);
            try (Statement st = c.createStatement()) {
                st.executeUpdate("ALTER TABLE m ADD COLUMN extra STRING");
            }
            engine.stallStatementsContaining = "LIMIT 0";
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("HYT00");
            assertThat(f.millis()).isLessThan(1_000 + SLACK_MILLIS);
            assertThat(f.confirmed()).isZero();
            assertThat(f.inDoubt()).isZero();
            engine.release();
            assertThat(stored(c)).isZero();
        }
    }

    /** A server that answers a batch with fewer rows than it held has not confirmed it (fidelity audit A4). */
    @ParameterizedTest
    @ValueSource(longs = {-1, 0, -5})
    void putAnswerShortOfTheRowsSent_isNotCountedAsStored(long delta) throws Exception {
        try (Connection c = open(1, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            engine.putAnswer = n -> delta == 0 ? 0 : n + delta;
            bind(ps, 0, 2_500);
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("40003");
            assertThat(f.confirmed()).isZero();
            assertThat(f.inDoubt()).isPositive();
            assertThat(f.error().getMessage()).contains("affected_rows");
        }
    }

    /** The same for row inserts over Handle: the request's rows are in doubt, nothing counts as stored. */
    @org.junit.jupiter.api.Test
    void rowInsertAnswerShortOfTheRowsSent_isNotCountedAsStored() throws Exception {
        try (Connection c = open(1, "bulkRowPathBelow=100");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            engine.rowAnswer = n -> n - 1;
            bind(ps, 0, 10);
            Failed f = failingBatch(ps);
            assertThat(f.error().getSQLState()).isEqualTo("40003");
            assertThat(f.confirmed()).isZero();
            assertThat(f.inDoubt()).isEqualTo(10);
        }
    }

    /** Waits until {@code t} is inside a method named {@code method} (its stack says so). */
    private static void awaitWaitingIn(Thread t, String method) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getMethodName().equals(method)) {
                    return;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError(t.getName() + " never reached " + method);
    }

    private void awaitPuts(long n) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (engine.putBatches.get() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(engine.putBatches.get()).isGreaterThanOrEqualTo(n);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
