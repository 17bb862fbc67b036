package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code kill -9} of a frontend while the driver writes the source table of a flow (the cluster's flownode
 * computes it). The source rows are accounted as in every failure case; the flow's sink is then flushed and
 * compared with the source, which shows whether the flow saw every stored row. The sink is the server's work: its
 * comparison is reported, and asserted only as "the sink holds no more than the source".
 */
@DisplayName("live cluster failover, flow source writes")
class LiveClusterFlowFailoverTest extends FailoverSuite {
    private static final int BATCH = 2_000;
    private static final int BATCHES = 30;

    @ParameterizedTest(name = "discoverFrontends={0}")
    @ValueSource(booleans = {false, true})
    void flowSource_frontendKilledMidWrite_sourceAccountedAndSinkCatchesUp(boolean discover) throws Exception {
        String suffix = discover ? "disc" : "fixed";
        String source = "flow_src_" + suffix;
        String sink = "flow_sink_" + suffix;
        String flow = "flow_count_" + suffix;
        RowLedger ledger = new RowLedger();
        try (Connection c =
                DriverManager.getConnection(FailoverCase.url(cluster, discover), FailoverCase.properties(discover))) {
            try (Statement st = c.createStatement()) {
                st.execute("DROP FLOW IF EXISTS " + flow);
                st.execute("DROP TABLE IF EXISTS " + sink);
            }
            FailoverCase.createTable(c, source, "dedup");
            try (Statement st = c.createStatement()) {
                st.execute("CREATE FLOW " + flow + " SINK TO " + sink + " AS SELECT host, count(v) AS c,"
                        + " date_bin(INTERVAL '1 minute', ts) AS time_window FROM " + source
                        + " GROUP BY host, time_window");
            }
            long toNext = -1;
            String landed;
            try (FrontendKiller killer = new FrontendKiller(cluster.frontend(0), 10);
                    PreparedStatement ps =
                            c.prepareStatement("INSERT INTO " + source + " (host, ts, v) VALUES (?, ?, ?)")) {
                for (int b = 0; b < BATCHES; b++) {
                    long from = (long) b * BATCH;
                    FailoverCase.bind(ps, from, from + BATCH);
                    ledger.sent(from, from + BATCH);
                    killer.enter(b);
                    boolean ok;
                    try {
                        ps.executeBatch();
                        ledger.counted(from, from + BATCH);
                        ok = true;
                    } catch (BatchUpdateException e) {
                        ledger.inDoubt(from, from + BATCH);
                        ps.clearBatch();
                        ok = false;
                    }
                    killer.exit(b);
                    if (ok && killer.killed() && toNext < 0) {
                        toNext = (System.nanoTime() - killer.killedAtNanos()) / 1_000_000;
                    }
                }
                killer.workEnded();
                killer.close();
                landed = killer.landed();
            }
            FailoverCase.Outcome outcome = FailoverCase.restartAndAudit(cluster, c, ledger, source);
            String sinkState = flushAndCompare(c, flow, source, sink);
            FailoverCase.finish("flow source (" + sinkState + ")", "dedup", discover, landed, outcome, toNext);
            assertThat(toNext).as("a batch succeeded after the kill").isGreaterThanOrEqualTo(0);
        }
    }

    /** Flushes the flow (retrying while the restarted frontend settles) and compares its sink with the source. */
    private static String flushAndCompare(Connection c, String flow, String source, String sink) throws Exception {
        long stored = FailoverCase.single(c, "SELECT count(*) FROM " + source);
        long inSink = -1;
        for (int attempt = 0; attempt < 20 && inSink != stored; attempt++) {
            try (Statement st = c.createStatement()) {
                st.execute("ADMIN FLUSH_FLOW('" + flow + "')");
                inSink = FailoverCase.single(c, "SELECT COALESCE(sum(c), 0) FROM " + sink);
            } catch (SQLException notYet) {
                // the sink may not exist before the first flush, or the flownode may be catching up
            }
            if (inSink != stored) {
                FailoverCase.sleep(1_000);
            }
        }
        assertThat(inSink)
                .as("the flow's sink counts no more rows than the source holds")
                .isLessThanOrEqualTo(stored);
        return inSink == stored
                ? "sink matches source: " + stored
                : "sink " + inSink + " of " + stored + " source rows";
    }
}
