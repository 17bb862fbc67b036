package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each version profile answers on the wire where GreptimeDB lines differ (fidelity audit §1, §6, B2,
 * B3): the v0.14 DoPut stub, request-id metadata rules, DoPut auth forms, USE over Handle.
 */
class ProfileWireTest {
    private final FakeEngine engine = new FakeEngine();
    private final BufferAllocator allocator = new RootAllocator();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    private void start(ServerProfile profile, boolean auth) {
        engine.tables.put("cpu", true);
        EmbeddedGreptimeServer.Builder b =
                EmbeddedGreptimeServer.builder().engine(engine).profile(profile);
        server = (auth ? b.user("alice", "s3cret") : b).build().start();
        channel = WireFixture.channel(server);
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (server != null) {
            WireFixture.shutdown(channel);
            server.close();
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private Flight.FlightData schema(String metadata) {
        return FlightDoPutTest.schemaFrame("cpu").toBuilder()
                .setAppMetadata(ByteString.copyFromUtf8(metadata))
                .build();
    }

    private Flight.FlightData batch(int rows, String metadata) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(FakeEngine.TABLE_SCHEMA, allocator)) {
            root.allocateNew();
            for (int i = 0; i < rows; i++) {
                ((TimeStampMilliVector) root.getVector("ts")).setSafe(i, i);
                ((BigIntVector) root.getVector("v")).setSafe(i, i);
            }
            root.setRowCount(rows);
            try (ArrowRecordBatch b = new VectorUnloader(root).getRecordBatch()) {
                return FlightFrames.recordBatch(b).toBuilder()
                        .setAppMetadata(ByteString.copyFromUtf8(metadata))
                        .build();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void schemaFrameWithoutMetadata_failsOnlyOnV014(ServerProfile profile) throws Exception {
        start(profile, false);
        PutCall call = PutCall.run(channel, new Metadata(), List.of(schema(""), batch(3, "{\"request_id\":1}")));
        if (profile == ServerProfile.V0_14) {
            StatusRuntimeException e = call.error();
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(errCode(e)).isEqualTo("1004");
            assertThat(engine.putBatches).isEmpty();
        } else {
            assertThat(call.error()).isNull();
            assertThat(engine.putBatches).containsExactly("cpu:3");
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14")
    void v014_answersEveryMessageWithItsBodyLength_andWritesNothing(ServerProfile profile) throws Exception {
        start(profile, false);
        Flight.FlightData rows = batch(3, "{\"request_id\":1}");
        PutCall call = PutCall.run(channel, new Metadata(), List.of(schema("{\"request_id\":0}"), rows));
        assertThat(call.error()).isNull();
        assertThat(call.results)
                .containsExactly(
                        "{\"request_id\":0,\"affected_rows\":0}",
                        "{\"request_id\":1,\"affected_rows\":"
                                + rows.getDataBody().size() + "}");
        assertThat(rows.getDataBody().size()).isNotEqualTo(3);
        assertThat(engine.putBatches).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void unparsableBatchMetadata_endsTheCallBeforeV10_isRequestZeroAfter(ServerProfile profile) throws Exception {
        start(profile, false);
        PutCall call = PutCall.run(channel, new Metadata(), List.of(schema(""), batch(2, "not json")));
        if (profile.acksPutImmediately()) {
            assertThat(call.error()).isNull();
            assertThat(call.results.get(1)).startsWith("{\"request_id\":0,\"affected_rows\":2");
        } else {
            assertThat(errCode(call.error())).isEqualTo("1004");
            assertThat(engine.putBatches).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void putAuth_basicOnlyFromV017_bareAlways(ServerProfile profile) throws Exception {
        start(profile, true);
        String b64 = Base64.getEncoder().encodeToString("alice:s3cret".getBytes(StandardCharsets.UTF_8));
        PutCall basic = PutCall.run(channel, auth("Basic " + b64), List.of(schema("{\"request_id\":0}")));
        PutCall bare = PutCall.run(channel, auth(b64), List.of(schema("{\"request_id\":0}")));
        assertThat(bare.error()).isNull();
        if (profile.acceptsBasicPutAuth()) {
            assertThat(basic.error()).isNull();
        } else {
            assertThat(basic.error().getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
            assertThat(errCode(basic.error())).isEqualTo("7004");
        }
    }

    private static Metadata auth(String value) {
        Metadata m = new Metadata();
        m.put(Authenticator.GREPTIME_AUTH, value);
        return m;
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void use_isRefusedByHandle_andAnsweredByDoGet(ServerProfile profile) throws Exception {
        try (DuckDbEngine duck = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer own = EmbeddedGreptimeServer.builder()
                        .engine(duck)
                        .profile(profile)
                        .build()
                        .start()) {
            ManagedChannel ch = WireFixture.channel(own);
            try {
                assertThatThrownBy(
                                () -> GreptimeDatabaseGrpc.newBlockingStub(ch).handle(WireFixture.sql("USE public")))
                        .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
                            assertThat(e.getStatus().getDescription()).isEqualTo("GreptimeDatabase::Handle for query");
                        });
                var frames = org.apache.arrow.flight.impl.FlightServiceGrpc.newBlockingStub(ch)
                        .doGet(WireFixture.ticket(WireFixture.sql("USE public")));
                List<Byte> kinds = new java.util.ArrayList<>();
                while (frames.hasNext()) {
                    Flight.FlightData frame = frames.next();
                    if (!frame.getDataHeader().isEmpty()) {
                        kinds.add(org.apache.arrow.flatbuf.Message.getRootAsMessage(
                                        frame.getDataHeader().asReadOnlyByteBuffer())
                                .headerType());
                    }
                }
                assertThat(kinds).as("a schema first").startsWith(org.apache.arrow.flatbuf.MessageHeader.Schema);
                assertThat(kinds)
                        .as("no record batch")
                        .doesNotContain(org.apache.arrow.flatbuf.MessageHeader.RecordBatch);
            } finally {
                WireFixture.shutdown(ch);
            }
        }
    }
}
