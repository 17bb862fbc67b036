package io.greptime.jdbc.failover;

import static io.greptime.jdbc.failover.ThreeServers.longQuery;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a real GreptimeDB v1.0.0 cluster showed when a frontend was killed ({@code kill -9}) under the driver
 * (docs/live.md), replayed on three embedded servers over one engine so the default build catches a regression
 * without a cluster. On the real cluster a stream inserter opened after the kill failed with nothing sent until the
 * breaker opened (three inserters of ten were lost that way), and DDL on a sticky connection met the dead
 * connection.
 */
class FrontendDeathTest {
    private static final String STICKY = "failoverPolicy=sticky&breakerCooldown=60000";
    private ThreeServers cluster;

    @BeforeEach
    void start() {
        cluster = new ThreeServers();
    }

    @AfterEach
    void stop() {
        cluster.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    @Test
    void streamInserter_openedAfterItsFrontendDied_sendsElsewhere_everyRowStoredOnce() throws Exception {
        try (Connection c = cluster.connect(STICKY)) {
            createTable(c, "after_death");
            cluster.server(0).stop();
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            long total;
            try (GreptimeStreamInserter in = g.streamInserter()) {
                declare(in, "after_death");
                for (int i = 0; i < 5_000; i++) {
                    in.insert("after_death", "h" + (i % 7), Instant.ofEpochMilli(i), (double) i);
                }
                total = in.finish();
                assertThat(in.sentRows()).isEqualTo(5_000);
            }
            assertThat(total).as("the server's total").isEqualTo(5_000);
            assertThat(longQuery(c, "SELECT count(*) FROM after_death")).isEqualTo(5_000);
            assertThat(ThreeServers.status(c, 0).consecutiveFailures())
                    .as("the dead frontend was blamed")
                    .isPositive();
        }
        cluster.assertIdle();
    }

    @Test
    void streamInserter_whoseFrontendDiesAfterSending_failsWithAConnectionState_andStoresAtMostWhatItSent()
            throws Exception {
        try (Connection c = cluster.connect(STICKY + "&bulkFlushRows=500")) {
            createTable(c, "mid_death");
            GreptimeConnection g = c.unwrap(GreptimeConnection.class);
            GreptimeStreamInserter in = g.streamInserter();
            declare(in, "mid_death");
            for (int i = 0; i < 2_000; i++) {
                in.insert("mid_death", "h" + (i % 7), Instant.ofEpochMilli(i), (double) i);
            }
            long sent = in.sentRows();
            assertThat(sent).as("requests left before the death").isEqualTo(2_000);
            cluster.serverCutMidCall = true;
            cluster.server(0).stop();
            SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> {
                for (int i = 2_000; i < 4_000; i++) {
                    in.insert("mid_death", "h" + (i % 7), Instant.ofEpochMilli(i), (double) i);
                }
                in.finish();
            });
            in.close();
            assertThat(e.getSQLState()).as(e.getMessage()).startsWith("08");
            // requests of a stream that had sent are never sent again: at most what left is stored
            assertThat(longQuery(c, "SELECT count(*) FROM mid_death")).isLessThanOrEqualTo(in.sentRows());
            try (GreptimeStreamInserter next = g.streamInserter()) {
                declare(next, "mid_death");
                next.insert("mid_death", "h0", Instant.ofEpochMilli(10_000), 1.0);
                assertThat(next.finish())
                        .as("the next inserter goes to a live frontend")
                        .isEqualTo(1);
            }
        }
    }

    @Test
    void ddl_onAStickyConnectionRightAfterItsFrontendDied_isAnsweredByAnother() throws Exception {
        try (Connection c = cluster.connect(STICKY);
                Statement st = c.createStatement()) {
            assertThat(longQuery(c, "SELECT 1")).isEqualTo(1);
            cluster.server(0).stop();
            st.execute("CREATE TABLE after_ddl (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            assertThat(longQuery(c, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'after_ddl'"))
                    .isEqualTo(1);
            assertThatThrownBy(() -> st.execute("CREATE TABLE after_ddl (ts TIMESTAMP TIME INDEX, v DOUBLE)"))
                    .as("sent once: a second CREATE finds the table")
                    .isInstanceOf(SQLException.class);
        }
        cluster.assertIdle();
    }

    private static void createTable(Connection c, String name) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE " + name + " (host STRING, ts TIMESTAMP TIME INDEX, v DOUBLE, PRIMARY KEY(host))");
        }
    }

    private static void declare(GreptimeStreamInserter in, String table) throws SQLException {
        in.declare(
                table,
                Column.tag("host", DataType.STRING),
                Column.timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                Column.field("v", DataType.FLOAT64));
    }
}
