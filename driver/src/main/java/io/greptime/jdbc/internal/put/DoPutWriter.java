package io.greptime.jdbc.internal.put;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One DoPut stream into one table (protocol.md §4): sends the schema, then record batches numbered from
 * 1, and matches the server's in-order answers to them while the caller keeps sending. At most
 * {@code window} batches are unanswered at a time (GreptimeDB silently drops answers beyond 32 pending),
 * so memory held in flight is bounded too. Answers with request_id 0 (v1.2's immediate ack, v0.17's
 * schema ack) are ignored. An answer whose {@code affected_rows} differs from the rows its batch held
 * is not a confirmation: it fails the stream with {@link AckMismatch}, and that batch and the ones after
 * it are in doubt (v0.14's stub answers the body's byte length and writes nothing).
 *
 * <p>The gRPC call itself belongs to the caller ({@link Transport}), which feeds the answers back
 * through {@link #onAnswer}, {@link #onError} and {@link #onCompleted}. Sending is for one thread;
 * answers may arrive on any. A wait (for a window slot or for answers) sleeps on a condition that an
 * answer, a failure or {@link #wake()} signals, never in a polling loop, and ends at the caller's
 * deadline or when its {@link Waiting} says stop.
 */
final class DoPutWriter {
    /** The call's outbound side, implemented over gRPC by the driver. */
    public interface Transport {
        void send(Flight.FlightData frame);

        /** Half-closes: no more batches. */
        void complete();

        void cancel(String reason);
    }

    /** How long the sending thread may wait, and whether it must stop now (a cancel). */
    public interface Waiting {
        /** Nanoseconds left ({@link Long#MAX_VALUE} for no deadline; 0 or less once it passed). */
        long remainingNanos();

        /** Whether the wait must end now; {@link #wake()} makes a waiting thread look again. */
        boolean stopped();

        /** Waits for as long as it takes; nothing stops it. */
        Waiting FOREVER = new Waiting() {
            @Override
            public long remainingNanos() {
                return Long.MAX_VALUE;
            }

            @Override
            public boolean stopped() {
                return false;
            }
        };
    }

    /** The stream failed; batches up to {@link #lastAckedId()} are known written, the rest are not. */
    public static final class PutFailure extends Exception {
        private static final long serialVersionUID = 1L;
        private final long lastAckedId;

        PutFailure(Throwable cause, long lastAckedId) {
            super(cause.getMessage(), cause);
            this.lastAckedId = lastAckedId;
        }

        public long lastAckedId() {
            return lastAckedId;
        }
    }

    /** A wait ended before it was satisfied: the deadline passed ({@link #timedOut()}) or it was told to stop. */
    public static final class WaitEnded extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean timedOut;

        WaitEnded(boolean timedOut) {
            super(timedOut ? "deadline reached" : "stopped");
            this.timedOut = timedOut;
        }

        public boolean timedOut() {
            return timedOut;
        }
    }

    /** The server answered a batch with another row count than the batch held: not a confirmation. */
    public static final class AckMismatch extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final long requestId;
        private final long sent;
        private final long affected;

        AckMismatch(long requestId, long sent, long affected) {
            super("DoPut answered batch " + requestId + " of " + sent + " rows with affected_rows " + affected);
            this.requestId = requestId;
            this.sent = sent;
            this.affected = affected;
        }

        public long requestId() {
            return requestId;
        }

        public long sentRows() {
            return sent;
        }

        public long affectedRows() {
            return affected;
        }
    }

    /** Set once by {@link #create} before the writer is handed out; used only by the sending thread. */
    private Transport transport;

    private final CompressionCodec codec;
    private final int windowSize;
    /** Guards {@link #inFlight}, {@link #lastAckedId}, {@link #failure}, and {@link #completed}. */
    private final ReentrantLock ackLock = new ReentrantLock();

    private final Condition answered = ackLock.newCondition();
    private final ArrayDeque<Sent> inFlight = new ArrayDeque<>();
    /** Bodies of answered batches, for the next ones ({@link BodyPool} says when that is safe). */
    private final BodyPool bodies;

    private long lastAckedId;
    private Throwable failure;
    private boolean completed;
    private long nextId = 1;

    /** A batch sent and not yet answered: its request_id, its rows, and its body array (or null). */
    private record Sent(long id, long rows, byte[] body) {}

    private DoPutWriter(CompressionCodec codec, int windowSize) {
        this.codec = codec;
        this.windowSize = windowSize;
        this.bodies = new BodyPool(windowSize);
    }

    /** Opens the call through {@code factory} and returns the writer its answers go to. */
    public static DoPutWriter create(PutCompression compression, int windowSize, TransportFactory factory) {
        DoPutWriter writer = new DoPutWriter(compression.newCodec(), windowSize);
        writer.transport = factory.open(new Answers() {
            @Override
            public void onAnswer(ByteString metadata) {
                writer.onAnswer(metadata);
            }

            @Override
            public void onError(Throwable error) {
                writer.onError(error);
            }

            @Override
            public void onCompleted() {
                writer.onCompleted();
            }
        });
        return writer;
    }

    /** The inbound side of the call, as the transport delivers it. */
    public interface Answers {
        void onAnswer(ByteString appMetadata);

        void onError(Throwable error);

        void onCompleted();
    }

    /** Opens the gRPC call, delivering its answers to the given sink. */
    public interface TransportFactory {
        Transport open(Answers answers);
    }

    /** Sends the schema message that opens the stream. */
    public void start(String table, Schema schema) {
        transport.send(PutFrames.schema(table, schema));
    }

    /**
     * Sends the sealed root as one batch, first waiting for a free slot in the window.
     *
     * @return the batch's request_id
     * @throws PutFailure when the stream has failed (now or earlier)
     * @throws WaitEnded when the window stayed full until {@code waiting} ended the wait (nothing was sent)
     */
    public long send(VectorSchemaRoot root, Waiting waiting) throws PutFailure, WaitEnded {
        awaitSlot(waiting);
        long id = nextId++;
        return sendFrame(PutFrames.batch(root, codec, id), id, root.getRowCount(), null);
    }

    /**
     * Sends the complete rows of {@code rows} as one batch, as {@link #send(VectorSchemaRoot, Waiting)} does;
     * without compression they are encoded straight from the buffer, without first copying them into vectors.
     */
    public long send(BatchBuffer rows, Waiting waiting) throws PutFailure, WaitEnded {
        if (!(codec instanceof NoCompressionCodec)) {
            return send(rows.seal(), waiting);
        }
        awaitSlot(waiting);
        long id = nextId++;
        byte[] body = bodies.take(PutFrames.bodyLength(rows));
        return sendFrame(PutFrames.batch(rows, id, body), id, rows.row(), body);
    }

    private void awaitSlot(Waiting waiting) throws PutFailure, WaitEnded {
        ackLock.lock();
        try {
            awaitLocked(() -> inFlight.size() < windowSize, waiting);
        } finally {
            ackLock.unlock();
        }
    }

    /**
     * With the lock held, waits until {@code done} holds or the stream fails (PutFailure), the deadline
     * passes or {@code waiting} says stop (WaitEnded). Answers, failures and {@link #wake()} signal.
     */
    private void awaitLocked(java.util.function.BooleanSupplier done, Waiting waiting) throws PutFailure, WaitEnded {
        while (true) {
            if (failure != null) {
                throw new PutFailure(failure, lastAckedId);
            }
            if (done.getAsBoolean()) {
                return;
            }
            if (waiting.stopped()) {
                throw new WaitEnded(false);
            }
            long left = waiting.remainingNanos();
            if (left <= 0) {
                throw new WaitEnded(true);
            }
            try {
                answered.awaitNanos(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WaitEnded(false);
            }
        }
    }

    /** Makes a thread waiting on this writer look at its {@link Waiting} again (a cancel arrived). */
    public void wake() {
        ackLock.lock();
        try {
            answered.signalAll();
        } finally {
            ackLock.unlock();
        }
    }

    private long sendFrame(Flight.FlightData frame, long id, int rows, byte[] body) {
        ackLock.lock();
        try {
            inFlight.addLast(new Sent(id, rows, body));
        } finally {
            ackLock.unlock();
        }
        transport.send(frame);
        return id;
    }

    /**
     * Waits until batch {@code id} and all before it are answered.
     *
     * @throws PutFailure when the stream failed first (batches up to its lastAckedId are confirmed)
     * @throws WaitEnded when the deadline passed or {@code waiting} said stop first
     */
    public void awaitAcked(long id, Waiting waiting) throws PutFailure, WaitEnded {
        ackLock.lock();
        try {
            awaitLocked(() -> lastAckedId >= id, waiting);
        } finally {
            ackLock.unlock();
        }
    }

    /** Bytes of answered batches' bodies kept for the next batches (for tests). */
    long spareBodyBytes() {
        return bodies.spareBytes();
    }

    /** Batches sent and not yet answered. */
    public int inFlight() {
        ackLock.lock();
        try {
            return inFlight.size();
        } finally {
            ackLock.unlock();
        }
    }

    /** What broke the stream (seen without waiting), or null while it is healthy. */
    public Throwable failure() {
        ackLock.lock();
        try {
            return failure;
        } finally {
            ackLock.unlock();
        }
    }

    /** The highest request_id the server confirmed. */
    public long lastAckedId() {
        ackLock.lock();
        try {
            return lastAckedId;
        } finally {
            ackLock.unlock();
        }
    }

    void onAnswer(ByteString metadata) {
        PutAck ack;
        try {
            ack = PutAck.parse(metadata.toByteArray());
        } catch (IllegalArgumentException e) {
            fail(e);
            return;
        }
        if (ack.requestId() == 0) {
            return;
        }
        ackLock.lock();
        try {
            Sent head = inFlight.peekFirst();
            if (head == null || head.id() != ack.requestId()) {
                failLocked(new IllegalStateException("DoPut answered request_id " + ack.requestId() + " but "
                        + (head == null ? "nothing" : "request_id " + head.id()) + " was pending"));
                return;
            }
            if (ack.affectedRows() != head.rows()) {
                failLocked(new AckMismatch(head.id(), head.rows(), ack.affectedRows()));
                return;
            }
            inFlight.removeFirst();
            lastAckedId = ack.requestId();
            if (head.body() != null) {
                bodies.give(head.body()); // answered: this frame is never sent again
            }
            answered.signalAll();
        } finally {
            ackLock.unlock();
        }
    }

    void onError(Throwable error) {
        fail(error);
    }

    void onCompleted() {
        ackLock.lock();
        try {
            completed = true;
            if (!inFlight.isEmpty()) {
                failLocked(new IllegalStateException(
                        "DoPut stream ended with " + inFlight.size() + " batches unanswered"));
            }
            answered.signalAll();
        } finally {
            ackLock.unlock();
        }
    }

    private void fail(Throwable error) {
        ackLock.lock();
        try {
            failLocked(error);
        } finally {
            ackLock.unlock();
        }
    }

    private void failLocked(Throwable error) {
        if (failure == null) {
            failure = error;
        }
        bodies.clear(); // a broken stream sends nothing more
        answered.signalAll();
    }

    /** Whether the stream failed or ended; a new writer is needed for more batches. */
    public boolean isBroken() {
        ackLock.lock();
        try {
            return failure != null || completed;
        } finally {
            ackLock.unlock();
        }
    }

    /**
     * Ends the stream without waiting: half-closes it when it is healthy (the server finishes the batches
     * it has and completes the call on its own), cancels it otherwise.
     */
    public void close() {
        if (isBroken()) {
            transport.cancel("DoPut writer closed after a failure");
        } else {
            transport.complete();
        }
    }

    /**
     * Waits at most {@code nanos} for a half-closed stream's call to end (the server completes it once it
     * has answered everything); true when it ended.
     */
    public boolean awaitEnd(long nanos) {
        long until = System.nanoTime() + nanos;
        ackLock.lock();
        try {
            while (!completed && failure == null) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                answered.awaitNanos(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            ackLock.unlock();
        }
    }

    /** Cancels the call now, whatever is in flight (those batches are then in doubt). */
    public void cancel(String reason) {
        fail(new IllegalStateException("DoPut stream cancelled: " + reason));
        transport.cancel(reason);
    }
}
