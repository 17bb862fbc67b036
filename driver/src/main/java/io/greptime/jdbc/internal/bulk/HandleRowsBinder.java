package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import java.sql.SQLException;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A binder of the two {@code Handle} routes (row inserts and keyed deletes): rows are bound into the Arrow
 * buffer and encoded into protobuf each time {@code flushRows} of them are buffered, so one buffer serves a
 * batch of any size and nothing is sent before {@code executeBatch}.
 */
abstract class HandleRowsBinder extends VectorBinder implements BulkBinder {
    /** Rows buffered before they are encoded, and the most rows one request carries. */
    final int flushRows;

    final BulkWrites owner;
    final BufferAllocator allocator;
    final RowEncoder encoder;

    HandleRowsBinder(
            BulkWrites owner,
            RequestSession session,
            BatchBuffer buffer,
            BufferAllocator allocator,
            RowEncoder encoder) {
        super(session, buffer);
        this.flushRows = Math.max(1, owner.config().bulkFlushRows());
        this.owner = owner;
        this.allocator = allocator;
        this.encoder = encoder;
    }

    /** Moves the buffered rows into protobuf, freeing the buffer for more rows. */
    abstract void encodeBuffered();

    @Override
    public final void addBatch(CallScope scope) throws SQLException {
        endRow();
        if (buffer.row() >= flushRows) {
            encodeBuffered();
        }
    }

    @Override
    public final boolean addRowWithoutSending() throws SQLException {
        addBatch(CallScope.NONE); // encoding a full buffer is local work
        return true;
    }
}
