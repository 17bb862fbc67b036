package io.greptime.jdbc.internal.typed;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.write.StrictUtf8;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnDataTypeExtension;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.Decimal128;
import io.greptime.jdbc.proto.v1.DecimalTypeExtension;
import io.greptime.jdbc.proto.v1.JsonTypeExtension;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.SQLDataException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoField;
import java.util.concurrent.TimeUnit;

/**
 * Record components as protobuf {@code RowInsertRequests} columns and values (protocol.md §2.3): JSON as
 * {@code string_value} with the {@code JSON_BINARY} extension and decimals with their precision and scale,
 * as the official clients send them.
 */
final class ProtoValues {
    private ProtoValues() {}

    static ColumnSchema schema(ColumnMapping c) {
        ColumnSchema.Builder b = ColumnSchema.newBuilder()
                .setColumnName(c.column())
                .setDatatype(dataType(c))
                .setSemanticType(
                        c.role() == ColumnMapping.Role.TAG
                                ? SemanticType.TAG
                                : c.role() == ColumnMapping.Role.TIME_INDEX
                                        ? SemanticType.TIMESTAMP
                                        : SemanticType.FIELD);
        if (c.kind() == ValueKind.DECIMAL) {
            b.setDatatypeExtension(ColumnDataTypeExtension.newBuilder()
                    .setDecimalType(DecimalTypeExtension.newBuilder()
                            .setPrecision(c.precision())
                            .setScale(c.scale())));
        } else if (c.kind() == ValueKind.JSON) {
            b.setDatatypeExtension(ColumnDataTypeExtension.newBuilder().setJsonType(JsonTypeExtension.JSON_BINARY));
        }
        return b.build();
    }

    private static ColumnDataType dataType(ColumnMapping c) {
        switch (c.kind()) {
            case BOOLEAN:
                return ColumnDataType.BOOLEAN;
            case INT8:
                return ColumnDataType.INT8;
            case INT16:
                return ColumnDataType.INT16;
            case INT32:
                return ColumnDataType.INT32;
            case INT64:
                return ColumnDataType.INT64;
            case FLOAT32:
                return ColumnDataType.FLOAT32;
            case FLOAT64:
                return ColumnDataType.FLOAT64;
            case STRING:
                return ColumnDataType.STRING;
            case JSON:
                return ColumnDataType.JSON;
            case BINARY:
                return ColumnDataType.BINARY;
            case DECIMAL:
                return ColumnDataType.DECIMAL128;
            case DATE:
                return ColumnDataType.DATE;
            case TIME:
                return c.unit() == TimeUnit.SECONDS
                        ? ColumnDataType.TIME_SECOND
                        : c.unit() == TimeUnit.MILLISECONDS
                                ? ColumnDataType.TIME_MILLISECOND
                                : c.unit() == TimeUnit.MICROSECONDS
                                        ? ColumnDataType.TIME_MICROSECOND
                                        : ColumnDataType.TIME_NANOSECOND;
            default:
                return c.unit() == TimeUnit.SECONDS
                        ? ColumnDataType.TIMESTAMP_SECOND
                        : c.unit() == TimeUnit.MILLISECONDS
                                ? ColumnDataType.TIMESTAMP_MILLISECOND
                                : c.unit() == TimeUnit.MICROSECONDS
                                        ? ColumnDataType.TIMESTAMP_MICROSECOND
                                        : ColumnDataType.TIMESTAMP_NANOSECOND;
        }
    }

    /** The component value {@code v} (boxed, non-null) as a protobuf value of the column's type. */
    static Value value(ColumnMapping c, Object v, ZoneId zone) throws SQLDataException {
        Value.Builder b = Value.newBuilder();
        switch (c.kind()) {
            case BOOLEAN:
                return b.setBoolValue((Boolean) v).build();
            case INT8:
                return b.setI8Value(((Number) v).intValue()).build();
            case INT16:
                return b.setI16Value(((Number) v).intValue()).build();
            case INT32:
                return b.setI32Value(((Number) v).intValue()).build();
            case INT64:
                return b.setI64Value(((Number) v).longValue()).build();
            case FLOAT32:
                return b.setF32Value(((Number) v).floatValue()).build();
            case FLOAT64:
                return b.setF64Value(((Number) v).doubleValue()).build();
            case STRING:
            case JSON:
                return b.setStringValue(StrictUtf8.forColumn((String) v, c.column()))
                        .build();
            case BINARY:
                return b.setBinaryValue(ByteString.copyFrom((byte[]) v)).build();
            case DECIMAL:
                return b.setDecimal128Value(decimal(c, (BigDecimal) v)).build();
            case DATE:
                return b.setDateValue(Math.toIntExact(((LocalDate) v).toEpochDay()))
                        .build();
            case TIME:
                long nanos = ((LocalTime) v).getLong(ChronoField.NANO_OF_DAY);
                return time(b, c.unit(), c.unit().convert(nanos, TimeUnit.NANOSECONDS))
                        .build();
            default:
                return timestamp(b, c, instant(c.kind(), v, zone)).build();
        }
    }

    private static Instant instant(ValueKind kind, Object v, ZoneId zone) {
        if (kind == ValueKind.LOCAL_DATE_TIME) {
            return ((LocalDateTime) v).atZone(zone).toInstant();
        }
        return kind == ValueKind.OFFSET_DATE_TIME ? ((OffsetDateTime) v).toInstant() : (Instant) v;
    }

    private static Value.Builder time(Value.Builder b, TimeUnit unit, long count) {
        switch (unit) {
            case SECONDS:
                return b.setTimeSecondValue(count);
            case MILLISECONDS:
                return b.setTimeMillisecondValue(count);
            case MICROSECONDS:
                return b.setTimeMicrosecondValue(count);
            default:
                return b.setTimeNanosecondValue(count);
        }
    }

    private static Value.Builder timestamp(Value.Builder b, ColumnMapping c, Instant at) throws SQLDataException {
        try {
            switch (c.unit()) {
                case SECONDS:
                    return b.setTimestampSecondValue(at.getEpochSecond());
                case MILLISECONDS:
                    return b.setTimestampMillisecondValue(
                            Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1000L), at.getNano() / 1_000_000));
                case MICROSECONDS:
                    return b.setTimestampMicrosecondValue(
                            Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1000));
                default:
                    return b.setTimestampNanosecondValue(
                            Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano()));
            }
        } catch (ArithmeticException e) {
            throw new SQLDataException(at + " is out of range for column '" + c.column() + "'", "22003");
        }
    }

    /** Rounded half-up to the column's scale; 22003 beyond its precision. */
    private static Decimal128 decimal(ColumnMapping c, BigDecimal v) throws SQLDataException {
        BigDecimal scaled = v.setScale(c.scale(), RoundingMode.HALF_UP);
        if (scaled.precision() > c.precision()) {
            throw new SQLDataException(
                    "value " + v.toPlainString() + " is out of range for column '" + c.column() + "' of type Decimal("
                            + c.precision() + ", " + c.scale() + ")",
                    "22003");
        }
        BigInteger unscaled = scaled.unscaledValue();
        return Decimal128.newBuilder()
                .setHi(unscaled.shiftRight(64).longValue())
                .setLo(unscaled.longValue())
                .build();
    }
}
