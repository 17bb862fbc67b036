package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A PromQL result as GreptimeDB returns it over Flight: one row per (series, step) with a sample, in
 * columns laid out per {@link Value.Layout}. Rows are ordered by label values, then time.
 */
final class RowsReader extends ArrowReader {
    private final Schema schema;
    private final List<Row> rows;
    private final String timeName;
    private boolean loaded;
    /**
     * Whether an empty result still sends one empty batch: a bare selector of an unknown metric is
     * GreptimeDB's EmptyMetric plan, which yields an empty batch (anything computed over it yields none).
     */
    private boolean emptyBatch;

    /** One output row: its time, its value per value column (a missing one is NULL) and its labels. */
    private record Row(long timeMs, Map<String, Double> values, Map<String, String> labels) {}

    private RowsReader(BufferAllocator allocator, Schema schema, List<Row> rows, String timeName) {
        super(allocator);
        this.schema = schema;
        this.rows = rows;
        this.timeName = timeName;
    }

    /** Lays out {@code result} evaluated at {@code steps}; {@code alias} renames the value column. */
    static ArrowReader of(BufferAllocator allocator, Value result, long[] steps, String alias) {
        return of(allocator, result, steps, alias, false);
    }

    /** As above; {@code bare} when the expression is a bare selector (see {@link #emptyBatch}). */
    static ArrowReader of(BufferAllocator allocator, Value result, long[] steps, String alias, boolean bare) {
        Value.Shape shape;
        List<Series> series;
        if (result instanceof Value.Vector v) {
            shape = v.shape();
            series = v.series();
        } else if (result instanceof Value.Scalar s) {
            Series one = new Series(new java.util.TreeMap<>(), steps.length);
            for (int i = 0; i < steps.length; i++) {
                one.set(i, s.values()[i]);
            }
            series = List.of(one);
            shape = new Value.Shape(
                    Value.Layout.TIME_FIRST,
                    s.timeField() == null ? Evaluator.DEFAULT_TIME : s.timeField(),
                    "",
                    s.name() == null ? "value" : s.name(),
                    List.of(),
                    List.of(),
                    false);
        } else if (result instanceof Value.Str str) {
            return stringRows(allocator, str.value(), steps);
        } else {
            throw PromLexer.syntax(
                    "invalid expression type \"range vector\" for range query, must be Scalar or instant Vector");
        }
        if (alias != null && shape.layout() != Value.Layout.EMPTY) {
            shape = shape.with(Value.Layout.VALUE_FIRST, alias, shape.labelColumns(), shape.integerValue())
                    .withRowOrder(shape.rowOrder());
        }
        List<Row> rows = new ArrayList<>();
        if (shape.layout() != Value.Layout.EMPTY) {
            for (Series s : series) {
                for (int i = 0; i < steps.length; i++) {
                    if (s.present[i]) {
                        // a NULL sample is a row whose value is NULL
                        rows.add(new Row(
                                steps[i],
                                java.util.Collections.singletonMap(shape.valueName(), s.nulls[i] ? null : s.values[i]),
                                s.labels));
                    }
                }
            }
        }
        order(rows, shape);
        RowsReader reader = new RowsReader(allocator, schema(shape, List.of()), rows, shape.timeFieldName());
        reader.emptyBatch = bare && shape.layout() == Value.Layout.EMPTY;
        return reader;
    }

    /**
     * A string literal, as planner.rs prom_string_lit_to_plan plans it: an EmptyMetric whose (time, value)
     * rows carry the string at every step.
     */
    private static ArrowReader stringRows(BufferAllocator allocator, String value, long[] steps) {
        List<Row> rows = new ArrayList<>();
        for (long t : steps) {
            rows.add(new Row(t, Map.of(), Map.of("value", value)));
        }
        Schema schema = new Schema(List.of(
                Field.nullable("time", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                Field.nullable("value", ArrowType.Utf8.INSTANCE)));
        return new RowsReader(allocator, schema, rows, "time");
    }

    /**
     * A bare selector over a table with several fields, as GreptimeDB answers it: the table's columns in
     * order with every field; {@code perField} holds one evaluated vector per field (same order as
     * {@code fields}), and a row exists where any field has a sample.
     */
    static ArrowReader ofFields(
            BufferAllocator allocator,
            List<Value.Vector> perField,
            List<String> fields,
            Value.Shape shape,
            long[] steps) {
        Map<Map<String, String>, Map<Long, Map<String, Double>>> bySeries = new java.util.LinkedHashMap<>();
        for (int f = 0; f < fields.size(); f++) {
            for (Series s : perField.get(f).series()) {
                Map<Long, Map<String, Double>> byTime =
                        bySeries.computeIfAbsent(s.labels, k -> new java.util.TreeMap<>());
                for (int i = 0; i < steps.length; i++) {
                    if (s.present[i]) {
                        byTime.computeIfAbsent(steps[i], k -> new java.util.HashMap<>())
                                .put(fields.get(f), s.nulls[i] ? null : s.values[i]);
                    }
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        bySeries.forEach((labels, byTime) -> byTime.forEach((t, values) -> rows.add(new Row(t, values, labels))));
        sort(rows, shape.labelColumns());
        return new RowsReader(allocator, schema(shape, fields), rows, shape.timeFieldName());
    }

    /**
     * The result of an expression evaluated field by field ({@link Fieldwise}): the columns of the first field's
     * result with its value column replaced by every field's, in order; a row where each field has a sample for
     * the same labels and time.
     */
    static ArrowReader ofFieldResults(BufferAllocator allocator, List<Value.Vector> perField, long[] steps) {
        Value.Shape shape = perField.get(0).shape();
        List<Field> columns = new ArrayList<>();
        for (Field f : schema(shape, List.of()).getFields()) {
            if (!f.getName().equals(shape.valueName())) {
                columns.add(f);
                continue;
            }
            for (Value.Vector v : perField) {
                columns.add(new Field(v.shape().valueName(), f.getFieldType(), null));
            }
        }
        List<Map<java.util.SortedMap<String, String>, Series>> byLabels =
                perField.stream().map(Series::byLabels).toList();
        List<Row> rows = new ArrayList<>();
        for (Series first : perField.get(0).series()) {
            for (int i = 0; i < steps.length; i++) {
                Map<String, Double> values = new java.util.HashMap<>();
                boolean all = true;
                for (int f = 0; f < perField.size() && all; f++) {
                    Series s = byLabels.get(f).get(first.labels);
                    all = s != null && s.present[i];
                    if (all) {
                        values.put(perField.get(f).shape().valueName(), s.nulls[i] ? null : s.values[i]);
                    }
                }
                if (all) {
                    rows.add(new Row(steps[i], values, first.labels));
                }
            }
        }
        order(rows, shape);
        return new RowsReader(allocator, new Schema(columns), rows, shape.timeFieldName());
    }

    /**
     * Rows already laid out and ordered by their plan: per row its time, its numeric cells by column name and
     * its string cells by column name, in {@code schema}'s columns.
     */
    static ArrowReader ofRows(
            BufferAllocator allocator,
            Schema schema,
            String timeName,
            List<Long> times,
            List<Map<String, Double>> values,
            List<Map<String, String>> labels) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            rows.add(new Row(times.get(i), values.get(i), labels.get(i)));
        }
        return new RowsReader(allocator, schema, rows, timeName);
    }

    private static void sort(List<Row> rows, List<String> labels) {
        Comparator<Row> byLabels = (a, b) -> {
            for (String l : labels) {
                int c = Comparator.nullsFirst(Comparator.<String>naturalOrder())
                        .compare(a.labels().get(l), b.labels().get(l));
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
        rows.sort(byLabels.thenComparingLong(Row::timeMs));
    }

    /**
     * Orders the rows as the plan's last sort does: by default labels then time (GreptimeDB's series
     * division); sort/sort_desc and sort_by_label re-sort that order stably (Java's List.sort is stable).
     */
    private static void order(List<Row> rows, Value.Shape shape) {
        Value.RowOrder order = shape.rowOrder();
        if (order != null && order.kind() == Value.OrderKind.TOPK) {
            rows.sort(topOrder(order, shape.labelColumns(), shape.valueName()));
            return;
        }
        sort(rows, shape.labelColumns());
        if (order == null) {
            return;
        }
        if (order.kind() == Value.OrderKind.VALUE) {
            Comparator<Double> values = order.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
            rows.sort(Comparator.comparing(r -> r.values().get(shape.valueName()), Comparator.nullsFirst(values)));
        } else {
            Comparator<String> strings = order.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
            Comparator<Row> byLabels = (a, b) -> 0;
            for (String l : order.labels()) {
                byLabels = byLabels.thenComparing(r -> r.labels().get(l), Comparator.nullsLast(strings));
            }
            rows.sort(byLabels);
        }
    }

    /**
     * GreptimeDB's topk/bottomk plan (planner.rs prom_topk_bottomk_to_plan): a row_number window partitioned
     * by the grouping labels and time, ordered by value then every label (descending for topk, ascending
     * for bottomk, nulls first), filtered to the k best, then sorted by the partition keys (ascending,
     * nulls last) and rank. Values compare in IEEE total order, so NaN ranks above every number.
     */
    private static Comparator<Row> topOrder(Value.RowOrder order, List<String> labels, String value) {
        Comparator<String> nullsLast = Comparator.nullsLast(Comparator.<String>naturalOrder());
        Comparator<Row> partition = (a, b) -> 0;
        for (String g : order.labels()) {
            partition = partition.thenComparing(r -> r.labels().get(g), nullsLast);
        }
        Comparator<Double> values = order.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
        Comparator<String> strings = order.descending() ? Comparator.reverseOrder() : Comparator.naturalOrder();
        Comparator<Row> rank = Comparator.comparing(r -> r.values().get(value), Comparator.nullsFirst(values));
        for (String l : labels) {
            rank = rank.thenComparing(r -> r.labels().get(l), Comparator.nullsFirst(strings));
        }
        return partition.thenComparingLong(Row::timeMs).thenComparing(rank);
    }

    /** The result schema; {@code extraFields} are further value columns of a {@link Value.Layout#TABLE} layout. */
    private static Schema schema(Value.Shape shape, List<String> extraFields) {
        Field time = new Field(
                shape.timeFieldName(), FieldType.nullable(shape.timeField().getType()), null);
        ArrowType valueType = shape.integerValue()
                ? new ArrowType.Int(64, true)
                : new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE);
        Field value = new Field(shape.valueName(), FieldType.nullable(valueType), null);
        List<Field> labels = new ArrayList<>();
        for (String l : shape.labelColumns()) {
            labels.add(Field.nullable(l, ArrowType.Utf8.INSTANCE));
        }
        List<Field> fields = new ArrayList<>();
        switch (shape.layout()) {
            case TABLE -> {
                for (String name : shape.tableOrder()) {
                    boolean isValue = name.equals(value.getName()) || extraFields.contains(name);
                    fields.add(
                            name.equals(time.getName())
                                    ? time
                                    : isValue
                                            ? new Field(name, FieldType.nullable(valueType), null)
                                            : Field.nullable(name, ArrowType.Utf8.INSTANCE));
                }
            }
            case VALUE_FIRST -> {
                fields.add(value);
                fields.addAll(labels);
                fields.add(time);
            }
            case LABELS_FIRST -> {
                fields.addAll(labels);
                fields.add(time);
                fields.add(value);
            }
            case TIME_FIRST -> {
                fields.add(time);
                fields.add(value);
                fields.addAll(labels);
            }
            case EMPTY -> {
                fields.add(Field.nullable("time", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)));
                fields.add(Field.nullable(
                        "value",
                        new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)));
            }
        }
        return new Schema(fields);
    }

    @Override
    public boolean loadNextBatch() throws java.io.IOException {
        if (loaded || rows.isEmpty() && !emptyBatch) {
            // GreptimeDB's stream of an empty PromQL result carries no record batch at all
            return false;
        }
        loaded = true;
        VectorSchemaRoot root = getVectorSchemaRoot();
        root.allocateNew();
        for (FieldVector v : root.getFieldVectors()) {
            String name = v.getName();
            for (int r = 0; r < rows.size(); r++) {
                fill(v, name, r);
            }
            v.setValueCount(rows.size());
        }
        root.setRowCount(rows.size());
        return true;
    }

    private void fill(FieldVector v, String name, int r) {
        Row row = rows.get(r);
        if (v instanceof TimeStampVector ts && name.equals(timeName)) {
            ts.setSafe(
                    r, toUnit(row.timeMs(), ((ArrowType.Timestamp) v.getField().getType()).getUnit()));
        } else if (v instanceof Float8Vector f) {
            Double value = row.values().get(name);
            if (value == null) {
                f.setNull(r);
            } else {
                f.setSafe(r, value);
            }
        } else if (v instanceof BigIntVector b) {
            Double value = row.values().get(name);
            if (value == null) {
                b.setNull(r);
            } else {
                b.setSafe(r, value.longValue());
            }
        } else if (v instanceof VarCharVector s) {
            String label = row.labels().get(name);
            if (label == null) {
                s.setNull(r);
            } else {
                s.setSafe(r, label.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    private static long toUnit(long ms, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> Math.floorDiv(ms, 1000);
            case MILLISECOND -> ms;
            case MICROSECOND -> ms * 1000;
            case NANOSECOND -> ms * 1_000_000;
        };
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        // rows live on the heap; the vectors are released by ArrowReader.close()
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
