package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code bulkAcknowledge=deferred}: executeBatch returns once its rows are sent (SUCCESS_NO_INFO), and
 * what the server did with them is reported by the next executeBatch, an empty executeBatch (which
 * waits for every answer) or close, against the embedded server's real DoPut with injected failures.
 */
// v0.14 has no real DoPut (its stub answers byte counts, so the write route sends row inserts there): the DoPut
// tests here leave that profile out; WriteRoutesTest and ValueFidelityTest cover it.
class DeferredAcknowledgeTest {
    private static final String INSERT = "INSERT INTO d (ts, host, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;

    private Connection open(ServerProfile profile, String query) throws SQLException {
        fixture = new BulkFixture(profile);
        Connection c = fixture.connect("bulkAcknowledge=deferred" + (query.isEmpty() ? "" : "&" + query));
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE d (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static void addRows(PreparedStatement ps, int from, int to) throws SQLException {
        for (int i = from; i < to; i++) {
            ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + i));
            ps.setString(2, "h" + (i % 3));
            ps.setDouble(3, i);
            ps.addBatch();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void executeBatch_returnsNoInfoCounts_andAnEmptyExecuteBatchWaitsForEveryRow(ServerProfile profile)
            throws Exception {
        try (Connection c = open(profile, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int call = 0; call < 5; call++) {
                addRows(ps, call * 1000, call * 1000 + 1000);
                assertThat(ps.executeLargeBatch()).hasSize(1000).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            assertThat(ps.executeBatch()).isEmpty(); // the confirmation point
            assertThat(count(c, "d")).isEqualTo(5000);
            assertThat(stats(c).doPutRows()).isEqualTo(5000);
            assertThat(stats(c).doPutStreams()).isEqualTo(1);
            // executeUpdate needs its count, so it waits even in this mode
            ps.setTimestamp(1, new Timestamp(1_800_000_000_000L));
            assertThat(ps.executeUpdate()).isEqualTo(1);
            assertThat(count(c, "d")).isEqualTo(5001);
        }
    }

    @Test
    void timeWindowsCutEachCallIntoSeveralBatches_allConfirmedByTheEmptyExecuteBatch() throws Exception {
        try (Connection c = open(ServerProfile.V1_2, "bulkTimeWindow=1m&bulkSortByTime=true");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int call = 0;
                    call < 4;
                    call++) { // 2,500 rows over 150 s from 20 s into a minute: three windows a call
                for (int i = call * 2_500; i < (call + 1) * 2_500; i++) {
                    ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + (i % 2_500) * 60L));
                    ps.setString(2, "h" + call);
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).hasSize(2_500).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            assertThat(ps.executeBatch()).isEmpty();
            assertThat(count(c, "d")).isEqualTo(10_000);
            assertThat(stats(c).doPutBatches()).isEqualTo(12);
        }
    }

    @Test
    void serverFailureAfterCallsReturned_isReportedByTheEmptyExecuteBatch_withTheUnconfirmedRows() throws Exception {
        try (Connection c = open(ServerProfile.V1_2, "bulkWindow=4");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(2);
            for (int call = 0; call < 3; call++) { // batches 1 and 2 are stored, batch 3 fails on the server
                addRows(ps, call * 100, call * 100 + 100);
                assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            GreptimeBatchUpdateException e =
                    (GreptimeBatchUpdateException) catchThrowableOfType(BatchUpdateException.class, ps::executeBatch);
            // 5000 StorageUnavailable is a retryable server error on a healthy connection: 40000, not class 08
            assertThat(e.getSQLState()).isEqualTo("40000");
            assertThat(e.getMessage())
                    .contains("bulkAcknowledge=deferred")
                    .contains("100 of the rows they sent are not confirmed")
                    .contains("Injected region failure on batch 3");
            assertThat(e.getLargeUpdateCounts()).isEmpty();
            assertThat(count(c, "d")).as("the two batches the server stored").isEqualTo(200);

            // the statement goes on with a new stream
            addRows(ps, 400, 450);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            assertThat(ps.executeBatch()).isEmpty();
            assertThat(count(c, "d")).isEqualTo(250);
            assertThat(stats(c).doPutStreams()).isEqualTo(2);
        }
    }

    @Test
    void aCallWithRows_afterTheFailureArrived_reportsIt_andSendsNothingOfItsOwn() throws Exception {
        try (Connection c = open(ServerProfile.V1_2, "");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(1);
            addRows(ps, 0, 100);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            addRows(ps, 100, 200);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // batch 2: fails on the server
            BatchUpdateException e = null;
            for (int attempt = 0; attempt < 500 && e == null; attempt++) {
                addRows(ps, 1000 + attempt * 10, 1010 + attempt * 10);
                try { // until the server's answer has arrived, calls still go out on the broken stream
                    ps.executeBatch();
                    Thread.sleep(20);
                } catch (BatchUpdateException reported) {
                    e = reported;
                }
            }
            assertThat((Throwable) e).isNotNull();
            assertThat(e.getMessage()).contains("not confirmed").contains("Injected region failure on batch 2");
            assertThat(e.getLargeUpdateCounts()).hasSize(10).containsOnly(Statement.EXECUTE_FAILED);
            assertThat(count(c, "d")).as("only the first batch").isEqualTo(100);
        }
    }

    @Test
    void failureOfTheLastDeferredBatch_isThrownByClose() throws Exception {
        try (Connection c = open(ServerProfile.V1_2, "")) {
            PreparedStatement ps = c.prepareStatement(INSERT);
            fixture.engine.failPutAfter(1);
            addRows(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            addRows(ps, 10, 30);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // fails on the server
            BatchUpdateException atClose = catchThrowableOfType(BatchUpdateException.class, ps::close);
            assertThat(atClose.getMessage())
                    .contains("20 of the rows they sent are not confirmed")
                    .contains("Injected region failure on batch 2");
            assertThat(ps.isClosed()).isTrue();
            assertThat(count(c, "d")).isEqualTo(10);
        }
    }

    @Test
    void connectionClose_reportsTheFailureOfAStatementLeftOpen() throws Exception {
        Connection c = open(ServerProfile.V1_2, "");
        PreparedStatement ps = c.prepareStatement(INSERT);
        fixture.engine.failPutAfter(0);
        addRows(ps, 0, 10);
        assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // fails on the server
        BatchUpdateException atClose = catchThrowableOfType(BatchUpdateException.class, c::close);
        assertThat(atClose.getMessage())
                .contains("10 of the rows they sent are not confirmed")
                .contains("Injected region failure on batch 1");
        assertThat(c.isClosed()).isTrue();
        assertThat(ps.isClosed()).isTrue();
    }

    @Test
    void closeWaitsForTheAnswers_soEveryRowIsStoredWhenCloseReturns() throws Exception {
        try (Connection c = open(ServerProfile.V0_17, "")) {
            CountDownLatch slow = new CountDownLatch(1);
            fixture.engine.onPut = batch -> {
                try {
                    slow.await(200, TimeUnit.MILLISECONDS); // the server is still writing when close starts
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                addRows(ps, 0, 500);
                assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            assertThat(count(c, "d")).isEqualTo(500);
            assertThat(stats(c).doPutRows()).isEqualTo(500);
        }
    }
}
