package io.greptime.jdbc.arrow.write;

import com.google.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;

/**
 * Rows as one Arrow IPC record batch message: the flatbuffer header and the body. Pure Arrow: how the
 * message travels (a Flight DoPut frame, its request id) is the driver's put package's business. Arrow's
 * own Flight writer cannot compress IPC bodies, so batches are encoded here, and the body is copied once
 * out of Arrow memory (or straight from the heap columns), which frees the vectors for the next batch.
 */
public final class IpcBatch {
    private IpcBatch() {}

    /** A record batch message: its header, and its body in the first {@code bodyLength} bytes of {@code body}. */
    public record Encoded(ByteBuffer header, byte[] body, int bodyLength) {}

    /** The IPC body length of the complete rows of {@code rows}: every buffer padded to 8 bytes. */
    public static int bodyLength(BatchBuffer rows) {
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
     * The complete rows of {@code rows} as one uncompressed record batch, encoded straight from its heap
     * columns into the first {@link #bodyLength} bytes of {@code body} (an array used before: every byte
     * of the body, padding included, is written). The RecordBatch header lists the same nodes and buffers
     * Arrow's own writer would. The result refers to {@code body}: it must not change while the message
     * may still be sent.
     */
    public static Encoded encode(BatchBuffer rows, byte[] body) {
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
                Arrays.fill(body, at + length, end, (byte) 0);
                at = end;
            }
        }
        return new Encoded(recordBatchHeader(columns, count, layout, at), body, at);
    }

    /** The sealed root as one record batch, its buffers compressed with {@code codec}, in a new body array. */
    public static Encoded encode(VectorSchemaRoot root, CompressionCodec codec) {
        VectorUnloader unloader = new VectorUnloader(root, true, codec, true);
        try (ArrowRecordBatch batch = unloader.getRecordBatch()) {
            ByteBuffer header = MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT);
            byte[] body = new byte[Math.toIntExact(batch.computeBodyLength())];
            List<ArrowBuf> buffers = batch.getBuffers();
            List<ArrowBuffer> layout = batch.getBuffersLayout();
            for (int i = 0; i < buffers.size(); i++) {
                ArrowBuf buf = buffers.get(i);
                buf.getBytes(0, body, (int) layout.get(i).getOffset(), (int)
                        layout.get(i).getSize());
            }
            return new Encoded(header, body, body.length);
        }
    }

    private static long padded(long length) {
        return (length + 7) & ~7L;
    }

    /** The flatbuffer Message holding a RecordBatch header (no compression) for these buffers. */
    private static ByteBuffer recordBatchHeader(HeapColumn[] columns, int rows, long[] layout, long bodyLength) {
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
}
