package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code kill -9} of a frontend of the real cluster in the middle of the driver's pipelined writes: a manual-commit
 * unit (auto-commit off, {@code executeBatch} ... {@code commit()}), a stream inserter, and the source writes of a
 * flow. Rows are accounted row by row in a {@link RowLedger} from what the driver reported and compared with the
 * table afterwards ({@link FailoverCase#check}); skipped without {@code GREPTIMEDB_BIN}.
 */
@DisplayName("live cluster failover, pipelined writes")
class LiveClusterPipelineFailoverTest extends FailoverSuite {
    private static final int BATCH = 2_000;
    private static final int BATCHES_PER_COMMIT = 4;
    private static final int COMMITS = 10;
    private static final int INSERTERS = 10;
    private static final int ROWS_PER_INSERTER = 8_000;
    /**
     * Each unit writes {@value #BATCHES_PER_COMMIT} batches and commits. A commit that returns confirms its unit; one
     * that throws says per row which are confirmed, in doubt, or certainly not written. Calls are numbered
     * executeBatch, executeBatch, ..., commit; the kill meets the fourth unit.
     */
    @ParameterizedTest(name = "{0} table, discoverFrontends={1}")
    @CsvSource({"dedup, false", "append, false", "dedup, true", "append, true"})
    void manualCommit_frontendKilledMidUnit_commitReportsEveryRow(String kind, boolean discover) throws Exception {
        String table = "failover_commit_" + kind + "_" + (discover ? "disc" : "fixed");
        RowLedger ledger = new RowLedger();
        int callsPerUnit = BATCHES_PER_COMMIT + 1;
        try (Connection c =
                DriverManager.getConnection(FailoverCase.url(cluster, discover), FailoverCase.properties(discover))) {
            FailoverCase.createTable(c, table, kind);
            c.setAutoCommit(false);
            long toNext = -1;
            String landed;
            try (FrontendKiller killer = new FrontendKiller(cluster.frontend(0), 3 * callsPerUnit + 2);
                    PreparedStatement ps =
                            c.prepareStatement("INSERT INTO " + table + " (host, ts, v) VALUES (?, ?, ?)")) {
                int call = 0;
                for (int u = 0; u < COMMITS; u++) {
                    long unitStart = (long) u * BATCHES_PER_COMMIT * BATCH;
                    for (int b = 0; b < BATCHES_PER_COMMIT; b++) {
                        long from = unitStart + (long) b * BATCH;
                        FailoverCase.bind(ps, from, from + BATCH);
                        ledger.sent(from, from + BATCH);
                        killer.enter(call);
                        try {
                            ps.executeBatch();
                        } catch (GreptimeBatchUpdateException reportedAgainByTheCommit) {
                            ps.clearBatch();
                        }
                        killer.exit(call++);
                    }
                    killer.enter(call);
                    boolean ok = commit(c, unitStart, unitStart + (long) BATCHES_PER_COMMIT * BATCH, ledger);
                    killer.exit(call++);
                    if (ok && killer.killed() && toNext < 0) {
                        toNext = (System.nanoTime() - killer.killedAtNanos()) / 1_000_000;
                    }
                }
                killer.workEnded();
                killer.close();
                landed = killer.landed();
            }
            c.setAutoCommit(true);
            FailoverCase.finish(
                    "manual commit",
                    kind,
                    discover,
                    landed,
                    FailoverCase.restartAndAudit(cluster, c, ledger, table),
                    toNext);
            assertThat(toNext).as("a commit succeeded after the kill").isGreaterThanOrEqualTo(0);
        }
    }

    /**
     * Each inserter writes {@value #ROWS_PER_INSERTER} rows and finishes; the kill meets the fourth. Its rows beyond
     * {@code sentRows()} were never sent; the sent ones are in doubt. Into a deduplicating table the application
     * sends that inserter's rows again on a new one (safe there: the same keys replace themselves).
     */
    @ParameterizedTest(name = "{0} table, discoverFrontends={1}")
    @CsvSource({"dedup, false", "append, false", "dedup, true", "append, true"})
    void streamInserter_frontendKilledMidStream_sentRowsBoundWhatIsStored(String kind, boolean discover)
            throws Exception {
        String table = "failover_stream_" + kind + "_" + (discover ? "disc" : "fixed");
        RowLedger ledger = new RowLedger();
        try (Connection c =
                DriverManager.getConnection(FailoverCase.url(cluster, discover), FailoverCase.properties(discover))) {
            FailoverCase.createTable(c, table, kind);
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            long toNext = -1;
            String landed;
            try (FrontendKiller killer = new FrontendKiller(cluster.frontend(0), 3)) {
                for (int i = 0; i < INSERTERS; i++) {
                    long from = (long) i * ROWS_PER_INSERTER;
                    long to = from + ROWS_PER_INSERTER;
                    ledger.sent(from, to);
                    killer.enter(i);
                    boolean ok = stream(g, table, from, to, ledger);
                    killer.exit(i);
                    if (!ok && kind.equals("dedup")) {
                        ok = stream(g, table, from, to, ledger); // the application's own retry
                    }
                    if (ok && killer.killed() && toNext < 0) {
                        toNext = (System.nanoTime() - killer.killedAtNanos()) / 1_000_000;
                    }
                }
                killer.workEnded();
                killer.close();
                landed = killer.landed();
            }
            FailoverCase.finish(
                    "stream inserter",
                    kind,
                    discover,
                    landed,
                    FailoverCase.restartAndAudit(cluster, c, ledger, table),
                    toNext);
            assertThat(toNext).as("an inserter finished after the kill").isGreaterThanOrEqualTo(0);
        }
    }

    private static boolean commit(Connection c, long from, long to, RowLedger ledger) {
        try {
            c.commit();
            ledger.counted(from, to);
            return true;
        } catch (GreptimeCommitException e) {
            java.util.BitSet unconfirmed = new java.util.BitSet();
            for (GreptimeCommitException.StatementRows s : e.statements()) {
                for (GreptimeBatchUpdateException.RowRange r : s.failed()) {
                    ledger.failed(from + r.first(), from + r.last() + 1);
                    unconfirmed.set(r.first(), r.last() + 1);
                }
                for (GreptimeBatchUpdateException.RowRange r : s.inDoubt()) {
                    ledger.inDoubt(from + r.first(), from + r.last() + 1);
                    unconfirmed.set(r.first(), r.last() + 1);
                }
            }
            for (long row = from; row < to; row++) {
                if (!unconfirmed.get((int) (row - from))) {
                    ledger.counted(row, row + 1);
                }
            }
            return false;
        } catch (SQLException e) {
            ledger.inDoubt(from, to); // a commit that could not say more leaves every row of its unit in doubt
            return false;
        }
    }

    private static boolean stream(GreptimeConnection g, String table, long from, long to, RowLedger ledger)
            throws SQLException {
        GreptimeStreamInserter in = g.streamInserter();
        try (in) {
            in.declare(
                    table,
                    Column.tag("host", DataType.STRING),
                    Column.timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                    Column.field("v", DataType.FLOAT64));
            for (long row = from; row < to; row++) {
                in.insert(table, "h" + (row % 10), new Timestamp(RowLedger.BASE + row), (double) row);
            }
            long written = in.finish();
            assertThat(written).as("the server's total for one inserter").isEqualTo(to - from);
            ledger.counted(from, to);
            return true;
        } catch (SQLException e) {
            long sent = in.sentRows();
            ledger.inDoubt(from, from + sent);
            ledger.failed(from + sent, to);
            return false;
        }
    }
}
