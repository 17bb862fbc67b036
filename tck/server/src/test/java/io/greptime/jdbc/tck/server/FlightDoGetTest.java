package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.flatbuf.CompressionType;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FlightDoGetTest {
    private final FakeEngine engine = new FakeEngine();
    private final BufferAllocator allocator = new RootAllocator();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    private FlightServiceGrpc.FlightServiceBlockingStub start(boolean compression) {
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .compression(compression)
                .build()
                .start();
        channel = WireFixture.channel(server);
        return FlightServiceGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void doGet_arrowFlightClientReadsEveryCompressedRow() throws Exception {
        start(true);
        long sum = 0;
        int rows = 0;
        try (FlightClient client = flightClient();
                FlightStream stream = client.getStream(
                        new Ticket(sql("SELECT ROWS 2500 BATCH 1000").toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                BigIntVector n = (BigIntVector) root.getVector("n");
                VarCharVector s = (VarCharVector) root.getVector("s");
                for (int i = 0; i < root.getRowCount(); i++) {
                    sum += n.get(i);
                    assertThat(new String(s.get(i), StandardCharsets.UTF_8)).isEqualTo("host-" + (n.get(i) % 10));
                    rows++;
                }
            }
        }
        assertThat(rows).isEqualTo(2500);
        assertThat(sum).isEqualTo(2500L * 2499 / 2);
    }

    @Test
    void doGet_concurrentStreamsEachGetTheirOwnRows() throws Exception {
        start(true);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try (FlightClient client = flightClient()) {
            List<java.util.concurrent.Future<Long>> sums = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                long total = i * 3000L;
                sums.add(pool.submit(() -> sumOfN(client, "SELECT ROWS " + total + " BATCH 700")));
            }
            for (int i = 1; i <= 4; i++) {
                long total = i * 3000L;
                assertThat(sums.get(i - 1).get()).isEqualTo(total * (total - 1) / 2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static long sumOfN(FlightClient client, String sql) throws Exception {
        long sum = 0;
        try (FlightStream stream = client.getStream(new Ticket(sql(sql).toByteArray()))) {
            while (stream.next()) {
                BigIntVector n = (BigIntVector) stream.getRoot().getVector("n");
                for (int i = 0; i < stream.getRoot().getRowCount(); i++) {
                    sum += n.get(i);
                }
            }
        }
        return sum;
    }

    @Test
    void doGet_expandsDictionaryEncodedColumnsToPlainValues() throws Exception {
        start(true);
        List<String> values = new ArrayList<>();
        try (FlightClient client = flightClient();
                FlightStream stream =
                        client.getStream(new Ticket(sql("SELECT DICT").toByteArray()))) {
            assertThat(stream.getSchema().getFields().get(0).getDictionary()).isNull();
            assertThat(stream.getSchema().getFields().get(0).getType()).isEqualTo(ArrowType.Utf8.INSTANCE);
            while (stream.next()) {
                VarCharVector s = (VarCharVector) stream.getRoot().getVector("s");
                for (int i = 0; i < stream.getRoot().getRowCount(); i++) {
                    values.add(new String(s.get(i), StandardCharsets.UTF_8));
                }
            }
        }
        assertThat(values).containsExactly("b", "a", "b");
    }

    @Test
    void doGet_rowStreamIsSchemaThenLz4BatchesThenMetrics() {
        List<Flight.FlightData> frames = frames(start(true), "SELECT ROWS 2500 BATCH 1000");

        assertThat(frames).hasSize(5);
        assertThat(header(frames.get(0)).headerType()).isEqualTo(MessageHeader.Schema);
        assertThat(frames.get(0).getAppMetadata().isEmpty()).isTrue();
        for (Flight.FlightData batch : frames.subList(1, 4)) {
            Message message = header(batch);
            assertThat(message.headerType()).isEqualTo(MessageHeader.RecordBatch);
            RecordBatch recordBatch = (RecordBatch) message.header(new RecordBatch());
            assertThat(recordBatch.compression()).isNotNull();
            assertThat(recordBatch.compression().codec()).isEqualTo(CompressionType.LZ4_FRAME);
        }
        assertMetricsFrame(frames.get(4));
    }

    @Test
    void doGet_withoutCompressionBatchesCarryNoCompression() {
        List<Flight.FlightData> frames = frames(start(false), "SELECT ROWS 10 BATCH 10");

        RecordBatch recordBatch = (RecordBatch) header(frames.get(1)).header(new RecordBatch());
        assertThat(recordBatch.compression()).isNull();
        assertThat(recordBatch.length()).isEqualTo(10);
    }

    @Test
    void doGet_emptyResultIsSchemaAndMetricsOnly() {
        List<Flight.FlightData> frames = frames(start(true), "SELECT ROWS 0 BATCH 10");

        assertThat(frames).hasSize(2);
        assertThat(header(frames.get(0)).headerType()).isEqualTo(MessageHeader.Schema);
        assertMetricsFrame(frames.get(1));
    }

    @Test
    void doGet_affectedRowsIsExactlyOneNoneFrame() throws Exception {
        List<Flight.FlightData> frames = frames(start(true), "INSERT 42");

        assertThat(frames).hasSize(1);
        Message message = header(frames.get(0));
        assertThat(message.headerType()).isEqualTo(MessageHeader.NONE);
        assertThat(message.version()).isEqualTo(MetadataVersion.V5);
        assertThat(message.bodyLength()).isZero();
        assertThat(frames.get(0).getDataBody().isEmpty()).isTrue();
        FlightMetadata metadata = FlightMetadata.parseFrom(frames.get(0).getAppMetadata());
        assertThat(metadata.getAffectedRows().getValue()).isEqualTo(42);
        assertThat(metadata.hasMetrics()).isFalse();
    }

    @Test
    void doGet_rowInsertRequestAlsoAnswersOneAffectedRowsFrame() throws Exception {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        GreptimeRequest insert = GreptimeRequest.newBuilder()
                .setRowInserts(RowInsertRequests.newBuilder()
                        .addInserts(RowInsertRequest.newBuilder()
                                .setTableName("t")
                                .setRows(Rows.newBuilder()
                                        .addRows(Row.getDefaultInstance())
                                        .addRows(Row.getDefaultInstance())
                                        .addRows(Row.getDefaultInstance()))))
                .build();
        List<Flight.FlightData> frames = new ArrayList<>();

        flight.doGet(ticket(insert)).forEachRemaining(frames::add);

        assertThat(frames).hasSize(1);
        assertThat(FlightMetadata.parseFrom(frames.get(0).getAppMetadata())
                        .getAffectedRows()
                        .getValue())
                .isEqualTo(3);
    }

    @Test
    void doGet_readsHintsFromMetadataAndContextFromTheTicket() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        Metadata headers = new Metadata();
        headers.put(RequestContexts.HINTS, "ttl=1h");
        headers.put(RequestContexts.DB_NAME, "ignored-by-doget");
        RequestHeader header = RequestHeader.newBuilder()
                .setSchema("Metrics")
                .setTimezone("+08:00")
                .build();

        flight.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .doGet(ticket(sql(header, "INSERT 1")))
                .forEachRemaining(frame -> {});

        var ctx = engine.lastContext.get();
        assertThat(ctx.hints()).containsEntry("ttl", "1h");
        assertThat(ctx.schema()).isEqualTo("metrics");
        assertThat(ctx.timeZone()).isEqualTo(ZoneOffset.ofHours(8));
    }

    @Test
    void doGet_undecodableTicketIsInvalidArgument() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        Flight.Ticket garbage = Flight.Ticket.newBuilder()
                .setTicket(ByteString.copyFrom(new byte[] {(byte) 0xff, 0x01, 0x02}))
                .build();

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class, () -> flight.doGet(garbage).hasNext());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("Invalid Flight ticket");
        assertThat(errCode(e)).isEqualTo("1004");
        assertThat(frames(flight, "INSERT 1")).hasSize(1);
    }

    @Test
    void doGet_errorBeforeRowsIsTrailersOnly() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> flight.doGet(ticket(sql("FAIL 3000"))).hasNext());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(e.getStatus().getDescription()).isEqualTo("boom 3000");
        assertThat(errCode(e)).isEqualTo("3000");
    }

    @Test
    void doGet_midStreamErrorArrivesInTrailersAfterData() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        Iterator<Flight.FlightData> it = flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10 FAIL AFTER 2")));
        List<Flight.FlightData> received = new ArrayList<>();

        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> {
            while (it.hasNext()) {
                received.add(it.next());
            }
        });

        assertThat(received).hasSize(3);
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(errCode(e)).isEqualTo("3001");
        assertThat(WireFixture.retryHint(e)).isEqualTo("non_retryable");
    }

    @Test
    void doGet_errorInAnyBatchArrivesAfterEveryBatchBeforeIt() {
        // the first batches are written on the call's thread, the next ones on a stream thread: an error
        // at either side of that boundary still follows the schema and every batch before it
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        for (int failAfter = 0; failAfter <= 3; failAfter++) {
            Iterator<Flight.FlightData> it =
                    flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10 FAIL AFTER " + failAfter)));
            List<Flight.FlightData> received = new ArrayList<>();

            StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> {
                while (it.hasNext()) {
                    received.add(it.next());
                }
            });

            assertThat(e).as("failing after %d batches", failAfter).isNotNull();
            assertThat(errCode(e)).isEqualTo("3001");
            assertThat(received).as("schema and %d batches", failAfter).hasSize(failAfter + 1);
        }
    }

    @Test
    void doGet_multipleStatementsAreUnsupported() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> flight.doGet(ticket(sql("SELECT 1; /* ; */ SELECT 2"))).hasNext());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(errCode(e)).isEqualTo("1001");
    }

    @Test
    void doGet_clientCancellingMidStreamLeavesServerServingAndMemoryFree() throws Exception {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);
        Context.CancellableContext cancellable = Context.current().withCancellation();
        cancellable.run(() -> {
            Iterator<Flight.FlightData> it = flight.doGet(ticket(sql("SELECT ROWS 10000000 BATCH 4096")));
            it.next();
            it.next();
            cancellable.cancel(null);
        });

        assertThat(frames(flight, "SELECT ROWS 5 BATCH 5")).hasSize(3);
        waitForIdle();
        assertThat(server.allocatedMemory()).isZero();
    }

    @Test
    void otherFlightMethodsAreNotYetImplemented() {
        FlightServiceGrpc.FlightServiceBlockingStub flight = start(true);

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class, () -> flight.getFlightInfo(Flight.FlightDescriptor.getDefaultInstance()));
        StatusRuntimeException actions = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> flight.listActions(Flight.Empty.getDefaultInstance()).hasNext());

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(e.getStatus().getDescription()).isEqualTo("Not yet implemented");
        assertThat(actions.getStatus().getDescription()).isEqualTo("Not yet implemented");
    }

    private void waitForIdle() throws InterruptedException {
        // The producer thread notices the cancellation at its next frame; wait for it to let go.
        for (int i = 0; i < 500 && server.allocatedMemory() != 0; i++) {
            Thread.sleep(10);
        }
    }

    private FlightClient flightClient() {
        return FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                .build();
    }

    private static List<Flight.FlightData> frames(FlightServiceGrpc.FlightServiceBlockingStub flight, String sql) {
        List<Flight.FlightData> frames = new ArrayList<>();
        flight.doGet(ticket(sql(sql))).forEachRemaining(frames::add);
        return frames;
    }

    static Message header(Flight.FlightData frame) {
        return Message.getRootAsMessage(frame.getDataHeader().asReadOnlyByteBuffer());
    }

    private static void assertMetricsFrame(Flight.FlightData frame) {
        Message message = header(frame);
        assertThat(message.headerType()).isEqualTo(MessageHeader.NONE);
        assertThat(message.version()).isEqualTo(MetadataVersion.V5);
        assertThat(message.bodyLength()).isZero();
        FlightMetadata metadata;
        try {
            metadata = FlightMetadata.parseFrom(frame.getAppMetadata());
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
        assertThat(metadata.hasAffectedRows()).isFalse();
        JsonObject json = JsonParser.parseString(
                        metadata.getMetrics().getMetrics().toStringUtf8())
                .getAsJsonObject();
        assertThat(json.keySet()).containsExactly("elapsed_compute", "memory_usage", "plan_metrics");
        assertThat(json.get("plan_metrics").getAsJsonArray()).isEmpty();
    }
}
