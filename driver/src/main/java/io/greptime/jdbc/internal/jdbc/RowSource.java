package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Where a result set's batches come from, shaped like flight-bridge's {@code FlightBatchCursor} (which
 * backs every DoGet result) so that in-memory results (empty generated keys) read through the same
 * column readers.
 */
interface RowSource extends AutoCloseable {
    /** The result's columns, in order. */
    List<ColumnMetadata> columns();

    /** Moves to the next batch with rows; false at the end (or after {@code maxRows}). */
    boolean nextBatch() throws SQLException;

    /** Rows of the current batch. */
    int batchRowCount();

    /** One reader per column over the current batch, valid until the next {@link #nextBatch()}. */
    List<ColumnReader> readers();

    /**
     * Fails when the calling thread may not read this source now ({@link ThreadAffinity}); in-memory
     * sources belong to no connection and allow every thread.
     */
    default void checkCaller() throws SQLException {}

    /** The current batch as Arrow vectors (valid until the next {@link #nextBatch()}), or null. */
    VectorSchemaRoot root();

    /** Stops the source (cancelling a stream still running) and frees its memory. */
    @Override
    void close();

    /** A source of one in-memory batch, which it closes when it is closed. */
    static RowSource of(VectorSchemaRoot root, ColumnReaderFactory factory) {
        return new RowSource() {
            private List<ColumnReader> readers = List.of();
            private boolean served;
            private boolean onBatch;

            @Override
            public List<ColumnMetadata> columns() {
                return ColumnMetadata.of(root.getSchema());
            }

            @Override
            public boolean nextBatch() {
                readers = List.of();
                onBatch = !served && root.getRowCount() > 0;
                served = true;
                if (onBatch) {
                    readers = factory.create(root, null);
                }
                return onBatch;
            }

            @Override
            public int batchRowCount() {
                return onBatch ? root.getRowCount() : 0;
            }

            @Override
            public List<ColumnReader> readers() {
                return readers;
            }

            @Override
            public VectorSchemaRoot root() {
                return onBatch ? root : null;
            }

            @Override
            public void close() {
                readers = List.of();
                onBatch = false;
                root.close();
            }
        };
    }
}
