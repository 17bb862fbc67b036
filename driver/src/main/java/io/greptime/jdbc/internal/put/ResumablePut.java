package io.greptime.jdbc.internal.put;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.internal.failover.Endpoint;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.internal.failover.Router;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.flight.impl.Flight;

/**
 * A DoPut stream that survives the loss of its endpoint when replaying is harmless. It keeps the
 * schema message and every batch the server has not acknowledged yet (the replay ledger, at most the
 * writer's ack window of frames, already encoded); when the stream breaks with a failure worth
 * repeating it opens the stream again on another endpoint and sends the schema and those batches, with
 * their request ids, before anything new. The writer never notices: it sees the acks it expects.
 *
 * <p>Replay happens only for tables that deduplicate (a batch the lost server applied but did not
 * acknowledge is then rewritten to the same rows); for append-mode tables nothing is kept and the
 * failure reaches the writer, which reports the unacknowledged rows as in doubt. A stream resumes only on
 * an endpoint it has not broken on yet (never on the same one), at most {@code failoverRetries} times and
 * within {@code failoverTimeout} of the last acknowledgement.
 *
 * <p>The writer's thread sends; answers and failures arrive on gRPC threads; {@link #callLock} orders
 * them.
 */
final class ResumablePut implements DoPutWriter.Transport {
    /** Opens the DoPut call on one endpoint. */
    @FunctionalInterface
    public interface CallOpener {
        DoPutWriter.Transport open(Endpoint endpoint, DoPutWriter.Answers answers) throws SQLException;
    }

    private final Router router;
    private final DoPutWriter.Answers writer;
    private final CallOpener opener;
    /** Whether the stream's table deduplicates, as the caller read it before opening the stream. */
    private final boolean deduplicates;
    /** Guards every field below. */
    private final ReentrantLock callLock = new ReentrantLock();

    private final ArrayDeque<Frame> ledger = new ArrayDeque<>();
    private final Set<Endpoint> tried = new HashSet<>();
    private DoPutWriter.Transport call;
    private Endpoint endpoint;
    private int generation;
    private Flight.FlightData schema;
    private String table = "?";
    private boolean replayable;
    private boolean halfClosed;
    private boolean cancelled;
    private int resumes;
    private long lastProgress;

    private record Frame(long requestId, Flight.FlightData data) {}

    private ResumablePut(Router router, DoPutWriter.Answers writer, CallOpener opener, boolean deduplicates) {
        this.router = router;
        this.writer = writer;
        this.opener = opener;
        this.deduplicates = deduplicates;
    }

    /**
     * Opens the stream on the endpoint the bulk policy picks.
     *
     * @param deduplicates whether the table deduplicates (known before the stream opens: nothing is looked
     *     up while the call's lock is held, so close and cancel never wait on a query)
     */
    static ResumablePut open(Router router, DoPutWriter.Answers writer, CallOpener opener, boolean deduplicates) {
        ResumablePut put = new ResumablePut(router, writer, opener, deduplicates);
        put.callLock.lock();
        try {
            put.lastProgress = System.nanoTime();
            put.connect(router.endpoints().select(OperationKind.BULK, Set.of()));
        } finally {
            put.callLock.unlock();
        }
        return put;
    }

    /** Opens the call on {@code e} (a failing open leaves {@code call} null; the failure goes to the writer). */
    private void connect(Endpoint e) {
        endpoint = e;
        int gen = ++generation;
        if (e == null) {
            call = null;
            writer.onError(
                    new SQLException("No GreptimeDB endpoint is available for DoPut", SqlState.CANNOT_CONNECT.code()));
            return;
        }
        try {
            call = opener.open(e, new Answers(gen));
        } catch (SQLException | RuntimeException ex) {
            call = null;
            writer.onError(ex);
        }
    }

    @Override
    public void send(Flight.FlightData frame) {
        callLock.lock();
        try {
            if (schema == null) {
                schema = frame;
                table = frame.getFlightDescriptor().getPathCount() > 0
                        ? frame.getFlightDescriptor().getPath(0)
                        : "?";
                // Only when a resume is possible at all (retries allowed, another endpoint to resume on);
                // an unknown mode counts as append-only.
                replayable = router.settings().retries() > 0
                        && router.endpoints().all().size() > 1
                        && deduplicates;
            } else if (replayable) {
                ledger.addLast(new Frame(PutAck.requestIdOrZero(frame.getAppMetadata()), frame));
            }
            if (call != null) {
                call.send(frame);
            }
        } finally {
            callLock.unlock();
        }
    }

    @Override
    public void complete() {
        callLock.lock();
        try {
            halfClosed = true;
            if (call != null) {
                call.complete();
            }
        } finally {
            callLock.unlock();
        }
    }

    @Override
    public void cancel(String reason) {
        callLock.lock();
        try {
            cancelled = true;
            ledger.clear();
            if (call != null) {
                call.cancel(reason);
            }
        } finally {
            callLock.unlock();
        }
    }

    /** The answers of one call; those of a call already replaced are ignored. */
    private final class Answers implements DoPutWriter.Answers {
        private final int gen;

        Answers(int gen) {
            this.gen = gen;
        }

        @Override
        public void onAnswer(ByteString appMetadata) {
            callLock.lock();
            try {
                if (gen != generation) {
                    return;
                }
                long acked = PutAck.requestIdOrZero(appMetadata);
                while (!ledger.isEmpty() && ledger.peekFirst().requestId() <= acked) {
                    ledger.removeFirst();
                }
                lastProgress = System.nanoTime();
            } finally {
                callLock.unlock();
            }
            writer.onAnswer(appMetadata);
        }

        @Override
        public void onError(Throwable error) {
            callLock.lock();
            try {
                if (gen != generation) {
                    return;
                }
                if (resume(error)) {
                    return;
                }
            } finally {
                callLock.unlock();
            }
            writer.onError(error);
        }

        @Override
        public void onCompleted() {
            Endpoint done;
            callLock.lock();
            try {
                if (gen != generation) {
                    return;
                }
                done = endpoint;
            } finally {
                callLock.unlock();
            }
            if (done != null) {
                router.endpoints().answered(done);
            }
            writer.onCompleted();
        }
    }

    /** Called with the lock held: reopens the stream elsewhere and replays the ledger; false to give up. */
    private boolean resume(Throwable error) {
        RetryRules.Verdict v = RetryRules.judgeBrokenStream(error, OperationKind.BULK, cancelled);
        if (v.endpointFault()) {
            router.endpoints().failed(endpoint);
        } else {
            router.endpoints().answered(endpoint);
        }
        String stop = resumeStop(v);
        if (stop != null) {
            router.listener().gaveUp(OperationKind.BULK, String.valueOf(endpoint), resumes + 1, stop);
            return false;
        }
        Endpoint failed = endpoint;
        tried.add(failed);
        Endpoint next = router.endpoints().select(OperationKind.BULK, tried);
        if (next == null || tried.contains(next)) {
            // Unlike a unary call, a stream is resumed only elsewhere: the endpoint that broke it (the only
            // one, with a single-host URL) reports the failure and the writer's counts say what is in.
            router.listener()
                    .gaveUp(OperationKind.BULK, failed.toString(), resumes + 1, "no other endpoint to resume on");
            return false;
        }
        resumes++;
        long from = ledger.isEmpty() ? 0 : ledger.peekFirst().requestId();
        router.listener().putResumed(table, failed.toString(), next.toString(), from, ledger.size());
        connect(next);
        if (call == null) {
            return true; // connect() already told the writer
        }
        call.send(schema);
        ledger.forEach(f -> call.send(f.data()));
        if (halfClosed) {
            call.complete();
        }
        return true;
    }

    private String resumeStop(RetryRules.Verdict v) {
        if (cancelled) {
            return "the writer cancelled the stream";
        }
        if (schema == null) {
            return "the stream broke before its schema was sent";
        }
        if (!replayable) {
            return "table " + table + " is append-only (or its mode is unknown): unacknowledged batches are in doubt "
                    + "and not replayed";
        }
        // A broken stream of a deduplicating table is repeatable whatever reached the server; a server error
        // that is not marked retryable (bad data, missing table) would only fail again.
        if (!v.retry() && !v.endpointFault()) {
            return v.reason();
        }
        if (resumes >= router.settings().retries()) {
            return "retry budget of " + router.settings().retries() + " spent";
        }
        long deadline = router.settings().deadlineNanos();
        if (deadline > 0 && System.nanoTime() - lastProgress >= deadline) {
            return "failoverTimeout reached since the last acknowledgement";
        }
        return null;
    }
}
