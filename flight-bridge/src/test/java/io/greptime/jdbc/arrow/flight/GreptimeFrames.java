package io.greptime.jdbc.arrow.flight;

import com.google.flatbuffers.FlatBufferBuilder;
import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.v1.AffectedRows;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.proto.v1.Metrics;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes one DoGet answer frame by frame in GreptimeDB's shapes: schema, LZ4_FRAME-compressed
 * record batches, dictionary batches, NONE-header frames whose app_metadata is a protobuf
 * FlightMetadata (metrics or affected rows), and errors as status + trailers. Waits for gRPC's
 * flow control before each frame, as a real server does, so a slow client really holds the server.
 */
final class GreptimeFrames {
    private static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of("x-greptime-err-code", Metadata.ASCII_STRING_MARSHALLER);

    private final ServerCallStreamObserver<Flight.FlightData> observer;
    private final CompressionCodec lz4 =
            CommonsCompressionFactory.INSTANCE.createCodec(CompressionUtil.CodecType.LZ4_FRAME);

    GreptimeFrames(StreamObserver<Flight.FlightData> observer, Runnable onCancel) {
        this.observer = (ServerCallStreamObserver<Flight.FlightData>) observer;
        this.observer.setOnCancelHandler(onCancel);
    }

    boolean isCancelled() {
        return observer.isCancelled();
    }

    void schema(Schema schema) throws InterruptedException {
        ByteBuffer header = MessageSerializer.serializeMetadata(schema, IpcOption.DEFAULT);
        sendRaw(Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(header))
                .build());
    }

    /** One record batch of the root's current contents, LZ4_FRAME-compressed as GreptimeDB does. */
    void batch(VectorSchemaRoot root) throws Exception {
        batch(root, true);
    }

    /**
     * One record batch, optionally uncompressed (GreptimeDB with {@code flight_compression=none});
     * big test streams skip LZ4 because commons-compress is slow on highly repetitive data.
     */
    void batch(VectorSchemaRoot root, boolean compressed) throws Exception {
        VectorUnloader unloader = compressed ? new VectorUnloader(root, true, lz4, true) : new VectorUnloader(root);
        try (ArrowRecordBatch batch = unloader.getRecordBatch()) {
            ByteBuffer header = MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT);
            sendRaw(dataFrame(header, batch));
        }
    }

    /** One record batch compressed with {@code codec} (the project's fast LZ4 encoder for large batches). */
    void batch(VectorSchemaRoot root, CompressionCodec codec) throws Exception {
        try (ArrowRecordBatch batch = new VectorUnloader(root, true, codec, true).getRecordBatch()) {
            sendRaw(dataFrame(MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT), batch));
        }
    }

    /** A dictionary batch (uncompressed); the caller keeps ownership of it. */
    void dictionary(ArrowDictionaryBatch batch) throws Exception {
        ByteBuffer header = MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT);
        sendRaw(dataFrame(header, batch.getDictionary()));
    }

    /** data_header = the IPC message, data_body = the buffers at the offsets the header names. */
    static Flight.FlightData dataFrame(ByteBuffer header, ArrowRecordBatch batch) {
        byte[] body = new byte[(int) batch.computeBodyLength()];
        List<ArrowBuf> buffers = batch.getBuffers();
        List<ArrowBuffer> layout = batch.getBuffersLayout();
        for (int i = 0; i < buffers.size(); i++) {
            ArrowBuffer place = layout.get(i);
            buffers.get(i).getBytes(0, body, (int) place.getOffset(), (int) place.getSize());
        }
        return Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(header))
                .setDataBody(ByteString.copyFrom(body))
                .build();
    }

    void metrics(String json) throws InterruptedException {
        FlightMetadata metadata = FlightMetadata.newBuilder()
                .setMetrics(Metrics.newBuilder().setMetrics(ByteString.copyFromUtf8(json)))
                .build();
        sendRaw(noneFrame(metadata));
    }

    void affectedRows(int rows) throws InterruptedException {
        FlightMetadata metadata = FlightMetadata.newBuilder()
                .setAffectedRows(AffectedRows.newBuilder().setValue(rows))
                .build();
        sendRaw(noneFrame(metadata));
    }

    void complete() {
        observer.onCompleted();
    }

    void fail(Status status, Map<String, String> greptimeTrailers) {
        Metadata trailers = new Metadata();
        String code = greptimeTrailers.get("x-greptime-err-code");
        if (code != null) {
            trailers.put(ERR_CODE, code);
        }
        observer.onError(status.asRuntimeException(trailers));
    }

    /** data_header = IPC Message{version V5, header NONE, bodyLength 0}, app_metadata set. */
    private static Flight.FlightData noneFrame(FlightMetadata metadata) {
        FlatBufferBuilder builder = new FlatBufferBuilder();
        int message = Message.createMessage(builder, MetadataVersion.V5, MessageHeader.NONE, 0, 0L, 0);
        builder.finish(message);
        return Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(builder.sizedByteArray()))
                .setAppMetadata(metadata.toByteString())
                .build();
    }

    /** Sends a frame as it is, however wrong (the hostile server's cases). */
    void sendRaw(Flight.FlightData frame) throws InterruptedException {
        while (!observer.isReady() && !observer.isCancelled()) {
            Thread.sleep(1); // gRPC flow control: the client has not asked for more yet
        }
        if (!observer.isCancelled()) {
            observer.onNext(frame);
        }
    }
}
