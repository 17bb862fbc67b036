package io.greptime.jdbc.internal.put;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The DoPut writer uses a batch's body array again only after the server answered that batch: a frame
 * still unanswered (which gRPC or the failover ledger may send again) keeps its bytes while later batches
 * are encoded, an answered one's array carries the next batch, and every frame, in a fresh array or in a
 * used one full of older bytes, decodes to the rows it was built from, padding zeroed.
 */
class BodyReuseTest {
    private static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("host", ArrowType.Utf8.INSTANCE),
            Field.nullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

    private final BufferAllocator allocator = new RootAllocator();
    private final List<Flight.FlightData> sent = new ArrayList<>();
    private final List<ByteString> bodiesAtSend = new ArrayList<>();

    @AfterEach
    void close() {
        allocator.close();
    }

    /** A transport that keeps every frame, and a copy of each body as it was when it was sent. */
    private DoPutWriter writer(int window) {
        DoPutWriter w = DoPutWriter.create(PutCompression.NONE, window, answers -> new DoPutWriter.Transport() {
            @Override
            public void send(Flight.FlightData frame) {
                sent.add(frame);
                bodiesAtSend.add(ByteString.copyFrom(frame.getDataBody().toByteArray()));
            }

            @Override
            public void complete() {}

            @Override
            public void cancel(String reason) {}
        });
        w.start("t", SCHEMA);
        return w;
    }

    private static void answer(DoPutWriter w, long id, long rows) {
        w.onAnswer(ByteString.copyFrom(
                "{\"request_id\":" + id + ",\"affected_rows\":" + rows + "}", StandardCharsets.UTF_8));
    }

    /** Rows of batch {@code n}: host "h{n}-{r}" (lengths vary with n), v = n * 1000 + r. */
    private BatchBuffer rows(BatchBuffer b, int n, int count) throws Exception {
        b.reset();
        for (int r = 0; r < count; r++) {
            b.writer(0).setString(r, "h" + n + "-" + r + (n % 2 == 0 ? "" : "-longer"));
            b.writer(1).setDouble(r, n * 1000.0 + r);
            b.endRow();
        }
        return b;
    }

    private void assertDecodes(Flight.FlightData frame, int n, int count) throws Exception {
        assertDecodes(frame, frame.getDataBody(), n, count);
    }

    /** The frame's header with {@code bodyBytes} decodes to the rows of batch {@code n}. */
    private void assertDecodes(Flight.FlightData frame, ByteString bodyBytes, int n, int count) throws Exception {
        Flight.FlightData copy = frame.toBuilder()
                .setDataBody(ByteString.copyFrom(bodyBytes.toByteArray()))
                .build();
        org.apache.arrow.flatbuf.Message message = org.apache.arrow.flatbuf.Message.getRootAsMessage(
                copy.getDataHeader().asReadOnlyByteBuffer());
        assertThat(message.bodyLength() % 8).isZero();
        assertThat(copy.getDataBody().size()).isEqualTo((int) message.bodyLength());
        org.apache.arrow.flatbuf.RecordBatch header =
                (org.apache.arrow.flatbuf.RecordBatch) message.header(new org.apache.arrow.flatbuf.RecordBatch());
        org.apache.arrow.memory.ArrowBuf body =
                allocator.buffer(copy.getDataBody().size());
        body.setBytes(0, copy.getDataBody().asReadOnlyByteBuffer());
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator)) {
            try (ArrowRecordBatch batch = MessageSerializer.deserializeRecordBatch(header, body)) {
                new VectorLoader(root).load(batch);
                assertThat(root.getRowCount()).isEqualTo(count);
                for (int r = 0; r < count; r++) {
                    assertThat(((VarCharVector) root.getVector(0)).getObject(r).toString())
                            .isEqualTo("h" + n + "-" + r + (n % 2 == 0 ? "" : "-longer"));
                    assertThat(((Float8Vector) root.getVector(1)).get(r)).isEqualTo(n * 1000.0 + r);
                }
            }
        }
    }

    @Test
    void anUnansweredFrameKeepsItsBytes_anAnsweredOnesArrayCarriesTheNextBatch() throws Exception {
        try (BatchBuffer b = BatchBuffer.create(SCHEMA.getFields(), -1, allocator, ZoneOffset.UTC)) {
            DoPutWriter w = writer(8);
            w.send(rows(b, 1, 500), DoPutWriter.Waiting.FOREVER);
            w.send(rows(b, 2, 300), DoPutWriter.Waiting.FOREVER);
            w.send(rows(b, 3, 400), DoPutWriter.Waiting.FOREVER);
            assertThat(w.spareBodyBytes()).isZero(); // nothing answered: every array still belongs to its frame
            for (int i = 1; i <= 3; i++) {
                assertThat(sent.get(i).getDataBody()).isEqualTo(bodiesAtSend.get(i)); // frame 0 is the schema
            }
            answer(w, 1, 500);
            assertThat(w.spareBodyBytes()).isPositive();
            w.send(rows(b, 4, 450), DoPutWriter.Waiting.FOREVER); // fits in batch 1's array
            assertThat(w.spareBodyBytes()).isZero();
            // batches 2 and 3, still unanswered, are untouched by the reuse
            assertThat(sent.get(2).getDataBody()).isEqualTo(bodiesAtSend.get(2));
            assertThat(sent.get(3).getDataBody()).isEqualTo(bodiesAtSend.get(3));
            assertDecodes(sent.get(2), 2, 300);
            assertDecodes(sent.get(3), 3, 400);
            assertDecodes(sent.get(4), 4, 450);
            // the answered frame's array now holds batch 4: what the pool is for, and why it waits for the answer
            assertThat(sent.get(1).getDataBody()).isNotEqualTo(bodiesAtSend.get(1));
        }
    }

    @Test
    void aUsedArrayFullOfOlderBytes_encodesTheSameBodyAsAFreshOne() throws Exception {
        try (BatchBuffer b = BatchBuffer.create(SCHEMA.getFields(), -1, allocator, ZoneOffset.UTC)) {
            rows(b, 5, 37); // 37 rows: the validity and offset buffers end off an 8-byte boundary
            Flight.FlightData fresh = PutFrames.batch(b, 9);
            byte[] dirty = new byte[PutFrames.bodyLength(b) + 100];
            Arrays.fill(dirty, (byte) 0x5A);
            Flight.FlightData reused = PutFrames.batch(b, 9, dirty);
            assertThat(reused.getDataBody()).isEqualTo(fresh.getDataBody());
            assertThat(reused.getDataHeader()).isEqualTo(fresh.getDataHeader());
            assertThat(reused.getAppMetadata().toStringUtf8()).isEqualTo("{\"request_id\":9}");
            assertDecodes(reused, 5, 37);
        }
    }

    @Test
    void aFailedStreamKeepsNoSpares_andThePoolIsBounded() throws Exception {
        try (BatchBuffer b = BatchBuffer.create(SCHEMA.getFields(), -1, allocator, ZoneOffset.UTC)) {
            DoPutWriter w = writer(2);
            for (int n = 1; n <= 6; n++) {
                w.send(rows(b, n, 200), DoPutWriter.Waiting.FOREVER);
                answer(w, n, 200);
            }
            for (int n = 1; n <= 6; n++) { // each frame was whole when it was sent, in whichever array
                assertDecodes(sent.get(n), bodiesAtSend.get(n), n, 200);
            }
            assertDecodes(sent.get(6), 6, 200); // the last one's array was not used again
            assertThat(w.spareBodyBytes()).isPositive().isLessThanOrEqualTo(BodyPool.MAX_SPARE_BYTES);
            w.cancel("test");
            assertThat(w.spareBodyBytes()).isZero();
        }
        BodyPool pool = new BodyPool(2);
        pool.give(new byte[10]);
        pool.give(new byte[20]);
        pool.give(new byte[30]); // over the count: dropped
        assertThat(pool.spareBytes()).isEqualTo(30);
        assertThat(pool.take(15)).hasSize(20); // the smallest that fits
        assertThat(pool.take(11).length).isGreaterThanOrEqualTo(11); // none fits: a new one
        pool.give(new byte[(int) BodyPool.MAX_SPARE_BYTES + 1]); // over the bytes: dropped
        assertThat(pool.spareBytes()).isEqualTo(10);
    }
}
