package io.greptime.jdbc.arrow.write;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.Text;

/**
 * Reorders a bulk batch before it is sent: rows sorted by tags and time (so each series arrives as one
 * run, in time order, as GreptimeDB's memtables and SST files keep them) and/or cut into one record
 * batch per time window (so each batch falls into one time partition of the table). The rows of one
 * window are copied into a reusable root, which stays valid until the next {@link #fill}; DoPut encodes
 * it before returning, so one root serves every window.
 *
 * <p>Not thread-safe: one binder uses it from one thread.
 */
public final class TimeSortedBatches implements AutoCloseable {
    private final int[] tagColumns;
    private final int timeColumn;
    private final boolean sortBySeries;
    private final long window;
    private final VectorSchemaRoot out;

    /**
     * The rows of one batch in sending order, cut into groups.
     *
     * @param order source row indexes in sending order
     * @param groupStarts start of each group in {@code order}, plus {@code order.length} at the end
     */
    public record Plan(int[] order, int[] groupStarts) {
        public int groups() {
            return groupStarts.length - 1;
        }
    }

    /**
     * @param tagColumns positions of the tag columns, in the table's primary-key order
     * @param timeColumn position of the time index
     * @param sortBySeries sort rows by tags, then time
     * @param window cut batches at multiples of this duration since the epoch; null or zero for no cut
     */
    public TimeSortedBatches(
            Schema schema,
            int[] tagColumns,
            int timeColumn,
            boolean sortBySeries,
            Duration window,
            BufferAllocator allocator) {
        this.tagColumns = tagColumns.clone();
        this.timeColumn = timeColumn;
        this.sortBySeries = sortBySeries;
        ArrowType.Timestamp type =
                (ArrowType.Timestamp) schema.getFields().get(timeColumn).getType();
        this.window = window == null || window.isZero() ? 0 : inUnit(window, type);
        this.out = VectorSchemaRoot.create(schema, allocator);
    }

    private static long inUnit(Duration d, ArrowType.Timestamp type) {
        switch (type.getUnit()) {
            case SECOND:
                return d.getSeconds();
            case MILLISECOND:
                return d.toMillis();
            case MICROSECOND:
                return d.toNanos() / 1_000;
            default:
                return d.toNanos();
        }
    }

    /** The order and groups for the first {@code rows} rows of {@code source}. */
    public Plan plan(VectorSchemaRoot source, int rows) {
        TimeStampVector ts = (TimeStampVector) source.getVector(timeColumn);
        long[] time = new long[rows];
        for (int r = 0; r < rows; r++) {
            time[r] = ts.get(r);
        }
        Integer[] boxed = new Integer[rows];
        for (int r = 0; r < rows; r++) {
            boxed[r] = r;
        }
        Arrays.sort(boxed, comparator(source, rows, time));
        int[] order = new int[rows];
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < rows; i++) {
            order[i] = boxed[i];
            if (i > 0 && window > 0 && bucket(time[order[i]]) != bucket(time[order[i - 1]])) {
                starts.add(i);
            }
        }
        starts.add(rows);
        return new Plan(order, starts.stream().mapToInt(Integer::intValue).toArray());
    }

    private long bucket(long t) {
        return Math.floorDiv(t, window);
    }

    private Comparator<Integer> comparator(VectorSchemaRoot source, int rows, long[] time) {
        Comparator<Integer> c = (a, b) -> 0;
        if (window > 0) {
            c = Comparator.comparingLong(r -> bucket(time[r]));
        }
        if (sortBySeries) {
            for (int tag : tagColumns) {
                Comparable<Object>[] keys = keys(source.getVector(tag), rows);
                c = c.thenComparing(r -> keys[r], Comparator.nullsFirst(Comparator.naturalOrder()));
            }
            c = c.thenComparingLong(r -> time[r]);
        }
        return c; // Arrays.sort on objects is stable: rows equal on the key keep their order
    }

    @SuppressWarnings("unchecked")
    private static Comparable<Object>[] keys(FieldVector v, int rows) {
        Comparable<Object>[] keys = new Comparable[rows];
        for (int r = 0; r < rows; r++) {
            Object o = v.getObject(r);
            Object key = o instanceof Text t ? t.toString() : o instanceof byte[] b ? java.nio.ByteBuffer.wrap(b) : o;
            keys[r] = (Comparable<Object>) key;
        }
        return keys;
    }

    /** Copies group {@code group} of {@code plan} from {@code source} into the reusable root and returns it. */
    public VectorSchemaRoot fill(VectorSchemaRoot source, Plan plan, int group) {
        int from = plan.groupStarts()[group];
        int to = plan.groupStarts()[group + 1];
        for (int c = 0; c < source.getFieldVectors().size(); c++) {
            FieldVector src = source.getVector(c);
            FieldVector dst = out.getVector(c);
            dst.reset();
            for (int i = from; i < to; i++) {
                dst.copyFromSafe(plan.order()[i], i - from, src);
            }
            dst.setValueCount(to - from);
        }
        out.setRowCount(to - from);
        return out;
    }

    @Override
    public void close() {
        out.close();
    }
}
