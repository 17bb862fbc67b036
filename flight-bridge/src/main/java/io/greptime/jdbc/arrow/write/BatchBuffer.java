package io.greptime.jdbc.arrow.write;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of one bulk batch, column by column: parameter {@code i} of an INSERT writes straight into
 * column {@code i}'s vector at the current row. Follows JDBC's rule that a parameter keeps its value
 * until it is set again or cleared: a column not set for a row takes the previous row's value when the
 * row ends. Vectors are reused from batch to batch (reset, not reallocated), so memory stays at the size
 * of the largest batch.
 *
 * <p>Not thread-safe: one prepared statement uses it from one thread at a time.
 */
public final class BatchBuffer implements AutoCloseable {
    private final VectorSchemaRoot root;
    /** The parameter values in effect when a batch was cut, so they carry into the next one. */
    private final VectorSchemaRoot carry;

    private final ColumnWriter[] writers;
    private final int timeIndex;
    private final boolean[] everSet;
    private final boolean[] setThisRow;
    private int row;

    private BatchBuffer(VectorSchemaRoot root, VectorSchemaRoot carry, ColumnWriter[] writers, int timeIndex) {
        this.root = root;
        this.carry = carry;
        this.writers = writers;
        this.timeIndex = timeIndex;
        this.everSet = new boolean[writers.length];
        this.setThisRow = new boolean[writers.length];
    }

    /**
     * A buffer for these columns (in parameter order, with the table's exact types), or null when one of
     * them has a type bulk writes do not support.
     *
     * @param timeIndex the position of the time-index column among {@code fields}, or -1
     * @param zone the session zone, for wall-clock values
     */
    public static BatchBuffer create(List<Field> fields, int timeIndex, BufferAllocator allocator, ZoneId zone) {
        Schema schema = new Schema(fields);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        VectorSchemaRoot carry = VectorSchemaRoot.create(schema, allocator);
        ColumnWriter[] writers = new ColumnWriter[fields.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = ColumnWriters.forVector(root.getVector(i), zone);
            if (writers[i] == null) {
                root.close();
                carry.close();
                return null;
            }
        }
        root.allocateNew();
        return new BatchBuffer(root, carry, writers, timeIndex);
    }

    /** The schema the batches have (the one a DoPut stream announces). */
    public Schema schema() {
        return root.getSchema();
    }

    public int columnCount() {
        return writers.length;
    }

    /** The writer of column {@code column} (0-based); write at {@link #row()}, then call {@link #written}. */
    public ColumnWriter writer(int column) {
        return writers[column];
    }

    /** The row being filled: the number of complete rows in the buffer. */
    public int row() {
        return row;
    }

    /** Records that {@code column} now has a value for the current row. */
    public void written(int column) {
        setThisRow[column] = true;
        everSet[column] = true;
    }

    /** Forgets every parameter value (JDBC clearParameters). */
    public void clearParameters() {
        java.util.Arrays.fill(everSet, false);
        java.util.Arrays.fill(setThisRow, false);
    }

    /**
     * Completes the current row: unset columns take their previous value; 07001 when a column never had
     * one; 22004 when the time index is NULL. On an error the row stays open and nothing is added.
     */
    public void endRow() throws SQLException {
        for (int c = 0; c < writers.length; c++) {
            if (!everSet[c]) {
                throw new SQLException(
                        "No value specified for parameter " + (c + 1) + " (column '" + writers[c].name() + "')",
                        "07001");
            }
        }
        for (int c = 0; c < writers.length; c++) {
            if (!setThisRow[c]) {
                FieldVector v = root.getVector(c);
                if (row > 0) {
                    v.copyFromSafe(row - 1, row, v);
                } else {
                    v.copyFromSafe(0, row, carry.getVector(c));
                }
            }
        }
        if (timeIndex >= 0 && root.getVector(timeIndex).isNull(row)) {
            throw new SQLDataException(
                    "the time index column '" + writers[timeIndex].name() + "' must not be NULL", "22004");
        }
        java.util.Arrays.fill(setThisRow, false);
        row++;
    }

    /** Arrow memory held by the vectors now (an estimate of the batch's size on the wire). */
    public long bufferedBytes() {
        long n = 0;
        for (FieldVector v : root.getFieldVectors()) {
            n += v.getBufferSize();
        }
        return n;
    }

    /** Fixes the row count of the complete rows and returns the root to encode; valid until {@link #reset}. */
    public VectorSchemaRoot seal() {
        root.setRowCount(row);
        return root;
    }

    /**
     * Empties the buffer for the next batch, keeping the vectors' memory and the parameter values in
     * effect (including those set for a row not yet ended).
     */
    public void reset() {
        for (int c = 0; c < writers.length; c++) {
            int source = setThisRow[c] ? row : row - 1;
            if (everSet[c] && source >= 0) {
                carry.getVector(c).copyFromSafe(source, 0, root.getVector(c));
            }
        }
        for (FieldVector v : root.getFieldVectors()) {
            v.reset();
        }
        root.setRowCount(0);
        row = 0;
        for (int c = 0; c < writers.length; c++) {
            if (setThisRow[c]) {
                root.getVector(c).copyFromSafe(0, 0, carry.getVector(c));
            }
        }
    }

    @Override
    public void close() {
        root.close();
        carry.close();
    }
}
