package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Expected tables are written by hand from the rules read in the shared .result files. */
class TableTextTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static String render(VectorSchemaRoot root) {
        TableText table = new TableText(root.getSchema());
        table.addBatch(root);
        return table.render();
    }

    @Test
    void render_padsLeftAlignedCellsAndPrintsNullAsEmpty() {
        VarCharVector host = new VarCharVector("host", allocator);
        Float8Vector cpu = new Float8Vector("cpu_util", allocator);
        TimeStampMilliVector ts = new TimeStampMilliVector("ts", allocator);
        host.allocateNew();
        cpu.allocateNew();
        ts.allocateNew();
        host.setSafe(0, "host1".getBytes(StandardCharsets.UTF_8));
        cpu.setSafe(0, 11.8);
        ts.setSafe(0, 1667446797450L);
        host.setNull(1);
        cpu.setSafe(1, 50.0);
        ts.setSafe(1, 946684800000L);
        try (VectorSchemaRoot root = VectorSchemaRoot.of(host, cpu, ts)) {
            root.setRowCount(2);

            assertThat(render(root))
                    .isEqualTo(String.join(
                            "\n",
                            "+-------+----------+-------------------------+",
                            "| host  | cpu_util | ts                      |",
                            "+-------+----------+-------------------------+",
                            "| host1 | 11.8     | 2022-11-03T03:39:57.450 |",
                            "|       | 50.0     | 2000-01-01T00:00:00     |",
                            "+-------+----------+-------------------------+"));
        }
    }

    @Test
    void render_withoutAnyBatchIsTheEmptyTable() {
        try (VectorSchemaRoot root = VectorSchemaRoot.of(new IntVector("a", allocator))) {
            assertThat(new TableText(root.getSchema()).render()).isEqualTo("++\n++");
        }
    }

    @Test
    void render_zeroRowBatchStillDrawsTheHeader() {
        try (VectorSchemaRoot root =
                VectorSchemaRoot.of(new IntVector("time", allocator), new IntVector("value", allocator))) {
            root.setRowCount(0);

            assertThat(render(root))
                    .isEqualTo(String.join(
                            "\n", "+------+-------+", "| time | value |", "+------+-------+", "+------+-------+"));
        }
    }

    @Test
    void render_splitsMultiLineCellsAndCountsWideCharactersTwice() {
        VarCharVector name = new VarCharVector("Table", allocator);
        VarCharVector text = new VarCharVector("s", allocator);
        name.allocateNew();
        text.allocateNew();
        name.setSafe(0, "t".getBytes(StandardCharsets.UTF_8));
        text.setSafe(0, "CREATE (\n  x\n)".getBytes(StandardCharsets.UTF_8));
        name.setSafe(1, "u".getBytes(StandardCharsets.UTF_8));
        text.setSafe(1, "\uD83E\uDD86\uD83C\uDF5E".getBytes(StandardCharsets.UTF_8));
        try (VectorSchemaRoot root = VectorSchemaRoot.of(name, text)) {
            root.setRowCount(2);

            assertThat(render(root))
                    .isEqualTo(String.join(
                            "\n",
                            "+-------+----------+",
                            "| Table | s        |",
                            "+-------+----------+",
                            "| t     | CREATE ( |",
                            "|       |   x      |",
                            "|       | )        |",
                            "| u     | \uD83E\uDD86\uD83C\uDF5E     |",
                            "+-------+----------+"));
        }
    }

    @Test
    void render_rowsOfSeveralBatchesFormOneTable() {
        try (VectorSchemaRoot root = VectorSchemaRoot.of(new BigIntVector("count(*)", allocator))) {
            BigIntVector v = (BigIntVector) root.getVector(0);
            TableText table = new TableText(root.getSchema());
            v.allocateNew();
            v.setSafe(0, 3);
            root.setRowCount(1);
            table.addBatch(root);
            v.setSafe(0, 12345);
            table.addBatch(root);

            assertThat(table.render())
                    .isEqualTo(String.join(
                            "\n",
                            "+----------+",
                            "| count(*) |",
                            "+----------+",
                            "| 3        |",
                            "| 12345    |",
                            "+----------+"));
        }
    }

    @Test
    void cells_numericAndBinaryTypes() {
        BitVector bool = new BitVector("b", allocator);
        UInt1Vector u8 = new UInt1Vector("u8", allocator);
        UInt8Vector u64 = new UInt8Vector("u64", allocator);
        Float4Vector f32 = new Float4Vector("f32", allocator);
        DecimalVector dec = new DecimalVector("d", allocator, 10, 2);
        VarBinaryVector bin = new VarBinaryVector("bin", allocator);
        for (FieldVector v : List.of(bool, u8, u64, f32, dec, bin)) {
            v.allocateNew();
        }
        bool.setSafe(0, 1);
        u8.setSafe(0, (byte) 0xFF);
        u64.setSafe(0, -1L);
        f32.setSafe(0, 66.7f);
        dec.setSafe(0, new BigDecimal("-0.05"));
        bin.setSafe(0, new byte[] {0x00, (byte) 0xAB, 0x1F});
        try (VectorSchemaRoot root = VectorSchemaRoot.of(bool, u8, u64, f32, dec, bin)) {
            root.setRowCount(1);

            assertThat(render(root))
                    .isEqualTo(String.join(
                            "\n",
                            "+------+-----+----------------------+------+-------+--------+",
                            "| b    | u8  | u64                  | f32  | d     | bin    |",
                            "+------+-----+----------------------+------+-------+--------+",
                            "| true | 255 | 18446744073709551615 | 66.7 | -0.05 | 00ab1f |",
                            "+------+-----+----------------------+------+-------+--------+"));
        }
    }

    @Test
    void cells_temporalTypes() {
        TimeStampSecVector sec = new TimeStampSecVector("s", allocator);
        TimeStampMicroVector micro = new TimeStampMicroVector("us", allocator);
        TimeStampNanoVector nano = new TimeStampNanoVector("ns", allocator);
        DateDayVector date = new DateDayVector("date", allocator);
        TimeMilliVector time = new TimeMilliVector("time", allocator);
        for (FieldVector v : List.of(sec, micro, nano, date, time)) {
            v.allocateNew();
        }
        sec.setSafe(0, -1);
        micro.setSafe(0, 1_500_000);
        nano.setSafe(0, 1_000_000_001L);
        date.setSafe(0, 19358);
        time.setSafe(0, 3_723_004);
        try (VectorSchemaRoot root = VectorSchemaRoot.of(sec, micro, nano, date, time)) {
            root.setRowCount(1);

            assertThat(render(root))
                    .isEqualTo(
                            String.join(
                                    "\n",
                                    "+---------------------+-------------------------+-------------------------------+------------+--------------+",
                                    "| s                   | us                      | ns                            | date       | time         |",
                                    "+---------------------+-------------------------+-------------------------------+------------+--------------+",
                                    "| 1969-12-31T23:59:59 | 1970-01-01T00:00:01.500 | 1970-01-01T00:00:01.000000001 | 2023-01-01 | 01:02:03.004 |",
                                    "+---------------------+-------------------------+-------------------------------+------------+--------------+"));
        }
    }

    @Test
    void cells_zonedTimestampIntervalDurationAndList() {
        TimeStampMilliTZVector zoned = new TimeStampMilliTZVector("z", allocator, "+08:00");
        IntervalMonthDayNanoVector interval = new IntervalMonthDayNanoVector("i", allocator);
        DurationVector duration = new DurationVector(
                new Field("dur", FieldType.nullable(new ArrowType.Duration(TimeUnit.MILLISECOND)), null), allocator);
        ListVector list = ListVector.empty("l", allocator);
        for (FieldVector v : List.of(zoned, interval, duration)) {
            v.allocateNew();
        }
        zoned.setSafe(0, 0);
        interval.setSafe(0, 1, 2, 3_723_000_000_000L);
        duration.setSafe(0, 1500);
        UnionListWriter writer = list.getWriter();
        writer.startList();
        writer.writeInt(1);
        writer.writeInt(2);
        writer.endList();
        writer.setValueCount(1);
        try (VectorSchemaRoot root = VectorSchemaRoot.of(zoned, interval, duration, list)) {
            root.setRowCount(1);

            assertThat(render(root))
                    .isEqualTo(
                            String.join(
                                    "\n",
                                    "+---------------------------+-----------------------------------------------+--------+--------+",
                                    "| z                         | i                                             | dur    | l      |",
                                    "+---------------------------+-----------------------------------------------+--------+--------+",
                                    "| 1970-01-01T08:00:00+08:00 | 1 mons 2 days 1 hours 2 mins 3.000000000 secs | PT1.5S | [1, 2] |",
                                    "+---------------------------+-----------------------------------------------+--------+--------+"));
        }
    }

    @Test
    void cells_jsonMarkedBinaryPrintsItsJsonText() {
        Field json = new Field(
                "j", new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of("greptime:type", "Json")), null);
        try (VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(json)), allocator)) {
            VarBinaryVector v = (VarBinaryVector) root.getVector(0);
            v.allocateNew();
            v.setSafe(0, Jsonb.encode("{\"a\": [1, true, null]}"));
            v.setNull(1);
            root.setRowCount(2);

            assertThat(render(root))
                    .isEqualTo(String.join(
                            "\n",
                            "+---------------------+",
                            "| j                   |",
                            "+---------------------+",
                            "| {\"a\":[1,true,null]} |",
                            "|                     |",
                            "+---------------------+"));
        }
    }
}
