package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.meta.JdbcTypeMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Picks the reader family for one vector by visiting its Arrow type, so a new Arrow type fails to
 * compile here until it has a reader. The casts are safe: Arrow creates exactly these vector
 * classes for these types.
 */
final class ReaderSelector implements ArrowType.ArrowTypeVisitor<ColumnReader> {
    private final ColumnReaderFactory factory;
    private final FieldVector vector;
    private final DictionaryProvider dictionaries;
    private final String typeName;

    ReaderSelector(ColumnReaderFactory factory, FieldVector vector, DictionaryProvider dictionaries) {
        this.factory = factory;
        this.vector = vector;
        this.dictionaries = dictionaries;
        this.typeName = JdbcTypeMapper.typeName(vector.getField());
    }

    @Override
    public ColumnReader visit(ArrowType.Null type) {
        return new NullReader();
    }

    @Override
    public ColumnReader visit(ArrowType.Struct type) {
        if (GreptimeFieldMetadata.isJson(vector.getField())) {
            return new Json2Reader(vector); // JSON2 (audit C8): JSON text, not struct text
        }
        StructVector struct = (StructVector) vector;
        List<String> names = new ArrayList<>();
        List<ColumnReader> fields = new ArrayList<>();
        for (Field child : vector.getField().getChildren()) {
            names.add(child.getName());
            fields.add(factory.create(struct.getChild(child.getName()), dictionaries));
        }
        return new StructReader(vector, names, fields, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.List type) {
        if (GreptimeFieldMetadata.isJson(vector.getField())) {
            return new Json2Reader(vector); // a JSON2 document that is an array
        }
        ListVector list = (ListVector) vector;
        return list(list.getDataVector(), new ListReader.ElementRange() {
            @Override
            public long start(int row) {
                return list.getElementStartIndex(row);
            }

            @Override
            public long end(int row) {
                return list.getElementEndIndex(row);
            }
        });
    }

    @Override
    public ColumnReader visit(ArrowType.LargeList type) {
        LargeListVector list = (LargeListVector) vector;
        return list(list.getDataVector(), new ListReader.ElementRange() {
            @Override
            public long start(int row) {
                return list.getElementStartIndex(row);
            }

            @Override
            public long end(int row) {
                return list.getElementEndIndex(row);
            }
        });
    }

    @Override
    public ColumnReader visit(ArrowType.FixedSizeList type) {
        FixedSizeListVector list = (FixedSizeListVector) vector;
        int size = type.getListSize();
        return list(list.getDataVector(), new ListReader.ElementRange() {
            @Override
            public long start(int row) {
                return (long) row * size;
            }

            @Override
            public long end(int row) {
                return (long) row * size + size;
            }
        });
    }

    @Override
    public ColumnReader visit(ArrowType.Map type) {
        return visit(ArrowType.List.INSTANCE); // MapVector is a ListVector of key/value structs
    }

    private ColumnReader list(FieldVector elements, ListReader.ElementRange range) {
        return new ListReader(
                vector,
                range,
                factory.create(elements, dictionaries),
                JdbcTypeMapper.map(elements.getField()),
                typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.ListView type) {
        return new FallbackReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.LargeListView type) {
        return new FallbackReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Union type) {
        return new FallbackReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.RunEndEncoded type) {
        return new FallbackReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.ExtensionType type) {
        return new FallbackReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Int type) {
        return new IntegerReader(vector, type, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.FloatingPoint type) {
        return new FloatReader(vector, type.getPrecision() != FloatingPointPrecision.DOUBLE, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Utf8 type) {
        return text();
    }

    @Override
    public ColumnReader visit(ArrowType.Utf8View type) {
        return text();
    }

    @Override
    public ColumnReader visit(ArrowType.LargeUtf8 type) {
        return text();
    }

    private ColumnReader text() {
        return new TextReader((VariableWidthFieldVector) vector, factory.sessionZone(), typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Binary type) {
        return binary(((VariableWidthFieldVector) vector)::get);
    }

    @Override
    public ColumnReader visit(ArrowType.BinaryView type) {
        return binary(((VariableWidthFieldVector) vector)::get);
    }

    @Override
    public ColumnReader visit(ArrowType.LargeBinary type) {
        return binary(((VariableWidthFieldVector) vector)::get);
    }

    @Override
    public ColumnReader visit(ArrowType.FixedSizeBinary type) {
        return binary(((FixedSizeBinaryVector) vector)::get);
    }

    /** Binary bytes, unless GreptimeDB's field metadata says they are JSONB or a vector. */
    private ColumnReader binary(IntFunction<byte[]> bytes) {
        Field field = vector.getField();
        if (GreptimeFieldMetadata.isJson(field)) {
            return new JsonReader(vector, bytes);
        }
        OptionalInt dimension = GreptimeFieldMetadata.vectorDimension(field);
        if (dimension.isPresent()) {
            return new VectorReader(vector, bytes, dimension.getAsInt());
        }
        return new BinaryReader(vector, bytes, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Bool type) {
        return new BooleanReader((BitVector) vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Decimal type) {
        return new DecimalReader(vector, typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Date type) {
        return new DateReader(vector, type.getUnit(), typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Time type) {
        return new TimeReader(vector, type.getUnit(), type.getBitWidth(), typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Timestamp type) {
        return new TimestampReader((TimeStampVector) vector, type, factory.sessionZone(), typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Interval type) {
        return new IntervalReader(vector, type.getUnit(), typeName);
    }

    @Override
    public ColumnReader visit(ArrowType.Duration type) {
        return new DurationReader(vector, type.getUnit(), typeName);
    }
}
