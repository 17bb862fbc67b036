package io.greptime.jdbc.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** One row of the Arrow types GreptimeDB returns for table columns, with edge values; see {@link #VALUES}. */
public final class TypedRow extends ArrowReader {
    /** The instant in column {@code ts_ns}. */
    public static final Instant NANOS = Instant.parse("2024-01-01T00:00:00.123456789Z");
    /** The instant in column {@code ts_s}. */
    public static final Instant SECONDS = Instant.parse("2023-12-31T23:30:00Z");

    /** Column names in order, for readability of tests. */
    public static final List<String> VALUES = List.of(
            "i8", "u8", "u16", "u32", "u64", "f32", "f64", "b", "s", "bin", "dec", "d", "t", "ts_ns", "ts_s",
            "nothing");

    private static final Schema SCHEMA = new Schema(List.of(
            Field.nullable("i8", new ArrowType.Int(8, true)),
            Field.nullable("u8", new ArrowType.Int(8, false)),
            Field.nullable("u16", new ArrowType.Int(16, false)),
            Field.nullable("u32", new ArrowType.Int(32, false)),
            Field.nullable("u64", new ArrowType.Int(64, false)),
            Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
            Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            Field.nullable("b", ArrowType.Bool.INSTANCE),
            Field.nullable("s", ArrowType.Utf8.INSTANCE),
            Field.nullable("bin", ArrowType.Binary.INSTANCE),
            Field.nullable("dec", new ArrowType.Decimal(10, 2, 128)),
            Field.nullable("d", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
            Field.nullable("t", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
            Field.nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
            Field.nullable("nothing", new ArrowType.Int(32, true))));

    private boolean done;

    TypedRow(BufferAllocator allocator) {
        super(allocator);
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        if (done) {
            return false;
        }
        done = true;
        VectorSchemaRoot r = getVectorSchemaRoot();
        r.allocateNew();
        ((TinyIntVector) r.getVector("i8")).setSafe(0, -5);
        ((UInt1Vector) r.getVector("u8")).setSafe(0, 200);
        ((UInt2Vector) r.getVector("u16")).setSafe(0, 60000);
        ((UInt4Vector) r.getVector("u32")).setSafe(0, (int) 4_000_000_000L);
        ((UInt8Vector) r.getVector("u64")).setSafe(0, -1L);
        ((Float4Vector) r.getVector("f32")).setSafe(0, 1.5f);
        ((Float8Vector) r.getVector("f64")).setSafe(0, 2.25);
        ((BitVector) r.getVector("b")).setSafe(0, 1);
        ((VarCharVector) r.getVector("s")).setSafe(0, "héllo 😀".getBytes(StandardCharsets.UTF_8));
        ((VarBinaryVector) r.getVector("bin")).setSafe(0, new byte[] {1, 2, (byte) 0xFF});
        ((DecimalVector) r.getVector("dec")).setSafe(0, new BigDecimal("123.45"));
        ((DateDayVector) r.getVector("d"))
                .setSafe(0, (int) LocalDate.of(2024, 2, 29).toEpochDay());
        ((TimeMicroVector) r.getVector("t"))
                .setSafe(0, LocalTime.of(12, 34, 56, 789_012_000).toNanoOfDay() / 1000);
        ((TimeStampNanoVector) r.getVector("ts_ns"))
                .setSafe(0, NANOS.getEpochSecond() * 1_000_000_000L + NANOS.getNano());
        ((TimeStampSecVector) r.getVector("ts_s")).setSafe(0, SECONDS.getEpochSecond());
        ((IntVector) r.getVector("nothing")).setNull(0);
        r.setRowCount(1);
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
        return SCHEMA;
    }
}
