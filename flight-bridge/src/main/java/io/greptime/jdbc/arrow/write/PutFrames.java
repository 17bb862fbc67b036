package io.greptime.jdbc.arrow.write;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
                    .setAppMetadata(ByteString.copyFrom("{\"request_id\":" + requestId + "}", StandardCharsets.UTF_8))
                    .build();
        }
    }
}
