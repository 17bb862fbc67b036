package io.greptime.jdbc.tck.engine.duckdb.storage;

import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Normalized rows (see {@link Values}) laid out as Arrow vectors in each column's DuckDB storage type, plus
 * a {@code __seq} column giving write order, ready for DuckDB's Arrow import.
 */
public final class StagingBatch {
    public static final String SEQ = "__seq";

    private StagingBatch() {}

    /** The staged layout of a table: its columns in their DuckDB storage types, then {@link #SEQ}. */
    public static Schema schema(TableMeta t) {
        List<Field> fields = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            fields.add(new Field(c.name(), FieldType.nullable(c.type().stored()), List.of()));
        }
        fields.add(new Field(SEQ, FieldType.notNullable(new ArrowType.Int(64, true)), List.of()));
        return new Schema(fields);
    }

    public static VectorSchemaRoot build(TableMeta t, List<Object[]> rows, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema(t), allocator);
        try {
            root.allocateNew();
            int n = rows.size();
            for (int ci = 0; ci < t.columns().size(); ci++) {
                FieldVector v = root.getVector(ci);
                for (int r = 0; r < n; r++) {
                    Object value = rows.get(r)[ci];
                    if (value != null) {
                        set(v, r, value);
                    }
                }
                v.setValueCount(n);
            }
            fillSeq(root, n, 0);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /**
     * Numbers the rows in write order ({@link #SEQ}) from {@code first} (batches written together number
     * on from each other) and sets the row count.
     */
    public static void fillSeq(VectorSchemaRoot root, int rows, long first) {
        BigIntVector seq = (BigIntVector) root.getVector(SEQ);
        seq.allocateNew(rows);
        for (int r = 0; r < rows; r++) {
            seq.set(r, first + r);
        }
        seq.setValueCount(rows);
        root.setRowCount(rows);
    }

    /**
     * Whether {@code src} can lend its buffers to the staged column {@code dst}: the same Arrow layout
     * (timestamps of the same unit, with or without a zone, are the same 64-bit values) and memory of
     * the same allocator tree, which Arrow needs to share a buffer.
     */
    public static boolean canShare(FieldVector src, FieldVector dst) {
        ArrowType from = src.getField().getType();
        ArrowType to = dst.getField().getType();
        boolean sameLayout = from.equals(to)
                || (from instanceof ArrowType.Timestamp f
                        && to instanceof ArrowType.Timestamp t
                        && f.getUnit() == t.getUnit());
        return sameLayout
                && src.getField().getChildren().isEmpty()
                && src.getAllocator().getRoot() == dst.getAllocator().getRoot();
    }

    /** {@code dst} takes {@code src}'s buffers (a reference each, no copy); {@code src} is unchanged. */
    public static void share(FieldVector src, FieldVector dst) {
        dst.loadFieldBuffers(new ArrowFieldNode(src.getValueCount(), src.getNullCount()), src.getFieldBuffers());
    }

    public static void set(FieldVector v, int r, Object value) {
        if (v instanceof BitVector b) {
            b.setSafe(r, ((Boolean) value) ? 1 : 0);
        } else if (v instanceof TimeStampVector ts) {
            ts.setSafe(r, (Long) value);
        } else if (v instanceof TimeMicroVector tm) {
            tm.setSafe(r, (Long) value);
        } else if (v instanceof DateDayVector d) {
            d.setSafe(r, ((Long) value).intValue());
        } else if (v instanceof BaseIntVector i) {
            i.setWithPossibleTruncate(r, (Long) value);
        } else if (v instanceof Float4Vector f) {
            f.setSafe(r, ((Double) value).floatValue());
        } else if (v instanceof Float8Vector f) {
            f.setSafe(r, (Double) value);
        } else if (v instanceof VarCharVector s) {
            s.setSafe(r, value.toString().getBytes(StandardCharsets.UTF_8));
        } else if (v instanceof VarBinaryVector b) {
            b.setSafe(r, (byte[]) value);
        } else if (v instanceof DecimalVector d) {
            d.setSafe(r, (BigDecimal) value);
        } else if (v instanceof IntervalMonthDayNanoVector iv) {
            long[] x = (long[]) value;
            iv.setSafe(r, (int) x[0], (int) x[1], x[2]);
        } else {
            throw new IllegalStateException("no staging writer for " + v.getField());
        }
    }
}
