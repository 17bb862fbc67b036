package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.arrow.write.PutCompression;
import io.greptime.jdbc.internal.client.RequestSession;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Record batches built elsewhere (typed rows) sent into one table on one DoPut stream, with the same
 * settings, accounting and statistics as a prepared statement's batches: the stream opens at the first
 * batch, stays open across {@link #awaitAll} calls, and is dropped (to be reopened) after a failure.
 * One thread at a time.
 */
public final class TablePut implements AutoCloseable {
    private final BulkWrites owner;
    private final RequestSession session;
    private final String table;
    private final Schema schema;
    /** Batches sent since the last awaitAll: {request_id (-1 when not sent), rows}. */
    private final List<long[]> segments = new ArrayList<>();

    private DoPutWriter writer;
    private SQLException sendFailure;

    TablePut(BulkWrites owner, RequestSession session, String table, Schema schema) {
        this.owner = owner;
        this.session = session;
        this.table = table;
        this.schema = schema;
    }

    /** Sends the sealed root as one batch (waiting for a slot in the ack window); the root may be reused after. */
    public void send(VectorSchemaRoot root) {
        send(root.getRowCount(), w -> w.send(root));
    }

    /**
     * Sends the buffer's complete rows as one batch, encoded straight from it when uncompressed; the
     * buffer may be reset after.
     */
    public void send(io.greptime.jdbc.arrow.write.BatchBuffer buffer) {
        send(buffer.row(), w -> w.send(buffer));
    }

    /** One way of handing a batch to the stream. */
    private interface Batch {
        long sendOn(DoPutWriter writer) throws DoPutWriter.PutFailure, InterruptedException;
    }

    private void send(int rows, Batch batch) {
        if (sendFailure != null) {
            segments.add(new long[] {-1, rows});
            return;
        }
        try {
            long id = batch.sendOn(writer());
            segments.add(new long[] {id, rows});
            owner.doPutBatches.incrementAndGet();
            owner.doPutRows.addAndGet(rows);
        } catch (DoPutWriter.PutFailure f) {
            sendFailure = owner.client().errors().translate(f.getCause());
            segments.add(new long[] {-1, rows});
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendFailure = new SQLException("Interrupted while sending a DoPut batch", "HY008", e);
            segments.add(new long[] {-1, rows});
        }
    }

    private DoPutWriter writer() {
        if (writer == null) {
            writer = DoPutWriter.create(
                    PutCompression.parse(owner.config().bulkCompression()),
                    owner.config().bulkWindow(),
                    answers -> owner.client().startPut(session, answers));
            writer.start(table, schema);
            owner.doPutStreams.incrementAndGet();
        }
        return writer;
    }

    /**
     * Waits until the server answered every batch sent since the last call.
     *
     * @return the rows in those batches
     * @throws SQLException when a batch failed: the message says how many rows of these batches the server
     *     confirmed (the batches before the failed one); the stream is dropped and reopens on the next send
     */
    public long awaitAll() throws SQLException {
        long lastSent = 0;
        long total = 0;
        for (long[] seg : segments) {
            lastSent = Math.max(lastSent, seg[0]);
            total += seg[1];
        }
        PutAcks acks =
                PutAcks.await(writer, lastSent, sendFailure, owner.client().errors());
        long acked = acks.acked();
        SQLException failure = acks.failure();
        long confirmed = 0;
        for (long[] seg : segments) {
            confirmed += seg[0] > 0 && seg[0] <= acked ? seg[1] : 0;
        }
        segments.clear();
        if (failure == null) {
            return total;
        }
        BulkWrites.logFailure(table, failure);
        owner.forget(session, table);
        sendFailure = null;
        closeWriter(0);
        throw new SQLException(
                "DoPut into " + table + " failed after " + confirmed + " of " + total
                        + " rows since the last flush were written: " + failure.getMessage(),
                failure.getSQLState(),
                failure.getErrorCode(),
                failure);
    }

    private void closeWriter(long waitMillis) {
        if (writer == null) {
            return;
        }
        try {
            writer.close(waitMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            writer = null;
        }
    }

    /** Ends the stream, waiting briefly for the server to finish. */
    @Override
    public void close() {
        closeWriter(10_000);
    }
}
