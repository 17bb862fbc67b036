package io.greptime.jdbc.live;

import io.greptime.jdbc.testing.GreptimeDBCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInfo;

/**
 * The frame of every frontend-failure suite on the live cluster: the shared cluster (skipped without
 * {@code GREPTIMEDB_BIN}), every role running before the suite starts, and the suite's {@link FailoverCase} report
 * printed under its display name at the end.
 */
abstract class FailoverSuite {
    static GreptimeDBCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LiveCluster.require();
        LiveCluster.restoreAll();
    }

    @AfterAll
    static void printReport(TestInfo suite) {
        FailoverCase.print(suite.getDisplayName());
    }
}
