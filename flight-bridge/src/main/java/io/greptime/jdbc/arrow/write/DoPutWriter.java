package io.greptime.jdbc.arrow.write;

import com.google.protobuf.ByteString;
import java.util.ArrayDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
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
 * schema ack) are ignored.
 *
 * <p>The gRPC call itself belongs to the caller ({@link Transport}), which feeds the answers back
 * through {@link #onAnswer}, {@link #onError} and {@link #onCompleted}. Sending is for one thread;
 * answers may arrive on any.
 */
public final class DoPutWriter {
    /** The call's outbound side, implemented over gRPC by the driver. */
    public interface Transport {
        void send(Flight.FlightData frame);

        /** Half-closes: no more batches. */
        void complete();

        void cancel(String reason);
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

    /** Set once by {@link #create} before the writer is handed out; used only by the sending thread. */
    private Transport transport;

    private final CompressionCodec codec;
    private final Semaphore window;
    private final int windowSize;
    /** Guards {@link #inFlight}, {@link #lastAckedId}, {@link #failure} and {@link #completed}. */
    private final ReentrantLock ackLock = new ReentrantLock();

    private final Condition answered = ackLock.newCondition();
    private final ArrayDeque<long[]> inFlight = new ArrayDeque<>();
    private long lastAckedId;
    private Throwable failure;
    private boolean completed;
    private long nextId = 1;

    private DoPutWriter(CompressionCodec codec, int windowSize) {
        this.codec = codec;
        this.windowSize = windowSize;
        this.window = new Semaphore(windowSize);
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
     */
    public long send(VectorSchemaRoot root) throws PutFailure, InterruptedException {
        awaitSlot();
        long id = nextId++;
        return sendFrame(PutFrames.batch(root, codec, id), id, root.getRowCount());
    }

    /**
     * Sends the complete rows of {@code rows} as one batch, as {@link #send(VectorSchemaRoot)} does; without
     * compression they are encoded straight from the buffer, without first copying them into vectors.
     */
    public long send(BatchBuffer rows) throws PutFailure, InterruptedException {
        if (!(codec instanceof NoCompressionCodec)) {
            return send(rows.seal());
        }
        awaitSlot();
        long id = nextId++;
        return sendFrame(PutFrames.batch(rows, id), id, rows.row());
    }

    private void awaitSlot() throws PutFailure, InterruptedException {
        while (!window.tryAcquire(100, TimeUnit.MILLISECONDS)) {
            throwIfFailed();
        }
        throwIfFailed();
    }

    private long sendFrame(Flight.FlightData frame, long id, int rows) {
        ackLock.lock();
        try {
            inFlight.addLast(new long[] {id, rows});
        } finally {
            ackLock.unlock();
        }
        transport.send(frame);
        return id;
    }

    private void throwIfFailed() throws PutFailure {
        ackLock.lock();
        try {
            if (failure != null) {
                throw new PutFailure(failure, lastAckedId);
            }
        } finally {
            ackLock.unlock();
        }
    }

    /** Blocks until batch {@code id} and all before it are answered; PutFailure when the stream failed. */
    public void awaitAcked(long id) throws PutFailure, InterruptedException {
        ackLock.lock();
        try {
            while (lastAckedId < id && failure == null) {
                answered.await();
            }
            if (lastAckedId < id) {
                throw new PutFailure(failure, lastAckedId);
            }
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
            long[] head = inFlight.peekFirst();
            if (head == null || head[0] != ack.requestId()) {
                failLocked(new IllegalStateException("DoPut answered request_id " + ack.requestId() + " but "
                        + (head == null ? "nothing" : "request_id " + head[0]) + " was pending"));
                return;
            }
            inFlight.removeFirst();
            lastAckedId = ack.requestId();
            answered.signalAll();
        } finally {
            ackLock.unlock();
        }
        window.release();
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
        answered.signalAll();
        window.release(windowSize);
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
     * Ends the stream: half-closes it and waits for the server to finish when all went well, cancels it
     * otherwise (or when the wait exceeds {@code waitMillis}).
     */
    public void close(long waitMillis) throws InterruptedException {
        if (isBroken()) {
            transport.cancel("DoPut writer closed after a failure");
            return;
        }
        transport.complete();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        ackLock.lock();
        try {
            while (!completed && failure == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                answered.awaitNanos(left);
            }
        } finally {
            ackLock.unlock();
        }
        if (!completed) {
            transport.cancel("DoPut stream did not finish in time");
        }
    }
}
