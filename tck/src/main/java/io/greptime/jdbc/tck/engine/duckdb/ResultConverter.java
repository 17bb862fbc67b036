package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.jsonb.Jsonb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
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
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Copies DuckDB's Arrow export into the Arrow types GreptimeDB emits (protocol.md §7): zone-less
 * timestamps, Utf8 strings, JSONB for JSON columns, per-column GreptimeDB field metadata.
 */
final class ResultConverter {
    /** What is known about one output column. */
    record Hint(String name, ColumnMeta column, boolean timeIndex, boolean utf8View) {}

    private ResultConverter() {}

    static MaterializedReader convert(ArrowReader source, List<Hint> hints, BufferAllocator out) throws IOException {
        Schema srcSchema = source.getVectorSchemaRoot().getSchema();
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < srcSchema.getFields().size(); i++) {
            fields.add(targetField(srcSchema.getFields().get(i), i < hints.size() ? hints.get(i) : null));
        }
        Schema target = new Schema(fields);
        List<VectorSchemaRoot> batches = new ArrayList<>();
        try {
            while (source.loadNextBatch()) {
                VectorSchemaRoot src = source.getVectorSchemaRoot();
                if (src.getRowCount() == 0) {
                    continue;
                }
                batches.add(copy(src, target, out));
            }
        } catch (RuntimeException | IOException e) {
            batches.forEach(VectorSchemaRoot::close);
            throw e;
        }
        return new MaterializedReader(out, target, batches);
    }

    private static Field targetField(Field src, Hint hint) {
        ArrowType t = src.getType();
        Map<String, String> meta = new HashMap<>();
        String name = hint != null && hint.name() != null ? hint.name() : src.getName();
        ArrowType target = t;
        if (t instanceof ArrowType.Utf8View || t instanceof ArrowType.LargeUtf8) {
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
        return new Field(name, new FieldType(true, target, null, meta.isEmpty() ? null : meta), List.of());
    }

    private static VectorSchemaRoot copy(VectorSchemaRoot src, Schema target, BufferAllocator out) {
        List<FieldVector> vectors = new ArrayList<>();
        int rows = src.getRowCount();
        try {
            for (int i = 0; i < target.getFields().size(); i++) {
                vectors.add(copyVector(src.getVector(i), target.getFields().get(i), rows, out));
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(target.getFields(), vectors, rows);
        return root;
    }

    private static FieldVector copyVector(FieldVector src, Field field, int rows, BufferAllocator out) {
        FieldVector dst = field.createVector(out);
        if (src.getField().getType().equals(field.getType())) {
            // Copy, not transfer: DuckDB's buffers are foreign allocations owned by the import allocator.
            dst.setInitialCapacity(rows);
            dst.allocateNew();
            for (int r = 0; r < rows; r++) {
                dst.copyFromSafe(r, r, src);
            }
            dst.setValueCount(rows);
            return dst;
        }
        dst.allocateNew();
        for (int r = 0; r < rows; r++) {
            if (!src.isNull(r)) {
                setValue(src, r, dst);
            }
        }
        dst.setValueCount(rows);
        return dst;
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
