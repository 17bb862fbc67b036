package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.grpc.ManagedChannel;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The embedded server's TCP listeners run on event loops it owns, and {@link EmbeddedGreptimeServer#close()}
 * (and {@code stop()}) return only after their threads have ended: a program that closes the server and
 * returns leaves none of its threads running on, which inside Maven's exec:java or an application server
 * outlived the program's class loader and failed with NoClassDefFoundError.
 */
class ServerThreadsTest {
    @Test
    void close_returnsAfterTheListenersLoopThreadsHaveEnded() throws Exception {
        EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                .engine(new FakeEngine())
                .build()
                .start();
        String prefix = server.loopThreadNamePrefix();
        answerOneCall(server);
        assertThat(threadsNamed(prefix))
                .as("loop threads while serving a connection")
                .isNotEmpty();

        server.close();

        assertThat(threadsNamed(prefix))
                .as("loop threads alive once close() returned")
                .isEmpty();
    }

    @Test
    void stopAndStart_givesEachStartItsOwnLoops_andStopEndsThem() throws Exception {
        EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                .engine(new FakeEngine())
                .build()
                .start();
        String first = server.loopThreadNamePrefix();
        String second;
        try {
            answerOneCall(server);
            server.stop();
            assertThat(threadsNamed(first))
                    .as("loop threads alive once stop() returned")
                    .isEmpty();
            assertThat(server.loopThreadNamePrefix()).isNull();

            server.start();
            second = server.loopThreadNamePrefix();
            assertThat(second).isNotEqualTo(first);
            answerOneCall(server); // served on the new start's loops
            assertThat(threadsNamed(second)).isNotEmpty();
        } finally {
            server.close();
        }
        assertThat(threadsNamed(second)).isEmpty();
    }

    private static void answerOneCall(EmbeddedGreptimeServer server) throws InterruptedException {
        ManagedChannel channel = WireFixture.channel(server);
        try {
            assertThat(GreptimeDatabaseGrpc.newBlockingStub(channel)
                            .handle(WireFixture.sql("INSERT 1 rows"))
                            .getAffectedRows()
                            .getValue())
                    .isEqualTo(1);
        } finally {
            WireFixture.shutdown(channel);
        }
    }

    private static List<String> threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith(prefix))
                .collect(Collectors.toList());
    }
}
