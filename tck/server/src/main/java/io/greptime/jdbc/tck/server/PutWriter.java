package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes the decoded batches of one DoPut stream into the engine on a thread of its own, so that the
 * next batches are received and decoded while DuckDB stores the previous ones, and writes the batches
 * that have piled up meanwhile together ({@link Engine#putBatches}): a DuckDB statement costs about as
 * much as importing 10,000 rows, so a client with several batches in flight gets them stored in one
 * statement instead of one each. Every batch is still answered on its own and in order, once its rows
 * are committed, with the same outcome it would have had alone: when a group fails, its batches are
 * written again one at a time, so the batches before the bad one are stored and answered and the bad
 * one gets its own error.
 *
 * <p>Flow control: the handler asks gRPC for at most {@link #QUEUED_BATCHES} batches beyond those being
 * written, so a client sending faster than DuckDB stores waits in gRPC's flow control instead of filling
 * the server's memory.
 */
final class PutWriter {
    /** Batches received but not yet being written, at most; the client waits for the rest. */
    static final int QUEUED_BATCHES = 16;
    /** Rows written together at most: big enough to pay DuckDB's statement cost rarely. */
    private static final int GROUP_ROWS = 200_000;

    /** One received batch: its rows (owned here until written) and what its answer needs. */
    record Pending(long requestId, VectorSchemaRoot rows, long receivedNanos) implements AutoCloseable {
        @Override
        public void close() {
            rows.close();
        }
    }

    /** What the handler does with a batch's outcome. */
    interface Answers {
        void written(Pending batch, long rows);

        void failed(Throwable error);

        /** Every batch is written and the client has finished: end the call. */
        void completed();

        /** The writer has let go of every batch: the handler may release its memory. */
        void released();
    }

    private final Engine engine;
    private final QueryContext ctx;
    private final String table;
    private final Executor executor;
    private final Answers answers;
    private final Consumer<Integer> requestMore;
    private final Cancellation cancellation = new Cancellation();
    /** Guards the queue and the flags below; engine writes and answers happen outside it. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Deque<Pending> queue = new ArrayDeque<>();
    private Throwable failureAfterQueue;
    private boolean running;
    private boolean clientDone;
    private boolean stopped;
    private boolean released;

    /** @param requestMore asks gRPC for that many more messages of the stream */
    PutWriter(
            Engine engine,
            QueryContext ctx,
            String table,
            Executor executor,
            Answers answers,
            Consumer<Integer> requestMore) {
        this.engine = engine;
        this.ctx = ctx;
        this.table = table;
        this.executor = executor;
        this.answers = answers;
        this.requestMore = requestMore;
    }

    /** A decoded batch, written after those before it. */
    void submit(Pending batch) {
        lock.lock();
        try {
            if (stopped || failureAfterQueue != null) {
                batch.close();
                return;
            }
            queue.addLast(batch);
        } finally {
            lock.unlock();
        }
        schedule();
    }

    /** An error of the stream (a batch that cannot be decoded): answered after the batches before it. */
    void failAfterQueued(Throwable error) {
        lock.lock();
        try {
            if (failureAfterQueue == null) {
                failureAfterQueue = error;
            }
        } finally {
            lock.unlock();
        }
        schedule();
    }

    /** The client sent its last batch: the call ends once every batch is written. */
    void clientCompleted() {
        lock.lock();
        try {
            clientDone = true;
        } finally {
            lock.unlock();
        }
        schedule();
    }

    /** The call is gone (cancelled or failed): drop what waits and stop the write in progress. */
    void stop() {
        lock.lock();
        try {
            stopped = true;
        } finally {
            lock.unlock();
        }
        cancellation.cancel();
        schedule();
    }

    private void schedule() {
        lock.lock();
        try {
            if (running) {
                return;
            }
            running = true;
        } finally {
            lock.unlock();
        }
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException shuttingDown) {
            drain(); // the server is closing: finish here rather than leak the batches
        }
    }

    private void drain() {
        try (Cancellation.Scope bound = cancellation.bind()) {
            for (List<Pending> group = next(); group != null; group = next()) {
                try {
                    write(group);
                } finally {
                    group.forEach(Pending::close);
                }
            }
        }
    }

    /** The next group to write, or null once there is nothing to do now (the end is then handled). */
    private List<Pending> next() {
        List<Pending> group = new ArrayList<>();
        Runnable last = null;
        lock.lock();
        try {
            if (stopped) {
                queue.forEach(Pending::close);
                queue.clear();
            }
            long rows = 0;
            while (!queue.isEmpty()
                    && (group.isEmpty() || rows + queue.peekFirst().rows().getRowCount() <= GROUP_ROWS)) {
                Pending p = queue.pollFirst();
                rows += p.rows().getRowCount();
                group.add(p);
            }
            if (group.isEmpty()) {
                running = false;
                last = endOfQueue();
            }
        } finally {
            lock.unlock();
        }
        if (!group.isEmpty()) {
            requestMore.accept(group.size()); // these leave the queue: the client may send as many more
            return group;
        }
        if (last != null) {
            last.run();
        }
        return null;
    }

    /** What the empty queue means now (under the lock): an error to send, the call's end, or nothing yet. */
    private Runnable endOfQueue() {
        if (failureAfterQueue != null && !stopped) {
            Throwable error = failureAfterQueue;
            stopped = true;
            return () -> {
                answers.failed(error);
                release();
            };
        }
        if (stopped || clientDone) {
            boolean complete = !stopped;
            stopped = true;
            return () -> {
                if (complete) {
                    answers.completed();
                }
                release();
            };
        }
        return null;
    }

    private void release() {
        lock.lock();
        try {
            if (released) {
                return;
            }
            released = true;
        } finally {
            lock.unlock();
        }
        answers.released();
    }

    private void write(List<Pending> group) {
        if (isStopped()) {
            return;
        }
        if (group.size() > 1) {
            long[] counts;
            try {
                counts = engine.putBatches(ctx, table, rowsOf(group));
            } catch (RuntimeException e) {
                counts = null; // nothing of the group is stored: one at a time finds the batch at fault
            }
            if (counts != null) {
                for (int i = 0; i < group.size(); i++) {
                    answers.written(group.get(i), counts[i]);
                }
                return;
            }
        }
        for (Pending batch : group) {
            if (isStopped()) {
                return;
            }
            long rows;
            try {
                rows = engine.putBatch(ctx, table, batch.rows());
            } catch (RuntimeException e) {
                fail(e);
                return;
            }
            answers.written(batch, rows);
        }
    }

    /** The first failure ends the stream; the memory goes once the group being written is closed. */
    private void fail(Throwable error) {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            stopped = true;
        } finally {
            lock.unlock();
        }
        answers.failed(error);
    }

    private boolean isStopped() {
        lock.lock();
        try {
            return stopped;
        } finally {
            lock.unlock();
        }
    }

    private static List<VectorSchemaRoot> rowsOf(List<Pending> group) {
        List<VectorSchemaRoot> rows = new ArrayList<>(group.size());
        group.forEach(p -> rows.add(p.rows()));
        return rows;
    }
}
