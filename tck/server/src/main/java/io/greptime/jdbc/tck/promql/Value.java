package io.greptime.jdbc.tck.promql;

import java.util.List;
import java.util.SortedMap;

/** What a PromQL expression evaluates to over all steps of a range query. */
sealed interface Value permits Value.Scalar, Value.Vector, Value.Matrix, Value.Str {

    /**
     * A scalar per step; {@code name} is the expression name GreptimeDB gives a computed scalar
     * ({@code time / Float64(1000)}, {@code pi()}), null for literal arithmetic (shown as {@code value});
     * {@code table} is the table a {@code scalar(...)} plan reads (its join qualifier), else null.
     */
    record Scalar(double[] values, String name, org.apache.arrow.vector.types.pojo.Field timeField, String table)
            implements Value {
        Scalar(double[] values) {
            this(values, null, null, null);
        }

        Scalar(double[] values, String name) {
            this(values, name, null, null);
        }

        Scalar(double[] values, String name, org.apache.arrow.vector.types.pojo.Field timeField) {
            this(values, name, timeField, null);
        }
    }

    /** An instant vector per step, with how GreptimeDB would name its columns. */
    record Vector(List<Series> series, Shape shape) implements Value {}

    /** A range vector: raw samples, and the window each step looks at ({@code atMs}: its {@code @} time or null). */
    record Matrix(List<RangeSeries> series, long rangeMs, long offsetMs, Shape shape, Long atMs) implements Value {}

    /** A string literal. */
    record Str(String value) implements Value {}

    /**
     * Raw samples of one series of a range vector; {@code nulls} marks samples whose field is NULL (their
     * value reads 0.0, as the Arrow buffer under a NULL does in GreptimeDB's range functions), or is null
     * when no sample is.
     */
    record RangeSeries(SortedMap<String, String> labels, long[] times, double[] values, boolean[] nulls) {
        RangeSeries(SortedMap<String, String> labels, long[] times, double[] values) {
            this(labels, times, values, null);
        }

        boolean isNull(int i) {
            return nulls != null && nulls[i];
        }
    }

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
     * columns in order, for {@link Layout#TABLE} the table's column order, whether the value keeps an
     * integer field's type, and a row order other than labels-then-time (null for that default).
     */
    record Shape(
            Layout layout,
            org.apache.arrow.vector.types.pojo.Field timeField,
            String tableName,
            String valueName,
            List<String> labelColumns,
            List<String> tableOrder,
            boolean integerValue,
            RowOrder rowOrder) {
        Shape(
                Layout layout,
                org.apache.arrow.vector.types.pojo.Field timeField,
                String tableName,
                String valueName,
                List<String> labelColumns,
                List<String> tableOrder,
                boolean integerValue) {
            this(layout, timeField, tableName, valueName, labelColumns, tableOrder, integerValue, null);
        }

        String timeFieldName() {
            return timeField.getName();
        }

        /** A derived shape; a further operation re-projects the rows, so it drops any row order. */
        Shape with(Layout l, String value, List<String> labels, boolean integer) {
            return new Shape(l, timeField, tableName, value, labels, tableOrder, integer, null);
        }

        Shape withRowOrder(RowOrder order) {
            return new Shape(layout, timeField, tableName, valueName, labelColumns, tableOrder, integerValue, order);
        }
    }

    /** A plan that ends with a sort of its own: how its rows are ordered. */
    enum OrderKind {
        /**
         * topk/bottomk: by the grouping labels and time, then by rank (value, then every label, descending
         * for topk and ascending for bottomk, nulls first).
         */
        TOPK,
        /** sort/sort_desc: by value, rows of equal value in the default order. */
        VALUE,
        /** sort_by_label(_desc): by the listed labels, nulls last, rows of equal labels in the default order. */
        LABELS
    }

    /** A row order other than the default (labels, then time); {@code labels} are the grouping or sort labels. */
    record RowOrder(OrderKind kind, List<String> labels, boolean descending) {}
}
