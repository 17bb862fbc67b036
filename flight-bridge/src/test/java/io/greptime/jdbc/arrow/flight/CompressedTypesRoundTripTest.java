package io.greptime.jdbc.arrow.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.grpc.ManagedChannel;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A batch of every Arrow type family GreptimeDB sends (and the nested ones its JSON2 and list columns use),
 * with nulls, all-null and no-null columns, sent LZ4_FRAME-compressed (Arrow's commons-compress encoder, which
 * arrow-rs's frames resemble: independent blocks, content checksum) and, in a large second batch (the project's
 * lz4-java encoder), spanning several LZ4 blocks; read back by the cursor and compared vector by vector with what the server sent.
 */
class CompressedTypesRoundTripTest {
    private static final int ROWS = 5;
    private static final int LARGE = 70_000; // > 64 KiB of int64 values: several LZ4 blocks per buffer

    private BufferAllocator serverAllocator;
    private BufferAllocator clientAllocator;
    private GreptimeLikeFlightServer server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        serverAllocator = new RootAllocator();
        clientAllocator = new RootAllocator();
        server = new GreptimeLikeFlightServer();
        channel = server.newChannel();
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
        server.close();
        assertThat(clientAllocator.getAllocatedMemory()).isZero();
        clientAllocator.close();
        serverAllocator.close();
    }

    private static Schema schema() {
        Field item = Field.nullable("item", new ArrowType.Int(64, true));
        Field list = new Field("list", FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
        Field struct = new Field(
                "struct",
                FieldType.nullable(ArrowType.Struct.INSTANCE),
                List.of(
                        Field.nullable("a", new ArrowType.Int(32, true)),
                        Field.nullable("b", ArrowType.Utf8.INSTANCE)));
        return new Schema(List.of(
                Field.nullable("i8", new ArrowType.Int(8, true)),
                Field.nullable("i16", new ArrowType.Int(16, true)),
                Field.nullable("i32", new ArrowType.Int(32, true)),
                Field.nullable("i64", new ArrowType.Int(64, true)),
                Field.nullable("u64", new ArrowType.Int(64, false)),
                Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("bool", ArrowType.Bool.INSTANCE),
                Field.nullable("utf8", ArrowType.Utf8.INSTANCE),
                Field.nullable("large_utf8", ArrowType.LargeUtf8.INSTANCE),
                Field.nullable("binary", ArrowType.Binary.INSTANCE),
                Field.nullable("fixed", new ArrowType.FixedSizeBinary(3)),
                Field.nullable("date", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
                Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                Field.nullable("decimal", new ArrowType.Decimal(38, 10, 128)),
                Field.nullable("all_null", new ArrowType.Int(32, true)),
                Field.nullable("null", ArrowType.Null.INSTANCE),
                list,
                struct));
    }

    /** Row i of every column; nulls where i % 3 == 1, all_null always null. */
    private static void fill(VectorSchemaRoot root, int rows) {
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            if (i % 3 == 1) {
                continue;
            }
            ((TinyIntVector) root.getVector("i8")).setSafe(i, (byte) (i - 128));
            ((SmallIntVector) root.getVector("i16")).setSafe(i, (short) (i * 7 - 32768));
            ((IntVector) root.getVector("i32")).setSafe(i, Integer.MIN_VALUE + i);
            ((BigIntVector) root.getVector("i64")).setSafe(i, Long.MAX_VALUE - i);
            ((UInt8Vector) root.getVector("u64")).setSafe(i, -1L - i);
            ((Float4Vector) root.getVector("f32")).setSafe(i, i * 1.25f);
            ((Float8Vector) root.getVector("f64")).setSafe(i, i == 0 ? -0.0 : Math.PI * i);
            ((BitVector) root.getVector("bool")).setSafe(i, i % 2);
            ((VarCharVector) root.getVector("utf8")).setSafe(i, ("héllo-" + i).getBytes(StandardCharsets.UTF_8));
            ((LargeVarCharVector) root.getVector("large_utf8")).setSafe(i, ("😀" + i).getBytes(StandardCharsets.UTF_8));
            ((VarBinaryVector) root.getVector("binary")).setSafe(i, new byte[] {0, (byte) i, (byte) 0xFF});
            ((FixedSizeBinaryVector) root.getVector("fixed")).setSafe(i, new byte[] {1, 2, (byte) i});
            ((DateDayVector) root.getVector("date")).setSafe(i, 19_000 + i);
            ((TimeStampNanoVector) root.getVector("ts_ns")).setSafe(i, 1_700_000_000_123_456_789L + i);
            ((DecimalVector) root.getVector("decimal"))
                    .setSafe(i, new BigDecimal("-1234567890.0123456789").add(BigDecimal.valueOf(i)));
            StructVector struct = (StructVector) root.getVector("struct");
            struct.setIndexDefined(i);
            ((IntVector) struct.getChild("a")).setSafe(i, i);
            ((VarCharVector) struct.getChild("b")).setSafe(i, ("s" + i).getBytes(StandardCharsets.UTF_8));
        }
        UnionListWriter writer = ((ListVector) root.getVector("list")).getWriter();
        for (int i = 0; i < rows; i++) {
            writer.setPosition(i);
            if (i % 3 != 1) {
                writer.startList();
                for (int k = 0; k < i % 4; k++) {
                    writer.bigInt().writeBigInt(i * 10L + k);
                }
                writer.endList();
            }
        }
        ((NullVector) root.getVector("null")).setValueCount(rows);
        root.setRowCount(rows);
    }

    @Test
    void everyTypeFamily_compressedBatches_readBackExactly() throws Exception {
        Schema schema = schema();
        server.script("types", frames -> {
            frames.schema(schema);
            try (VectorSchemaRoot small = VectorSchemaRoot.create(schema, serverAllocator);
                    VectorSchemaRoot large = VectorSchemaRoot.create(schema, serverAllocator)) {
                fill(small, ROWS);
                frames.batch(small);
                fill(large, LARGE);
                // commons-compress's encoder takes minutes on this much repetitive data; lz4-java's frames are
                // the same format
                frames.batch(large, io.greptime.jdbc.arrow.Lz4FrameCodec.INSTANCE);
            }
            frames.complete();
        });
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneId.of("UTC")), 0, 256L << 20);
        try (FlightBatchCursor cursor = FlightBatchCursor.open(
                        channel, clientAllocator, new Ticket("types".getBytes(StandardCharsets.UTF_8)), settings);
                VectorSchemaRoot expected = VectorSchemaRoot.create(schema, serverAllocator)) {
            for (int rows : new int[] {ROWS, LARGE}) {
                assertThat(cursor.nextBatch()).isTrue();
                fill(expected, rows);
                VectorSchemaRoot actual = cursor.currentRoot();
                assertThat(actual.getRowCount()).isEqualTo(rows);
                for (FieldVector want : expected.getFieldVectors()) {
                    FieldVector got = actual.getVector(want.getName());
                    assertThat(VectorEqualsVisitor.vectorEquals(want, got))
                            .as(want.getName() + " in a batch of " + rows)
                            .isTrue();
                }
            }
            assertThat(cursor.nextBatch()).isFalse();
        }
    }
}
