package io.greptime.jdbc.tck.engine.duckdb.storage;

import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Whether staged rows repeat a key (tags and time index). A dedup table must keep only the last of such
 * rows, which DuckDB does with a window over the whole batch, a sort that costs more than storing the
 * rows; batches of fresh samples rarely repeat a key, so one pass over the keys' hashes here spares that
 * sort for them. NULL tags equal each other, as GreptimeDB's merge treats them.
 */
public final class StagedKeys {
    private StagedKeys() {}

    public static boolean repeat(TableMeta t, List<VectorSchemaRoot> staged) {
        int total = 0;
        for (VectorSchemaRoot b : staged) {
            total += b.getRowCount();
        }
        int capacity = Integer.highestOneBit(Math.max(16, total)) << 2; // at most a quarter full
        long[] rows = new long[capacity];
        int[] hashes = new int[capacity];
        Arrays.fill(rows, -1);
        FieldVector[][] keys = new FieldVector[staged.size()][];
        for (int b = 0; b < staged.size(); b++) {
            keys[b] = keyVectors(t, staged.get(b));
            for (int r = 0; r < staged.get(b).getRowCount(); r++) {
                int h = hash(keys[b], r);
                int at = (h * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(capacity));
                while (rows[at] != -1) {
                    if (hashes[at] == h && sameKey(keys, rows[at], b, r)) {
                        return true;
                    }
                    at = (at + 1) & (capacity - 1);
                }
                rows[at] = ((long) b << 32) | r;
                hashes[at] = h;
            }
        }
        return false;
    }

    private static FieldVector[] keyVectors(TableMeta t, VectorSchemaRoot batch) {
        List<String> names = t.keyColumns();
        FieldVector[] out = new FieldVector[names.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = batch.getVector(names.get(i));
        }
        return out;
    }

    private static int hash(FieldVector[] key, int row) {
        int h = 1;
        for (FieldVector v : key) {
            h = 31 * h + v.hashCode(row);
        }
        return h;
    }

    private static boolean sameKey(FieldVector[][] keys, long seen, int batch, int row) {
        FieldVector[] a = keys[(int) (seen >>> 32)];
        int ra = (int) seen;
        FieldVector[] b = keys[batch];
        for (int i = 0; i < a.length; i++) {
            Object x = a[i].getObject(ra);
            Object y = b[i].getObject(row);
            boolean same =
                    x instanceof byte[] bx && y instanceof byte[] by ? Arrays.equals(bx, by) : Objects.equals(x, y);
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
