package io.greptime.jdbc.affinity;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** HikariCP lends idle connections to whichever thread asks; strict thread affinity must allow it. */
class HikariAffinityTest {
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
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }

    private static HikariDataSource pool(int size) {
        HikariConfig config = new HikariConfig();
        config.setDriverClassName("io.greptime.jdbc.GreptimeDriver");
        // transport=nio: on the default (io_uring here) a DoGet of this test fails with UNAVAILABLE "io exception"
        // when it runs after DataSourceChannelModesTest in the same JVM; a transport issue reported to the lead
        config.setJdbcUrl(fixture.url("?threadAffinity=strict&transport=nio"));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setPoolName("greptime-affinity");
        return new HikariDataSource(config);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            long n = 0;
            while (rs.next()) {
                n++;
            }
            return n;
        }
    }

    @Test
    void pool_handsIdleConnectionsBetweenThreads() throws Exception {
        int threads = 4;
        int rounds = 4;
        Map<GreptimeConnection, Set<String>> usedBy = new ConcurrentHashMap<>();
        Phaser everyRound = new Phaser(threads);
        try (HikariDataSource pool = pool(2)) {
            List<CompletableFuture<Long>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(OtherThread.start("pool-user-" + t, () -> {
                    long rows = 0;
                    try {
                        for (int r = 0; r < rounds; r++) {
                            everyRound.arriveAndAwaitAdvance(); // all four contend for two connections each round
                            try (Connection c = pool.getConnection()) {
                                usedBy.computeIfAbsent(
                                                c.unwrap(GreptimeConnection.class), k -> ConcurrentHashMap.newKeySet())
                                        .add(Thread.currentThread().getName());
                                rows += count(c, "SELECT ROWS 20 BATCH 5");
                            }
                        }
                    } finally {
                        everyRound.arriveAndDeregister(); // done or failed: the others stop waiting for this one
                    }
                    return rows;
                }));
            }
            CompletableFuture.allOf(workers.toArray(new CompletableFuture<?>[0]))
                    .handle((v, e) -> null)
                    .get(5, TimeUnit.MINUTES); // a guard against a hang only
            for (CompletableFuture<Long> w : workers) {
                assertThat(OtherThread.join(w)).isEqualTo(20L * rounds);
            }
            // four threads each round over at most two connections: some connection served several threads
            assertThat(usedBy.size()).isBetween(1, 2);
            assertThat(usedBy.values()).anySatisfy(names -> assertThat(names).hasSizeGreaterThan(1));
            assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero();
        }
    }

    @Test
    void pool_closesWhatABorrowerLeftOpen_soTheNextThreadGetsAnIdleConnection() throws Exception {
        try (HikariDataSource pool = pool(1)) {
            GreptimeConnection first = OtherThread.run("leaky-borrower", () -> {
                Connection c = pool.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100 BATCH 10");
                assertThat(rs.next()).isTrue();
                GreptimeConnection physical = c.unwrap(GreptimeConnection.class);
                c.close(); // back to the pool with the statement and its result set still open
                return physical;
            });
            long rows = OtherThread.run("next-borrower", () -> {
                try (Connection c = pool.getConnection()) {
                    assertThat(c.unwrap(GreptimeConnection.class)).isSameAs(first);
                    return count(c, "SELECT ROWS 3 BATCH 3");
                }
            });
            assertThat(rows).isEqualTo(3);
        }
    }
}
