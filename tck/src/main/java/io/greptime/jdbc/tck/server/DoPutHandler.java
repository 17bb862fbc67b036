package io.greptime.jdbc.tck.server;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One DoPut call (protocol.md §4.2): the schema message names the table, then each record batch is
 * written through the engine and answered with a PutResult, strictly in order. gRPC delivers the
 * messages of a call one at a time, so the handler keeps plain fields; the first error ends the call.
 */
final class DoPutHandler implements StreamObserver<FlightData> {
    private final Engine engine;
    private final QueryContext ctx;
    private final StreamObserver<Flight.PutResult> responses;
    private final ErrorStatuses errors;
    private final ServerProfile profile;
    private final BufferAllocator allocator;
    private String table;
    private PutBatchDecoder decoder;
    private boolean done;

    DoPutHandler(
            Engine engine,
            QueryContext ctx,
            StreamObserver<Flight.PutResult> responses,
            ErrorStatuses errors,
            BufferAllocator parent,
            ServerProfile profile) {
        this.engine = engine;
        this.ctx = ctx;
        this.responses = responses;
        this.errors = errors;
        this.profile = profile;
        this.allocator = parent.newChildAllocator("do-put", 0, Long.MAX_VALUE);
        if (profile.acksPutImmediately()) {
            responses.onNext(result(0, 0, 0.0));
        }
    }

    @Override
    public void onNext(FlightData data) {
        if (done) {
            return;
        }
        try {
            if (!profile.writesPut()) {
                answerAsStub(data);
            } else if (table == null) {
                acceptSchema(data);
            } else {
                acceptBatch(data);
            }
        } catch (RuntimeException | IOException e) {
            finish();
            try {
                responses.onError(errors.from(e));
            } catch (RuntimeException callGone) {
                // The client cancelled meanwhile; there is no one left to tell.
            }
        }
    }

    /**
     * v0.14's DoPut: every message, the schema message first, must carry {@code {"request_id": N}} (else
     * ParseJson ends the call); the table is looked up, nothing is decoded or written, and each message is
     * answered with the byte length of its body as {@code affected_rows}
     * ({@code v0.14.4:src/frontend/src/instance/grpc.rs:233-259}, "TODO(LFC): Implement it").
     */
    private void answerAsStub(FlightData data) {
        long id = strictRequestId(data.getAppMetadata());
        if (table == null) {
            table = tableOf(data);
        }
        engine.tableSchema(ctx, table);
        responses.onNext(result(id, data.getDataBody().size(), 0.0));
    }

    private static String tableOf(FlightData data) {
        if (!data.hasFlightDescriptor()) {
            throw ErrorStatuses.plain(
                    Status.Code.FAILED_PRECONDITION, "table to put is not found in flight descriptor");
        }
        Flight.FlightDescriptor descriptor = data.getFlightDescriptor();
        if (descriptor.getType() != Flight.FlightDescriptor.DescriptorType.PATH) {
            throw ErrorStatuses.plain(
                    Status.Code.INVALID_ARGUMENT,
                    "Invalid request parameter: expect FlightDescriptor::type == 'Path' only");
        }
        if (descriptor.getPathCount() != 1) {
            throw ErrorStatuses.plain(
                    Status.Code.INVALID_ARGUMENT,
                    "Invalid request parameter: expect FlightDescriptor::path has only one table name");
        }
        return descriptor.getPath(0);
    }

    private void acceptSchema(FlightData data) {
        String name = tableOf(data);
        Schema schema = decodeSchema(data.getDataHeader());
        long id = requestId(data.getAppMetadata());
        table = name;
        decoder = new PutBatchDecoder(schema, allocator);
        if (!profile.acksPutImmediately()) {
            responses.onNext(result(id, 0, 0.0));
        }
    }

    private static Schema decodeSchema(ByteString header) {
        Message message;
        try {
            message = Message.getRootAsMessage(header.asReadOnlyByteBuffer());
        } catch (RuntimeException e) {
            throw ErrorStatuses.plain(Status.Code.INVALID_ARGUMENT, "Failed to decode schema: " + e);
        }
        if (header.isEmpty() || message.headerType() != MessageHeader.Schema) {
            throw ErrorStatuses.plain(Status.Code.FAILED_PRECONDITION, "first message must be a Schema message");
        }
        try {
            return MessageSerializer.deserializeSchema(message);
        } catch (RuntimeException e) {
            throw ErrorStatuses.plain(Status.Code.INVALID_ARGUMENT, "Failed to decode schema: " + e);
        }
    }

    private void acceptBatch(FlightData data) throws IOException {
        long start = System.nanoTime();
        Message message = decodeHeader(data.getDataHeader());
        long id = requestId(data.getAppMetadata());
        if (message.headerType() == MessageHeader.DictionaryBatch) {
            if (!profile.decodesPutDictionaries()) {
                // v0.17.2:src/operator/src/bulk_insert.rs:54-59 (v0.15/v0.16 fail to decode them as well)
                throw new GreptimeError(
                        StatusCode.UNSUPPORTED, "Not supported: bulk insert RecordBatch with dictionary arrays");
            }
            decoding(() -> decoder.loadDictionary(message, data.getDataBody()));
            return;
        }
        long rows;
        try (DictionaryDecoding.Decoded batch = decoding(() -> decoder.loadBatch(message, data.getDataBody()))) {
            rows = engine.putBatch(ctx, table, batch.rows());
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        responses.onNext(result(id, rows, elapsed));
    }

    private interface Decoding<T> {
        T run() throws IOException;
    }

    private interface VoidDecoding {
        void run() throws IOException;
    }

    private static void decoding(VoidDecoding step) {
        decoding(() -> {
            step.run();
            return null;
        });
    }

    /** Arrow decode failures are the client's fault: InvalidArguments, as GreptimeDB answers them. */
    private static <T> T decoding(Decoding<T> step) {
        try {
            return step.run();
        } catch (GreptimeError e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Invalid request parameter: failed to decode record batch: " + e);
        }
    }

    private static Message decodeHeader(ByteString header) {
        Message message = decoding(() -> {
            Message m = Message.getRootAsMessage(header.asReadOnlyByteBuffer());
            if (header.isEmpty() || m.headerType() == MessageHeader.NONE) {
                throw new IllegalArgumentException("empty IPC message");
            }
            return m;
        });
        if (message.headerType() != MessageHeader.RecordBatch
                && message.headerType() != MessageHeader.DictionaryBatch) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request parameter: unexpected IPC message " + MessageHeader.name(message.headerType()));
        }
        return message;
    }

    /**
     * {@code {"request_id": N}}; missing or unparsable metadata is request 0 from v1.0 (as at GreptimeDB HEAD),
     * while v0.15-v0.17 parse metadata that is present and end the call on ParseJson
     * ({@code v0.15.0:src/servers/src/grpc/flight.rs:270-277}).
     */
    private long requestId(ByteString appMetadata) {
        if (appMetadata.isEmpty()) {
            return 0;
        }
        return profile.acksPutImmediately() ? lenientRequestId(appMetadata) : strictRequestId(appMetadata);
    }

    static long lenientRequestId(ByteString appMetadata) {
        try {
            return strictRequestId(appMetadata);
        } catch (GreptimeError e) {
            return 0;
        }
    }

    /** The request id of metadata that must be {@code {"request_id": N}}; ParseJson (1004) otherwise. */
    static long strictRequestId(ByteString appMetadata) {
        try {
            JsonElement id = JsonParser.parseString(appMetadata.toString(StandardCharsets.UTF_8))
                    .getAsJsonObject()
                    .get("request_id");
            if (id == null) {
                throw new IllegalArgumentException("missing field `request_id`");
            }
            return id.getAsLong();
        } catch (RuntimeException e) {
            // v0.14.4:src/servers/src/error.rs:499-500,682: ParseJson is InvalidArguments
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Failed to parse payload as json");
        }
    }

    private Flight.PutResult result(long requestId, long rows, double elapsedSecs) {
        String json = "{\"request_id\":" + requestId + ",\"affected_rows\":" + rows;
        json += profile.sendsElapsedSecs() ? ",\"elapsed_secs\":" + elapsedSecs + "}" : "}";
        return Flight.PutResult.newBuilder()
                .setAppMetadata(ByteString.copyFrom(json, StandardCharsets.UTF_8))
                .build();
    }

    @Override
    public void onError(Throwable t) {
        finish();
    }

    @Override
    public void onCompleted() {
        if (!done) {
            finish();
            responses.onCompleted();
        }
    }

    private void finish() {
        if (done) {
            return;
        }
        done = true;
        if (decoder != null) {
            decoder.close();
            decoder = null;
        }
        allocator.close();
    }

    /** The observer of a call that has already been answered with an error. */
    static final class Ignoring implements StreamObserver<FlightData> {
        @Override
        public void onNext(FlightData value) {}

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {}
    }
}
