package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FlightDoPutTest {
    private final FakeEngine engine = new FakeEngine();
    private final BufferAllocator allocator = new RootAllocator();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    private void start(ServerProfile profile) {
        engine.tables.put("cpu", true);
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .profile(profile)
                .build()
                .start();
        channel = WireFixture.channel(server);
    }

    @AfterEach
    void stop() throws InterruptedException {
        WireFixture.shutdown(channel);
        server.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void doPut_acksAtOnceThenAnswersEachBatchInOrder() throws Exception {
        start(ServerProfile.V1_2);
        CallHeaders headers = new FlightCallHeaders();
        headers.insert("x-greptime-db-name", "mycat-MyDb");
        List<String> results = new ArrayList<>();
        try (FlightClient client = flightClient();
                VectorSchemaRoot root = VectorSchemaRoot.create(FakeEngine.TABLE_SCHEMA, allocator)) {
            AsyncPutListener listener = collecting(results);
            FlightClient.ClientStreamListener writer =
                    client.startPut(FlightDescriptor.path("cpu"), root, listener, new HeaderCallOption(headers));
            for (int id = 1; id <= 3; id++) {
                fill(root, id * 10, id);
                // putNext takes ownership of the metadata buffer.
                writer.putNext(json("{\"request_id\":" + id + "}"));
            }
            writer.completed();
            listener.getResult();
        }

        assertThat(results).hasSize(4);
        assertThat(results.get(0)).isEqualTo("{\"request_id\":0,\"affected_rows\":0,\"elapsed_secs\":0.0}");
        for (int id = 1; id <= 3; id++) {
            assertThat(results.get(id))
                    .startsWith("{\"request_id\":" + id + ",\"affected_rows\":" + id * 10 + ",\"elapsed_secs\":");
        }
        assertThat(engine.putBatches).containsExactly("cpu:45", "cpu:190", "cpu:435");
        QueryContext ctx = engine.lastContext.get();
        assertThat(ctx.catalog()).isEqualTo("mycat");
        assertThat(ctx.schema()).isEqualTo("MyDb");
    }

    @Test
    void doPut_decodesDictionaryEncodedColumns() throws Exception {
        start(ServerProfile.V1_2);
        List<String> results = new ArrayList<>();
        DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
        try (FlightClient client = flightClient();
                BigIntVector distinct = new BigIntVector("v-values", allocator);
                BigIntVector raw = new BigIntVector("v", allocator);
                TimeStampMilliVector ts = new TimeStampMilliVector("ts", allocator)) {
            distinct.allocateNew(2);
            distinct.set(0, 100);
            distinct.set(1, 5);
            distinct.setValueCount(2);
            Dictionary dictionary = new Dictionary(distinct, encoding);
            raw.allocateNew(3);
            ts.allocateNew(3);
            long[] values = {5, 100, 5};
            for (int i = 0; i < 3; i++) {
                raw.set(i, values[i]);
                ts.set(i, i);
            }
            raw.setValueCount(3);
            ts.setValueCount(3);
            try (FieldVector indices = (FieldVector) DictionaryEncoder.encode(raw, dictionary);
                    VectorSchemaRoot root = VectorSchemaRoot.of(ts, indices)) {
                AsyncPutListener listener = collecting(results);
                FlightClient.ClientStreamListener writer = client.startPut(
                        FlightDescriptor.path("cpu"),
                        root,
                        new DictionaryProvider.MapDictionaryProvider(dictionary),
                        listener);
                root.setRowCount(3);
                writer.putNext(json("{\"request_id\":1}"));
                writer.completed();
                listener.getResult();
                root.clear();
            }
        }

        assertThat(results).hasSize(2);
        assertThat(results.get(1)).startsWith("{\"request_id\":1,\"affected_rows\":3,");
        assertThat(engine.putBatches).containsExactly("cpu:110");
    }

    @Test
    void doPut_v017AnswersTheSchemaMessageAndOmitsElapsedSecs() throws Exception {
        start(ServerProfile.V0_17);
        Flight.FlightData schema = FlightFrames.schema(FakeEngine.TABLE_SCHEMA).toBuilder()
                .setFlightDescriptor(pathDescriptor("cpu"))
                .setAppMetadata(ByteString.copyFromUtf8("{\"request_id\":9}"))
                .build();

        PutCall call = PutCall.run(channel, new Metadata(), List.of(schema, batch(5, "{\"request_id\":1}")));

        assertThat(call.error()).isNull();
        assertThat(call.results)
                .containsExactly("{\"request_id\":9,\"affected_rows\":0}", "{\"request_id\":1,\"affected_rows\":5}");
    }

    @Test
    void doPut_missingOrUnparsableRequestIdIsZero() throws Exception {
        start(ServerProfile.V1_2);

        PutCall call =
                PutCall.run(channel, new Metadata(), List.of(schemaFrame("cpu"), batch(1, ""), batch(2, "not json")));

        assertThat(call.error()).isNull();
        assertThat(call.results).hasSize(3);
        assertThat(call.results.get(1)).startsWith("{\"request_id\":0,\"affected_rows\":1,");
        assertThat(call.results.get(2)).startsWith("{\"request_id\":0,\"affected_rows\":2,");
    }

    @Test
    void doPut_acceptsZstdAndLz4CompressedBatches() throws Exception {
        start(ServerProfile.V1_2);

        PutCall call = PutCall.run(
                channel,
                new Metadata(),
                List.of(
                        schemaFrame("cpu"),
                        batch(100, "{\"request_id\":1}", CompressionUtil.CodecType.ZSTD),
                        batch(100, "{\"request_id\":2}", CompressionUtil.CodecType.LZ4_FRAME)));

        assertThat(call.error()).isNull();
        assertThat(engine.putBatches).containsExactly("cpu:4950", "cpu:4950");
    }

    @Test
    void doPut_missingTableIsNotFoundAfterTheAck() throws Exception {
        start(ServerProfile.V1_2);

        PutCall call =
                PutCall.run(channel, new Metadata(), List.of(schemaFrame("nope"), batch(1, "{\"request_id\":1}")));

        assertThat(call.results).hasSize(1);
        StatusRuntimeException e = call.error();
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
        assertThat(e.getStatus().getDescription()).isEqualTo("Table not found: greptime.public.nope");
        assertThat(errCode(e)).isEqualTo("4001");
    }

    @Test
    void doPut_withoutDescriptorIsFailedPrecondition() throws Exception {
        start(ServerProfile.V1_2);

        StatusRuntimeException e = PutCall.run(
                        channel, new Metadata(), List.of(FlightFrames.schema(FakeEngine.TABLE_SCHEMA)))
                .error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(e.getStatus().getDescription()).isEqualTo("table to put is not found in flight descriptor");
        assertThat(errCode(e)).isNull();
    }

    @Test
    void doPut_commandDescriptorIsInvalidArgument() throws Exception {
        start(ServerProfile.V1_2);
        Flight.FlightData frame = FlightFrames.schema(FakeEngine.TABLE_SCHEMA).toBuilder()
                .setFlightDescriptor(Flight.FlightDescriptor.newBuilder()
                        .setType(Flight.FlightDescriptor.DescriptorType.CMD)
                        .setCmd(ByteString.copyFromUtf8("cpu")))
                .build();

        StatusRuntimeException e =
                PutCall.run(channel, new Metadata(), List.of(frame)).error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription())
                .isEqualTo("Invalid request parameter: expect FlightDescriptor::type == 'Path' only");
    }

    @Test
    void doPut_pathWithTwoElementsIsInvalidArgument() throws Exception {
        start(ServerProfile.V1_2);
        Flight.FlightData frame = FlightFrames.schema(FakeEngine.TABLE_SCHEMA).toBuilder()
                .setFlightDescriptor(pathDescriptor("public").toBuilder().addPath("cpu"))
                .build();

        StatusRuntimeException e =
                PutCall.run(channel, new Metadata(), List.of(frame)).error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription())
                .isEqualTo("Invalid request parameter: expect FlightDescriptor::path has only one table name");
    }

    @Test
    void doPut_firstMessageNotASchemaIsFailedPrecondition() throws Exception {
        start(ServerProfile.V1_2);
        Flight.FlightData frame = batch(1, "").toBuilder()
                .setFlightDescriptor(pathDescriptor("cpu"))
                .build();

        StatusRuntimeException e =
                PutCall.run(channel, new Metadata(), List.of(frame)).error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
        assertThat(e.getStatus().getDescription()).isEqualTo("first message must be a Schema message");
    }

    @Test
    void doPut_undecodableSchemaIsInvalidArgumentAndServerKeepsServing() throws Exception {
        start(ServerProfile.V1_2);
        Flight.FlightData frame = Flight.FlightData.newBuilder()
                .setFlightDescriptor(pathDescriptor("cpu"))
                .setDataHeader(ByteString.copyFrom(new byte[] {1, 2, 3}))
                .build();

        StatusRuntimeException e =
                PutCall.run(channel, new Metadata(), List.of(frame)).error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("Failed to decode schema: ");
        PutCall ok = PutCall.run(channel, new Metadata(), List.of(schemaFrame("cpu"), batch(3, "{\"request_id\":1}")));
        assertThat(ok.error()).isNull();
        assertThat(server.allocatedMemory()).isZero();
    }

    @Test
    void doPut_garbageBatchIsInvalidArgument() throws Exception {
        start(ServerProfile.V1_2);
        Flight.FlightData garbage = Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(new byte[] {9, 9, 9, 9}))
                .build();

        StatusRuntimeException e = PutCall.run(channel, new Metadata(), List.of(schemaFrame("cpu"), garbage))
                .error();

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(errCode(e)).isEqualTo("1004");
    }

    static Flight.FlightDescriptor pathDescriptor(String table) {
        return Flight.FlightDescriptor.newBuilder()
                .setType(Flight.FlightDescriptor.DescriptorType.PATH)
                .addPath(table)
                .build();
    }

    static Flight.FlightData schemaFrame(String table) {
        return FlightFrames.schema(FakeEngine.TABLE_SCHEMA).toBuilder()
                .setFlightDescriptor(pathDescriptor(table))
                .build();
    }

    private Flight.FlightData batch(int rows, String metadata) {
        return batch(rows, metadata, CompressionUtil.CodecType.NO_COMPRESSION);
    }

    /** A record batch of the fake table, v = 0..rows-1, with the given IPC compression. */
    private Flight.FlightData batch(int rows, String metadata, CompressionUtil.CodecType codecType) {
        CompressionCodec codec = codecType == CompressionUtil.CodecType.NO_COMPRESSION
                ? NoCompressionCodec.INSTANCE
                : CommonsCompressionFactory.INSTANCE.createCodec(codecType);
        try (VectorSchemaRoot root = VectorSchemaRoot.create(FakeEngine.TABLE_SCHEMA, allocator)) {
            fill(root, rows, 0);
            try (ArrowRecordBatch batch = new VectorUnloader(root, true, codec, true).getRecordBatch()) {
                return FlightFrames.recordBatch(batch).toBuilder()
                        .setAppMetadata(ByteString.copyFromUtf8(metadata))
                        .build();
            }
        }
    }

    private static void fill(VectorSchemaRoot root, int rows, int tsBase) {
        root.allocateNew();
        TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector("ts");
        BigIntVector v = (BigIntVector) root.getVector("v");
        for (int i = 0; i < rows; i++) {
            ts.setSafe(i, tsBase * 1000L + i);
            v.setSafe(i, i);
        }
        root.setRowCount(rows);
    }

    private ArrowBuf json(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ArrowBuf buf = allocator.buffer(bytes.length);
        buf.writeBytes(bytes);
        return buf;
    }

    private static AsyncPutListener collecting(List<String> results) {
        return new AsyncPutListener() {
            @Override
            public void onNext(PutResult val) {
                ArrowBuf metadata = val.getApplicationMetadata();
                byte[] bytes = new byte[(int) metadata.readableBytes()];
                metadata.getBytes(0, bytes);
                synchronized (results) {
                    results.add(new String(bytes, StandardCharsets.UTF_8));
                }
            }
        };
    }

    private FlightClient flightClient() {
        return FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                .build();
    }
}
