package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A transport's event loop group lives while channels use it and shuts down once the last one has
 * terminated and the idle time passed, taking its threads with it (#17 item 6: a process done with the
 * database kept the loop threads, and the pooled buffers they cache, for good); the next connection
 * starts a new group. Over NIO, the transport every machine has; the idle time is shortened to 300 ms.
 */
class EventLoopIdleShutdownTest {
    private static final NettyTransport NIO = NettyTransport.NIO;

    private DuckDbEngine engine;
    private EmbeddedGreptimeServer server;

    @BeforeEach
    void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        NIO.idleMillis(300);
    }

    @AfterEach
    void stop() {
        NIO.idleMillis(NettyTransport.IDLE_SHUTDOWN_MILLIS);
        server.close();
        engine.close();
    }

    @Test
    void lastChannelClosed_groupAndItsThreadsGo_andTheNextConnectionStartsANewOne() throws Exception {
        assumeTrue(NioLoops.settled(() -> NIO.leases() == 0), "another test left a NIO channel open");
        for (int round = 0; round < 2; round++) {
            try (Connection a = NioLoops.connect(server);
                    Connection b = NioLoops.connect(server)) {
                assertThat(NioLoops.selectOne(a)).isEqualTo(1);
                assertThat(NioLoops.selectOne(b)).isEqualTo(1);
                assertThat(NIO.leases()).as("channels leasing the group").isPositive();
                assertThat(NioLoops.threads())
                        .as("NIO loop threads while connected")
                        .isPositive();
            }
            assertThat(NioLoops.settled(() -> !NIO.hasGroup() && NioLoops.threads() == 0))
                    .as(
                            "group and threads gone after the idle time; leases=%d threads=%d",
                            NIO.leases(), NioLoops.threads())
                    .isTrue();
            assertThat(NIO.leases()).isZero();
        }
    }

    @Test
    void aChannelOpenedWithinTheIdleTime_keepsTheGroup() throws Exception {
        assumeTrue(NioLoops.settled(() -> NIO.leases() == 0), "another test left a NIO channel open");
        NIO.idleMillis(60_000);
        try (Connection a = NioLoops.connect(server)) {
            assertThat(NioLoops.selectOne(a)).isEqualTo(1);
        }
        assertThat(NioLoops.settled(() -> NIO.leases() == 0))
                .as("the closed channel gave its lease back")
                .isTrue();
        assertThat(NIO.hasGroup()).as("within the idle time").isTrue();
        try (Connection b = NioLoops.connect(server)) {
            assertThat(NioLoops.selectOne(b)).isEqualTo(1); // on the group kept, not on a shut-down one
        }
    }
}
