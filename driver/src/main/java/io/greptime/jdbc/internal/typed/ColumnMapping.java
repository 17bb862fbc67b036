package io.greptime.jdbc.internal.typed;

import java.lang.invoke.MethodHandle;
import java.util.concurrent.TimeUnit;

/**
 * One record component as one column.
 *
 * @param component the component's name
 * @param column the column name
 * @param role tag, field or time index
 * @param kind what Java type the component has
 * @param primitive whether the component is a primitive (so never null, and NULL cannot be read into it)
 * @param unit for timestamps and times: the column's unit; otherwise null
 * @param precision for decimals: the precision; otherwise 0
 * @param scale for decimals: the scale; otherwise 0
 * @param getter the accessor, typed {@code (Object)long} for integral primitives, {@code (Object)double}
 *     for floating-point ones, {@code (Object)boolean} for booleans and {@code (Object)Object} otherwise
 */
record ColumnMapping(
        String component,
        String column,
        Role role,
        ValueKind kind,
        boolean primitive,
        TimeUnit unit,
        int precision,
        int scale,
        MethodHandle getter) {

    enum Role {
        TAG,
        FIELD,
        TIME_INDEX
    }

    /** The column's SQL type, as a table created from the mapping declares it. */
    String sqlType() {
        switch (kind) {
            case DECIMAL:
                return "DECIMAL(" + precision + ", " + scale + ")";
            case INSTANT:
            case LOCAL_DATE_TIME:
            case OFFSET_DATE_TIME:
            case TIME:
                return kind.sqlType + "(" + digits(unit) + ")";
            default:
                return kind.sqlType;
        }
    }

    /** Fraction digits of a unit (0, 3, 6, 9); -1 for a unit a column cannot have. */
    static int digits(TimeUnit unit) {
        switch (unit) {
            case SECONDS:
                return 0;
            case MILLISECONDS:
                return 3;
            case MICROSECONDS:
                return 6;
            case NANOSECONDS:
                return 9;
            default:
                return -1;
        }
    }
}
