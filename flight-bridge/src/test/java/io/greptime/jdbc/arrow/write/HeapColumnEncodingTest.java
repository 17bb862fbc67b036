package io.greptime.jdbc.arrow.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The heap columns a batch is bound into, read back two ways: sealed into Arrow vectors, and encoded
 * straight into an IPC record batch (as DoPut sends it) that Arrow's own IPC reader then decodes. Every column type a table can
 * have, NULLs at every bit position of the validity bytes, row counts that are not multiples of 8, and a
 * row still open when the batch is cut. Expected values are the ones the test wrote.
 */
class HeapColumnEncodingTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    private static Field nullable(String name, ArrowType type) {
        return Field.nullable(name, type);
    }

    private static final List<Field> FIELDS = List.of(
            new Field(
                    "ts",
                    new FieldType(
                            false,
                            new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                            null,
                            Map.of(GreptimeFieldMetadata.TIME_INDEX_KEY, "true")),
                    null),
            nullable("i8", new ArrowType.Int(8, true)),
            nullable("u8", new ArrowType.Int(8, false)),
            nullable("i16", new ArrowType.Int(16, true)),
            nullable("u16", new ArrowType.Int(16, false)),
            nullable("i32", new ArrowType.Int(32, true)),
            nullable("u32", new ArrowType.Int(32, false)),
            nullable("i64", new ArrowType.Int(64, true)),
            nullable("u64", new ArrowType.Int(64, false)),
            nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
            nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            nullable("b", ArrowType.Bool.INSTANCE),
            nullable("dec", new ArrowType.Decimal(20, 3, 128)),
            nullable("day", new ArrowType.Date(DateUnit.DAY)),
            nullable("t_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
            nullable("t_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
            nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            nullable("s", ArrowType.Utf8.INSTANCE),
            nullable("bin", ArrowType.Binary.INSTANCE));

    /** The value row {@code r} of column {@code c} gets, as Arrow's getObject shows it; null for NULL. */
    private static Object expected(int c, int r) {
        if (c > 0 && (r * 7 + c) % 5 == 0) {
            return null;
        }
        long n = r * 31L - 500;
        switch (c) {
            case 0:
                return LocalDateTime.ofEpochSecond(1_700_000_000L + r, 0, ZoneOffset.UTC);
            case 1:
                return (byte) n;
            case 2:
                return (byte) (r & 0xFF); // UInt1Vector.getObject answers the signed byte
            case 3:
                return (short) n;
            case 4:
                return (char) (r * 997 & 0xFFFF);
            case 5:
                return (int) (n * 100_003);
            case 6:
                return (int) (r * 2_000_003L); // stored as the low 32 bits
            case 7:
                return n * 1_000_000_007L;
            case 8:
                return r * 3_000_000_019L;
            case 9:
                return (float) (n / 3.0);
            case 10:
                return n / 7.0;
            case 11:
                return r % 3 == 0;
            case 12:
                return new BigDecimal(n * 1_000_003L).movePointLeft(3);
            case 13:
                return 19_000 + r; // DateDayVector answers days since the epoch
            case 14:
                return r % 86_400; // TimeSecVector: seconds since midnight
            case 15:
                return (r % 86_400) * 1_000_001L % 86_400_000_000L; // TimeMicroVector: microseconds
            case 16:
                return LocalDateTime.ofEpochSecond(1_600_000_000L + r, r * 1_001, ZoneOffset.UTC);
            case 17:
                return new Text(r % 4 == 0 ? "héllo-" + r + "-ünïcode-€" : "h" + (r % 13));
            default:
                return ("bytes-" + r).getBytes(StandardCharsets.UTF_8);
        }
    }

    private static void write(BatchBuffer b, int c, int r) throws Exception {
        Object v = expected(c, r);
        ColumnWriter w = b.writer(c);
        int row = b.row();
        if (v == null) {
            w.setNull(row);
            return;
        }
        switch (c) {
            case 0:
                w.setInstant(row, 1_700_000_000L + r, 0);
                break;
            case 2:
                w.setLong(row, r & 0xFF);
                break;
            case 4:
                w.setLong(row, r * 997 & 0xFFFF);
                break;
            case 6:
                w.setLong(row, r * 2_000_003L & 0xFFFF_FFFFL);
                break;
            case 1, 3, 5, 7, 8:
                w.setLong(row, ((Number) v).longValue());
                break;
            case 9, 10:
                w.setDouble(row, ((Number) v).doubleValue());
                break;
            case 11:
                w.setBoolean(row, (Boolean) v);
                break;
            case 12:
                w.setDecimal(row, (BigDecimal) v);
                break;
            case 13:
                w.setDate(row, LocalDate.ofEpochDay((Integer) v));
                break;
            case 14:
                w.setTime(row, LocalTime.ofSecondOfDay((Integer) v));
                break;
            case 15:
                w.setTime(row, LocalTime.ofNanoOfDay((Long) v * 1_000));
                break;
            case 16:
                w.setInstant(row, 1_600_000_000L + r, r * 1_001);
                break;
            case 17:
                w.setString(row, v.toString());
                break;
            default:
                w.setBytes(row, (byte[]) v);
        }
    }

    private BatchBuffer filled(int rows) throws Exception {
        BatchBuffer b = BatchBuffer.create(FIELDS, 0, allocator, ZoneOffset.UTC);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < FIELDS.size(); c++) {
                write(b, c, r);
            }
            b.endRow();
        }
        for (int c = 0; c < FIELDS.size(); c++) {
            write(b, c, rows + 1); // a row still open: never part of the batch
        }
        return b;
    }

    private static void assertRows(VectorSchemaRoot root, int rows) {
        assertThat(root.getRowCount()).isEqualTo(rows);
        for (int c = 0; c < FIELDS.size(); c++) {
            for (int r = 0; r < rows; r++) {
                Object want = expected(c, r);
                Object got = root.getVector(c).getObject(r);
                if (want instanceof byte[] bytes) {
                    assertThat((byte[]) got)
                            .as("column %s row %d", FIELDS.get(c).getName(), r)
                            .isEqualTo(bytes);
                } else {
                    assertThat(got)
                            .as("column %s row %d", FIELDS.get(c).getName(), r)
                            .isEqualTo(want);
                }
            }
        }
    }

    /** The complete rows of {@code b} encoded straight from the heap columns into a new body array. */
    private static IpcBatch.Encoded encode(BatchBuffer b) {
        return IpcBatch.encode(b, new byte[IpcBatch.bodyLength(b)]);
    }

    /** Decodes an IPC record batch with Arrow's IPC reader into a root of the batch's schema. */
    private VectorSchemaRoot decode(IpcBatch.Encoded encoded, Schema schema) throws java.io.IOException {
        Message message = Message.getRootAsMessage(encoded.header().duplicate());
        RecordBatch header = (RecordBatch) message.header(new RecordBatch());
        assertThat(message.bodyLength()).isEqualTo(encoded.bodyLength());
        ArrowBuf body = allocator.buffer(encoded.bodyLength());
        body.setBytes(0, encoded.body(), 0, encoded.bodyLength());
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        try (ArrowRecordBatch batch = MessageSerializer.deserializeRecordBatch(header, body)) {
            new VectorLoader(root).load(batch);
        }
        return root;
    }

    @Test
    void everyColumnType_sealsAndEncodesTheRowsWritten_nullsAtEveryBit() throws Exception {
        for (int rows : new int[] {0, 1, 7, 8, 13, 1500, 2051}) {
            try (BatchBuffer b = filled(rows)) {
                try (VectorSchemaRoot decoded = decode(encode(b), b.schema())) {
                    assertRows(decoded, rows);
                }
                assertRows(b.seal(), rows);
            }
        }
    }

    @Test
    void directFrame_hasTheBodyAndLayoutArrowsOwnWriterGivesTheSealedBatch() throws Exception {
        try (BatchBuffer b = filled(1003)) {
            IpcBatch.Encoded direct = encode(b);
            IpcBatch.Encoded viaArrow =
                    IpcBatch.encode(b.seal(), org.apache.arrow.vector.compression.NoCompressionCodec.INSTANCE);
            assertThat(Arrays.copyOf(direct.body(), direct.bodyLength()))
                    .isEqualTo(Arrays.copyOf(viaArrow.body(), viaArrow.bodyLength()));
            RecordBatch ours = recordBatch(direct);
            RecordBatch arrows = recordBatch(viaArrow);
            assertThat(ours.length()).isEqualTo(arrows.length()).isEqualTo(1003);
            assertThat(ours.nodesLength()).isEqualTo(arrows.nodesLength()).isEqualTo(FIELDS.size());
            for (int i = 0; i < ours.nodesLength(); i++) {
                assertThat(ours.nodes(i).length()).isEqualTo(arrows.nodes(i).length());
                assertThat(ours.nodes(i).nullCount())
                        .as("null count of %s", FIELDS.get(i).getName())
                        .isEqualTo(arrows.nodes(i).nullCount());
            }
            assertThat(ours.buffersLength()).isEqualTo(arrows.buffersLength());
            for (int i = 0; i < ours.buffersLength(); i++) {
                assertThat(ours.buffers(i).offset()).isEqualTo(arrows.buffers(i).offset());
                assertThat(ours.buffers(i).length()).isEqualTo(arrows.buffers(i).length());
            }
            assertThat(ours.compression()).isNull();
        }
    }

    private static RecordBatch recordBatch(IpcBatch.Encoded batch) {
        Message message = Message.getRootAsMessage(batch.header().duplicate());
        return (RecordBatch) message.header(new RecordBatch());
    }

    @Test
    void carriedValues_surviveEmptyCutsAndKeepTheirNulls() throws Exception {
        List<Field> fields = List.of(FIELDS.get(0), FIELDS.get(17), FIELDS.get(10));
        try (BatchBuffer b = BatchBuffer.create(fields, 0, allocator, ZoneOffset.UTC)) {
            b.writer(0).setLong(b.row(), 5);
            b.writer(1).setString(b.row(), "a string longer than sixteen bytes");
            b.writer(2).setNull(b.row());
            b.endRow();
            b.reset();
            b.reset(); // an empty cut (clearBatch twice): the values in effect stay
            b.endRow();
            b.writer(0).setLong(b.row(), 6);
            b.endRow();
            VectorSchemaRoot root = b.seal();
            assertThat(root.getRowCount()).isEqualTo(2);
            assertThat(root.getVector(1).getObject(0)).hasToString("a string longer than sixteen bytes");
            assertThat(root.getVector(1).getObject(1)).hasToString("a string longer than sixteen bytes");
            assertThat(root.getVector(2).isNull(0)).isTrue();
            assertThat(root.getVector(2).isNull(1)).isTrue();
            assertThat(root.getVector(0).getObject(1)).hasToString("1970-01-01T00:00:00.006");
            b.clearParameters();
            b.reset();
            org.assertj.core.api.Assertions.assertThatThrownBy(b::endRow)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("07001");
        }
    }

    @Test
    void strings_manyDistinctAndEqualButNotIdentical_areEncodedExactly() throws Exception {
        List<Field> fields = List.of(FIELDS.get(0), FIELDS.get(17));
        Random random = new Random(7);
        List<String> written = new ArrayList<>();
        try (BatchBuffer b = BatchBuffer.create(fields, 0, allocator, ZoneOffset.UTC)) {
            for (int r = 0; r < 20_000; r++) {
                // the same few texts as new String instances, thousands of distinct ones, long ones
                String s = r % 3 == 0
                        ? new String("tag-" + (r % 7))
                        : r % 3 == 1 ? "v" + random.nextInt(5_000) : "ü".repeat(r % 70) + r;
                written.add(s);
                b.writer(0).setLong(b.row(), r);
                b.writer(1).setString(b.row(), s);
                b.endRow();
            }
            try (VectorSchemaRoot decoded = decode(encode(b), b.schema())) {
                for (int r = 0; r < written.size(); r++) {
                    assertThat(decoded.getVector(1).getObject(r)).hasToString(written.get(r));
                }
            }
        }
    }

    @Test
    void sealingASecondSmallerBatch_replacesTheFirstBatchsContents() throws Exception {
        try (BatchBuffer b = filled(300)) {
            b.seal();
            b.reset();
            byte[][] texts = new byte[3][];
            for (int r = 0; r < 3; r++) {
                b.writer(0).setLong(b.row(), r);
                texts[r] = ("x" + r).getBytes(StandardCharsets.UTF_8);
                b.writer(18).setBytes(b.row(), texts[r]);
                b.endRow();
            }
            VectorSchemaRoot root = b.seal();
            assertThat(root.getRowCount()).isEqualTo(3);
            for (int r = 0; r < 3; r++) {
                assertThat((byte[]) root.getVector(18).getObject(r)).isEqualTo(texts[r]);
                // unset columns carried row 300's value (the row left open before the cut) into every row
                assertThat(root.getVector(17).getObject(r)).isEqualTo(expected(17, 301));
            }
            assertThat(root.getVector(0).getObject(2)).hasToString("1970-01-01T00:00:00.002");
        }
    }
}
