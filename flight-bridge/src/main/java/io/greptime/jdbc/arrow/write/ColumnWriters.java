package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.time.ZoneId;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Chooses the writer for a column by its Arrow type. The types GreptimeDB tables have (protocol.md §7)
 * get writers; the rest (intervals, nested types, views) answer null, and a statement touching such a
 * column keeps the SQL path.
 */
final class ColumnWriters implements ArrowType.ArrowTypeVisitor<ColumnWriter> {
    private final FieldVector vector;
    private final ZoneId zone;

    private ColumnWriters(FieldVector vector, ZoneId zone) {
        this.vector = vector;
        this.zone = zone;
    }

    /** The writer for this vector, or null when bulk writes do not support its type. */
    static ColumnWriter forVector(FieldVector vector, ZoneId zone) {
        return vector.getField().getType().accept(new ColumnWriters(vector, zone));
    }

    private static ColumnWriter none() {
        return null;
    }

    @Override
    public ColumnWriter visit(ArrowType.Null type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Struct type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.List type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.LargeList type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.FixedSizeList type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Map type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.ListView type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.LargeListView type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Union type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.RunEndEncoded type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.ExtensionType type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Int type) {
        return IntegerWriter.of(vector, type.getBitWidth(), type.getIsSigned());
    }

    @Override
    public ColumnWriter visit(ArrowType.FloatingPoint type) {
        if (type.getPrecision() == FloatingPointPrecision.SINGLE) {
            return new NumberWriters.FloatWriter((Float4Vector) vector);
        }
        return type.getPrecision() == FloatingPointPrecision.DOUBLE
                ? new NumberWriters.FloatWriter((Float8Vector) vector)
                : none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Utf8 type) {
        return new TextWriters.Utf8Writer((BaseVariableWidthVector) vector);
    }

    @Override
    public ColumnWriter visit(ArrowType.Utf8View type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.LargeUtf8 type) {
        return none();
    }

    /**
     * VARBINARY, JSON columns (Binary with {@code greptime:type=Json}) and VECTOR(n) columns (Binary with
     * {@code greptime:type=Vector(n)}): GreptimeDB's DoPut path stores a Binary column's bytes as they
     * arrive, so the writers build JSONB and packed float32 values from what is bound.
     */
    @Override
    public ColumnWriter visit(ArrowType.Binary type) {
        OptionalInt dimension = GreptimeFieldMetadata.vectorDimension(vector.getField());
        if (dimension.isPresent()) {
            return new TextWriters.VectorWriter((BaseVariableWidthVector) vector, dimension.getAsInt());
        }
        if (GreptimeFieldMetadata.isJson(vector.getField())) {
            return new TextWriters.JsonWriter((BaseVariableWidthVector) vector);
        }
        return new TextWriters.BinaryWriter((BaseVariableWidthVector) vector, "Binary");
    }

    @Override
    public ColumnWriter visit(ArrowType.BinaryView type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.LargeBinary type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.FixedSizeBinary type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Bool type) {
        return new NumberWriters.BoolWriter((BitVector) vector);
    }

    @Override
    public ColumnWriter visit(ArrowType.Decimal type) {
        return type.getBitWidth() == 128
                ? new NumberWriters.DecimalWriter((DecimalVector) vector, type.getPrecision(), type.getScale())
                : none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Date type) {
        return type.getUnit() == DateUnit.DAY ? new TemporalWriters.DateWriter((DateDayVector) vector, zone) : none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Time type) {
        switch (type.getUnit()) {
            case SECOND:
                return new TemporalWriters.TimeWriter(vector, TimeUnit.SECONDS);
            case MILLISECOND:
                return new TemporalWriters.TimeWriter(vector, TimeUnit.MILLISECONDS);
            case MICROSECOND:
                return new TemporalWriters.TimeWriter(vector, TimeUnit.MICROSECONDS);
            default:
                return new TemporalWriters.TimeWriter(vector, TimeUnit.NANOSECONDS);
        }
    }

    /** Only zone-less timestamps: GreptimeDB table columns never carry a zone in their Arrow type. */
    @Override
    public ColumnWriter visit(ArrowType.Timestamp type) {
        if (type.getTimezone() != null) {
            return none();
        }
        TimeUnit unit;
        switch (type.getUnit()) {
            case SECOND:
                unit = TimeUnit.SECONDS;
                break;
            case MILLISECOND:
                unit = TimeUnit.MILLISECONDS;
                break;
            case MICROSECOND:
                unit = TimeUnit.MICROSECONDS;
                break;
            default:
                unit = TimeUnit.NANOSECONDS;
        }
        return new TemporalWriters.TimestampWriter((TimeStampVector) vector, unit, zone);
    }

    @Override
    public ColumnWriter visit(ArrowType.Interval type) {
        return none();
    }

    @Override
    public ColumnWriter visit(ArrowType.Duration type) {
        return none();
    }
}
