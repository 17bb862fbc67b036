package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.GreptimeCommitException.StatementRows;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.put.PutStream;
import io.greptime.jdbc.internal.put.StreamKey;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The DoPut rows a connection wrote since its last commit, with auto-commit off. Each prepared INSERT on
 * the DoPut route that runs {@code executeBatch} joins the unit with one {@link Pending} record (its
 * stream and the batches sent and not yet answered, numbered in the order the statement added its rows);
 * {@code executeBatch} returns once its rows are on the stream, and {@link #commit} waits for every answer
 * and either returns (every row confirmed) or throws a {@link GreptimeCommitException} that says, per
 * statement, which rows are confirmed, failed or in doubt. A statement closed before the commit leaves its
 * record (and its stream, when batches are still unanswered) here, so its rows are still reported.
 *
 * <p>Shared state: {@link #lock} is held by a statement while it sends into the unit (addBatch parts and
 * executeBatch) and by commit, so a commit never runs between a statement's send and its record; a commit
 * from another thread while a statement sends fails fast (55006) instead of waiting behind it.
 */
public final class CommitUnit {

    final ReentrantLock lock = new ReentrantLock();
    /** Records since the last commit; copy-on-write so abort may cancel their streams from any thread. */
    private final List<Pending> pending = new CopyOnWriteArrayList<>();

    private volatile boolean manual;
    private int statements;

    /** Auto-commit off: executeBatch of DoPut INSERTs pipelines into this unit. */
    public boolean manual() {
        return manual;
    }

    public void manual(boolean on) {
        manual = on;
    }

    /** Whether any statement wrote into the unit since the last commit. */
    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /** A statement's first executeBatch since the last commit: its record, which commit reports. */
    Pending join(String table, PutStream stream) {
        Pending p = new Pending(++statements + " (DoPut into " + table + ")", stream);
        pending.add(p);
        return p;
    }

    /**
     * Before a statement opens a stream: the records of closed statements that wrote the same rows are
     * settled (their answers awaited within {@code scope}, their streams released), so the new statement
     * takes their stream from the connection's parked ones and the connection keeps one stream, and one
     * window of unanswered batches, per table.
     */
    void settleClosed(StreamKey key, CallScope scope) {
        for (Pending p : pending) {
            if (p.detached && p.stream.key().equals(key)) {
                p.settle(scope);
                p.stream.release();
                p.detached = false;
            }
        }
    }

    /**
     * Waits for every answer (within {@code scope}) and ends the unit: returns when every row is confirmed,
     * throws a {@link GreptimeCommitException} naming the rows that are not. {@code what} is the caller
     * (commit, rollback, close) for the message.
     */
    public void commit(CallScope scope, String what) throws SQLException {
        List<StatementRows> trouble = settleAll(scope);
        SQLException first = null;
        for (Pending p : ended) {
            first = first == null ? p.failure : first;
        }
        ended.clear();
        if (!trouble.isEmpty()) {
            throw report(what, trouble, first);
        }
    }

    /** Records ended by the last {@link #settleAll}, for their failures. */
    private final List<Pending> ended = new ArrayList<>();

    /**
     * rollback: GreptimeDB cannot undo stored rows. Waits as commit does and returns what it found, for the
     * connection's warning: null when every row was confirmed (and so is stored).
     */
    public String rollback(CallScope scope) throws SQLException {
        long stored = 0;
        for (Pending p : pending) {
            stored += p.rows;
        }
        try {
            commit(scope, "rollback");
            return stored == 0
                    ? null
                    : "rollback cannot undo writes on GreptimeDB, which has no transactions: the " + stored
                            + " rows batched since the last commit are stored";
        } catch (GreptimeCommitException e) {
            return e.getMessage();
        }
    }

    private List<StatementRows> settleAll(CallScope scope) throws SQLException {
        if (!lock.tryLock()) {
            throw new SQLException(
                    "commit while another thread sends batches on this connection: the connection's writes "
                            + "since the last commit belong to that thread's work",
                    SqlState.OBJECT_IN_USE.code());
        }
        try {
            List<StatementRows> trouble = new ArrayList<>();
            for (Pending p : pending) {
                p.settle(scope);
                if (p.detached) {
                    p.stream.release();
                }
                p.ended = true;
                StatementRows rows = p.outcome();
                if (rows != null) {
                    trouble.add(rows);
                    ended.add(p);
                }
            }
            pending.clear();
            return trouble;
        } finally {
            lock.unlock();
        }
    }

    private static GreptimeCommitException report(String what, List<StatementRows> trouble, SQLException first) {
        StringBuilder b = new StringBuilder(what)
                .append(": rows written since the last commit were not all confirmed by the server");
        for (StatementRows s : trouble) {
            b.append("; statement ")
                    .append(s.statement())
                    .append(": ")
                    .append(s.confirmed())
                    .append(" of ")
                    .append(s.rows())
                    .append(" rows confirmed");
            if (!s.inDoubt().isEmpty()) {
                b.append(", in doubt (sent, may or may not be stored) ").append(s.inDoubt());
            }
            if (!s.failed().isEmpty()) {
                b.append(", failed (not written) ").append(s.failed());
            }
        }
        if (first != null) {
            b.append(": ").append(first.getMessage());
        }
        String state = first == null ? PutStream.COMPLETION_UNKNOWN : first.getSQLState();
        return new GreptimeCommitException(
                b.toString(), state, first == null ? 0 : first.getErrorCode(), trouble, first);
    }

    /** abort: every stream of the unit is cancelled at once; what was sent is in doubt and not reported. */
    public void abandon() {
        for (Pending p : pending) {
            p.stream.cancel("the connection was aborted");
        }
        pending.clear();
    }

    /** A batch of a statement in the unit: request id (-1: never sent) and its rows' numbers. */
    record Sent(long id, long base, int rows, int[] positions) {
        void mark(BitSet into) {
            if (positions == null) {
                into.set(Math.toIntExact(base), Math.toIntExact(base + rows));
            } else {
                for (int p : positions) {
                    into.set(Math.toIntExact(base + p));
                }
            }
        }
    }

    /** One statement's rows since the last commit. Used under {@link #lock}, or by the statement's thread. */
    static final class Pending {
        final String name;
        final PutStream stream;
        private final ArrayDeque<Sent> sent = new ArrayDeque<>();
        /** Rows handed to the unit so far: the next row's number. */
        long rows;

        private long confirmed;
        private final BitSet failed = new BitSet();
        private final BitSet doubt = new BitSet();
        /** What broke the statement's stream since the last commit, or null. */
        SQLException failure;
        /** The statement closed with batches unanswered: the unit owns (and releases) its stream. */
        volatile boolean detached;
        /** A commit ended this record: the statement's next executeBatch joins the unit anew. */
        volatile boolean ended;

        Pending(String name, PutStream stream) {
            this.name = name;
            this.stream = stream;
        }

        void add(Sent s) {
            sent.addLast(s);
        }

        boolean unanswered() {
            return !sent.isEmpty();
        }

        /** Rows that were never sent (a call refused because of an earlier failure): failed. */
        void notSent(long base, int count) {
            failed.set(Math.toIntExact(base), Math.toIntExact(base + count));
        }

        /** Moves answered batches to the confirmed rows. */
        void forgetAnswered(long acked) {
            while (!sent.isEmpty()
                    && sent.peekFirst().id() > 0
                    && sent.peekFirst().id() <= acked) {
                confirmed += sent.removeFirst().rows();
            }
        }

        /** The stream broke: answered batches are confirmed, the others in doubt (sent) or failed (not). */
        void fail(SQLException cause, long acked) {
            forgetAnswered(acked);
            for (Sent s : sent) {
                s.mark(s.id() > 0 ? doubt : failed);
            }
            sent.clear();
            failure = failure == null ? cause : failure;
        }

        /** Waits for the answers to every batch sent; records a failure (and drops the broken stream). */
        void settle(CallScope scope) {
            if (sent.isEmpty()) {
                return;
            }
            long acked = stream.await(sent.peekLast().id(), scope);
            SQLException f = stream.failure();
            if (f != null) {
                fail(f, acked);
                BulkWrites.logFailure(stream.table(), f);
                stream.reset();
            } else {
                forgetAnswered(acked);
            }
        }

        /**
         * Null when every row is confirmed, else what happened to each. Batches still listed after the wait
         * went on a stream that was replaced meanwhile (an executeUpdate on the statement saw it fail): in doubt.
         */
        StatementRows outcome() {
            for (Sent s : sent) {
                s.mark(s.id() > 0 ? doubt : failed);
            }
            sent.clear();
            if (failure == null && failed.isEmpty() && doubt.isEmpty() && confirmed == rows) {
                return null;
            }
            return new StatementRows(name, rows, confirmed, RowBatches.ranges(failed), RowBatches.ranges(doubt));
        }
    }
}
