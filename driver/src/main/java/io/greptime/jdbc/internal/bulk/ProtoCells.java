package io.greptime.jdbc.internal.bulk;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnDataTypeExtension;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.Decimal128;
import io.greptime.jdbc.proto.v1.DecimalTypeExtension;
import io.greptime.jdbc.proto.v1.JsonTypeExtension;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.proto.v1.VectorTypeExtension;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns one Arrow column into protobuf {@code Value}s of the matching {@code ColumnDataType}
 * (protocol.md §2.3), so rows written through the Arrow column writers (with all their conversions and
 * range checks) can also travel as row inserts or row deletes. Types row requests cannot carry here
 * (intervals, nested types) answer null.
 *
 * <p>JSON columns ({@code greptime:type=Json}) travel as GreptimeDB's own clients send them: datatype
 * {@code JSON} with the {@code json_type = JSON_BINARY} extension (without it a v1.x server would take
 * the column for its newer JSON2 type) and each value as {@code string_value} holding the JSON text,
 * which the frontend parses into JSONB (greptimedb {@code operator/src/req_convert/common.rs}
 * {@code preprocess_row_insert_requests}; a {@code binary_value} there is refused). VECTOR(n) columns
 * travel as GreptimeDB's clients send them too: datatype {@code VECTOR} with the {@code vector_type}
 * extension and each value as {@code binary_value} holding n float32 values, little-endian (protocol.md
 * §2.3), which is what the column's Binary vector already holds.
 */
abstract class ProtoCells {
    final ColumnDataType type;
    /** The datatype extension the column's schema entry carries (decimal, JSON, vector), or null. */
    private final ColumnDataTypeExtension extension;

    private ProtoCells(ColumnDataType type) {
        this(type, null);
    }

    private ProtoCells(ColumnDataType type, ColumnDataTypeExtension extension) {
        this.type = type;
        this.extension = extension;
    }

    /** The value at {@code row}; the vector is of the type this encoder was made for. */
    abstract Value encode(FieldVector vector, int row);

    /** The cell's value, or the unset Value (NULL) when the cell is null. */
    final Value value(FieldVector vector, int row) {
        return vector.isNull(row) ? Value.getDefaultInstance() : encode(vector, row);
    }

    /** The column's schema entry for a row request. */
    final ColumnSchema schema(String name, SemanticType semantic) {
        ColumnSchema.Builder b =
                ColumnSchema.newBuilder().setColumnName(name).setDatatype(type).setSemanticType(semantic);
        if (extension != null) {
            b.setDatatypeExtension(extension);
        }
        return b.build();
    }

    /** The encoder for a field, or null when row requests cannot carry its type. */
    static ProtoCells forField(Field field) {
        OptionalInt dimension = GreptimeFieldMetadata.vectorDimension(field);
        if (dimension.isPresent()) {
            return field.getType() instanceof ArrowType.Binary ? vector(dimension.getAsInt()) : null;
        }
        if (GreptimeFieldMetadata.isJson(field)) {
            return field.getType().accept(new JsonChooser());
        }
        return field.getType().accept(new Chooser());
    }

    private static ProtoCells vector(int dimension) {
        ColumnDataTypeExtension extension = ColumnDataTypeExtension.newBuilder()
                .setVectorType(VectorTypeExtension.newBuilder().setDim(dimension))
                .build();
        return new ProtoCells(ColumnDataType.VECTOR, extension) {
            @Override
            Value encode(FieldVector v, int r) {
                return Value.newBuilder()
                        .setBinaryValue(ByteString.copyFrom(((BaseVariableWidthVector) v).get(r)))
                        .build();
            }
        };
    }

    private static final ColumnDataTypeExtension JSON_BINARY = ColumnDataTypeExtension.newBuilder()
            .setJsonType(JsonTypeExtension.JSON_BINARY)
            .build();

    /**
     * A JSON column's cells: the vector holds either JSON text (UTF-8) or GreptimeDB's JSONB, which is what
     * the table's own Binary column holds; JSONB is turned back into text, the only form a row insert
     * takes. The two cannot be confused: JSONB starts with a container header whose first byte is 0x80
     * (array), 0x40 (object) or 0x20 followed by zero bytes (scalar), and JSON text never starts with 0x80
     * or 0x40, nor with a space followed by a NUL (a control character is not JSON).
     */
    private static ProtoCells json() {
        return new ProtoCells(ColumnDataType.JSON, JSON_BINARY) {
            @Override
            Value encode(FieldVector v, int r) {
                return Value.newBuilder()
                        .setStringValue(jsonText(((BaseVariableWidthVector) v).get(r)))
                        .build();
            }
        };
    }

    static String jsonText(byte[] cell) {
        boolean jsonb = cell.length >= 4
                && (cell[0] == (byte) 0x80
                        || cell[0] == 0x40
                        || (cell[0] == 0x20 && cell[1] == 0 && cell[2] == 0 && cell[3] == 0));
        return jsonb ? Jsonb.decode(cell) : new String(cell, StandardCharsets.UTF_8);
    }

    /** JSON lives in variable-width text or binary vectors; any other type is not a JSON column here. */
    private static final class JsonChooser extends UnsupportedTypes<ProtoCells> {
        @Override
        public ProtoCells visit(ArrowType.Utf8 t) {
            return json();
        }

        @Override
        public ProtoCells visit(ArrowType.LargeUtf8 t) {
            return json();
        }

        @Override
        public ProtoCells visit(ArrowType.Binary t) {
            return json();
        }

        @Override
        public ProtoCells visit(ArrowType.LargeBinary t) {
            return json();
        }
    }

    private static ProtoCells of(ColumnDataType type, Encoder encoder) {
        return new ProtoCells(type) {
            @Override
            Value encode(FieldVector vector, int row) {
                return encoder.encode(vector, row);
            }
        };
    }

    private interface Encoder {
        Value encode(FieldVector vector, int row);
    }

    private static long integer(FieldVector v, int row) {
        return ((BaseIntVector) v).getValueAsLong(row);
    }

    /** Picks the encoder by Arrow type. */
    private static final class Chooser extends UnsupportedTypes<ProtoCells> {
        @Override
        public ProtoCells visit(ArrowType.Int t) {
            int bits = t.getBitWidth();
            if (t.getIsSigned()) {
                switch (bits) {
                    case 8:
                        return of(
                                ColumnDataType.INT8,
                                (v, r) -> Value.newBuilder()
                                        .setI8Value((int) integer(v, r))
                                        .build());
                    case 16:
                        return of(
                                ColumnDataType.INT16,
                                (v, r) -> Value.newBuilder()
                                        .setI16Value((int) integer(v, r))
                                        .build());
                    case 32:
                        return of(
                                ColumnDataType.INT32,
                                (v, r) -> Value.newBuilder()
                                        .setI32Value((int) integer(v, r))
                                        .build());
                    default:
                        return of(
                                ColumnDataType.INT64,
                                (v, r) -> Value.newBuilder()
                                        .setI64Value(integer(v, r))
                                        .build());
                }
            }
            switch (bits) {
                case 8:
                    return of(
                            ColumnDataType.UINT8,
                            (v, r) -> Value.newBuilder()
                                    .setU8Value((int) integer(v, r) & 0xFF)
                                    .build());
                case 16:
                    return of(
                            ColumnDataType.UINT16,
                            (v, r) -> Value.newBuilder()
                                    .setU16Value((int) integer(v, r) & 0xFFFF)
                                    .build());
                case 32:
                    return of(
                            ColumnDataType.UINT32,
                            (v, r) -> Value.newBuilder()
                                    .setU32Value((int) integer(v, r))
                                    .build());
                default:
                    return of(
                            ColumnDataType.UINT64,
                            (v, r) -> Value.newBuilder()
                                    .setU64Value(integer(v, r))
                                    .build());
            }
        }

        @Override
        public ProtoCells visit(ArrowType.FloatingPoint t) {
            if (t.getPrecision() == FloatingPointPrecision.SINGLE) {
                return of(
                        ColumnDataType.FLOAT32,
                        (v, r) -> Value.newBuilder()
                                .setF32Value(((Float4Vector) v).get(r))
                                .build());
            }
            if (t.getPrecision() == FloatingPointPrecision.DOUBLE) {
                return of(
                        ColumnDataType.FLOAT64,
                        (v, r) -> Value.newBuilder()
                                .setF64Value(((Float8Vector) v).get(r))
                                .build());
            }
            return null;
        }

        @Override
        public ProtoCells visit(ArrowType.Bool t) {
            return of(
                    ColumnDataType.BOOLEAN,
                    (v, r) -> Value.newBuilder()
                            .setBoolValue(((BitVector) v).get(r) != 0)
                            .build());
        }

        @Override
        public ProtoCells visit(ArrowType.Utf8 t) {
            return text();
        }

        @Override
        public ProtoCells visit(ArrowType.LargeUtf8 t) {
            return text();
        }

        private static ProtoCells text() {
            return of(
                    ColumnDataType.STRING,
                    (v, r) -> Value.newBuilder()
                            .setStringValue(new String(((BaseVariableWidthVector) v).get(r), StandardCharsets.UTF_8))
                            .build());
        }

        @Override
        public ProtoCells visit(ArrowType.Binary t) {
            return of(
                    ColumnDataType.BINARY,
                    (v, r) -> Value.newBuilder()
                            .setBinaryValue(ByteString.copyFrom(((BaseVariableWidthVector) v).get(r)))
                            .build());
        }

        @Override
        public ProtoCells visit(ArrowType.Date t) {
            if (t.getUnit() != DateUnit.DAY) {
                return null;
            }
            return of(
                    ColumnDataType.DATE,
                    (v, r) -> Value.newBuilder()
                            .setDateValue(((DateDayVector) v).get(r))
                            .build());
        }

        @Override
        public ProtoCells visit(ArrowType.Timestamp t) {
            switch (t.getUnit()) {
                case SECOND:
                    return of(
                            ColumnDataType.TIMESTAMP_SECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimestampSecondValue(((TimeStampVector) v).get(r))
                                    .build());
                case MILLISECOND:
                    return of(
                            ColumnDataType.TIMESTAMP_MILLISECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimestampMillisecondValue(((TimeStampVector) v).get(r))
                                    .build());
                case MICROSECOND:
                    return of(
                            ColumnDataType.TIMESTAMP_MICROSECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimestampMicrosecondValue(((TimeStampVector) v).get(r))
                                    .build());
                default:
                    return of(
                            ColumnDataType.TIMESTAMP_NANOSECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimestampNanosecondValue(((TimeStampVector) v).get(r))
                                    .build());
            }
        }

        @Override
        public ProtoCells visit(ArrowType.Time t) {
            switch (t.getUnit()) {
                case SECOND:
                    return of(
                            ColumnDataType.TIME_SECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimeSecondValue(((TimeSecVector) v).get(r))
                                    .build());
                case MILLISECOND:
                    return of(
                            ColumnDataType.TIME_MILLISECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimeMillisecondValue(((TimeMilliVector) v).get(r))
                                    .build());
                case MICROSECOND:
                    return of(
                            ColumnDataType.TIME_MICROSECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimeMicrosecondValue(((TimeMicroVector) v).get(r))
                                    .build());
                default:
                    return of(
                            ColumnDataType.TIME_NANOSECOND,
                            (v, r) -> Value.newBuilder()
                                    .setTimeNanosecondValue(((TimeNanoVector) v).get(r))
                                    .build());
            }
        }

        @Override
        public ProtoCells visit(ArrowType.Decimal t) {
            if (t.getBitWidth() != 128) {
                return null;
            }
            ColumnDataTypeExtension ext = ColumnDataTypeExtension.newBuilder()
                    .setDecimalType(DecimalTypeExtension.newBuilder()
                            .setPrecision(t.getPrecision())
                            .setScale(t.getScale()))
                    .build();
            return new ProtoCells(ColumnDataType.DECIMAL128, ext) {
                @Override
                Value encode(FieldVector v, int r) {
                    BigInteger unscaled = ((DecimalVector) v).getObject(r).unscaledValue();
                    return Value.newBuilder()
                            .setDecimal128Value(Decimal128.newBuilder()
                                    .setHi(unscaled.shiftRight(64).longValue())
                                    .setLo(unscaled.longValue()))
                            .build();
                }
            };
        }
    }
}
