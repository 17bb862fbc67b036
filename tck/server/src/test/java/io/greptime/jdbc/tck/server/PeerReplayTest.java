package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Codec;
import io.grpc.CompressorRegistry;
import io.grpc.DecompressorRegistry;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.NettyChannelBuilder;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Requests GreptimeDB's official Python ingester (the Rust ingester underneath) sent that the embedded
 * server refused, stored wrongly or left waiting, replayed without the peer (peers/python, docs/peers.md).
 */
class PeerReplayTest {
    private static DuckDbEngine engine;
    private static EmbeddedGreptimeServer server;
    private static BufferAllocator allocator;

    @BeforeAll
    static void start() {
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().engine(engine).build().start();
        allocator = new RootAllocator();
    }

    @AfterAll
    static void stop() {
        server.close();
        engine.close();
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    /** The bulk writer's DoPut of full-range unsigned values (Arrow UInt8/16/32/64 vectors). */
    @Test
    void doPut_unsignedMaximums_areStoredAsTheNumbersSent() throws Exception {
        handle(sql("CREATE TABLE peer_uint (ts TIMESTAMP(3) TIME INDEX, u8 UINT8, u16 UINT16, u32 UINT32,"
                + " u64 UINT64)"));
        Schema schema = engine.tableSchema(io.greptime.jdbc.tck.engine.QueryContext.defaults(), "peer_uint");
        FlightCallHeaders headers = new FlightCallHeaders();
        headers.insert("x-greptime-db-name", "public");
        try (FlightClient client = flight();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            AsyncPutListener listener = new AsyncPutListener();
            FlightClient.ClientStreamListener writer =
                    client.startPut(FlightDescriptor.path("peer_uint"), root, listener, new HeaderCallOption(headers));
            root.allocateNew();
            ((TimeStampMilliVector) root.getVector("ts")).setSafe(0, 1000L);
            ((UInt1Vector) root.getVector("u8")).setSafe(0, (byte) 0xFF);
            ((UInt2Vector) root.getVector("u16")).setSafe(0, (char) 0xFFFF);
            ((UInt4Vector) root.getVector("u32")).setSafe(0, 0xFFFFFFFF);
            ((UInt8Vector) root.getVector("u64")).setSafe(0, -1L);
            root.setRowCount(1);
            byte[] id = "{\"request_id\":1}".getBytes(StandardCharsets.UTF_8);
            ArrowBuf metadata = allocator.buffer(id.length);
            metadata.writeBytes(id);
            writer.putNext(metadata);
            writer.completed();
            listener.getResult();
        }

        assertThat(select("SELECT CAST(u8 AS STRING), CAST(u16 AS STRING), CAST(u32 AS STRING),"
                        + " CAST(u64 AS STRING) FROM peer_uint"))
                .containsExactly("255|65535|4294967295|18446744073709551615");
        assertThat(select("SELECT u8, u16, u32 FROM peer_uint")).containsExactly("255|65535|4294967295");
    }

    /** The row insert of a client built with {@code send_compression="zstd"} (grpc-encoding: zstd). */
    @Test
    void handle_zstdEncodedRequest_isDecoded() throws Exception {
        Codec zstd = new TestZstd();
        CompressorRegistry compressors = CompressorRegistry.newEmptyInstance();
        compressors.register(zstd);
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext()
                .compressorRegistry(compressors)
                .decompressorRegistry(DecompressorRegistry.emptyInstance()
                        .with(Codec.Identity.NONE, false)
                        .with(zstd, true))
                .build();
        try {
            GreptimeRequest insert = GreptimeRequest.newBuilder()
                    .setRowInserts(RowInsertRequests.newBuilder()
                            .addInserts(RowInsertRequest.newBuilder()
                                    .setTableName("peer_zstd")
                                    .setRows(Rows.newBuilder()
                                            .addSchema(column(
                                                    "ts", ColumnDataType.TIMESTAMP_MILLISECOND, SemanticType.TIMESTAMP))
                                            .addSchema(column("v", ColumnDataType.INT64, SemanticType.FIELD))
                                            .addRows(Row.newBuilder()
                                                    .addValues(
                                                            Value.newBuilder().setTimestampMillisecondValue(7))
                                                    .addValues(
                                                            Value.newBuilder().setI64Value(42))))))
                    .build();

            int affected = GreptimeDatabaseGrpc.newBlockingStub(channel)
                    .withCompression("zstd")
                    .handle(insert)
                    .getAffectedRows()
                    .getValue();

            assertThat(affected).isEqualTo(1);
            assertThat(select("SELECT v FROM peer_zstd")).containsExactly("42");
        } finally {
            WireFixture.shutdown(channel);
        }
    }

    /**
     * The Rust ingester's bulk writer awaits DoPut's response headers before it sends its schema; a v0.17
     * server (which answers nothing before the schema) must still send them at once, as tonic does.
     */
    @Test
    void doPut_onAProfileThatWaitsForTheSchema_sendsHeadersBeforeAnyFrame() throws Exception {
        try (DuckDbEngine v017 = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer old = EmbeddedGreptimeServer.builder()
                        .engine(v017)
                        .profile(ServerProfile.V0_17)
                        .build()
                        .start()) {
            ManagedChannel channel = WireFixture.channel(old);
            try {
                CompletableFuture<Metadata> headers = new CompletableFuture<>();
                ClientCall<Flight.FlightData, Flight.PutResult> call =
                        channel.newCall(FlightServiceGrpc.getDoPutMethod(), CallOptions.DEFAULT);
                call.start(
                        new ClientCall.Listener<>() {
                            @Override
                            public void onHeaders(Metadata h) {
                                headers.complete(h);
                            }

                            @Override
                            public void onClose(io.grpc.Status status, Metadata trailers) {
                                headers.completeExceptionally(status.asRuntimeException(trailers));
                            }
                        },
                        new Metadata());
                call.request(1);

                assertThat(headers.get(20, TimeUnit.SECONDS)).isNotNull();
                call.cancel("done", null);
            } finally {
                WireFixture.shutdown(channel);
            }
        }
    }

    private static ColumnSchema column(String name, ColumnDataType type, SemanticType semantic) {
        return ColumnSchema.newBuilder()
                .setColumnName(name)
                .setDatatype(type)
                .setSemanticType(semantic)
                .build();
    }

    private static void handle(GreptimeRequest request) throws InterruptedException {
        ManagedChannel channel = WireFixture.channel(server);
        try {
            GreptimeDatabaseGrpc.newBlockingStub(channel).handle(request);
        } finally {
            WireFixture.shutdown(channel);
        }
    }

    private static FlightClient flight() {
        return FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                .build();
    }

    /** Rows as {@code a|b|c}; unsigned vectors read without Arrow's signed getObject. */
    private static List<String> select(String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (FlightClient client = flight();
                FlightStream stream = client.getStream(new Ticket(sql(query).toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                for (int r = 0; r < root.getRowCount(); r++) {
                    List<String> cells = new ArrayList<>();
                    for (var vector : root.getFieldVectors()) {
                        cells.add(
                                vector instanceof UInt8Vector u
                                        ? Long.toUnsignedString(u.get(r))
                                        : vector instanceof BaseIntVector i
                                                ? Long.toString(i.getValueAsLong(r))
                                                : String.valueOf(vector.getObject(r)));
                    }
                    rows.add(String.join("|", cells));
                }
            }
        }
        return rows;
    }

    /** An independent zstd message codec on the client side (grpc-java ships none). */
    private static final class TestZstd implements Codec {
        @Override
        public String getMessageEncoding() {
            return "zstd";
        }

        @Override
        public OutputStream compress(OutputStream os) throws java.io.IOException {
            return new ZstdOutputStream(os);
        }

        @Override
        public InputStream decompress(InputStream is) throws java.io.IOException {
            return new ZstdInputStream(is);
        }
    }
}
