package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.TimeSortedBatches;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.put.PutStream;
import io.greptime.jdbc.internal.put.StreamKey;
import io.greptime.jdbc.sqlstate.SqlState;
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
 * The DoPut route of a prepared {@code INSERT}: parameters go straight into the column buffer, and batches
 * leave as Flight DoPut record batches on one {@link PutStream} per statement (reused across executeBatch
 * calls, parked for the next statement at close). {@code addBatch} cuts a record batch on its own when
 * the buffered rows reach the part size (about a third of the previous batch, between 16384 rows and
 * {@code bulkFlushRows}) or {@code bulkFlushBytes}; {@code executeBatch} sends the rest and waits, within
 * the execution's deadline, for the server's answers, so its counts say exactly which rows the server
 * confirmed.
 *
 * <p>Used by one statement from one thread at a time, like the statement itself.
 */
public final class BulkInsertBinder extends VectorBinder implements BulkBinder {
    private final BulkWrites owner;
    private final String table;
    private final BufferAllocator allocator;
    private final long flushBytes;
    private final int flushRows;
    /** What was known of the table when the route was chosen (or last confirmed); checked before each batch. */
    private TableTraits traits;
    /**
     * Rows after which addBatch sends what is buffered as one part of the batch, so the server decodes
     * it while the caller binds the rest: about a third of the previous executeBatch into this table
     * (three parts overlap binding well without many small DoPut batches, which cost the server per
     * batch), at least {@link #MIN_PART} rows, at most bulkFlushRows.
     */
    private int partRows;

    /**
     * The smallest part sent while the caller binds (unless bulkFlushRows is smaller). Each DoPut batch
     * costs the client about as much as thousands of rows (a send, an answer, wake-ups of the caller, the
     * event loop and gRPC's executor): with 4096, a 10,000-row executeBatch went as three batches and its
     * process used about 70 ns a row more CPU than as one (WriteProcesses, docs/benchmarks.md), more than
     * the overlap with the server gained on two shared cores. So batches up to this size go whole.
     */
    static final int MIN_PART = 16384;
    /** Record batches cut since the last executeBatch, in sending order. */
    private final List<Segment> segments = new ArrayList<>();
    /** Reorders and cuts batches by series and time window (bulkSortByTime, bulkTimeWindow); null for neither. */
    private final TimeSortedBatches sorter;
    /** The row encoder for batches under {@code rowPathBelow} rows, or null when that is off or cannot apply. */
    private final RowEncoder smallRows;

    private final int rowPathBelow;
    /** Rows of this executeBatch already cut into segments. */
    private int flushedRows;

    private final PutStream stream;

    /** bulkAcknowledge=deferred: executeBatch returns once its rows are sent. */
    private final boolean deferred;
    /** Under deferred acknowledgement: {request_id, rows} of batches earlier calls sent, not yet answered. */
    private final ArrayDeque<long[]> unconfirmed = new ArrayDeque<>();
    /** With auto-commit off: this statement's rows since the last commit, or null before its first call. */
    private CommitUnit.Pending pending;
    /** Set when the table changed since the route was chosen: the statement picks its route again. */
    private boolean stale;
    /** Why the table no longer takes this statement's rows (a column gone or retyped), or null. */
    private String incompatible;

    BulkInsertBinder(
            BulkWrites owner,
            RequestSession session,
            TableTraits traits,
            BatchBuffer buffer,
            int[] paramColumns,
            BufferAllocator allocator,
            TimeSortedBatches sorter,
            RowEncoder smallRows) {
        super(session, buffer, paramColumns);
        this.sorter = sorter;
        this.smallRows = smallRows;
        this.rowPathBelow = owner.config().bulkRowPathBelow();
        this.owner = owner;
        this.traits = traits;
        this.table = traits.table();
        this.allocator = allocator;
        this.flushBytes = owner.config().bulkFlushBytes();
        this.flushRows = owner.config().bulkFlushRows();
        this.partRows = partRows(owner.executeRowsHint(table));
        this.deferred = owner.config().bulkDeferredAcks();
        this.stream = new PutStream(owner.puts(), session, table, buffer.schema(), replayable(owner, traits));
    }

    /** Replaying a broken stream elsewhere is harmless only for a table that deduplicates. */
    private static boolean replayable(BulkWrites owner, TableTraits traits) {
        return traits.deduplicates() && owner.config().bulkWrites();
    }

    // ---------------------------------------------------------------- batches

    /**
     * Ends the current row; sends a record batch when the thresholds are reached. A send the scope stopped
     * (a cancel, the timeout) throws 57014 or HYT00 here; the batch's next executeBatch reports its counts.
     */
    @Override
    public void addBatch(CallScope scope) throws SQLException {
        endRow();
        int rows = buffer.row();
        if (rows >= partRows || ((rows & 1023) == 0 && buffer.bufferedBytes() >= flushBytes)) {
            flush(scope);
            SQLException stopped = stream.failure() == null ? null : scope.stopped("a free slot in the DoPut window");
            if (stopped != null) {
                throw stopped;
            }
        }
    }

    @Override
    public boolean addRowWithoutSending() throws SQLException {
        int rows = buffer.row() + 1;
        if (rows >= partRows || (rows & 1023) == 0) {
            return false; // the row may cut a batch: addBatch, as an execution
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

    @Override
    public boolean stale() {
        return stale;
    }

    /**
     * Cuts the buffered rows into record batches and sends them. With auto-commit off this holds the
     * connection's commit unit (so a commit never runs between a send and its record); a statement's first
     * stream since its last one settles what closed statements left for the same table.
     */
    private void flush(CallScope scope) throws SQLException {
        CommitUnit unit = owner.commitUnit();
        if (!unit.manual()) {
            flushRows(scope);
            return;
        }
        unit.lock.lock();
        try {
            if (!stream.isOpen()) {
                unit.settleClosed(stream.key(), scope);
            }
            flushRows(scope);
        } finally {
            unit.lock.unlock();
        }
    }

    private void flushRows(CallScope scope) throws SQLException {
        int rows = buffer.row();
        if (rows == 0) {
            return;
        }
        if (segments.isEmpty() && !checkTable(scope)) {
            return; // the table changed: the rows wait in the buffer for executeBatch's route (byRows)
        }
        owner.noteBatchRows(table, rows);
        int base = flushedRows;
        flushedRows += rows;
        try {
            if (sorter == null) {
                segments.add(new Segment(stream.send(buffer, scope), base, rows, null));
                return;
            }
            VectorSchemaRoot sealed = buffer.seal();
            TimeSortedBatches.Plan plan = sorter.plan(sealed, rows);
            for (int g = 0; g < plan.groups(); g++) {
                int[] positions = Arrays.copyOfRange(plan.order(), plan.groupStarts()[g], plan.groupStarts()[g + 1]);
                segments.add(new Segment(
                        stream.send(sorter.fill(sealed, plan, g), scope), base, positions.length, positions));
            }
        } finally {
            buffer.reset();
        }
    }

    /**
     * Before the first record batch of an executeBatch: when what was read of the table is no longer
     * fresh, reads it again (within the execution's deadline). True when the batch may go as prepared;
     * false when the table gained columns (the batch then goes by rows, which the server completes with
     * defaults, and the statement prepares its route again); 42S22 when a column the batch writes is gone
     * or changed type (nothing is sent).
     */
    private boolean checkTable(CallScope scope) throws SQLException {
        if (incompatible == null && !stale && !owner.catalog().stillFresh(session, table, traits.readAt())) {
            owner.catalog().forget(session, table);
            TableTraits now = owner.catalog().traits(session, table, scope);
            if (now != null && now.schema().equals(traits.schema())) {
                traits = now;
                return true;
            }
            stale = true;
            incompatible = WriteRoutes.incompatibleChange(buffer.schema(), now);
        }
        if (incompatible != null) {
            throw new SQLException(
                    "Table " + table + " changed since the INSERT was prepared (" + incompatible
                            + "); nothing of this batch was sent. Prepare the statement again.",
                    SqlState.COLUMN_NOT_FOUND.code());
        }
        return !stale;
    }

    /**
     * Sends the buffered rows and waits until the server answered every batch of this executeBatch.
     * One count (1) per row; on failure a BatchUpdateException whose counts give 1 for rows in answered
     * batches and EXECUTE_FAILED for the rest, with the rows sent but unanswered listed as in doubt.
     */
    @Override
    public long[] executeBatch(CallScope scope) throws SQLException {
        return executeBatch(scope, CountArrays.LONGS);
    }

    @Override
    public <T> T executeBatch(CallScope scope, CountArrays<T> form) throws SQLException {
        long rows = pendingRows;
        try {
            if (owner.commitUnit().manual()) {
                return executeInUnit(scope, form);
            }
            return deferred ? executeDeferred(scope, form) : executeConfirmed(scope, form);
        } finally {
            batchDone(rows);
        }
    }

    @Override
    public long[] executeBatchConfirmed(CallScope scope) throws SQLException {
        awaitDeferred(scope);
        long rows = pendingRows;
        try {
            return executeConfirmed(scope, CountArrays.LONGS);
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

    private <T> T executeConfirmed(CallScope scope, CountArrays<T> form) throws SQLException {
        if (segments.isEmpty() && buffer.row() > 0 && byRows(smallRows != null ? rowPathBelow : 0, scope)) {
            return form.of(executeAsRows(scope));
        }
        flush(scope);
        long lastSent = 0;
        for (Segment seg : segments) {
            lastSent = Math.max(lastSent, seg.id());
        }
        long acked = stream.await(lastSent, scope);
        SQLException failure = stream.failure();
        if (failure == null && allConfirmed(acked)) { // the usual answer: a 1 for every row, in one array
            int rows = Math.toIntExact(pendingRows);
            endBatch();
            return form.filled(rows, 1);
        }
        long[] counts = counts(acked);
        List<GreptimeBatchUpdateException.RowRange> inDoubt = failure == null ? List.of() : inDoubt(acked);
        endBatch();
        if (failure != null) {
            throw failed(failure, counts, inDoubt);
        }
        return form.of(counts);
    }

    /** Forgets the sent parts of this executeBatch: its counts are built (or its failure is). */
    private void endBatch() {
        segments.clear();
        pendingRows = 0;
        flushedRows = 0;
    }

    /** Whether the segments hold every row of this executeBatch and the server confirmed each of them. */
    private boolean allConfirmed(long acked) {
        long rows = 0;
        for (Segment seg : segments) {
            if (seg.id() <= 0 || seg.id() > acked) {
                return false;
            }
            rows += seg.rows();
        }
        return rows == pendingRows;
    }

    /**
     * Whether the buffered rows, none of them sent yet, leave the DoPut route for row inserts: the route
     * code decides ({@link WriteRoutes#atExecution}) and logs why.
     */
    private boolean byRows(int smallBelow, CallScope scope) throws SQLException {
        return WriteRoutes.atExecution(table, buffer.row(), smallBelow, () -> checkTableQuietly(scope))
                != WriteRoutes.AtExecution.DO_PUT;
    }

    /** {@link #checkTable} for the rows still in the buffer; a refusal clears them (they were never sent). */
    private boolean checkTableQuietly(CallScope scope) throws SQLException {
        try {
            return checkTable(scope);
        } catch (SQLException e) {
            long[] counts = new long[Math.toIntExact(pendingRows)];
            Arrays.fill(counts, Statement.EXECUTE_FAILED);
            buffer.reset();
            pendingRows = 0;
            throw new BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(), counts, e);
        }
    }

    /**
     * bulkAcknowledge=deferred: sends the rows and returns SUCCESS_NO_INFO for each without waiting for
     * the answers, so the caller binds the next batch while the server works. A failure of a batch an
     * earlier call sent is reported here (and this call's rows are not sent); a failure while sending
     * this call's rows is reported as a synchronous executeBatch reports it. With no rows, waits for
     * every earlier answer.
     */
    private <T> T executeDeferred(CallScope scope, CountArrays<T> form) throws SQLException {
        if (pendingRows == 0) {
            awaitDeferred(scope);
            return form.filled(0, 0);
        }
        SQLException earlier = unconfirmed.isEmpty() ? null : stream.failureNow();
        if (earlier != null) {
            throw deferredFailed(earlier);
        }
        if (segments.isEmpty() && buffer.row() > 0 && byRows(0, scope)) {
            return form.of(executeAsRows(scope));
        }
        flush(scope);
        if (stream.failure() != null) { // reported now, with the earlier calls' rows when some are unanswered
            return unconfirmed.isEmpty() ? executeConfirmed(scope, form) : throwDeferred(stream.failure());
        }
        for (Segment seg : segments) {
            unconfirmed.addLast(new long[] {seg.id(), seg.rows()});
        }
        T counts = form.filled(Math.toIntExact(pendingRows), Statement.SUCCESS_NO_INFO);
        endBatch();
        forgetAnswered();
        return counts;
    }

    private <T> T throwDeferred(SQLException cause) throws BatchUpdateException {
        throw deferredFailed(cause);
    }

    /** Drops the batches the server has answered from the deferred ones. */
    private void forgetAnswered() {
        long acked = stream.lastAckedId();
        while (!unconfirmed.isEmpty() && unconfirmed.peekFirst()[0] <= acked) {
            unconfirmed.removeFirst();
        }
    }

    @Override
    public void awaitDeferred(CallScope scope) throws SQLException {
        if (unconfirmed.isEmpty()) {
            return;
        }
        stream.await(unconfirmed.peekLast()[0], scope);
        if (stream.failure() != null) {
            throw deferredFailed(stream.failure());
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
        long acked = stream.lastAckedId();
        long doubtful = unconfirmed.stream().mapToLong(u -> u[1]).sum();
        long[] counts = counts(acked);
        Arrays.fill(counts, flushedRows, counts.length, Statement.EXECUTE_FAILED);
        List<GreptimeBatchUpdateException.RowRange> inDoubt = inDoubt(acked);
        long written = Arrays.stream(counts).filter(c -> c == 1).count();
        int current = counts.length;
        buffer.reset();
        unconfirmed.clear();
        endBatch();
        afterFailure(cause);
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

    // ---------------------------------------------------------------- auto-commit off

    /**
     * Auto-commit off: sends the rows into the connection's commit unit and returns SUCCESS_NO_INFO for
     * each without waiting for the answers (at most bulkWindow batches stay unanswered; sending waits
     * beyond that); {@code commit()} confirms them. A failure while sending this call's rows ends this
     * call with its own rows' counts. A stream that broke after an earlier call returned is recorded for
     * the commit's report and replaced, so this call's rows go on a new stream: one lost batch costs only
     * its own rows, and the commit names exactly those (a framework that rolls back on the first exception
     * would otherwise see the details only in rollback's warning).
     */
    private <T> T executeInUnit(CallScope scope, CountArrays<T> form) throws SQLException {
        CommitUnit unit = owner.commitUnit();
        unit.lock.lock();
        try {
            if (pendingRows == 0) {
                return form.filled(0, 0);
            }
            if (pending == null || pending.ended) {
                pending = unit.join(table, stream);
            }
            SQLException earlier = pending.unanswered() ? stream.failureNow() : null;
            if (earlier != null) {
                pending.fail(earlier, stream.lastAckedId());
                afterFailure(earlier); // a new stream for this call's rows
            }
            if (segments.isEmpty() && buffer.row() > 0 && byRows(0, scope)) {
                return form.of(executeAsRows(scope)); // confirmed now: nothing for the commit
            }
            flush(scope);
            if (stream.failure() != null) {
                throw endInUnit(stream.failure());
            }
            long base = pending.rows;
            for (Segment seg : segments) {
                pending.add(new CommitUnit.Sent(seg.id(), base + seg.base(), seg.rows(), seg.positions()));
            }
            pending.rows += pendingRows;
            T counts = form.filled(Math.toIntExact(pendingRows), Statement.SUCCESS_NO_INFO);
            endBatch();
            pending.forgetAnswered(stream.lastAckedId());
            return counts;
        } finally {
            unit.lock.unlock();
        }
    }

    /**
     * This call ends in a failure: its rows join the statement's record (sent ones as confirmed or in
     * doubt, the rest failed) for the commit's report, and its own counts are thrown now.
     */
    private BatchUpdateException endInUnit(SQLException cause) {
        long base = pending.rows;
        for (Segment seg : segments) {
            pending.add(new CommitUnit.Sent(seg.id(), base + seg.base(), seg.rows(), seg.positions()));
        }
        pending.notSent(base + flushedRows, Math.toIntExact(pendingRows - flushedRows));
        pending.rows += pendingRows;
        long acked = stream.lastAckedId();
        long[] counts = counts(acked);
        List<GreptimeBatchUpdateException.RowRange> inDoubt = inDoubt(acked);
        pending.fail(cause, acked);
        buffer.reset();
        endBatch();
        afterFailure(cause);
        long in = Arrays.stream(counts).filter(c -> c == 1).count();
        return new GreptimeBatchUpdateException(
                "DoPut into " + table + " failed: " + in + " of this call's " + counts.length + " rows were written"
                        + "; commit() or rollback() reports every row written since the last commit: "
                        + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                counts,
                inDoubt,
                cause);
    }

    /**
     * At close: a stream with batches of the commit unit still unanswered stays with the unit (the commit
     * awaits and reports them, and then parks it); otherwise it is parked or ended as usual.
     */
    private void releaseStream() {
        CommitUnit unit = owner.commitUnit();
        unit.lock.lock();
        try {
            if (pending != null && !pending.ended && pending.unanswered()) {
                pending.detached = true;
                return;
            }
        } finally {
            unit.lock.unlock();
        }
        stream.release();
    }

    /** A batch as RowInsertRequests (a small one, or one for a table that changed): see {@link RowBatches}. */
    private long[] executeAsRows(CallScope scope) throws SQLException {
        int rows = buffer.row();
        try {
            return RowBatches.send(owner, session, table, buffer, rows, encoder(), traits.deduplicates(), scope);
        } finally {
            buffer.reset();
            pendingRows = 0;
        }
    }

    /** The encoder for the buffer's columns (the small-batch one when there is one). */
    private RowEncoder encoder() throws SQLException {
        RowEncoder e = smallRows != null
                ? smallRows
                : RowEncoder.forFields(buffer.schema().getFields(), traits.tags());
        if (e == null) {
            throw new SQLException(
                    "Table " + table + " has a column type row inserts cannot carry",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
        return e;
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
        return RowBatches.ranges(doubt);
    }

    private long[] counts(long acked) {
        long[] counts = new long[Math.toIntExact(pendingRows)];
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
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
        buffer.reset(); // rows not yet cut (the batch stopped while sending) are not sent either
        afterFailure(cause);
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

    /** After a failed stream: logged, the table read again next time, the stream dropped. */
    private void afterFailure(SQLException cause) {
        BulkWrites.logFailure(table, cause);
        owner.afterPutFailure(session, table, cause);
        stream.reset();
    }

    /**
     * Hands the DoPut stream to the connection for the next statement writing the same rows when every
     * batch it carried was answered, otherwise ends it without waiting; the emptied column buffer goes to
     * the connection too.
     */
    @Override
    public void close() {
        try {
            releaseStream();
        } finally {
            if (sorter != null) {
                sorter.close();
            }
            owner.parkBuffer(new StreamKey(session, table, buffer.schema()), buffer, allocator);
        }
    }
}
