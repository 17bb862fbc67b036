package io.greptime.jdbc.tck.engine.duckdb.storage;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.Column;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;

/**
 * The legacy columnar write format (protocol.md §2.2) turned into row form, as GreptimeDB's frontend does:
 * only non-null values are listed, {@code null_mask} bit i (LSB first) marks row i NULL.
 */
public final class ColumnarRows {
    private ColumnarRows() {}

    public static Rows toRows(List<Column> columns, int rowCount) {
        List<List<Value>> perColumn = new ArrayList<>();
        Rows.Builder rows = Rows.newBuilder();
        for (Column c : columns) {
            ColumnSchema.Builder cs = ColumnSchema.newBuilder()
                    .setColumnName(c.getColumnName())
                    .setDatatype(c.getDatatype())
                    .setSemanticType(c.getSemanticType());
            if (c.hasDatatypeExtension()) {
                cs.setDatatypeExtension(c.getDatatypeExtension());
            }
            rows.addSchema(cs);
            perColumn.add(values(c, rowCount));
        }
        for (int r = 0; r < rowCount; r++) {
            Row.Builder row = Row.newBuilder();
            for (List<Value> col : perColumn) {
                row.addValues(col.get(r));
            }
            rows.addRows(row);
        }
        return rows.build();
    }

    private static List<Value> values(Column c, int rowCount) {
        byte[] mask = c.getNullMask().toByteArray();
        List<Value> out = new ArrayList<>(rowCount);
        int next = 0;
        for (int r = 0; r < rowCount; r++) {
            boolean isNull = r / 8 < mask.length && (mask[r / 8] & (1 << (r % 8))) != 0;
            if (isNull) {
                out.add(Value.getDefaultInstance());
            } else {
                out.add(value(c, next++));
            }
        }
        return out;
    }

    private static Value value(Column c, int i) {
        Column.Values v = c.getValues();
        Value.Builder b = Value.newBuilder();
        try {
            switch (c.getDatatype()) {
                case BOOLEAN -> b.setBoolValue(v.getBoolValues(i));
                case INT8 -> b.setI8Value(v.getI8Values(i));
                case INT16 -> b.setI16Value(v.getI16Values(i));
                case INT32 -> b.setI32Value(v.getI32Values(i));
                case INT64 -> b.setI64Value(v.getI64Values(i));
                case UINT8 -> b.setU8Value(v.getU8Values(i));
                case UINT16 -> b.setU16Value(v.getU16Values(i));
                case UINT32 -> b.setU32Value(v.getU32Values(i));
                case UINT64 -> b.setU64Value(v.getU64Values(i));
                case FLOAT32 -> b.setF32Value(v.getF32Values(i));
                case FLOAT64 -> b.setF64Value(v.getF64Values(i));
                case BINARY, VECTOR -> b.setBinaryValue(v.getBinaryValues(i));
                case STRING, JSON -> b.setStringValue(v.getStringValues(i));
                case DATE -> b.setDateValue(v.getDateValues(i));
                case DATETIME -> b.setDatetimeValue(v.getDatetimeValues(i));
                case TIMESTAMP_SECOND -> b.setTimestampSecondValue(v.getTimestampSecondValues(i));
                case TIMESTAMP_MILLISECOND -> b.setTimestampMillisecondValue(v.getTimestampMillisecondValues(i));
                case TIMESTAMP_MICROSECOND -> b.setTimestampMicrosecondValue(v.getTimestampMicrosecondValues(i));
                case TIMESTAMP_NANOSECOND -> b.setTimestampNanosecondValue(v.getTimestampNanosecondValues(i));
                case TIME_SECOND -> b.setTimeSecondValue(v.getTimeSecondValues(i));
                case TIME_MILLISECOND -> b.setTimeMillisecondValue(v.getTimeMillisecondValues(i));
                case TIME_MICROSECOND -> b.setTimeMicrosecondValue(v.getTimeMicrosecondValues(i));
                case TIME_NANOSECOND -> b.setTimeNanosecondValue(v.getTimeNanosecondValues(i));
                case INTERVAL_YEAR_MONTH -> b.setIntervalYearMonthValue(v.getIntervalYearMonthValues(i));
                case INTERVAL_DAY_TIME -> b.setIntervalDayTimeValue(v.getIntervalDayTimeValues(i));
                case INTERVAL_MONTH_DAY_NANO -> b.setIntervalMonthDayNanoValue(v.getIntervalMonthDayNanoValues(i));
                case DECIMAL128 -> b.setDecimal128Value(v.getDecimal128Values(i));
                default ->
                    throw new GreptimeError(
                            StatusCode.UNSUPPORTED, "Not supported: columnar values of type " + c.getDatatype());
            }
        } catch (IndexOutOfBoundsException e) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request: column " + c.getColumnName()
                            + " has fewer values than its row count and null mask say",
                    e);
        }
        return b.build();
    }
}
