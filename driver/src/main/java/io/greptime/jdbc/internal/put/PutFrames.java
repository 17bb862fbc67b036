package io.greptime.jdbc.internal.put;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.IpcBatch;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The FlightData messages of a GreptimeDB DoPut (protocol.md §4.2): the schema message that names the
 * table, and record batches ({@link IpcBatch} encodes them) carrying {@code {"request_id":N}}.
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

    /** The complete rows of {@code rows} as one uncompressed record batch in a new body array. */
    static Flight.FlightData batch(BatchBuffer rows, long requestId) {
        return batch(rows, requestId, new byte[IpcBatch.bodyLength(rows)]);
    }

    /** The IPC body length of the complete rows of {@code rows}. */
    static int bodyLength(BatchBuffer rows) {
        return IpcBatch.bodyLength(rows);
    }

    /**
     * As {@link #batch(BatchBuffer, long)}, the body written into {@code body} (an array used before),
     * which the frame then refers to: the array must not change while the frame may still be sent.
     */
    static Flight.FlightData batch(BatchBuffer rows, long requestId, byte[] body) {
        return frame(IpcBatch.encode(rows, body), requestId);
    }

    /** One record batch of a sealed root, compressed with {@code codec}. */
    static Flight.FlightData batch(VectorSchemaRoot root, CompressionCodec codec, long requestId) {
        return frame(IpcBatch.encode(root, codec), requestId);
    }

    private static Flight.FlightData frame(IpcBatch.Encoded batch, long requestId) {
        return Flight.FlightData.newBuilder()
                .setDataHeader(ByteString.copyFrom(batch.header()))
                .setDataBody(UnsafeByteOperations.unsafeWrap(batch.body(), 0, batch.bodyLength()))
                .setAppMetadata(requestMetadata(requestId))
                .build();
    }

    /** The app_metadata GreptimeDB matches answers by: {@code {"request_id":N}}. */
    private static ByteString requestMetadata(long requestId) {
        return ByteString.copyFrom("{\"request_id\":" + requestId + "}", StandardCharsets.UTF_8);
    }
}
