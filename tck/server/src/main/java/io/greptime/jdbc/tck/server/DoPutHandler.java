package io.greptime.jdbc.tck.server;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * One DoPut call (protocol.md §4.2): the schema message names the table, then each record batch is
 * written through the engine and answered with a PutResult, strictly in order. gRPC delivers the
 * messages of a call one at a time, so the decoding side keeps plain fields; the batches are written by
 * a {@link PutWriter} on a thread of its own (several at once when they pile up), and answers from both
 * sides go through {@link #answerLock}. The first error ends the call.
 */
final class DoPutHandler implements StreamObserver<FlightData> {
    private final Engine engine;
    private final QueryContext ctx;
    private final StreamObserver<Flight.PutResult> responses;
    private final ErrorStatuses errors;
    private final ServerProfile profile;
    private final BufferAllocator allocator;
    private final Executor writers;
    /** Serializes answers: the decoding thread sends the schema's, the writer the batches'. */
    private final ReentrantLock answerLock = new ReentrantLock();

    private String table;
    private PutBatchDecoder decoder;
    private PutWriter writer;
    private boolean done;
    /**
     * Guards the decoder, the allocator and {@link #released}: the writer's thread may free them (after a
     * failed write) while the call's thread is decoding the next batch into them.
     */
    private final ReentrantLock releaseLock = new ReentrantLock();

    private boolean released;

    DoPutHandler(
            Engine engine,
            QueryContext ctx,
            StreamObserver<Flight.PutResult> responses,
            ErrorStatuses errors,
            BufferAllocator parent,
            ServerProfile profile,
            Executor writers) {
        this.engine = engine;
        this.ctx = ctx;
        this.responses = responses;
        this.errors = errors;
        this.profile = profile;
        this.writers = writers;
        this.allocator = parent.newChildAllocator("do-put", 0, Long.MAX_VALUE);
        if (responses instanceof ServerCallStreamObserver<Flight.PutResult> call) {
            // messages are asked for as the writer takes batches (PutWriter's flow control)
            call.disableAutoRequest();
            // a client that cancels after its last batch gets no onError: the writer must stop anyway
            call.setOnCancelHandler(this::cancelled);
        }
        if (profile.acksPutImmediately()) {
            answer(result(0, 0, 0.0));
        }
    }

    /** Called by the service once the handler is installed: the first messages may come. */
    DoPutHandler start() {
        request(PutWriter.QUEUED_BATCHES + 1);
        return this;
    }

    private void request(int messages) {
        if (responses instanceof ServerCallStreamObserver<Flight.PutResult> call) {
            call.request(messages);
        }
    }

    private void answer(Flight.PutResult result) {
        answerLock.lock();
        try {
            responses.onNext(result);
        } catch (RuntimeException callGone) {
            // cancelled or closed meanwhile: the cancel handler stops the writer
        } finally {
            answerLock.unlock();
        }
    }

    private void answerError(Throwable e) {
        answerLock.lock();
        try {
            responses.onError(errors.from(e));
        } catch (RuntimeException callGone) {
            // The client cancelled meanwhile; there is no one left to tell.
        } finally {
            answerLock.unlock();
        }
    }

    @Override
    public void onNext(FlightData data) {
        releaseLock.lock();
        try {
            if (done || released) {
                return; // answered already (the writer may have failed and freed the call's memory)
            }
            if (!profile.writesPut()) {
                answerAsStub(data);
            } else if (table == null) {
                acceptSchema(data);
            } else {
                acceptBatch(data);
            }
        } catch (RuntimeException | IOException e) {
            done = true;
            if (writer == null) {
                answerError(e);
                release();
            } else {
                writer.failAfterQueued(e); // the batches before this one are still written and answered
            }
        } finally {
            releaseLock.unlock();
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
        answer(result(id, data.getDataBody().size(), 0.0));
        request(1); // nothing is queued: each message is answered as it comes
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
        writer = new PutWriter(engine, ctx, table, writers, new Answers(), this::request);
        if (!profile.acksPutImmediately()) {
            answer(result(id, 0, 0.0));
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
            request(1);
            return;
        }
        VectorSchemaRoot rows;
        try (DictionaryDecoding.Decoded batch = decoding(() -> decoder.loadBatch(message, data.getDataBody()))) {
            rows = detach(batch.rows());
        }
        writer.submit(new PutWriter.Pending(id, rows, start));
    }

    /** The batch's vectors moved into a root of their own: the decoder reuses its root for the next one. */
    private VectorSchemaRoot detach(VectorSchemaRoot decoded) {
        List<FieldVector> vectors = new ArrayList<>();
        for (FieldVector v : decoded.getFieldVectors()) {
            TransferPair move = v.getTransferPair(allocator);
            move.transfer();
            vectors.add((FieldVector) move.getTo());
        }
        return new VectorSchemaRoot(decoded.getSchema().getFields(), vectors, decoded.getRowCount());
    }

    /** The writer's outcomes, as answers on the call. */
    private final class Answers implements PutWriter.Answers {
        @Override
        public void written(PutWriter.Pending batch, long rows) {
            double elapsed = (System.nanoTime() - batch.receivedNanos()) / 1e9;
            answer(result(batch.requestId(), rows, elapsed));
        }

        @Override
        public void failed(Throwable error) {
            answerError(error);
        }

        @Override
        public void completed() {
            answerLock.lock();
            try {
                responses.onCompleted();
            } catch (RuntimeException callGone) {
                // cancelled at the last moment: nothing left to tell
            } finally {
                answerLock.unlock();
            }
        }

        @Override
        public void released() {
            release();
        }
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
        cancelled();
    }

    /** The client cancelled (before or after its last batch): what waits is dropped, the write stopped. */
    private void cancelled() {
        done = true;
        if (writer == null) {
            release();
        } else {
            writer.stop();
        }
    }

    @Override
    public void onCompleted() {
        if (done) {
            return;
        }
        done = true;
        if (writer == null) {
            answerLock.lock();
            try {
                responses.onCompleted();
            } finally {
                answerLock.unlock();
            }
            release();
        } else {
            writer.clientCompleted();
        }
    }

    /** Frees the call's memory, once: after the writer let go of every batch, or if it never started. */
    private void release() {
        releaseLock.lock();
        try {
            if (released) {
                return;
            }
            released = true;
            if (decoder != null) {
                decoder.close();
            }
            allocator.close();
        } finally {
            releaseLock.unlock();
        }
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
