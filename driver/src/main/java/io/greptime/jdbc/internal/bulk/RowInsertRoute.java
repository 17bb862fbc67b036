package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.Rows;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The row-insert route of a prepared {@code INSERT} into an existing table whose rows must not go by DoPut
 * (a server whose DoPut writes nothing, a metric-engine or partition-tree table, a table a streaming flow
 * reads, {@code ttl = 'instant'}, a column subset an older server cannot fill): parameters go into the same
 * column buffer of the table's types as on the DoPut route (so values convert and fail alike), and
 * executeBatch sends them as {@code RowInsertRequests} over Handle, at most {@code bulkFlushRows} rows a
 * request, with the listed columns only, which the server completes with each column's default.
 * One statement, one thread at a time.
 */
final class RowInsertRoute extends HandleRowsBinder {
    private final TableTraits traits;
    /** Requests encoded from full buffers, not yet sent. */
    private final List<Rows> chunks = new ArrayList<>();

    private int encodedRows;

    RowInsertRoute(
            BulkWrites owner,
            RequestSession session,
            TableTraits traits,
            BatchBuffer buffer,
            BufferAllocator allocator,
            RowEncoder encoder) {
        super(owner, session, buffer, allocator, encoder);
        this.traits = traits;
    }

    /** Moves the buffered rows into a protobuf request, freeing the buffer for more rows. */
    @Override
    void encodeBuffered() {
        int rows = buffer.row();
        chunks.addAll(RowBatches.encode(owner, buffer, rows, encoder));
        encodedRows += rows;
        buffer.reset();
    }

    @Override
    public void clearBatch() {
        buffer.reset();
        chunks.clear();
        encodedRows = 0;
        pendingRows = 0;
    }

    @Override
    public long[] executeBatch(CallScope scope) throws SQLException {
        encodeBuffered();
        try {
            return RowBatches.sendChunks(
                    owner, session, traits.table(), chunks, encodedRows, traits.deduplicates(), scope);
        } catch (SQLException e) {
            owner.catalog().forget(session, traits.table());
            throw e;
        } finally {
            clearBatch();
        }
    }

    @Override
    public void close() {
        try {
            buffer.close();
        } finally {
            allocator.close();
        }
    }
}
