package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.count;
import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.GreptimeBatchUpdateException.RowRange;
import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.GreptimeCommitException.StatementRows;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Auto-commit off: executeBatch of a DoPut INSERT returns once its rows are sent (SUCCESS_NO_INFO) and
 * commit() confirms every row since the last commit or says, per statement, which are confirmed, failed
 * or in doubt; every other way out (rollback, setAutoCommit(true), close, abort, a commit from another
 * thread) against the embedded server's real DoPut with injected failures.
 */
class ManualCommitTest {
    private static final String INSERT = "INSERT INTO d (ts, host, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;

    private Connection open(String query) throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        Connection c = fixture.connect(query);
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE d (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        c.setAutoCommit(false);
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

    /** One statement: prepare, one batch of rows [from, to), executeBatch, close (as Spring's batchUpdate). */
    private static int[] oneStatement(Connection c, int from, int to) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            addRows(ps, from, to);
            return ps.executeBatch();
        }
    }

    @Test
    void executeBatch_returnsNoInfoCounts_andCommitConfirmsEveryRow_onOneStream() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int call = 0; call < 5; call++) {
                addRows(ps, call * 1000, call * 1000 + 1000);
                assertThat(ps.executeBatch()).hasSize(1000).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            c.commit();
            assertThat(count(c, "d")).isEqualTo(5000);
            assertThat(stats(c).doPutStreams()).isEqualTo(1);
            c.setAutoCommit(true); // auto-commit on: synchronous, confirmed counts again
            addRows(ps, 5000, 5010);
            assertThat(ps.executeBatch()).hasSize(10).containsOnly(1);
        }
    }

    @Test
    void aStatementPerBatch_closedBeforeCommit_keepsItsRowsInTheCommit_andTheNextTakesItsStream() throws Exception {
        try (Connection c = open("")) {
            for (int s = 0; s < 5; s++) {
                assertThat(oneStatement(c, s * 500, s * 500 + 500)).containsOnly(Statement.SUCCESS_NO_INFO);
            }
            c.commit();
            assertThat(count(c, "d")).isEqualTo(2500);
            assertThat(stats(c).doPutStreams())
                    .as("each statement settles the last one's stream and reuses it")
                    .isEqualTo(1);
        }
    }

    @Test
    void aFailureAfterExecuteBatchReturned_isReportedByCommit_rowByRow() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(1);
            addRows(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            addRows(ps, 10, 30);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // fails on the server
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, c::commit);
            assertThat(e.getMessage()).contains("Injected region failure on batch 2");
            assertThat(e.getSQLState()).isNotNull();
            assertThat(e.statements()).hasSize(1);
            StatementRows rows = e.statements().get(0);
            assertThat(rows.rows()).isEqualTo(30);
            assertThat(rows.confirmed()).isEqualTo(10);
            assertThat(rows.inDoubt()).containsExactly(new RowRange(10, 29));
            assertThat(rows.failed()).isEmpty();
            assertThat(count(c, "d")).isEqualTo(10);
            // the commit ended the unit: the statement writes again on a new stream
            addRows(ps, 30, 35);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            c.commit();
            assertThat(count(c, "d")).isEqualTo(15);
        }
    }

    @Test
    void afterAFailure_laterCallsGoOnANewStream_andCommitNamesOnlyTheLostRows() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(0);
            addRows(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // fails on the server
            Thread.sleep(200); // usually long enough for the refusal to arrive; the asserts hold either way
            addRows(ps, 10, 30);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, c::commit);
            StatementRows rows = e.statements().get(0);
            assertThat(rows.rows()).isEqualTo(30);
            assertThat(rows.failed()).isEmpty();
            if (stats(c).doPutStreams() == 2) { // the second call saw the broken stream and went on a new one
                assertThat(rows.confirmed()).isEqualTo(20);
                assertThat(rows.inDoubt()).containsExactly(new RowRange(0, 9));
            } else { // it went out on the broken stream before the refusal arrived
                assertThat(rows.confirmed()).isZero();
                assertThat(rows.inDoubt()).containsExactly(new RowRange(0, 29));
            }
            assertThat(count(c, "d")).isEqualTo(rows.confirmed());
        }
    }

    @Test
    void anExecuteUpdateThatMeetsTheBrokenStream_leavesTheEarlierRowsUnconfirmedAtCommit() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.failPutAfter(0);
            addRows(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // fails on the server
            ps.setTimestamp(1, new Timestamp(1_800_000_000_000L));
            ps.setString(2, "x");
            ps.setDouble(3, 1);
            SQLException update = catchThrowableOfType(SQLException.class, ps::executeUpdate); // waits: sees it
            assertThat(update.getMessage()).contains("Injected region failure");
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, c::commit);
            assertThat(e.statements().get(0).rows()).isEqualTo(10);
            // not counted as confirmed; which of them are in doubt is not yet named on this path (a known gap)
            assertThat(e.statements().get(0).confirmed()).isZero();
            assertThat(count(c, "d")).isZero();
        }
    }

    @Test
    void aClosedStatementsFailure_isReportedByCommit_withTheStatementsThatSucceeded() throws Exception {
        try (Connection c = open("")) {
            assertThat(oneStatement(c, 0, 100)).containsOnly(Statement.SUCCESS_NO_INFO);
            while (count(c, "d") < 100) { // the server wrote the first statement's batch: the next one fails
                Thread.sleep(5);
            }
            fixture.engine.failPutAfter(0);
            assertThat(oneStatement(c, 100, 150)).containsOnly(Statement.SUCCESS_NO_INFO);
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, c::commit);
            assertThat(e.statements()).hasSize(1);
            assertThat(e.statements().get(0).statement()).startsWith("2 ");
            assertThat(e.statements().get(0).inDoubt()).containsExactly(new RowRange(0, 49));
            assertThat(count(c, "d")).isEqualTo(100);
        }
    }

    @Test
    void aServerAcknowledgingFewerRows_leavesThemInDoubtAtCommit() throws Exception {
        try (Connection c = open("");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.putAnswer = n -> n - 1;
            addRows(ps, 0, 20);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO);
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, c::commit);
            assertThat(e.getSQLState()).isEqualTo("40003");
            assertThat(e.statements().get(0).confirmed()).isZero();
            assertThat(e.statements().get(0).inDoubt()).containsExactly(new RowRange(0, 19));
        }
    }

    @Test
    void rollback_waits_keepsTheStoredRows_andSaysSoInAWarning() throws Exception {
        try (Connection c = open("")) {
            assertThat(oneStatement(c, 0, 300)).containsOnly(Statement.SUCCESS_NO_INFO);
            c.rollback();
            assertThat(c.getWarnings().getMessage())
                    .contains("rollback cannot undo")
                    .contains("300 rows");
            assertThat(count(c, "d")).isEqualTo(300);
        }
    }

    @Test
    void rollback_afterAFailure_reportsItInTheWarning_andDoesNotThrow() throws Exception {
        try (Connection c = open("")) {
            fixture.engine.failPutAfter(0);
            assertThat(oneStatement(c, 0, 40)).containsOnly(Statement.SUCCESS_NO_INFO);
            c.rollback();
            assertThat(c.getWarnings().getMessage()).startsWith("rollback:").contains("0 of 40 rows confirmed");
            c.commit(); // nothing left: the rollback ended the unit
        }
    }

    @Test
    void setAutoCommitTrue_commits_andThrowsWhatTheCommitFound() throws Exception {
        try (Connection c = open("")) {
            assertThat(oneStatement(c, 0, 100)).containsOnly(Statement.SUCCESS_NO_INFO);
            c.setAutoCommit(true);
            assertThat(count(c, "d")).isEqualTo(100);
            c.setAutoCommit(false);
            fixture.engine.failPutAfter(0);
            assertThat(oneStatement(c, 100, 110)).containsOnly(Statement.SUCCESS_NO_INFO);
            catchThrowableOfType(GreptimeCommitException.class, () -> c.setAutoCommit(true));
            assertThat(c.getAutoCommit()).isTrue();
        }
    }

    @Test
    void close_waitsForTheAnswers_thenFailsNamingTheRowsInDoubt() throws Exception {
        Connection ok = open("");
        fixture.engine.onPut = batch -> sleep(200); // still writing when close starts
        assertThat(oneStatement(ok, 0, 50)).containsOnly(Statement.SUCCESS_NO_INFO);
        ok.close();
        fixture.engine.onPut = batch -> {};
        try (Connection check = fixture.connect("")) {
            assertThat(count(check, "d")).isEqualTo(50);
            Connection bad = fixture.connect("");
            bad.setAutoCommit(false);
            fixture.engine.failPutAfter(0);
            assertThat(oneStatement(bad, 50, 80)).containsOnly(Statement.SUCCESS_NO_INFO);
            GreptimeCommitException e = catchThrowableOfType(GreptimeCommitException.class, bad::close);
            assertThat(e.getMessage()).startsWith("close:");
            assertThat(e.statements().get(0).inDoubt()).containsExactly(new RowRange(0, 29));
            assertThat(bad.isClosed()).isTrue();
        }
    }

    @Test
    void abort_cancelsTheUnsentAnswersWait_andClosesWithoutWaiting() throws Exception {
        Connection c = open("");
        fixture.serverStreamCut = true;
        fixture.engine.stallPutsAfter(0); // the server never answers
        assertThat(oneStatement(c, 0, 10)).containsOnly(Statement.SUCCESS_NO_INFO);
        c.abort(Runnable::run); // a direct executor: close runs now, and must not wait for the answer
        assertThat(c.isClosed()).isTrue();
        fixture.engine.release();
    }

    @Test
    void commitFromAnotherThread_whileTheOwnerSends_failsFast_andLaterCommitsConfirm() throws Exception {
        try (Connection c = open("bulkWindow=1");
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.stallPutsAfter(0);
            addRows(ps, 0, 10);
            assertThat(ps.executeBatch()).containsOnly(Statement.SUCCESS_NO_INFO); // the window is full now
            addRows(ps, 10, 20);
            AtomicReference<Object> second = new AtomicReference<>();
            Thread owner = new Thread(() -> {
                try {
                    second.set(ps.executeBatch()); // waits for a free slot, inside the commit unit
                } catch (SQLException e) {
                    second.set(e);
                }
            });
            owner.start();
            while (owner.getState() != Thread.State.WAITING && owner.getState() != Thread.State.TIMED_WAITING) {
                Thread.sleep(5);
            }
            SQLException busy = catchThrowableOfType(SQLException.class, c::commit);
            assertThat(busy.getSQLState()).isEqualTo("55006");
            fixture.engine.release();
            owner.join();
            assertThat((int[]) second.get()).containsOnly(Statement.SUCCESS_NO_INFO);
            c.commit(); // from this thread, now that no one sends: confirms both calls
            assertThat(count(c, "d")).isEqualTo(20);
        }
    }

    @Test
    void noWritesSinceTheLastCommit_commitAndRollbackDoNothing() throws Exception {
        try (Connection c = open("")) {
            c.commit();
            c.rollback();
            assertThat((Object) c.getWarnings()).isNull();
            assertThat(c.getAutoCommit()).isFalse();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
