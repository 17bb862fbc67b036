package io.greptime.jdbc.internal.put;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The one owner of a DoPut stream's life, for every caller (prepared statements, typed rows, putBatch):
 * it takes a parked stream for the same session, table and schema or opens one at the first batch (with
 * the connection's compression, ack window and failover replay, which is on only for tables that
 * deduplicate), sends batches with request ids, waits for their answers within the caller's
 * {@link CallScope} (its deadline and cancel; a wait that ends early cancels the stream, so the batches
 * in flight are in doubt), counts batches and rows in the connection's statistics, and at the end parks
 * the stream when every batch was answered or ends it otherwise. A batch counts as stored only when the
 * server answered it with exactly its row count ({@link DoPutWriter.AckMismatch} otherwise).
 *
 * <p>Failures do not throw from {@link #send}: the first one is kept ({@link #failure()}), later batches
 * are not sent, and the caller reports, from {@link #lastAckedId()}, which of its rows are confirmed.
 * One thread at a time, like the statement or writer that uses it.
 */
public final class PutStream {
    /** SQLState of rows whose fate is unknown: the server did not confirm them as sent. */
    public static final String COMPLETION_UNKNOWN = SqlState.STATEMENT_COMPLETION_UNKNOWN.code();

    private final PutStreams owner;
    private final RequestSession session;
    private final String table;
    private final Schema schema;
    private final boolean replayable;

    private volatile DoPutWriter writer;
    private SQLException failure;

    public PutStream(PutStreams owner, RequestSession session, String table, Schema schema, boolean replayable) {
        this.owner = owner;
        this.session = session;
        this.table = table;
        this.schema = schema;
        this.replayable = replayable;
    }

    public String table() {
        return table;
    }

    public StreamKey key() {
        return new StreamKey(session, table, schema);
    }

    private DoPutWriter writer() {
        if (writer == null) {
            writer = owner.takeOrOpen(key(), replayable);
        }
        return writer;
    }

    /** One way of handing a batch to the writer. */
    private interface Batch {
        long sendOn(DoPutWriter w, DoPutWriter.Waiting waiting) throws DoPutWriter.PutFailure, DoPutWriter.WaitEnded;
    }

    /** Sends the buffer's complete rows as one batch (the buffer may be reset after); -1 when not sent. */
    public long send(BatchBuffer rows, CallScope scope) {
        return send(rows.row(), (w, waiting) -> w.send(rows, waiting), scope);
    }

    /** Sends a sealed root as one batch (the root may be reused after); -1 when not sent. */
    public long send(VectorSchemaRoot root, CallScope scope) {
        return send(root.getRowCount(), (w, waiting) -> w.send(root, waiting), scope);
    }

    private long send(int rows, Batch batch, CallScope scope) {
        if (failure != null) {
            return -1;
        }
        DoPutWriter w = writer();
        try {
            long id = batch.sendOn(w, waiting(w, scope));
            owner.sent(rows);
            return id;
        } catch (DoPutWriter.PutFailure f) {
            failure = translate(f.getCause());
        } catch (DoPutWriter.WaitEnded e) {
            stop(scope, "a free slot in the DoPut window of " + table);
        }
        return -1;
    }

    /**
     * Waits until batch {@code id} (and every one before it) is answered, the stream fails, or the scope
     * ends the wait (the stream is then cancelled); returns the highest request id the server confirmed.
     */
    public long await(long id, CallScope scope) {
        if (id <= 0 || writer == null) {
            return lastAckedId();
        }
        try {
            writer.awaitAcked(id, waiting(writer, scope));
        } catch (DoPutWriter.PutFailure f) {
            if (failure == null) {
                failure = translate(f.getCause());
            }
        } catch (DoPutWriter.WaitEnded e) {
            stop(scope, "the answers to DoPut batches into " + table);
        }
        return lastAckedId();
    }

    /** The scope's deadline and cancel as the writer's wait; a cancel wakes the waiting thread. */
    private static DoPutWriter.Waiting waiting(DoPutWriter w, CallScope scope) {
        scope.onCancel(w::wake);
        return new DoPutWriter.Waiting() {
            @Override
            public long remainingNanos() {
                return scope.remainingNanos();
            }

            @Override
            public boolean stopped() {
                return scope.isCancelled();
            }
        };
    }

    /** A wait ended by the scope: keeps why (57014 or HYT00) and cancels the stream. */
    private void stop(CallScope scope, String what) {
        SQLException why = scope.stopped(what);
        if (failure == null) {
            failure = why != null
                    ? why
                    : new SQLException("Interrupted while waiting for " + what, SqlState.OPERATION_CANCELED.code());
        }
        writer.cancel(failure.getMessage());
    }

    private SQLException translate(Throwable cause) {
        if (cause instanceof DoPutWriter.AckMismatch m) {
            return new SQLException(
                    "The server answered a DoPut batch of " + m.sentRows() + " rows into " + table
                            + " with affected_rows " + m.affectedRows()
                            + ", which does not confirm it: its rows are not counted as stored",
                    COMPLETION_UNKNOWN);
        }
        if (cause instanceof SQLException e) {
            return e;
        }
        return owner.translate(cause);
    }

    /** The first failure of this stream since the last {@link #reset()}, or null. */
    public SQLException failure() {
        return failure;
    }

    /** What broke the stream, seen without waiting (an answer may have failed it meanwhile), or null. */
    public SQLException failureNow() {
        if (failure == null && writer != null && writer.failure() != null) {
            failure = translate(writer.failure());
        }
        return failure;
    }

    /** The highest request id the server confirmed on the current stream (0 before any). */
    public long lastAckedId() {
        return writer == null ? 0 : writer.lastAckedId();
    }

    /** Whether a stream is open (a batch was sent, or a parked stream taken, since the last reset or release). */
    public boolean isOpen() {
        return writer != null;
    }

    /** Cancels the stream now, from any thread (abort): its batches in flight are in doubt. */
    public void cancel(String reason) {
        DoPutWriter w = writer;
        if (w != null) {
            w.cancel(reason);
        }
    }

    /** Drops a failed stream (cancelling it) and forgets the failure: the next batch opens a new stream. */
    public void reset() {
        if (writer != null) {
            writer.cancel("dropped after a failure");
            writer = null;
        }
        failure = null;
    }

    /**
     * The caller is done: a healthy stream with nothing in flight is parked for the next writer of the same
     * rows; a healthy one with batches still in flight is half-closed (the server finishes them); a broken
     * one is cancelled. Never waits.
     */
    public void release() {
        DoPutWriter w = writer;
        writer = null;
        if (w == null) {
            return;
        }
        if (failure == null && !w.isBroken() && w.inFlight() == 0) {
            owner.park(key(), w);
        } else if (failure == null && !w.isBroken()) {
            w.close();
        } else {
            w.cancel("ended after a failure");
        }
    }
}
