package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Output;
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
 * Writes one row result to a DoGet call: schema, batches, then the metrics frame. It runs on its own
 * thread and waits for the transport to be ready before each frame, so a slow reader applies back
 * pressure instead of piling batches up in memory (the engine computes the next batch only when this
 * asks for it), and a cancelled call stops the reading at once.
 */
final class DoGetStream {
    private final ServerCallStreamObserver<FlightData> out;
    private final CompressionCodec codec;
    private final ReentrantLock readyLock = new ReentrantLock();
    private final Condition readyChanged = readyLock.newCondition();

    /**
     * Must be created on the call's own thread: it installs the readiness handlers. When the call is
     * cancelled (by the client, its deadline, or its connection going away) it also trips
     * {@code cancellation}, which stops the engine's work for the call wherever it is.
     */
    DoGetStream(ServerCallStreamObserver<FlightData> out, CompressionCodec codec, Cancellation cancellation) {
        this.out = out;
        this.codec = codec;
        out.setOnReadyHandler(this::signal);
        out.setOnCancelHandler(() -> {
            cancellation.cancel();
            signal();
        });
    }

    /**
     * Streams every batch of {@code rows}; returns false when the client went away first. The caller
     * closes the reader.
     */
    boolean write(Output.Rows rows, long startNanos) throws IOException, InterruptedException {
        ArrowReader reader = rows.reader();
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        Map<Long, Dictionary> dictionaries =
                DictionaryDecoding.hasDictionaries(root.getSchema()) ? reader.getDictionaryVectors() : Map.of();
        Schema schema = dictionaries.isEmpty()
                ? root.getSchema()
                : DictionaryDecoding.plainSchema(root.getSchema(), dictionaries);
        if (!send(FlightFrames.schema(schema))) {
            return false;
        }
        long bytes = 0;
        while (reader.loadNextBatch()) {
            FlightData frame = frame(root, dictionaries);
            bytes += frame.getDataBody().size();
            if (!send(frame)) {
                return false;
            }
        }
        String metrics = "{\"elapsed_compute\":" + (System.nanoTime() - startNanos) + ",\"memory_usage\":" + bytes
                + ",\"plan_metrics\":[]}";
        return send(FlightFrames.metrics(metrics));
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
