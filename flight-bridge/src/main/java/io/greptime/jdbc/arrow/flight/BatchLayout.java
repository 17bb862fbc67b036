package io.greptime.jdbc.arrow.flight;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.vector.BufferLayout;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The structural checks of one IPC RecordBatch against the schema it claims to follow and the body it came
 * with, made before anything is allocated for it (issue #29: a batch claiming 2^31-1 rows over buffers of
 * three rows once made the driver reserve a gibibyte). Each field node (fields in pre-order, children after
 * their parent) gets its buffers in the layout Arrow gives its type; a top-level node has the batch's row
 * count; every buffer lies inside the body; and, once the decoded sizes are known ({@link #checkSizes}),
 * each buffer holds what its node's row count needs: a validity bitmap of one bit a row (or none, when no
 * row or every row is null), {@code rows + 1} offsets, {@code rows} fixed-width values.
 */
final class BatchLayout {
    private final RecordBatch batch;
    private final List<Field> flat;
    private final List<List<BufferLayout>> layouts;

    private BatchLayout(RecordBatch batch, List<Field> flat, List<List<BufferLayout>> layouts) {
        this.batch = batch;
        this.flat = flat;
        this.layouts = layouts;
    }

    /** Checks the counts, row counts and buffer places of {@code batch}. */
    static BatchLayout check(RecordBatch batch, List<Field> fields, long bodyLength) throws FlightCallException {
        long rows = batch.length();
        require(rows >= 0 && rows <= Integer.MAX_VALUE, "a record batch claiming " + rows + " rows");
        List<Field> flat = new ArrayList<>();
        fields.forEach(f -> flatten(f, flat));
        require(
                batch.nodesLength() == flat.size(),
                "a record batch of " + batch.nodesLength() + " field nodes for " + flat.size() + " fields");
        List<List<BufferLayout>> layouts = new ArrayList<>(flat.size());
        int buffers = 0;
        int views = 0;
        for (Field field : flat) {
            List<BufferLayout> layout = layoutOf(field);
            if (!TypeLayout.getTypeLayout(field.getType()).isFixedBufferCount()) {
                require(views < batch.variadicBufferCountsLength(), "a view column without its count of data buffers");
                long extra = batch.variadicBufferCounts(views++);
                require(extra >= 0 && extra <= batch.buffersLength(), "a view column with " + extra + " data buffers");
                layout = new ArrayList<>(layout);
                for (long i = 0; i < extra; i++) {
                    layout.add(null); // a variadic data buffer: any size, the views point into it
                }
            }
            layouts.add(layout);
            buffers += layout.size();
        }
        require(views == batch.variadicBufferCountsLength(), "variadic buffer counts for columns that have none");
        require(
                batch.buffersLength() == buffers,
                "a record batch of " + batch.buffersLength() + " buffers where its schema has " + buffers);
        checkNodes(batch);
        checkColumns(batch, fields, rows);
        for (int i = 0; i < buffers; i++) {
            Buffer b = batch.buffers(i);
            require(
                    b.offset() >= 0 && b.length() >= 0 && b.offset() <= bodyLength - b.length(),
                    "buffer " + i + " at " + b.offset() + " of " + b.length() + " bytes, past a body of " + bodyLength
                            + " bytes");
        }
        return new BatchLayout(batch, flat, layouts);
    }

    private static void checkNodes(RecordBatch batch) throws FlightCallException {
        for (int i = 0; i < batch.nodesLength(); i++) {
            FieldNode node = batch.nodes(i);
            require(
                    node.length() >= 0 && node.length() <= Integer.MAX_VALUE,
                    "a field node claiming " + node.length() + " values");
            require(
                    node.nullCount() >= 0 && node.nullCount() <= node.length(),
                    "a field node of " + node.length() + " values claiming " + node.nullCount() + " nulls");
        }
    }

    /** A top-level column has the batch's row count (children may differ: a list's values). */
    private static void checkColumns(RecordBatch batch, List<Field> fields, long rows) throws FlightCallException {
        int node = 0;
        for (Field field : fields) {
            long values = batch.nodes(node).length();
            require(values == rows, "a column of " + values + " values in a batch of " + rows + " rows");
            List<Field> subtree = new ArrayList<>();
            flatten(field, subtree);
            node += subtree.size();
        }
    }

    /**
     * Checks every buffer's decoded size against its node's row count; {@code sizes} holds the buffers' sizes
     * after decompression, in the batch's order.
     */
    void checkSizes(long[] sizes) throws FlightCallException {
        int buffer = 0;
        for (int i = 0; i < flat.size(); i++) {
            FieldNode node = batch.nodes(i);
            boolean variable =
                    layouts.get(i).stream().anyMatch(l -> l != null && l.getType() == BufferLayout.BufferType.OFFSET);
            boolean union = flat.get(i).getType().getTypeID() == ArrowType.ArrowTypeID.Union;
            for (BufferLayout layout : layouts.get(i)) {
                long need = minimum(layout, node, variable, union);
                require(
                        sizes[buffer] >= need,
                        "a buffer of " + sizes[buffer] + " bytes for " + node.length() + " values of "
                                + flat.get(i).getName() + " (" + need + " bytes needed)");
                buffer++;
            }
        }
    }

    /** The validity bitmaps Arrow allocates itself when loading (all-valid or all-null nodes). */
    long impliedValidityBytes() {
        long bytes = 0;
        for (int i = 0; i < flat.size(); i++) {
            FieldNode node = batch.nodes(i);
            boolean hasValidity =
                    layouts.get(i).stream().anyMatch(l -> l != null && l.getType() == BufferLayout.BufferType.VALIDITY);
            if (hasValidity && (node.nullCount() == 0 || node.nullCount() == node.length())) {
                bytes += (node.length() + 7) / 8;
            }
        }
        return bytes;
    }

    private static long minimum(BufferLayout layout, FieldNode node, boolean variable, boolean union) {
        if (layout == null) {
            return 0;
        }
        long n = node.length();
        long bits = layout.getTypeBitWidth();
        switch (layout.getType()) {
            case VALIDITY:
                boolean uniform = node.nullCount() == 0 || node.nullCount() == n;
                return uniform ? 0 : (n + 7) / 8;
            case OFFSET:
                return n == 0 ? 0 : (union ? n : n + 1) * bits / 8;
            case DATA:
                return variable ? 0 : (n * bits + 7) / 8;
            default:
                return (n * bits + 7) / 8;
        }
    }

    private static List<BufferLayout> layoutOf(Field field) throws FlightCallException {
        TypeLayout layout = TypeLayout.getTypeLayout(field.getType());
        for (BufferLayout b : layout.getBufferLayouts()) {
            BufferLayout.BufferType type = b.getType();
            require(
                    type != BufferLayout.BufferType.SIZE && type != BufferLayout.BufferType.VARIADIC_DATA_BUFFERS,
                    "a column type the driver does not read (" + field.getType() + ")");
        }
        return layout.getBufferLayouts();
    }

    private static void flatten(Field field, List<Field> into) {
        into.add(field);
        field.getChildren().forEach(c -> flatten(c, into));
    }

    private static void require(boolean ok, String what) throws FlightCallException {
        if (!ok) {
            throw FlightCallException.protocol(what, null);
        }
    }
}
