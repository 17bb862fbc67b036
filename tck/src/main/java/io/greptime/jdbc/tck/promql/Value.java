package io.greptime.jdbc.tck.promql;

import java.util.List;
import java.util.SortedMap;

/** What a PromQL expression evaluates to over all steps of a range query. */
sealed interface Value permits Value.Scalar, Value.Vector, Value.Matrix, Value.Str {

    /**
     * A scalar per step; {@code name} is the expression name GreptimeDB gives a computed scalar
     * ({@code time / Float64(1000)}, {@code pi()}), null for literal arithmetic (shown as {@code value}).
     */
    record Scalar(double[] values, String name, org.apache.arrow.vector.types.pojo.Field timeField) implements Value {
        Scalar(double[] values) {
            this(values, null, null);
        }

        Scalar(double[] values, String name) {
            this(values, name, null);
        }
    }

    /** An instant vector per step, with how GreptimeDB would name its columns. */
    record Vector(List<Series> series, Shape shape) implements Value {}

    /** A range vector: raw samples, and the window each step looks at ({@code atMs}: its {@code @} time or null). */
    record Matrix(List<RangeSeries> series, long rangeMs, long offsetMs, Shape shape, Long atMs) implements Value {}

    /** A string literal. */
    record Str(String value) implements Value {}

    /** Raw samples of one series of a range vector. */
    record RangeSeries(SortedMap<String, String> labels, long[] times, double[] values) {}

    /** How the columns of a TQL result are laid out. */
    enum Layout {
        /** A bare selector: the table's own column order. */
        TABLE,
        /** Value, labels, time (a selector naming its field, or an aliased result). */
        VALUE_FIRST,
        /** Time, value, labels (functions, operators). */
        TIME_FIRST,
        /** Labels, time, value (aggregations). */
        LABELS_FIRST,
        /** No table matched: GreptimeDB answers an empty (time, value) result. */
        EMPTY
    }

    /**
     * The column naming of a result: the time index (name and Arrow field), the value column name, label
     * columns in order, and for {@link Layout#TABLE} the table's column order.
     */
    record Shape(
            Layout layout,
            org.apache.arrow.vector.types.pojo.Field timeField,
            String tableName,
            String valueName,
            List<String> labelColumns,
            List<String> tableOrder,
            boolean integerValue) {
        String timeFieldName() {
            return timeField.getName();
        }

        Shape with(Layout l, String value, List<String> labels, boolean integer) {
            return new Shape(l, timeField, tableName, value, labels, tableOrder, integer);
        }
    }
}
