package io.greptime.jdbc.tck.server;

import com.google.flatbuffers.FlatBufferBuilder;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.greptime.jdbc.proto.v1.AffectedRows;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import io.greptime.jdbc.proto.v1.Metrics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The FlightData frames GreptimeDB's DoGet emits (protocol.md §3.2-3.3), built by hand so that every
 * frame is exactly what the real server sends: a schema frame, record-batch frames, and the body-less
 * IPC messages of header type NONE that carry {@code FlightMetadata} in app_metadata.
 */
final class FlightFrames {
    private static final IpcOption IPC = IpcOption.DEFAULT;

    private FlightFrames() {}

    static FlightData schema(Schema schema) {
        return FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(MessageSerializer.serializeMetadata(schema, IPC)))
                .build();
    }

    /** One record batch: the flatbuffer header and the body with each buffer at its 8-aligned offset. */
    static FlightData recordBatch(ArrowRecordBatch batch) {
        ByteBuffer header = MessageSerializer.serializeMetadata(batch, IPC);
        byte[] body = new byte[(int) batch.computeBodyLength()];
        var layout = batch.getBuffersLayout();
        var buffers = batch.getBuffers();
        for (int i = 0; i < buffers.size(); i++) {
            ArrowBuf buf = buffers.get(i);
            ArrowBuffer where = layout.get(i);
            buf.getBytes(0, body, (int) where.getOffset(), (int) where.getSize());
        }
        return FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(header))
                // The array is ours alone and never changes again, so wrapping it saves a copy per batch.
                .setDataBody(UnsafeByteOperations.unsafeWrap(body))
                .build();
    }

    /** The whole answer of a statement that yields a row count. */
    static FlightData affectedRows(long rows) {
        FlightMetadata metadata = FlightMetadata.newBuilder()
                .setAffectedRows(AffectedRows.newBuilder().setValue((int) rows))
                .build();
        return noneMessage(metadata);
    }

    /** The trailing metrics frame; the JSON is opaque to clients. */
    static FlightData metrics(String json) {
        FlightMetadata metadata = FlightMetadata.newBuilder()
                .setMetrics(Metrics.newBuilder().setMetrics(ByteString.copyFrom(json, StandardCharsets.UTF_8)))
                .build();
        return noneMessage(metadata);
    }

    private static FlightData noneMessage(FlightMetadata metadata) {
        FlatBufferBuilder builder = new FlatBufferBuilder(64);
        ByteBuffer header = MessageSerializer.serializeMessage(builder, MessageHeader.NONE, 0, 0L, IPC);
        return FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(header))
                .setAppMetadata(metadata.toByteString())
                .build();
    }
}
