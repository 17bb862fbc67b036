package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.put.PutStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Typed rows' batches into one table on one {@link PutStream}, which owns the stream's life; this keeps
 * only which rows each batch held, to say how many were confirmed when one fails.
 */
final class TablePut implements BatchSink {
    private final BulkWrites owner;
    private final RequestSession session;
    private final PutStream stream;
    /** Batches sent since the last awaitAll: {request_id (-1 when not sent), rows}. */
    private final List<long[]> segments = new ArrayList<>();

    TablePut(BulkWrites owner, RequestSession session, TableTraits traits, Schema schema) {
        this.owner = owner;
        this.session = session;
        this.stream = new PutStream(owner.puts(), session, traits.table(), schema, traits.deduplicates());
    }

    @Override
    public void send(BatchBuffer buffer, CallScope scope) {
        segments.add(new long[] {stream.send(buffer, scope), buffer.row()});
    }

    @Override
    public long awaitAll(CallScope scope) throws SQLException {
        long lastSent = 0;
        long total = 0;
        for (long[] seg : segments) {
            lastSent = Math.max(lastSent, seg[0]);
            total += seg[1];
        }
        long acked = stream.await(lastSent, scope);
        SQLException failure = stream.failure();
        long confirmed = 0;
        long doubt = 0;
        for (long[] seg : segments) {
            confirmed += seg[0] > 0 && seg[0] <= acked ? seg[1] : 0;
            doubt += seg[0] > acked ? seg[1] : 0;
        }
        segments.clear();
        if (failure == null) {
            return total;
        }
        BulkWrites.logFailure(stream.table(), failure);
        owner.afterPutFailure(session, stream.table(), failure);
        stream.reset();
        throw new SQLException(
                "DoPut into " + stream.table() + " failed after " + confirmed + " of " + total
                        + " rows since the last flush were written (" + doubt + " sent but unconfirmed are in doubt): "
                        + failure.getMessage(),
                failure.getSQLState(),
                failure.getErrorCode(),
                failure);
    }

    @Override
    public void close() {
        stream.release();
    }
}
