package io.greptime.jdbc.tck.engine.duckdb;

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
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Normalized rows (see {@link Values}) laid out as Arrow vectors in each column's DuckDB storage type, plus
 * a {@code __seq} column giving write order, ready for DuckDB's Arrow import.
 */
final class StagingBatch {
    static final String SEQ = "__seq";

    private StagingBatch() {}

    static VectorSchemaRoot build(TableMeta t, List<Object[]> rows, BufferAllocator allocator) {
        List<Field> fields = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            fields.add(new Field(c.name(), FieldType.nullable(c.type().stored()), List.of()));
        }
        fields.add(new Field(
                SEQ, FieldType.notNullable(new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)), List.of()));
        VectorSchemaRoot root =
                VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(fields), allocator);
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
            BigIntVector seq = (BigIntVector) root.getVector(fields.size() - 1);
            for (int r = 0; r < n; r++) {
                seq.setSafe(r, r);
            }
            seq.setValueCount(n);
            root.setRowCount(n);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private static void set(FieldVector v, int r, Object value) {
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
