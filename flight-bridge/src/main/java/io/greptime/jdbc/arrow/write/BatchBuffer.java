package io.greptime.jdbc.arrow.write;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of one bulk batch, column by column: parameter {@code i} of an INSERT writes straight into
 * column {@code i} at the current row, in Java arrays laid out as Arrow lays the column out
 * ({@link HeapColumn}); {@link #seal()} copies them into the Arrow vectors in one bulk copy per buffer.
 * Follows JDBC's rule that a parameter keeps its value until it is set again or cleared: a column not
 * set for a row takes the previous row's value when the row ends. Arrays and vectors are reused from
 * batch to batch, so memory stays at the size of the largest batch.
 *
 * <p>Not thread-safe: one prepared statement uses it from one thread at a time.
 */
public final class BatchBuffer implements AutoCloseable {
    private final VectorSchemaRoot root;
    private final ColumnWriter[] writers;
    private final HeapColumn[] columns;
    private final int timeIndex;
    private int row;

    private BatchBuffer(VectorSchemaRoot root, ColumnWriter[] writers, int timeIndex) {
        this.root = root;
        this.writers = writers;
        this.timeIndex = timeIndex;
        this.columns = new HeapColumn[writers.length];
        for (int c = 0; c < writers.length; c++) {
            columns[c] = writers[c].cells;
        }
    }

    /**
     * A buffer for these columns (in parameter order, with the table's exact types), or null when one of
     * them has a type bulk writes do not support.
     *
     * @param timeIndex the position of the time-index column among {@code fields}, or -1
     * @param zone the session zone, for wall-clock values
     */
    public static BatchBuffer create(List<Field> fields, int timeIndex, BufferAllocator allocator, ZoneId zone) {
        return create(fields, timeIndex, allocator, zone, 0);
    }

    /**
     * As {@link #create(List, int, BufferAllocator, ZoneId)}, with room for {@code expectedRows} rows from
     * the start (the size of the batches written before), so the first batch does not grow its arrays.
     */
    public static BatchBuffer create(
            List<Field> fields, int timeIndex, BufferAllocator allocator, ZoneId zone, int expectedRows) {
        Schema schema = new Schema(fields);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ColumnWriter[] writers = new ColumnWriter[fields.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = ColumnWriters.forVector(root.getVector(i), zone);
            if (writers[i] == null) {
                root.close();
                return null;
            }
        }
        BatchBuffer buffer = new BatchBuffer(root, writers, timeIndex);
        for (HeapColumn column : buffer.columns) {
            column.reserve(expectedRows);
        }
        return buffer;
    }

    /** The schema the batches have (the one a DoPut stream announces). */
    public Schema schema() {
        return root.getSchema();
    }

    /** The writer of column {@code column} (0-based); write at {@link #row()}. */
    public ColumnWriter writer(int column) {
        return writers[column];
    }

    /**
     * The writers of all columns in parameter order, shared (not copied): binders keep the array to reach a
     * column's writer in one step on every setter. Callers must not change it.
     */
    public ColumnWriter[] writers() {
        return writers;
    }

    /** The row being filled: the number of complete rows in the buffer. */
    public int row() {
        return row;
    }

    /** Forgets every parameter value (JDBC clearParameters). */
    public void clearParameters() {
        for (HeapColumn column : columns) {
            column.clear();
        }
    }

    /**
     * Completes the current row: unset columns take their previous value; 07001 when a column never had
     * one; 22004 when the time index is NULL. On an error the row stays open and nothing is added.
     */
    public void endRow() throws SQLException {
        for (HeapColumn column : columns) {
            if (column.setRow() != row) {
                carryUnset();
                break;
            }
        }
        if (timeIndex >= 0 && columns[timeIndex].isNull(row)) {
            throw new SQLDataException(
                    "the time index column '" + writers[timeIndex].name() + "' must not be NULL",
                    SqlState.NULL_VALUE_NOT_ALLOWED.code());
        }
        row++;
    }

    /** The columns not set for this row take the previous row's value (after a reset, row 0 holds it). */
    private void carryUnset() throws SQLException {
        for (int c = 0; c < writers.length; c++) {
            if (columns[c].setRow() == HeapColumn.NEVER) {
                throw new SQLException(
                        "No value specified for parameter " + (c + 1) + " (column '" + writers[c].name() + "')",
                        SqlState.WRONG_NUMBER_OF_PARAMETERS.code());
            }
        }
        for (HeapColumn column : columns) {
            if (column.setRow() != row && row > 0) {
                column.copyRow(row - 1, row);
                column.carried();
            }
        }
    }

    /** Heap memory the complete rows take (an estimate of the batch's size on the wire). */
    public long bufferedBytes() {
        long n = 0;
        for (HeapColumn column : columns) {
            n += column.bytes(row);
        }
        return n;
    }

    /** Heap memory the buffer keeps between batches: its arrays, grown to the largest batch so far. */
    public long retainedBytes() {
        long n = 0;
        for (HeapColumn column : columns) {
            n += column.retainedBytes();
        }
        return n;
    }

    /**
     * Copies the complete rows into the vectors and returns the root to encode; valid until
     * {@link #reset}.
     */
    public VectorSchemaRoot seal() {
        for (int c = 0; c < columns.length; c++) {
            columns[c].writeTo(root.getVector(c), row);
        }
        root.setRowCount(row);
        return root;
    }

    /**
     * Empties the buffer for the next batch, keeping the parameter values in effect (including those set
     * for a row not yet ended): each becomes row 0.
     */
    public void reset() {
        for (HeapColumn column : columns) {
            // the value in effect: set for the open row, else the last row's (row 0 holds a carried one)
            boolean setNow = column.setRow() == row;
            int keep = setNow ? row : Math.max(row - 1, 0);
            column.reset(column.setRow() == HeapColumn.NEVER ? -1 : keep, setNow);
        }
        row = 0;
    }

    /** The columns' heap values, for encoding the complete rows without Arrow vectors. */
    HeapColumn[] columns() {
        return columns;
    }

    @Override
    public void close() {
        root.close();
    }
}
