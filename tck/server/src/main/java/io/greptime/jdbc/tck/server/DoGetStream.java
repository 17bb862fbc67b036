package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Output;
import io.grpc.Context;
import io.grpc.stub.ServerCallStreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes one row result to a DoGet call: schema, batches, then the metrics frame, in two parts. The
 * first part runs on the call's own gRPC thread right after the statement ({@link #writeFirst}): the
 * schema leaves together with the first batch, and a result that ends there (a point query, {@code
 * SELECT 1}) is written whole, its frames one after the other so that gRPC sends them in one flush,
 * without a hand-off to another thread. What remains of a longer result is written by {@link
 * #writeRest} on a stream thread, which waits for the transport to be ready before each frame, so a slow
 * reader applies back pressure instead of piling batches up in memory (the engine computes the next
 * batch only when this asks for it), and a cancelled call stops the reading at once.
 */
final class DoGetStream {
    /** What {@link #writeFirst} left. */
    enum Progress {
        /** Every frame was sent. */
        DONE,
        /** The client went away; nothing more is to be sent. */
        CANCELLED,
        /** More batches follow: {@link #writeRest} sends them. */
        MORE
    }

    private final ServerCallStreamObserver<FlightData> out;
    private final CompressionCodec codec;
    private final ReentrantLock readyLock = new ReentrantLock();
    private final Condition readyChanged = readyLock.newCondition();
    private final Context context;
    private final Context.CancellationListener onContextCancel;

    private ArrowReader reader;
    private VectorSchemaRoot root;
    private Map<Long, Dictionary> dictionaries = Map.of();
    private long startNanos;
    private long bytes;
    /** A batch already taken from the reader and framed, not sent yet. */
    private FlightData pending;

    /**
     * Must be created on the call's own thread: it installs the readiness handlers. When the call is
     * cancelled (by the client, its deadline, or its connection going away) it also trips
     * {@code cancellation}, which stops the engine's work for the call wherever it is. The call's gRPC
     * context reports that at once, also while the call's own thread is busy running the statement
     * (the cancel handler would wait for it), on a thread of {@code listeners}; {@link #detach} ends that
     * once the call is over.
     */
    DoGetStream(
            ServerCallStreamObserver<FlightData> out,
            CompressionCodec codec,
            Cancellation cancellation,
            java.util.concurrent.Executor listeners) {
        this.out = out;
        this.codec = codec;
        out.setOnReadyHandler(this::signal);
        out.setOnCancelHandler(() -> {
            cancellation.cancel();
            signal();
        });
        this.context = Context.current();
        this.onContextCancel = c -> {
            cancellation.cancel();
            signal();
        };
        // not on the cancelling thread: that is the transport's event loop when the call is cancelled there
        // (CallDispatch), and the cancellation interrupts DuckDB under its connection lock
        context.addListener(onContextCancel, listeners);
    }

    /** Stops listening to the call's context: the call is over. */
    void detach() {
        context.removeListener(onContextCancel);
    }

    /**
     * Sends the schema with the first batch, and, when the result ends with that batch, the metrics
     * frame; on the call's thread, where the transport has taken nothing yet (a frame or two are
     * buffered at most, whatever the reader's readiness). Nothing leaves before the reader has said
     * whether a second batch follows, so that a result of one batch leaves whole, schema, batch and
     * metrics one right after the other: gRPC's transport then writes them, and the call's end after
     * them, in one flush, where a frame sent while the engine still works goes out on its own and costs
     * both sides another wake-up. The caller closes the reader.
     */
    Progress writeFirst(Output.Rows rows, long start) throws IOException {
        this.startNanos = start;
        reader = rows.reader();
        root = reader.getVectorSchemaRoot();
        if (DictionaryDecoding.hasDictionaries(root.getSchema())) {
            dictionaries = reader.getDictionaryVectors();
        }
        Schema schema = dictionaries.isEmpty()
                ? root.getSchema()
                : DictionaryDecoding.plainSchema(root.getSchema(), dictionaries);
        FlightData schemaFrame = FlightFrames.schema(schema);
        FlightData first = nextFrameAfter(schemaFrame);
        // the next batch is looked for before anything leaves: a result of one batch (the reader then
        // says at once that it ended) goes out with its metrics in the same flush
        FlightData second = first == null ? null : nextFrameAfter(schemaFrame, first);
        if (!sendNow(schemaFrame) || (first != null && !sendNow(first))) {
            return Progress.CANCELLED;
        }
        if (second == null) {
            return sendNow(metrics()) ? Progress.DONE : Progress.CANCELLED;
        }
        pending = second;
        return Progress.MORE;
    }

    /**
     * Streams the batches {@link #writeFirst} left, waiting for the transport before each; returns false
     * when the client went away first. The caller closes the reader.
     */
    boolean writeRest() throws IOException, InterruptedException {
        for (FlightData frame = pending; frame != null; frame = nextFrame()) {
            pending = null;
            if (!send(frame)) {
                return false;
            }
        }
        return send(metrics());
    }

    /**
     * The next batch as a frame, or null at the end; when the reader fails, {@code before} (the frames
     * that precede the failed batch, not sent yet) are sent first, so the error follows what came before
     * it, as when each frame leaves before the next batch is computed.
     */
    private FlightData nextFrameAfter(FlightData... before) throws IOException {
        try {
            return nextFrame();
        } catch (IOException | RuntimeException e) {
            try {
                for (FlightData frame : before) {
                    sendNow(frame);
                }
            } catch (RuntimeException closed) {
                e.addSuppressed(closed); // the call ended meanwhile: the error below is what matters
            }
            throw e;
        }
    }

    /** The next batch of the reader as a frame, or null at its end. */
    private FlightData nextFrame() throws IOException {
        if (!reader.loadNextBatch()) {
            return null;
        }
        FlightData frame = frame(root, dictionaries);
        bytes += frame.getDataBody().size();
        return frame;
    }

    private FlightData metrics() {
        String metrics = "{\"elapsed_compute\":" + (System.nanoTime() - startNanos) + ",\"memory_usage\":" + bytes
                + ",\"plan_metrics\":[]}";
        return FlightFrames.metrics(metrics);
    }

    /** One batch as a frame, dictionaries expanded as GreptimeDB v1.2+ does for query output. */
    private FlightData frame(VectorSchemaRoot root, Map<Long, Dictionary> dictionaries) {
        try (DictionaryDecoding.Decoded plain = dictionaries.isEmpty()
                        ? new DictionaryDecoding.Decoded(root, List.of())
                        : DictionaryDecoding.decode(root, dictionaries);
                ArrowRecordBatch batch = new VectorUnloader(plain.rows(), true, codec, true).getRecordBatch()) {
            return FlightFrames.recordBatch(batch);
        }
    }

    /** Sends one frame now, on the call's thread; false if the call was cancelled. */
    boolean sendNow(FlightData frame) {
        if (out.isCancelled()) {
            return false;
        }
        out.onNext(frame);
        return true;
    }

    /** Sends one frame once the call can take it; false if the call was cancelled. */
    boolean send(FlightData frame) throws InterruptedException {
        readyLock.lock();
        try {
            while (!out.isReady() && !out.isCancelled()) {
                // The timeout only guards against a missed signal; readiness normally wakes us.
                readyChanged.await(100, TimeUnit.MILLISECONDS);
            }
        } finally {
            readyLock.unlock();
        }
        if (out.isCancelled()) {
            return false;
        }
        out.onNext(frame);
        return true;
    }

    private void signal() {
        readyLock.lock();
        try {
            readyChanged.signalAll();
        } finally {
            readyLock.unlock();
        }
    }
}
