package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnDataTypeExtension;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.vector.types.TimeUnit;

/** Protobuf column types and values (protocol.md §2.3-2.4) mapped to GreptimeDB types and Java values. */
public final class ProtoTypes {
    private ProtoTypes() {}

    public static GreptimeType type(ColumnDataType dt, ColumnDataTypeExtension ext) {
        return switch (dt) {
            case BOOLEAN -> GreptimeType.BOOLEAN;
            case INT8 -> GreptimeType.INT8;
            case INT16 -> GreptimeType.INT16;
            case INT32 -> GreptimeType.INT32;
            case INT64 -> GreptimeType.INT64;
            case UINT8 -> GreptimeType.UINT8;
            case UINT16 -> GreptimeType.UINT16;
            case UINT32 -> GreptimeType.UINT32;
            case UINT64 -> GreptimeType.UINT64;
            case FLOAT32 -> GreptimeType.FLOAT32;
            case FLOAT64 -> GreptimeType.FLOAT64;
            case BINARY -> GreptimeType.BINARY;
            case STRING -> GreptimeType.STRING;
            case DATE -> GreptimeType.DATE;
            case DATETIME, TIMESTAMP_MICROSECOND -> GreptimeType.TS_MICRO;
            case TIMESTAMP_SECOND -> GreptimeType.TS_SECOND;
            case TIMESTAMP_MILLISECOND -> GreptimeType.TS_MILLI;
            case TIMESTAMP_NANOSECOND -> GreptimeType.TS_NANO;
            case TIME_SECOND -> GreptimeType.time(TimeUnit.SECOND);
            case TIME_MILLISECOND -> GreptimeType.time(TimeUnit.MILLISECOND);
            case TIME_MICROSECOND -> GreptimeType.time(TimeUnit.MICROSECOND);
            case TIME_NANOSECOND -> GreptimeType.time(TimeUnit.NANOSECOND);
            case INTERVAL_MONTH_DAY_NANO, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> GreptimeType.INTERVAL;
            case DECIMAL128 ->
                ext != null && ext.hasDecimalType()
                        ? GreptimeType.decimal(
                                ext.getDecimalType().getPrecision(),
                                ext.getDecimalType().getScale())
                        : GreptimeType.decimal(38, 10);
            case JSON -> GreptimeType.JSON;
            case VECTOR ->
                GreptimeType.vector(ext == null ? 0 : ext.getVectorType().getDim());
            default -> throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: column data type " + dt);
        };
    }

    public static String semantic(SemanticType s) {
        return switch (s) {
            case TAG -> ColumnMeta.TAG;
            case TIMESTAMP -> ColumnMeta.TIMESTAMP;
            default -> ColumnMeta.FIELD;
        };
    }

    /** A protobuf Value as a Java value that {@link Values#coerce} understands; null when unset. */
    public static Object value(Value v) {
        return switch (v.getValueDataCase()) {
            case I8_VALUE -> (long) v.getI8Value();
            case I16_VALUE -> (long) v.getI16Value();
            case I32_VALUE -> (long) v.getI32Value();
            case I64_VALUE -> v.getI64Value();
            case U8_VALUE -> Integer.toUnsignedLong(v.getU8Value());
            case U16_VALUE -> Integer.toUnsignedLong(v.getU16Value());
            case U32_VALUE -> Integer.toUnsignedLong(v.getU32Value());
            case U64_VALUE -> v.getU64Value();
            case F32_VALUE -> (double) v.getF32Value();
            case F64_VALUE -> v.getF64Value();
            case BOOL_VALUE -> v.getBoolValue();
            case BINARY_VALUE -> v.getBinaryValue().toByteArray();
            case STRING_VALUE -> v.getStringValue();
            case DATE_VALUE -> (long) v.getDateValue();
            // Timestamps become instants so a value in one unit lands correctly in a column of another.
            case DATETIME_VALUE -> micros(v.getDatetimeValue());
            case TIMESTAMP_SECOND_VALUE -> java.time.Instant.ofEpochSecond(v.getTimestampSecondValue());
            case TIMESTAMP_MILLISECOND_VALUE -> java.time.Instant.ofEpochMilli(v.getTimestampMillisecondValue());
            case TIMESTAMP_MICROSECOND_VALUE -> micros(v.getTimestampMicrosecondValue());
            case TIMESTAMP_NANOSECOND_VALUE ->
                java.time.Instant.ofEpochSecond(
                        Math.floorDiv(v.getTimestampNanosecondValue(), 1_000_000_000L),
                        Math.floorMod(v.getTimestampNanosecondValue(), 1_000_000_000L));
            case TIME_SECOND_VALUE -> v.getTimeSecondValue();
            case TIME_MILLISECOND_VALUE -> v.getTimeMillisecondValue();
            case TIME_MICROSECOND_VALUE -> v.getTimeMicrosecondValue();
            case TIME_NANOSECOND_VALUE -> v.getTimeNanosecondValue();
            case INTERVAL_YEAR_MONTH_VALUE -> new long[] {v.getIntervalYearMonthValue(), 0, 0};
            case INTERVAL_DAY_TIME_VALUE ->
                new long[] {
                    0, v.getIntervalDayTimeValue() >> 32, (v.getIntervalDayTimeValue() & 0xffffffffL) * 1_000_000L
                };
            case INTERVAL_MONTH_DAY_NANO_VALUE ->
                new long[] {
                    v.getIntervalMonthDayNanoValue().getMonths(),
                    v.getIntervalMonthDayNanoValue().getDays(),
                    v.getIntervalMonthDayNanoValue().getNanoseconds()
                };
            case DECIMAL128_VALUE -> decimal(v);
            case VALUEDATA_NOT_SET -> null;
            default ->
                throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: value kind " + v.getValueDataCase());
        };
    }

    private static java.time.Instant micros(long us) {
        return java.time.Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000);
    }

    private static Object decimal(Value v) {
        BigInteger hi = BigInteger.valueOf(v.getDecimal128Value().getHi()).shiftLeft(64);
        BigInteger lo =
                new BigInteger(Long.toUnsignedString(v.getDecimal128Value().getLo()));
        return new UnscaledDecimal(hi.add(lo));
    }

    /** A decimal whose scale comes from the column. */
    public record UnscaledDecimal(BigInteger unscaled) {
        public BigDecimal withScale(int scale) {
            return new BigDecimal(unscaled, scale);
        }
    }
}
