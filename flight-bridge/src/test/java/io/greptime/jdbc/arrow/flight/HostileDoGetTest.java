package io.greptime.jdbc.arrow.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.grpc.ManagedChannel;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DoGet cursor against {@link HostileDoGetServer} (issue #29). Each case asserts what the reader gets (a
 * protocol violation naming the server, or gRPC's own limit), that nothing was allocated for the refused batch
 * (the client allocator, whose limit is far below what the lies claim, is back to zero once the cursor is
 * closed) and that an ordinary answer on a new channel in the same JVM still reads.
 */
class HostileDoGetTest {
    private static final long MIB = 1024 * 1024;
    private static final int INBOUND_LIMIT = 64 * 1024;

    private BufferAllocator serverAllocator;
    private BufferAllocator clientAllocator;
    private HostileDoGetServer hostile;

    @BeforeEach
    void start() throws Exception {
        serverAllocator = new RootAllocator();
        clientAllocator = new RootAllocator();
        hostile = new HostileDoGetServer(serverAllocator, INBOUND_LIMIT);
    }

    @AfterEach
    void stop() throws Exception {
        hostile.close();
        assertThat(clientAllocator.getAllocatedMemory())
                .as("client Arrow memory left")
                .isZero();
        clientAllocator.close();
        serverAllocator.close();
    }

    /** Reads the case to its end on a new channel; returns the failure, or null when every batch read. */
    private FlightCallException failureOf(String name, int inboundLimit, long[] rows) throws Exception {
        ManagedChannel channel = hostile.server().newChannel(inboundLimit);
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneId.of("UTC")), 0, 64 * MIB);
        Ticket ticket = new Ticket(name.getBytes(StandardCharsets.UTF_8));
        try (FlightBatchCursor cursor = FlightBatchCursor.open(channel, clientAllocator, ticket, settings)) {
            while (cursor.nextBatch()) {
                rows[0] += cursor.batchRowCount();
            }
            return null;
        } catch (FlightCallException e) {
            return e;
        } finally {
            assertThat(clientAllocator.getAllocatedMemory())
                    .as("Arrow memory held after the cursor closed")
                    .isZero();
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private void assertRefusedAsProtocolViolation(String name, String what) throws Exception {
        FlightCallException e = failureOf(name, Integer.MAX_VALUE, new long[1]);
        assertThat(e).as(name + " was read as if it were right").isNotNull();
        assertThat(e.protocolViolation()).as(e.toString()).isTrue();
        assertThat(e.description()).contains("127.0.0.1:").contains(what);
        assertAnOrdinaryAnswerStillReads();
    }

    private void assertAnOrdinaryAnswerStillReads() throws Exception {
        long[] rows = new long[1];
        assertThat(failureOf(HostileDoGetServer.ORDINARY, Integer.MAX_VALUE, rows))
                .isNull();
        assertThat(rows[0]).isEqualTo(3);
    }

    @Test
    void batchClaimingTwoBillionRowsOverThreeRowsOfBuffers_isRefusedBeforeAllocating() throws Exception {
        assertRefusedAsProtocolViolation(HostileDoGetServer.HUGE_ROW_COUNT, "bytes for 2147483647 values");
    }

    @Test
    void bufferReachingPastTheBody_isRefused() throws Exception {
        assertRefusedAsProtocolViolation(HostileDoGetServer.BUFFER_PAST_BODY, "body");
    }

    @Test
    void secondSchemaMidStream_isAlwaysRefused() throws Exception {
        long[] rows = new long[1];
        FlightCallException e = failureOf(HostileDoGetServer.SECOND_SCHEMA, Integer.MAX_VALUE, rows);
        assertThat(e).isNotNull();
        assertThat(e.protocolViolation()).isTrue();
        assertThat(e.description()).contains("a second schema");
        assertAnOrdinaryAnswerStillReads();
    }

    @Test
    void lz4FrameClaimingAGibibyte_isRefusedBeforeAllocating() throws Exception {
        assertRefusedAsProtocolViolation(HostileDoGetServer.LZ4_HUGE_CLAIM, "claiming 2147483647 bytes decompressed");
    }

    @Test
    void messageOfExactlyTheInboundLimit_readsAndSoDoesWhatFollows() throws Exception {
        long[] rows = new long[1];
        assertThat(failureOf(HostileDoGetServer.AT_INBOUND_LIMIT, INBOUND_LIMIT, rows))
                .isNull();
        assertThat(rows[0]).isEqualTo(9);
    }

    @Test
    void messageOneByteOverTheInboundLimit_failsWithResourceExhausted() throws Exception {
        FlightCallException e = failureOf(HostileDoGetServer.OVER_INBOUND_LIMIT, INBOUND_LIMIT, new long[1]);
        assertThat(e).isNotNull();
        assertThat(e.statusCode()).isEqualTo(FlightStatusCode.RESOURCE_EXHAUSTED);
        assertAnOrdinaryAnswerStillReads();
    }
}
