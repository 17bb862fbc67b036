package io.greptime.jdbc.arrow.write;

import com.google.flatbuffers.FlatBufferBuilder;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Encodes the FlightData messages of a GreptimeDB DoPut (protocol.md §4.2). Arrow's own Flight writer
 * cannot compress IPC bodies, so the batches are encoded here: the body is copied once out of Arrow
 * memory, which frees the vectors for the next batch at once.
 */
final class PutFrames {
    private PutFrames() {}

    /** The first message: PATH descriptor with the table name, and the IPC schema. */
    static Flight.FlightData schema(String table, Schema schema) {
        Flight.FlightDescriptor descriptor = Flight.FlightDescriptor.newBuilder()
                .setType(Flight.FlightDescriptor.DescriptorType.PATH)
                .addPath(table)
                .build();
        return Flight.FlightData.newBuilder()
                .setFlightDescriptor(descriptor)
                .setDataHeader(ByteString.copyFrom(MessageSerializer.serializeMetadata(schema, IpcOption.DEFAULT)))
                .build();
    }

    /**
     * The complete rows of {@code rows} as one uncompressed record batch, encoded straight from its heap
     * columns: the IPC body is written once, buffer after buffer each padded to 8 bytes, and the
     * RecordBatch header lists the same nodes and buffers Arrow's own writer would.
     */
    static Flight.FlightData batch(BatchBuffer rows, long requestId) {
        return batch(rows, requestId, new byte[bodyLength(rows)]);
    }

    /** The IPC body length of the complete rows of {@code rows}: every buffer padded to 8 bytes. */
    static int bodyLength(BatchBuffer rows) {
        int count = rows.row();
        long bodyLength = 0;
        for (HeapColumn c : rows.columns()) {
            for (int b = 0; b < c.bufferCount(); b++) {
                bodyLength += padded(c.bufferLength(b, count));
            }
        }
        return Math.toIntExact(bodyLength);
    }

    /**
     * As {@link #batch(BatchBuffer, long)}, the body written into the first {@link #bodyLength} bytes of
     * {@code body} (an array used before: every byte of the body, padding included, is written), which
     * the frame then refers to: the array must not change while the frame may still be sent.
     */
    static Flight.FlightData batch(BatchBuffer rows, long requestId, byte[] body) {
        HeapColumn[] columns = rows.columns();
        int count = rows.row();
        int buffers = 0;
        for (HeapColumn c : columns) {
            buffers += c.bufferCount();
        }
        long[] layout = new long[buffers * 2]; // offset, length per buffer
        int at = 0;
        int i = 0;
        for (HeapColumn c : columns) {
            for (int b = 0; b < c.bufferCount(); b++) {
                int length = c.bufferLength(b, count);
                c.copyBuffer(b, count, body, at);
                layout[i++] = at;
                layout[i++] = length;
                int end = (int) padded(at + length);
                java.util.Arrays.fill(body, at + length, end, (byte) 0);
                at = end;
            }
        }
        return Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(recordBatchHeader(columns, count, layout, at)))
                .setDataBody(UnsafeByteOperations.unsafeWrap(body, 0, at))
                .setAppMetadata(requestMetadata(requestId))
                .build();
    }

    /** The app_metadata GreptimeDB matches answers by: {@code {"request_id":N}}. */
    private static ByteString requestMetadata(long requestId) {
        return ByteString.copyFrom("{\"request_id\":" + requestId + "}", StandardCharsets.UTF_8);
    }

    private static long padded(long length) {
        return (length + 7) & ~7L;
    }

    /** The flatbuffer Message holding a RecordBatch header (no compression) for these buffers. */
    private static java.nio.ByteBuffer recordBatchHeader(
            HeapColumn[] columns, int rows, long[] layout, long bodyLength) {
        FlatBufferBuilder builder = new FlatBufferBuilder(256);
        RecordBatch.startNodesVector(builder, columns.length);
        for (int c = columns.length - 1; c >= 0; c--) { // flatbuffer vectors are built back to front
            FieldNode.createFieldNode(builder, rows, columns[c].nullCount(rows));
        }
        int nodes = builder.endVector();
        RecordBatch.startBuffersVector(builder, layout.length / 2);
        for (int b = layout.length / 2 - 1; b >= 0; b--) {
            Buffer.createBuffer(builder, layout[2 * b], layout[2 * b + 1]);
        }
        int buffers = builder.endVector();
        RecordBatch.startRecordBatch(builder);
        RecordBatch.addLength(builder, rows);
        RecordBatch.addNodes(builder, nodes);
        RecordBatch.addBuffers(builder, buffers);
        int header = RecordBatch.endRecordBatch(builder);
        return MessageSerializer.serializeMessage(
                builder, MessageHeader.RecordBatch, header, bodyLength, IpcOption.DEFAULT);
    }

    /** One record batch with {@code {"request_id":N}} as app_metadata. */
    static Flight.FlightData batch(VectorSchemaRoot root, CompressionCodec codec, long requestId) {
        VectorUnloader unloader = new VectorUnloader(root, true, codec, true);
        try (ArrowRecordBatch batch = unloader.getRecordBatch()) {
            ByteString header = ByteString.copyFrom(MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT));
            byte[] body = new byte[Math.toIntExact(batch.computeBodyLength())];
            List<ArrowBuf> buffers = batch.getBuffers();
            List<ArrowBuffer> layout = batch.getBuffersLayout();
            for (int i = 0; i < buffers.size(); i++) {
                ArrowBuf buf = buffers.get(i);
                buf.getBytes(0, body, (int) layout.get(i).getOffset(), (int)
                        layout.get(i).getSize());
            }
            return Flight.FlightData.newBuilder()
                    .setDataHeader(header)
                    .setDataBody(UnsafeByteOperations.unsafeWrap(body))
                    .setAppMetadata(requestMetadata(requestId))
                    .build();
        }
    }
}
