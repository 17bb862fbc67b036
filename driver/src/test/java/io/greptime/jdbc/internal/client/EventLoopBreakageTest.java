package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JVM-wide event loop group survives the death of one of its loops and its own idle shutdown (#29):
 * an {@link Error} that ended a loop thread (as an io_uring loop's shutdown path did on a direct-memory
 * shortage) left the group handing that terminated loop to every new channel, which then failed with
 * "event executor terminated" for the rest of the JVM. A loop is ended here the way such a thread ends (its
 * executor terminates while the group does not), over NIO, the transport every machine has.
 */
class EventLoopBreakageTest {
    private static final NettyTransport NIO = NettyTransport.NIO;

    private DuckDbEngine engine;
    private EmbeddedGreptimeServer server;

    @BeforeEach
    void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        assertThat(NioLoops.settled(() -> NIO.leases() == 0))
                .as("every channel gave its lease back once closed; leases=%d", NIO.leases())
                .isTrue();
        NIO.idleMillis(NettyTransport.IDLE_SHUTDOWN_MILLIS);
        server.close();
        engine.close();
    }

    @Test
    void aLoopThatEnded_retiresItsGroup_andNewConnectionsGetAHealthyOne() throws Exception {
        try (Connection held = NioLoops.connect(server)) {
            assertThat(NioLoops.selectOne(held)).isEqualTo(1);
            EventLoopGroup broken = NIO.currentGroup();
            assertThat(broken).isNotNull();
            endOneLoop(broken);
            try (Connection fresh = NioLoops.connect(server)) {
                assertThat(NioLoops.selectOne(fresh))
                        .as("a connection opened after the loop died")
                        .isEqualTo(1);
            }
            EventLoopGroup now = NIO.currentGroup();
            assertThat(now).as("the group leased now").isNotSameAs(broken);
            assertThat(NettyTransport.usable(now)).isTrue();
            assertThat(NioLoops.selectOne(held))
                    .as("the connection opened before: its channel is replaced, not left on the dead loop")
                    .isEqualTo(1);
        }
    }

    @Test
    void aRetiredGroup_shutsDownOnceItsLastChannelHasGone() throws Exception {
        EventLoopGroup broken;
        try (Connection held = NioLoops.connect(server)) {
            assertThat(NioLoops.selectOne(held)).isEqualTo(1);
            broken = NIO.currentGroup();
            endOneLoop(broken);
            try (Connection fresh = NioLoops.connect(server)) {
                assertThat(NioLoops.selectOne(fresh)).isEqualTo(1);
            }
        }
        assertThat(NioLoops.settled(broken::isTerminated))
                .as("the retired group terminated")
                .isTrue();
    }

    @Test
    void connectionsOpenedWhileTheGroupShutsDownForIdleness_allWork() throws Exception {
        NIO.idleMillis(1); // the group shuts down between nearly every two connections
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> rounds = new ArrayList<>();
            for (int worker = 0; worker < 4; worker++) {
                rounds.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < 25; i++) {
                        try (Connection c = NioLoops.connect(server)) {
                            ok += NioLoops.selectOne(c);
                        }
                    }
                    return ok;
                }));
            }
            for (Future<Integer> round : rounds) {
                assertThat(round.get(120, TimeUnit.SECONDS)).isEqualTo(25);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Ends one loop of {@code group} and waits until it has terminated; the group itself lives on. */
    private static void endOneLoop(EventLoopGroup group) throws InterruptedException {
        EventExecutor loop = group.iterator().next();
        loop.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        assertThat(loop.awaitTermination(15, TimeUnit.SECONDS)).isTrue();
        assertThat(group.isShuttingDown()).as("the group itself does not know").isFalse();
    }
}
