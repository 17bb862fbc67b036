package io.greptime.jdbc.affinity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.greptime.jdbc.GreptimeDataSource;
import io.greptime.jdbc.internal.client.ThreadChannels;
import io.greptime.jdbc.internal.client.WorkerChannels;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import io.grpc.ManagedChannel;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The DataSource's shared-channel modes: per-thread channels and a leased set of worker channels. */
class DataSourceChannelModesTest {
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

    private static GreptimeDataSource dataSource(String mode) {
        GreptimeDataSource ds = new GreptimeDataSource();
        ds.setUrl(fixture.url(""));
        ds.setChannelMode(mode);
        return ds;
    }

    private static GreptimeDataSource worker(int channels, String strategy) {
        GreptimeDataSource ds = dataSource("worker");
        ds.setWorkerChannels(channels);
        ds.setLeaseStrategy(strategy);
        return ds;
    }

    private static long update(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            return st.executeLargeUpdate(sql);
        }
    }

    private static List<Connection> open(GreptimeDataSource ds, int n) throws SQLException {
        List<Connection> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(ds.getConnection());
        }
        return list;
    }

    private static void closeAll(List<Connection> list) throws SQLException {
        for (Connection c : list) {
            c.close();
        }
    }

    // ---------------------------------------------------------------- per-thread mode

    @Test
    void threadMode_sharesOneChannelPerThread_andClosesItWhenTheThreadClears() throws Exception {
        try (GreptimeDataSource ds = dataSource("thread")) {
            List<Connection> mine = open(ds, 3);
            for (Connection c : mine) {
                assertThat(update(c, "INSERT 2")).isEqualTo(2);
            }
            ThreadChannels channels = ds.unwrap(ThreadChannels.class);
            assertThat(channels.openedChannels()).hasSize(1);

            long other = OtherThread.run("thread-mode-other", () -> {
                List<Connection> theirs = open(ds, 2);
                long n = update(theirs.get(0), "INSERT 3") + update(theirs.get(1), "INSERT 4");
                closeAll(theirs);
                ds.clearThreadChannels();
                return n;
            });
            assertThat(other).isEqualTo(7);
            List<ManagedChannel> opened = channels.openedChannels();
            assertThat(opened).hasSize(2);
            assertThat(opened.get(1).isShutdown()).isTrue(); // cleared, and its connections were closed
            assertThat(opened.get(0).isShutdown()).isFalse();

            ds.clearThreadChannels(); // this thread's connections are still open: the channel waits for them
            assertThat(opened.get(0).isShutdown()).isFalse();
            assertThat(update(mine.get(0), "INSERT 1")).isEqualTo(1);
            closeAll(mine);
            assertThat(opened.get(0).isShutdown()).isTrue();
            assertThat(opened.get(0).awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void threadMode_retiresTheChannelsOfThreadsThatEnded() throws Exception {
        try (GreptimeDataSource ds = dataSource("thread")) {
            Thread t = new Thread(
                    () -> {
                        try (Connection c = ds.getConnection()) {
                            update(c, "INSERT 1");
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    "short-lived");
            t.start();
            t.join();
            try (Connection c = ds.getConnection()) { // the next lease sweeps away what dead threads held
                assertThat(update(c, "INSERT 1")).isEqualTo(1);
                List<ManagedChannel> opened = ds.unwrap(ThreadChannels.class).openedChannels();
                assertThat(opened).hasSize(2);
                assertThat(opened.get(0).isShutdown()).isTrue();
                assertThat(opened.get(1).isShutdown()).isFalse();
            }
        }
    }

    // ---------------------------------------------------------------- worker mode: strategies

    @Test
    void workerMode_roundRobin_spreadsLeasesEvenly() throws Exception {
        try (GreptimeDataSource ds = worker(3, "round_robin")) {
            List<Connection> six = open(ds, 6);
            for (Connection c : six) {
                assertThat(update(c, "INSERT 1")).isEqualTo(1);
            }
            WorkerChannels channels = ds.unwrap(WorkerChannels.class);
            assertThat(channels.leasesGranted()).containsExactly(2, 2, 2);
            assertThat(channels.openLeases()).containsExactly(2, 2, 2);
            closeAll(six);
            assertThat(channels.openLeases()).containsExactly(0, 0, 0);
            assertThat(channels.isTerminated()).isFalse(); // given back, not shut down
        }
    }

    @Test
    void workerMode_leastInFlight_avoidsTheBusyChannel() throws Exception {
        try (GreptimeDataSource ds = worker(2, "least_in_flight")) {
            Connection busy = ds.getConnection();
            Connection idle = ds.getConnection();
            WorkerChannels channels = ds.unwrap(WorkerChannels.class);
            assertThat(channels.leasesGranted()).containsExactly(1, 1);
            CompletableFuture<Long> running = OtherThread.start("busy-caller", () -> update(busy, "BLOCK INSERT"));
            assertThat(fixture.engine().blocked().await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(channels.inFlight()).containsExactly(1, 0);
            List<Connection> more = open(ds, 2); // round robin would alternate; the busy channel is avoided
            assertThat(channels.leasesGranted()).containsExactly(1, 3);
            fixture.engine().release();
            assertThat(OtherThread.join(running)).isEqualTo(1);
            closeAll(more);
            idle.close();
            busy.close();
        }
    }

    @Test
    void workerMode_keyHash_keepsEachKeyOnOneChannel() throws Exception {
        try (GreptimeDataSource ds = worker(4, "key_hash")) {
            List<Connection> all = new ArrayList<>();
            for (String key : List.of("tenant-a", "tenant-b", "tenant-c")) {
                int[] before = ds.isWrapperFor(WorkerChannels.class)
                        ? ds.unwrap(WorkerChannels.class).leasesGranted()
                        : new int[4];
                for (int i = 0; i < 3; i++) {
                    Connection c = ds.getConnectionForKey(key);
                    assertThat(update(c, "INSERT 1")).isEqualTo(1);
                    all.add(c);
                }
                int[] after = ds.unwrap(WorkerChannels.class).leasesGranted();
                int lanesUsed = 0;
                for (int lane = 0; lane < 4; lane++) {
                    int added = after[lane] - before[lane];
                    assertThat(added).isIn(0, 3);
                    lanesUsed += added == 3 ? 1 : 0;
                }
                assertThat(lanesUsed).as("one channel for " + key).isEqualTo(1);
            }
            closeAll(all);
        }
    }

    @Test
    void workerMode_stripesChannelsAcrossTheEndpoints() throws Exception {
        try (ServerFixture second = new ServerFixture();
                GreptimeDataSource ds = new GreptimeDataSource()) {
            String a = fixture.server().address();
            String b = second.server().address();
            ds.setUrl("jdbc:greptime://" + a + "," + b);
            ds.setChannelMode("worker");
            ds.setWorkerChannels(4);
            List<Connection> four = open(ds, 4);
            for (int i = 0; i < 4; i++) {
                update(four.get(i), "INSERT " + (10 + i));
            }
            assertThat(ds.unwrap(WorkerChannels.class).channelEndpoints())
                    .extracting(Object::toString)
                    .containsExactly(a, b, a, b);
            assertThat(fixture.engine().statements())
                    .contains("INSERT 10", "INSERT 12")
                    .doesNotContain("INSERT 11", "INSERT 13");
            assertThat(second.engine().statements()).containsExactly("INSERT 11", "INSERT 13");
            closeAll(four);
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Test
    void closingTheDataSource_letsOpenConnectionsFinish_thenShutsTheChannels() throws Exception {
        GreptimeDataSource ds = worker(2, "round_robin");
        Connection c = ds.getConnection();
        WorkerChannels channels = ds.unwrap(WorkerChannels.class);
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100 BATCH 10")) {
            assertThat(rs.next()).isTrue();
            ds.close();
            SQLException refused = assertThrows(SQLException.class, ds::getConnection);
            assertThat(refused.getSQLState()).isEqualTo("08001");
            long rows = 1;
            while (rs.next()) {
                rows++;
            }
            assertThat(rows).isEqualTo(100);
        }
        assertThat(update(c, "INSERT 5")).isEqualTo(5);
        assertThat(channels.isTerminated()).isFalse();
        c.close();
        assertThat(channels.awaitTermination(10_000)).isTrue();
    }

    @Test
    void threadMode_closingTheDataSource_waitsForItsConnections() throws Exception {
        GreptimeDataSource ds = dataSource("thread");
        Connection c = ds.getConnection();
        ds.close();
        assertThat(update(c, "INSERT 2")).isEqualTo(2);
        ManagedChannel channel =
                ds.unwrap(ThreadChannels.class).openedChannels().get(0);
        assertThat(channel.isShutdown()).isFalse();
        c.close();
        assertThat(channel.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void badSettings_areClearErrors() throws Exception {
        try (GreptimeDataSource ds = dataSource("pooled")) {
            SQLException e = assertThrows(SQLException.class, ds::getConnection);
            assertThat(e.getMessage()).contains("channelMode=pooled");
        }
        try (GreptimeDataSource ds = worker(2, "fastest")) {
            assertThat(assertThrows(SQLException.class, ds::getConnection).getMessage())
                    .contains("leaseStrategy=fastest");
        }
        try (ServerFixture second = new ServerFixture();
                GreptimeDataSource ds = worker(1, "round_robin")) {
            ds.setUrl("jdbc:greptime://" + fixture.server().address() + ","
                    + second.server().address());
            assertThat(assertThrows(SQLException.class, ds::getConnection).getMessage())
                    .contains("workerChannels=1");
        }
        try (GreptimeDataSource ds = worker(2, "round_robin")) {
            assertThat(ds.isWrapperFor(WorkerChannels.class)).isFalse(); // no channels before the first connection
            assertThrows(SQLException.class, () -> ds.unwrap(WorkerChannels.class));
        }
        try (GreptimeDataSource ds = worker(2, "round_robin");
                Connection c = ds.getConnection()) {
            assertThrows(IllegalStateException.class, () -> ds.setChannelMode("thread"));
            assertThrows(IllegalStateException.class, () -> ds.setWorkerChannels(3));
        }
    }

    @Test
    void hikariOverWorkerMode_lendsConnectionsThatShareTheChannels() throws Exception {
        try (GreptimeDataSource ds = worker(2, "least_in_flight")) {
            HikariConfig config = new HikariConfig();
            config.setDataSource(ds);
            config.setMaximumPoolSize(4);
            config.setMinimumIdle(0);
            config.setPoolName("greptime-worker");
            try (HikariDataSource pool = new HikariDataSource(config)) {
                List<CompletableFuture<Long>> users = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    users.add(OtherThread.start("hikari-worker-" + t, () -> {
                        long n = 0;
                        for (int r = 0; r < 3; r++) {
                            try (Connection c = pool.getConnection()) {
                                n += update(c, "INSERT 2");
                            }
                        }
                        return n;
                    }));
                }
                for (CompletableFuture<Long> u : users) {
                    assertThat(OtherThread.join(u)).isEqualTo(6);
                }
                int[] granted = ds.unwrap(WorkerChannels.class).leasesGranted();
                assertThat(granted[0] + granted[1]).isBetween(1, 4); // Hikari opened at most its pool size
            }
            assertThat(ds.unwrap(WorkerChannels.class).openLeases()).containsExactly(0, 0);
        }
    }
}
