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
  private final String valueName;
  private boolean loaded;

  private record Row(long timeMs, double value, Map<String, String> labels) {}

  private RowsReader(BufferAllocator allocator, Schema schema, List<Row> rows, String timeName, String valueName) {
    super(allocator);
    this.schema = schema;
    this.rows = rows;
    this.timeName = timeName;
    this.valueName = valueName;
  }

  /** Lays out {@code result} evaluated at {@code steps}; {@code alias} renames the value column. */
  static ArrowReader of(BufferAllocator allocator, Value result, long[] steps, String alias) {
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
      shape = new Value.Shape(Value.Layout.TIME_FIRST, Evaluator.DEFAULT_TIME, "", "value", List.of(), List.of(),
          false);
    } else {
      throw PromLexer.syntax("invalid expression type \"string\" for range query, must be Scalar or instant Vector");
    }
    if (alias != null && shape.layout() != Value.Layout.EMPTY) {
      shape = shape.with(Value.Layout.VALUE_FIRST, alias, shape.labelColumns(), shape.integerValue());
    }
    List<Row> rows = new ArrayList<>();
    if (shape.layout() != Value.Layout.EMPTY) {
      for (Series s : series) {
        for (int i = 0; i < steps.length; i++) {
          if (s.present[i]) {
            rows.add(new Row(steps[i], s.values[i], s.labels));
          }
        }
      }
    }
    sort(rows, shape.labelColumns());
    return new RowsReader(allocator, schema(shape), rows, shape.timeFieldName(), shape.valueName());
  }

  private static void sort(List<Row> rows, List<String> labels) {
    Comparator<Row> byLabels = (a, b) -> {
      for (String l : labels) {
        int c = Comparator.nullsFirst(Comparator.<String>naturalOrder()).compare(a.labels().get(l), b.labels().get(l));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
    rows.sort(byLabels.thenComparingLong(Row::timeMs));
  }

  private static Schema schema(Value.Shape shape) {
    Field time = new Field(shape.timeFieldName(), FieldType.nullable(shape.timeField().getType()), null);
    ArrowType valueType = shape.integerValue() ? new ArrowType.Int(64, true)
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
          fields.add(name.equals(time.getName()) ? time : name.equals(value.getName()) ? value
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
        fields.add(Field.nullable("value", new ArrowType.FloatingPoint(
            org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)));
      }
    }
    return new Schema(fields);
  }

  @Override
  public boolean loadNextBatch() throws java.io.IOException {
    if (loaded) {
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
      ts.setSafe(r, toUnit(row.timeMs(), ((ArrowType.Timestamp) v.getField().getType()).getUnit()));
    } else if (v instanceof Float8Vector f && name.equals(valueName)) {
      f.setSafe(r, row.value());
    } else if (v instanceof BigIntVector b && name.equals(valueName)) {
      b.setSafe(r, (long) row.value());
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
