package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The TCP server runs gRPC with its direct executor and puts the calls on threads of its own
 * ({@link CallDispatch}): engine work must never run on the transport's event loop, where it would hold
 * back every other call of the connection (and the cancel that should stop it).
 */
class CallDispatchTest {
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Thread> engineThreads = new CopyOnWriteArrayList<>();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    /** FakeEngine, recording the thread of each statement; {@code SELECT BLOCK} waits for the test. */
    private final class Recording extends ForwardingEngine {
        Recording() {
            super(new FakeEngine());
        }

        @Override
        public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
            engineThreads.add(Thread.currentThread());
            if (sql.equals("SELECT BLOCK")) {
                entered.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.execute(ctx, "SELECT ROWS 1 BATCH 1", allocator);
            }
            return super.execute(ctx, sql, allocator);
        }
    }

    @BeforeEach
    void start() {
        server =
                EmbeddedGreptimeServer.builder().engine(new Recording()).build().start();
        channel = WireFixture.channel(server);
    }

    @AfterEach
    void stop() throws InterruptedException {
        release.countDown();
        WireFixture.shutdown(channel);
        server.close();
    }

    @Test
    void statementsOfDoGetAndHandleRunOnTheServersOwnThreads() {
        assertThat(rows(FlightServiceGrpc.newBlockingStub(channel).doGet(ticket(sql("SELECT ROWS 5 BATCH 2")))))
                .isEqualTo(5);
        assertThat(GreptimeDatabaseGrpc.newBlockingStub(channel)
                        .handle(sql("INSERT 3"))
                        .getAffectedRows()
                        .getValue())
                .isEqualTo(3);
        assertThat(engineThreads).hasSize(2);
        assertThat(engineThreads).noneMatch(t -> t instanceof FastThreadLocalThread);
        assertThat(engineThreads.get(0).getName()).isEqualTo("greptime-embedded-call");
    }

    @Test
    void aStatementThatBlocksHoldsBackNoOtherCallOfItsConnection() throws Exception {
        FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);
        CompletableFuture<Long> blocked = CompletableFuture.supplyAsync(
                () -> rows(flight.withDeadlineAfter(60, TimeUnit.SECONDS).doGet(ticket(sql("SELECT BLOCK")))));
        assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();

        // same channel, same HTTP/2 connection: answered while the first call's statement still runs
        assertThat(rows(flight.withDeadlineAfter(30, TimeUnit.SECONDS).doGet(ticket(sql("SELECT ROWS 3 BATCH 2")))))
                .isEqualTo(3);
        assertThat(blocked).isNotDone();

        release.countDown();
        assertThat(blocked.get(30, TimeUnit.SECONDS)).isEqualTo(1);
    }

    @Test
    void aFailingStatementStillEndsItsCallWithTheEnginesStatus() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);
        assertThatThrownBy(() -> rows(flight.doGet(ticket(sql("FAIL 4001")))))
                .isInstanceOfSatisfying(
                        StatusRuntimeException.class,
                        e -> assertThat(WireFixture.errCode(e)).isEqualTo("4001"));
        // and the connection serves the next call
        assertThat(rows(flight.doGet(ticket(sql("SELECT ROWS 2 BATCH 2"))))).isEqualTo(2);
    }

    /** Counts the frames after the schema that carry a batch (the last, metrics frame, has no body). */
    private static long rows(Iterator<FlightData> frames) {
        long batches = 0;
        long total = 0;
        boolean first = true;
        while (frames.hasNext()) {
            FlightData frame = frames.next();
            if (first) {
                first = false;
                continue;
            }
            if (!frame.getDataBody().isEmpty()) {
                batches++;
                total += batchRows(frame);
            }
        }
        return batches == 0 ? 0 : total;
    }

    /** The row count of a record-batch frame, read from its IPC header (the length field of RecordBatch). */
    private static long batchRows(FlightData frame) {
        java.nio.ByteBuffer header = frame.getDataHeader().asReadOnlyByteBuffer();
        org.apache.arrow.flatbuf.Message message = org.apache.arrow.flatbuf.Message.getRootAsMessage(header);
        org.apache.arrow.flatbuf.RecordBatch batch = new org.apache.arrow.flatbuf.RecordBatch();
        message.header(batch);
        return batch.length();
    }
}
