package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.arrow.write.ColumnWriter;
import java.lang.invoke.MethodHandle;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;

/**
 * One cell writer per component, chosen once when a writer opens: reads the component through its method
 * handle (primitives stay unboxed) and hands the value to the column's {@link ColumnWriter}, which
 * converts and range-checks it for the table's Arrow type.
 */
final class ArrowCells {
    private ArrowCells() {}

    /** Writes one record's component into row {@code row} of its column. */
    @FunctionalInterface
    interface Cell {
        void write(Object record, ColumnWriter w, int row) throws Throwable;
    }

    static Cell forColumn(ColumnMapping c, ZoneId zone) {
        MethodHandle h = c.getter();
        if (c.primitive()) {
            return primitive(c.kind(), h);
        }
        switch (c.kind()) {
            case BOOLEAN:
                return (r, w, row) -> {
                    Object v = (Object) h.invokeExact(r);
                    if (v == null) {
                        w.setNull(row);
                    } else {
                        w.setBoolean(row, (Boolean) v);
                    }
                };
            case INT8:
            case INT16:
            case INT32:
            case INT64:
                return (r, w, row) -> {
                    Object v = (Object) h.invokeExact(r);
                    if (v == null) {
                        w.setNull(row);
                    } else {
                        w.setLong(row, ((Number) v).longValue());
                    }
                };
            case FLOAT32:
            case FLOAT64:
                return (r, w, row) -> {
                    Object v = (Object) h.invokeExact(r);
                    if (v == null) {
                        w.setNull(row);
                    } else {
                        w.setDouble(row, ((Number) v).doubleValue());
                    }
                };
            default:
                return object(c.kind(), h, zone);
        }
    }

    private static Cell primitive(ValueKind kind, MethodHandle h) {
        switch (kind) {
            case BOOLEAN:
                return (r, w, row) -> w.setBoolean(row, (boolean) h.invokeExact(r));
            case FLOAT32:
            case FLOAT64:
                return (r, w, row) -> w.setDouble(row, (double) h.invokeExact(r));
            default:
                return (r, w, row) -> w.setLong(row, (long) h.invokeExact(r));
        }
    }

    private static Cell object(ValueKind kind, MethodHandle h, ZoneId zone) {
        return (r, w, row) -> {
            Object v = (Object) h.invokeExact(r);
            if (v == null) {
                w.setNull(row);
                return;
            }
            switch (kind) {
                case STRING:
                case JSON:
                    w.setString(row, (String) v);
                    break;
                case BINARY:
                    w.setBytes(row, (byte[]) v);
                    break;
                case DECIMAL:
                    w.setDecimal(row, (BigDecimal) v);
                    break;
                case INSTANT:
                    instant(w, row, (Instant) v);
                    break;
                case LOCAL_DATE_TIME:
                    instant(w, row, ((LocalDateTime) v).atZone(zone).toInstant());
                    break;
                case OFFSET_DATE_TIME:
                    instant(w, row, ((OffsetDateTime) v).toInstant());
                    break;
                case DATE:
                    w.setDate(row, (LocalDate) v);
                    break;
                default:
                    w.setTime(row, (LocalTime) v);
            }
        };
    }

    private static void instant(ColumnWriter w, int row, Instant at) throws java.sql.SQLException {
        w.setInstant(row, at.getEpochSecond(), at.getNano());
    }
}
