package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.arrow.write.PutCompression;
import io.greptime.jdbc.arrow.write.TimeSortedBatches;
import io.greptime.jdbc.internal.client.RequestSession;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The parameters of one prepared {@code INSERT} written straight into Arrow vectors, and its batches
 * sent as Flight DoPut record batches on one stream per statement (reused across executeBatch calls).
 * {@code addBatch} cuts a record batch on its own when the buffered rows reach the part size (about a
 * third of the previous batch, between 4096 rows and {@code bulkFlushRows}) or {@code bulkFlushBytes};
 * {@code executeBatch} sends the rest and waits for the server's answers, so its counts say exactly which
 * rows the server confirmed.
 *
 * <p>Used by one statement from one thread at a time, like the statement itself.
 */
public final class BulkInsertBinder extends VectorBinder implements BulkBinder {
    private final BulkWrites owner;
    private final String table;
    private final BufferAllocator allocator;
    private final long flushBytes;
    private final int flushRows;
    /**
     * Rows after which addBatch sends what is buffered as one part of the batch, so the server decodes
     * it while the caller binds the rest: about a third of the previous executeBatch into this table
     * (three parts overlap binding well without many small DoPut batches, which cost the server per
     * batch), at least {@link #MIN_PART} rows, at most bulkFlushRows.
     */
    private int partRows;

    /** The smallest part sent while the caller binds (unless bulkFlushRows is smaller). */
    static final int MIN_PART = 4096;
    /** Record batches cut since the last executeBatch, in sending order. */
    private final List<Segment> segments = new ArrayList<>();
    /** Reorders and cuts batches by series and time window (bulkSortByTime, bulkTimeWindow); null for neither. */
    private final TimeSortedBatches sorter;
    /** The row path for batches under {@code rowPathBelow} rows, or null when it is off or cannot apply. */
    private final SmallBatchRows smallRows;

    private final int rowPathBelow;
    /** Rows of this executeBatch already cut into segments. */
    private int flushedRows;

    private DoPutWriter writer;
    private SQLException sendFailure;

    /** bulkAcknowledge=deferred: executeBatch returns once its rows are sent. */
    private final boolean deferred;
    /** Under deferred acknowledgement: {request_id, rows} of batches earlier calls sent, not yet answered. */
    private final ArrayDeque<long[]> unconfirmed = new ArrayDeque<>();

    BulkInsertBinder(
            BulkWrites owner,
            RequestSession session,
            String table,
            BatchBuffer buffer,
            BufferAllocator allocator,
            TimeSortedBatches sorter,
            SmallBatchRows smallRows) {
        super(session, buffer);
        this.sorter = sorter;
        this.smallRows = smallRows;
        this.rowPathBelow = owner.config().bulkRowPathBelow();
        this.owner = owner;
        this.table = table;
        this.allocator = allocator;
        this.flushBytes = owner.config().bulkFlushBytes();
        this.flushRows = owner.config().bulkFlushRows();
        this.partRows = partRows(owner.executeRowsHint(table));
        this.deferred = owner.config().bulkDeferredAcks();
    }

    // ---------------------------------------------------------------- batches

    /** Ends the current row; sends a record batch when the thresholds are reached. */
    @Override
    public void addBatch() throws SQLException {
        endRow();
        int rows = buffer.row();
        if (rows >= partRows || ((rows & 1023) == 0 && buffer.bufferedBytes() >= flushBytes)) {
            flush();
        }
    }

    @Override
    public boolean addRowWithoutSending() throws SQLException {
        int rows = buffer.row() + 1;
        if (rows >= partRows || (rows & 1023) == 0) {
            return false; // the row may cut a batch: addBatch, as a call
        }
        endRow();
        return true;
    }

    /** Forgets rows not yet sent (rows already cut into sent batches stay sent and are counted). */
    @Override
    public void clearBatch() {
        pendingRows -= buffer.row();
        buffer.reset();
    }

    private void flush() throws SQLException {
        int rows = buffer.row();
        if (rows == 0) {
            return;
        }
        owner.noteBatchRows(table, rows);
        int base = flushedRows;
        flushedRows += rows;
        try {
            if (sorter == null) {
                send(null, base, rows, null);
                return;
            }
            VectorSchemaRoot sealed = buffer.seal();
            TimeSortedBatches.Plan plan = sorter.plan(sealed, rows);
            for (int g = 0; g < plan.groups(); g++) {
                int[] positions = Arrays.copyOfRange(plan.order(), plan.groupStarts()[g], plan.groupStarts()[g + 1]);
                send(sorter.fill(sealed, plan, g), base, positions.length, positions);
            }
        } finally {
            buffer.reset();
        }
    }

    /**
     * Sends one record batch (unless the stream already failed) and records which rows it holds: the
     * given root, or when null the buffer's complete rows.
     */
    private void send(VectorSchemaRoot root, int base, int rows, int[] positions) {
        long id = -1;
        try {
            if (sendFailure == null) {
                id = root == null ? writer().send(buffer) : writer().send(root);
                owner.doPutBatches.incrementAndGet();
                owner.doPutRows.addAndGet(rows);
            }
        } catch (DoPutWriter.PutFailure f) {
            sendFailure = owner.client().errors().translate(f.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendFailure = new SQLException("Interrupted while sending a DoPut batch", "HY008", e);
        }
        segments.add(new Segment(id, base, rows, positions));
    }

    private DoPutWriter writer() {
        if (writer == null) {
            writer = owner.takeIdleStream(streamKey());
        }
        if (writer == null) {
            writer = DoPutWriter.create(
                    PutCompression.parse(owner.config().bulkCompression()),
                    owner.config().bulkWindow(),
                    answers -> owner.client().startPut(session, answers));
            writer.start(table, buffer.schema());
            owner.doPutStreams.incrementAndGet();
        }
        return writer;
    }

    /**
     * Sends the buffered rows and waits until the server answered every batch of this executeBatch.
     * One count (1) per row; on failure a BatchUpdateException whose counts give 1 for rows in answered
     * batches and EXECUTE_FAILED for the rest, none of which the server confirmed.
     */
    @Override
    public long[] executeBatch() throws SQLException {
        long rows = pendingRows;
        try {
            return deferred ? executeDeferred() : executeConfirmed();
        } finally {
            batchDone(rows);
        }
    }

    @Override
    public long[] executeBatchConfirmed() throws SQLException {
        awaitDeferred();
        long rows = pendingRows;
        try {
            return executeConfirmed();
        } finally {
            batchDone(rows);
        }
    }

    /** Sizes the parts of the next batch after one of {@code rows} rows (none: nothing changes). */
    private void batchDone(long rows) {
        if (rows > 0) {
            owner.noteExecuteRows(table, rows);
            partRows = partRows(rows);
        }
    }

    private int partRows(long previousBatchRows) {
        long third = previousBatchRows / 3;
        return (int) Math.max(Math.min(MIN_PART, flushRows), Math.min(flushRows, third));
    }

    private long[] executeConfirmed() throws SQLException {
        if (smallRows != null && segments.isEmpty() && buffer.row() > 0 && buffer.row() < rowPathBelow) {
            return executeAsRows();
        }
        flush();
        long lastSent = 0;
        for (Segment seg : segments) {
            lastSent = Math.max(lastSent, seg.id());
        }
        PutAcks acks =
                PutAcks.await(writer, lastSent, sendFailure, owner.client().errors());
        long acked = acks.acked();
        SQLException failure = acks.failure();
        long[] counts = counts(acked);
        List<GreptimeBatchUpdateException.RowRange> inDoubt = failure == null ? List.of() : inDoubt(acked);
        segments.clear();
        pendingRows = 0;
        flushedRows = 0;
        if (failure != null) {
            throw failed(failure, counts, inDoubt);
        }
        return counts;
    }

    /**
     * bulkAcknowledge=deferred: sends the rows and returns SUCCESS_NO_INFO for each without waiting for
     * the answers, so the caller binds the next batch while the server works. A failure of a batch an
     * earlier call sent is reported here (and this call's rows are not sent); a failure while sending
     * this call's rows is reported as a synchronous executeBatch reports it. With no rows, waits for
     * every earlier answer.
     */
    private long[] executeDeferred() throws SQLException {
        if (pendingRows == 0) {
            awaitDeferred();
            return new long[0];
        }
        SQLException earlier = earlierFailure();
        if (earlier != null) {
            throw deferredFailed(earlier);
        }
        flush();
        if (sendFailure != null) { // reported now, with the earlier calls' rows when some are unanswered
            return unconfirmed.isEmpty() ? executeConfirmed() : throwDeferred(sendFailure);
        }
        for (Segment seg : segments) {
            unconfirmed.addLast(new long[] {seg.id(), seg.rows()});
        }
        long[] counts = new long[Math.toIntExact(pendingRows)];
        Arrays.fill(counts, Statement.SUCCESS_NO_INFO);
        segments.clear();
        pendingRows = 0;
        flushedRows = 0;
        forgetAnswered();
        return counts;
    }

    private long[] throwDeferred(SQLException cause) throws BatchUpdateException {
        throw deferredFailed(cause);
    }

    /** Drops the batches the server has answered from the deferred ones. */
    private void forgetAnswered() {
        long acked = writer == null ? 0 : writer.lastAckedId();
        while (!unconfirmed.isEmpty() && unconfirmed.peekFirst()[0] <= acked) {
            unconfirmed.removeFirst();
        }
    }

    /** What broke the stream carrying deferred batches, seen without waiting; null while it is healthy. */
    private SQLException earlierFailure() {
        if (unconfirmed.isEmpty()) {
            return null;
        }
        Throwable f = writer == null ? null : writer.failure();
        return f == null ? null : owner.client().errors().translate(f);
    }

    @Override
    public void awaitDeferred() throws SQLException {
        if (unconfirmed.isEmpty()) {
            return;
        }
        PutAcks acks = PutAcks.await(
                writer, unconfirmed.peekLast()[0], null, owner.client().errors());
        if (acks.failure() != null) {
            throw deferredFailed(acks.failure());
        }
        unconfirmed.clear();
    }

    /**
     * The report of a stream that failed after earlier deferred calls returned: how many of their rows
     * were not confirmed (they may or may not be stored), and this call's rows, none of which is sent
     * now (EXECUTE_FAILED; rows an automatic flush of this call already sent count as the synchronous
     * path counts them). The stream is dropped; the next batch opens a new one.
     */
    private BatchUpdateException deferredFailed(SQLException cause) {
        forgetAnswered();
        long acked = writer == null ? 0 : writer.lastAckedId();
        long doubtful = unconfirmed.stream().mapToLong(u -> u[1]).sum();
        long[] counts = counts(acked);
        Arrays.fill(counts, flushedRows, counts.length, Statement.EXECUTE_FAILED);
        List<GreptimeBatchUpdateException.RowRange> inDoubt = inDoubt(acked);
        long written = Arrays.stream(counts).filter(c -> c == 1).count();
        int current = counts.length;
        buffer.reset();
        segments.clear();
        unconfirmed.clear();
        pendingRows = 0;
        flushedRows = 0;
        BulkWrites.logFailure(table, cause);
        owner.forget(session, table);
        dropWriter();
        sendFailure = null;
        return new GreptimeBatchUpdateException(
                "DoPut into " + table + " failed after earlier executeBatch calls returned (bulkAcknowledge=deferred): "
                        + doubtful + " of the rows they sent are not confirmed and may not be stored"
                        + (current > 0 ? "; " + written + " of this call's " + current + " rows were written" : "")
                        + ": "
                        + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                counts,
                inDoubt,
                cause);
    }

    /** A small batch as one RowInsertRequests: all rows in, or none (one request, one answer). */
    private long[] executeAsRows() throws SQLException {
        int rows = buffer.row();
        long[] counts = new long[rows];
        try {
            smallRows.send(owner, session, table, buffer.seal(), rows);
            Arrays.fill(counts, 1);
            return counts;
        } catch (SQLException e) {
            Arrays.fill(counts, Statement.EXECUTE_FAILED);
            owner.forget(session, table);
            throw new BatchUpdateException(
                    "Row insert into " + table + " failed, none of " + rows + " rows were written: " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    counts,
                    e);
        } finally {
            buffer.reset();
            pendingRows = 0;
        }
    }

    /**
     * Rows of batches that went to the server but were not acknowledged: they may or may not be stored.
     * Reordered batches ({@code bulkSortByTime}/{@code bulkTimeWindow}) map back to the caller's rows.
     */
    private List<GreptimeBatchUpdateException.RowRange> inDoubt(long acked) {
        java.util.BitSet doubt = new java.util.BitSet();
        for (Segment seg : segments) {
            if (seg.id() > acked) {
                if (seg.positions() == null) {
                    doubt.set(seg.base(), seg.base() + seg.rows());
                } else {
                    for (int p : seg.positions()) {
                        doubt.set(seg.base() + p);
                    }
                }
            }
        }
        List<GreptimeBatchUpdateException.RowRange> out = new ArrayList<>();
        for (int from = doubt.nextSetBit(0); from >= 0; from = doubt.nextSetBit(from)) {
            int to = doubt.nextClearBit(from);
            out.add(new GreptimeBatchUpdateException.RowRange(from, to - 1));
            from = to;
        }
        return out;
    }

    private long[] counts(long acked) {
        long[] counts = new long[Math.toIntExact(pendingRows)];
        for (Segment seg : segments) {
            long status = seg.id() > 0 && seg.id() <= acked ? 1 : Statement.EXECUTE_FAILED;
            if (seg.positions() == null) {
                Arrays.fill(counts, seg.base(), seg.base() + seg.rows(), status);
            } else {
                for (int p : seg.positions()) {
                    counts[seg.base() + p] = status;
                }
            }
        }
        return counts;
    }

    /**
     * One record batch: its request_id (-1 when it was never sent) and the rows it holds, as positions
     * within this executeBatch: {@code base} plus {@code positions} (reordered rows) or plus 0..rows-1.
     */
    private record Segment(long id, int base, int rows, int[] positions) {}

    private BatchUpdateException failed(
            SQLException cause, long[] counts, List<GreptimeBatchUpdateException.RowRange> inDoubt) {
        BulkWrites.logFailure(table, cause);
        owner.forget(session, table);
        dropWriter();
        sendFailure = null;
        unconfirmed.clear();
        long in = Arrays.stream(counts).filter(c -> c == 1).count();
        long doubtful = inDoubt.stream()
                .mapToLong(GreptimeBatchUpdateException.RowRange::size)
                .sum();
        String doubt = doubtful == 0 ? "" : "; " + doubtful + " rows sent but unacknowledged are in doubt " + inDoubt;
        return new GreptimeBatchUpdateException(
                "DoPut into " + table + " failed after " + in + " of " + counts.length + " rows were written" + doubt
                        + ": " + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                counts,
                inDoubt,
                cause);
    }

    private void dropWriter() {
        if (writer != null) {
            try {
                writer.close(0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            writer = null;
        }
    }

    private BulkWrites.StreamKey streamKey() {
        return new BulkWrites.StreamKey(session, table, buffer.schema());
    }

    /**
     * Hands the DoPut stream to the connection for the next statement writing the same rows when every
     * batch it carried was answered (nothing sent since the last executeBatch), otherwise ends the stream,
     * waiting briefly for the server to finish; the emptied column buffer goes to the connection too.
     */
    @Override
    public void close() {
        try {
            if (writer != null
                    && segments.isEmpty()
                    && unconfirmed.isEmpty()
                    && sendFailure == null
                    && !writer.isBroken()) {
                owner.parkStream(streamKey(), writer);
                writer = null;
            } else if (writer != null) {
                writer.close(10_000);
                writer = null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (sorter != null) {
                sorter.close();
            }
            owner.parkBuffer(streamKey(), buffer, allocator);
        }
    }
}
