package io.greptime.jdbc.arrow.flight;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.Lz4FrameCodec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A Flight DoGet endpoint on loopback (a real grpc-java server, {@link GreptimeLikeFlightServer}) whose scripts
 * write raw FlightData frames that no honest server sends (issue #29): a record batch claiming 2^31-1 rows
 * over buffers of three, a buffer reaching past the body, a second schema in mid-stream, an LZ4 frame claiming
 * a gibibyte, and a message of exactly a channel's inbound limit followed by ordinary batches. The ticket text
 * names the case; {@link #ORDINARY} is an honest three-row answer.
 */
final class HostileDoGetServer implements AutoCloseable {
    static final String ORDINARY = "ordinary";
    static final String HUGE_ROW_COUNT = "huge-row-count";
    static final String BUFFER_PAST_BODY = "buffer-past-body";
    static final String SECOND_SCHEMA = "second-schema";
    static final String LZ4_HUGE_CLAIM = "lz4-huge-claim";
    static final String AT_INBOUND_LIMIT = "at-inbound-limit";
    static final String OVER_INBOUND_LIMIT = "over-inbound-limit";

    static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("v", new ArrowType.Int(64, true)),
            Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    static final Schema OTHER_SCHEMA = new Schema(List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE)));

    private final GreptimeLikeFlightServer server;
    private final BufferAllocator allocator;

    /** Serves every case; {@code inboundLimit} is the size the inbound-limit cases aim at. */
    HostileDoGetServer(BufferAllocator allocator, int inboundLimit) throws Exception {
        this.allocator = allocator;
        this.server = new GreptimeLikeFlightServer();
        server.script(ORDINARY, frames -> honest(frames, 3, 1));
        server.script(HUGE_ROW_COUNT, frames -> send(frames, hugeRowCount()));
        server.script(BUFFER_PAST_BODY, frames -> send(frames, truncatedBody()));
        server.script(SECOND_SCHEMA, this::secondSchema);
        server.script(LZ4_HUGE_CLAIM, frames -> send(frames, lz4Claiming(Integer.MAX_VALUE)));
        server.script(AT_INBOUND_LIMIT, frames -> atLimit(frames, inboundLimit));
        server.script(OVER_INBOUND_LIMIT, frames -> atLimit(frames, inboundLimit + 1));
    }

    GreptimeLikeFlightServer server() {
        return server;
    }

    /** Three rows: v = 0, 1, 2 and d = v / 2. */
    private VectorSchemaRoot threeRows() {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        root.allocateNew();
        for (int i = 0; i < 3; i++) {
            ((BigIntVector) root.getVector("v")).setSafe(i, i);
            ((Float8Vector) root.getVector("d")).setSafe(i, i / 2.0);
        }
        root.setRowCount(3);
        return root;
    }

    private void honest(GreptimeFrames frames, int rows, int batches) throws Exception {
        frames.schema(SCHEMA);
        try (VectorSchemaRoot root = threeRows()) {
            for (int i = 0; i < batches; i++) {
                frames.batch(root);
            }
        }
        frames.complete();
    }

    private static void send(GreptimeFrames frames, Flight.FlightData batch) throws Exception {
        frames.schema(SCHEMA);
        frames.sendRaw(batch);
        frames.complete();
    }

    /** The buffers of three rows under a header (batch length and every node) claiming 2^31-1 rows. */
    private Flight.FlightData hugeRowCount() {
        try (VectorSchemaRoot root = threeRows();
                ArrowRecordBatch honest = new VectorUnloader(root).getRecordBatch()) {
            List<ArrowFieldNode> nodes = new ArrayList<>();
            honest.getNodes().forEach(n -> nodes.add(new ArrowFieldNode(Integer.MAX_VALUE, 0)));
            try (ArrowRecordBatch lying = new ArrowRecordBatch(Integer.MAX_VALUE, nodes, honest.getBuffers())) {
                return GreptimeFrames.dataFrame(MessageSerializer.serializeMetadata(lying, IpcOption.DEFAULT), lying);
            }
        }
    }

    /** An honest header whose body was cut in half: the last buffers reach past it. */
    private Flight.FlightData truncatedBody() {
        Flight.FlightData whole = uncompressedFrame();
        ByteString body = whole.getDataBody();
        return whole.toBuilder().setDataBody(body.substring(0, body.size() / 2)).build();
    }

    private Flight.FlightData uncompressedFrame() {
        try (VectorSchemaRoot root = threeRows();
                ArrowRecordBatch batch = new VectorUnloader(root).getRecordBatch()) {
            return GreptimeFrames.dataFrame(MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT), batch);
        }
    }

    /** An LZ4-compressed batch whose first data buffer's length prefix claims {@code claimed} bytes. */
    private Flight.FlightData lz4Claiming(long claimed) {
        try (VectorSchemaRoot root = threeRows();
                ArrowRecordBatch batch =
                        new VectorUnloader(root, true, Lz4FrameCodec.INSTANCE, true).getRecordBatch()) {
            Flight.FlightData frame =
                    GreptimeFrames.dataFrame(MessageSerializer.serializeMetadata(batch, IpcOption.DEFAULT), batch);
            byte[] body = frame.getDataBody().toByteArray();
            ArrowBuffer data = batch.getBuffersLayout().get(1); // v's values (0: its empty validity)
            ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).putLong((int) data.getOffset(), claimed);
            return frame.toBuilder().setDataBody(ByteString.copyFrom(body)).build();
        }
    }

    private void secondSchema(GreptimeFrames frames) throws Exception {
        frames.schema(SCHEMA);
        try (VectorSchemaRoot root = threeRows()) {
            frames.batch(root);
        }
        frames.schema(OTHER_SCHEMA);
        frames.complete();
    }

    /**
     * A batch frame padded (with app_metadata that is not FlightMetadata, which readers ignore) to exactly
     * {@code size} serialized bytes, then two ordinary batches.
     */
    private void atLimit(GreptimeFrames frames, int size) throws Exception {
        Flight.FlightData frame = uncompressedFrame();
        int padding = size - frame.getSerializedSize();
        Flight.FlightData padded = frame;
        while (padded.getSerializedSize() != size && padding > 0) {
            padded = frame.toBuilder()
                    .setAppMetadata(ByteString.copyFrom(new byte[padding]))
                    .build();
            padding -= padded.getSerializedSize() - size;
        }
        if (padded.getSerializedSize() != size) {
            throw new IllegalStateException("could not pad a frame to " + size + " bytes");
        }
        frames.schema(SCHEMA);
        frames.sendRaw(padded);
        try (VectorSchemaRoot root = threeRows()) {
            frames.batch(root);
            frames.batch(root);
        }
        frames.complete();
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
