package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.GreptimeDriver;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deregistering the driver from DriverManager (what an application server does when it unloads an
 * application) ends the driver's event loop threads at once instead of after the idle time, through the
 * DriverAction the driver registers with; connections still open keep theirs until they close. Over NIO;
 * the idle time is set to a minute so that only the deregistration can explain threads ending sooner.
 */
class DriverDeregistrationTest {
    private static final NettyTransport NIO = NettyTransport.NIO;

    private DuckDbEngine engine;
    private EmbeddedGreptimeServer server;
    private Driver driver;

    @BeforeEach
    void start() throws SQLException {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        NIO.idleMillis(60_000);
        driver = DriverManager.getDriver("jdbc:greptime://" + server.address());
        assertThat(driver).isInstanceOf(GreptimeDriver.class);
    }

    @AfterEach
    void stop() throws SQLException {
        NIO.idleMillis(NettyTransport.IDLE_SHUTDOWN_MILLIS);
        if (!registered()) {
            // as the driver's static initializer registers it (a class is initialized once per class loader)
            DriverManager.registerDriver(driver, DriverThreads::end);
        }
        server.close();
        engine.close();
    }

    @Test
    void deregister_endsTheIdleGroupsThreadsBeforeItReturns_andALaterConnectionStartsANewGroup() throws Exception {
        assumeTrue(NioLoops.settled(() -> NIO.leases() == 0), "another test left a NIO channel open");
        try (Connection c = NioLoops.connect(server)) {
            assertThat(NioLoops.selectOne(c)).isEqualTo(1);
        }
        assertThat(NioLoops.settled(() -> NIO.leases() == 0))
                .as("the closed channel gave its lease back")
                .isTrue();
        assertThat(NIO.hasGroup()).as("kept for the idle minute").isTrue();
        assertThat(NioLoops.threads()).isPositive();

        DriverManager.deregisterDriver(driver);

        assertThat(registered()).isFalse();
        assertThat(NIO.hasGroup()).isFalse();
        assertThat(NioLoops.threads())
                .as("NIO loop threads alive once deregisterDriver returned")
                .isZero();

        // the driver object still works (a DataSource keeps it), on a new group
        try (Connection c = driver.connect("jdbc:greptime://" + server.address() + "?transport=nio", null)) {
            assertThat(NioLoops.selectOne(c)).isEqualTo(1);
            assertThat(NioLoops.threads()).isPositive();
        }
    }

    @Test
    void deregister_withAConnectionOpen_keepsItsThreadsUntilItCloses_thenEndsThemWithoutTheIdleTime() throws Exception {
        assumeTrue(NioLoops.settled(() -> NIO.leases() == 0), "another test left a NIO channel open");
        Connection open = NioLoops.connect(server);
        try {
            assertThat(NioLoops.selectOne(open)).isEqualTo(1);

            DriverManager.deregisterDriver(driver);

            assertThat(NioLoops.selectOne(open))
                    .as("the open connection still works")
                    .isEqualTo(1);
            assertThat(NioLoops.threads()).isPositive();
        } finally {
            open.close();
        }
        // well within the idle minute
        assertThat(NioLoops.settled(() -> !NIO.hasGroup() && NioLoops.threads() == 0))
                .as(
                        "group and threads end once the last channel has closed; leases=%d threads=%d",
                        NIO.leases(), NioLoops.threads())
                .isTrue();
    }

    private boolean registered() {
        return DriverManager.drivers().anyMatch(d -> d == driver);
    }
}
