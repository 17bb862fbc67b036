package io.greptime.jdbc.tck.engine.duckdb.results;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns DuckDB's Arrow export into the Arrow types GreptimeDB emits (protocol.md §7), one batch at a
 * time: zone-less timestamps, Utf8 strings, JSONB for JSON columns, per-column GreptimeDB field metadata.
 */
public final class ResultConverter {
    /** What is known about one output column. */
    public record Hint(String name, ColumnMeta column, boolean timeIndex, boolean utf8View) {}

    private ResultConverter() {}

    /** The schema of the converted batches: GreptimeDB's names, types and field metadata. */
    public static Schema targetSchema(Schema source, List<Hint> hints) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < source.getFields().size(); i++) {
            fields.add(targetField(source.getFields().get(i), i < hints.size() ? hints.get(i) : null));
        }
        return new Schema(fields);
    }

    /**
     * Fills {@code target} (in {@link #targetSchema}) with the rows of one DuckDB batch. A column whose
     * buffers already have the target's layout takes DuckDB's buffers over instead of copying them, so
     * the common columns (numbers, strings, timestamps) cost nothing per row; only the columns whose
     * representation changes (JSON to JSONB, times to their unit, views to plain strings) are rewritten.
     */
    public static void convert(VectorSchemaRoot source, VectorSchemaRoot target) {
        int rows = source.getRowCount();
        for (int i = 0; i < target.getFieldVectors().size(); i++) {
            FieldVector src = source.getVector(i);
            FieldVector dst = target.getVector(i);
            ArrowType from = src.getField().getType();
            ArrowType to = dst.getField().getType();
            if (from.equals(to)) {
                src.makeTransferPair(dst).transfer();
            } else if (from instanceof ArrowType.Struct && to instanceof ArrowType.Duration) {
                durations((org.apache.arrow.vector.complex.StructVector) src, (DurationVector) dst, rows);
            } else if (from instanceof ArrowType.Timestamp f
                    && to instanceof ArrowType.Timestamp t
                    && f.getUnit() == t.getUnit()) {
                // the same 64-bit values; only the zone metadata goes
                dst.loadFieldBuffers(new ArrowFieldNode(rows, src.getNullCount()), src.getFieldBuffers());
            } else {
                rewrite(src, dst, rows);
            }
        }
        target.setRowCount(rows);
    }

    private static Field targetField(Field src, Hint hint) {
        ArrowType t = src.getType();
        Map<String, String> meta = new HashMap<>();
        String name = hint != null && hint.name() != null ? hint.name() : src.getName();
        ArrowType target = t;
        ArrowType.Duration duration = duration(src);
        if (duration != null) {
            target = duration;
        } else if (t instanceof ArrowType.Utf8View || t instanceof ArrowType.LargeUtf8) {
            target = ArrowType.Utf8.INSTANCE;
        } else if (t instanceof ArrowType.LargeBinary || t instanceof ArrowType.BinaryView) {
            target = ArrowType.Binary.INSTANCE;
        } else if (t instanceof ArrowType.Timestamp ts && ts.getTimezone() != null) {
            target = new ArrowType.Timestamp(ts.getUnit(), null);
        }
        if (hint != null && hint.utf8View() && target instanceof ArrowType.Utf8) {
            target = ArrowType.Utf8View.INSTANCE;
        }
        if (hint != null && hint.column() != null) {
            GreptimeType gt = hint.column().type();
            if (gt.stored().equals(target) || gt.arrow().equals(target)) {
                target = gt.arrow();
                if (gt.kind() == GreptimeType.Kind.JSON) {
                    meta.put("greptime:type", "Json");
                } else if (gt.kind() == GreptimeType.Kind.VECTOR) {
                    meta.put("greptime:type", gt.name());
                }
                if (hint.timeIndex()) {
                    meta.put("greptime:time_index", "true");
                }
            }
        }
        // nested types (DuckDB lists and structs) keep their children, so that the batches transfer whole
        List<Field> children = target.equals(t) ? src.getChildren() : List.of();
        return new Field(name, new FieldType(true, target, null, meta.isEmpty() ? null : meta), children);
    }

    /**
     * The Duration a column stands for when it is the translator's one-field struct whose field is named
     * {@code gt_duration_<unit>} (see TimestampPrecisions.durationItem), or null.
     */
    private static ArrowType.Duration duration(Field src) {
        if (!(src.getType() instanceof ArrowType.Struct) || src.getChildren().size() != 1) {
            return null;
        }
        Field child = src.getChildren().get(0);
        if (!(child.getType() instanceof ArrowType.Int)) {
            return null;
        }
        return switch (child.getName()) {
            case "gt_duration_s" -> new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.SECOND);
            case "gt_duration_ms" -> new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.MILLISECOND);
            case "gt_duration_us" -> new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.MICROSECOND);
            case "gt_duration_ns" -> new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.NANOSECOND);
            default -> null;
        };
    }

    private static void durations(org.apache.arrow.vector.complex.StructVector src, DurationVector dst, int rows) {
        BigIntVector counts = (BigIntVector) src.getChildrenFromFields().get(0);
        dst.clear();
        dst.setInitialCapacity(rows);
        dst.allocateNew();
        for (int r = 0; r < rows; r++) {
            if (!src.isNull(r) && !counts.isNull(r)) {
                dst.setSafe(r, counts.get(r));
            }
        }
        dst.setValueCount(rows);
    }

    private static void rewrite(FieldVector src, FieldVector dst, int rows) {
        dst.clear();
        dst.setInitialCapacity(rows);
        dst.allocateNew();
        for (int r = 0; r < rows; r++) {
            if (!src.isNull(r)) {
                setValue(src, r, dst);
            }
        }
        dst.setValueCount(rows);
    }

    private static void setValue(FieldVector src, int r, FieldVector dst) {
        if (dst instanceof VarCharVector v) {
            v.setSafe(r, text(src, r).getBytes(StandardCharsets.UTF_8));
        } else if (dst instanceof ViewVarCharVector v) {
            v.setSafe(r, text(src, r).getBytes(StandardCharsets.UTF_8));
        } else if (dst instanceof VarBinaryVector v) {
            Object o = src.getObject(r);
            byte[] bytes = o instanceof byte[] b ? b : Jsonb.encode(o.toString());
            v.setSafe(r, bytes);
        } else if (dst instanceof TimeStampVector v && src instanceof TimeStampVector s) {
            v.setSafe(r, s.get(r));
        } else if (src instanceof TimeMicroVector s) {
            long micros = s.get(r);
            if (dst instanceof TimeSecVector v) {
                v.setSafe(r, (int) (micros / 1_000_000));
            } else if (dst instanceof TimeMilliVector v) {
                v.setSafe(r, (int) (micros / 1_000));
            } else if (dst instanceof TimeNanoVector v) {
                v.setSafe(r, micros * 1_000);
            }
        } else {
            throw new IllegalStateException("no conversion " + src.getField() + " -> " + dst.getField());
        }
    }

    private static String text(FieldVector src, int r) {
        Object o = src.getObject(r);
        return o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : o.toString();
    }
}
