package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.Output;
import io.grpc.Metadata;
import io.grpc.stub.ServerCallStreamObserver;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.flight.impl.Flight.FlightData;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One DoGet call from its ticket to its last frame. The statement runs on the call's own gRPC thread,
 * and so does the writing of a result that ends with its first batch or two: a short statement costs
 * no hand-off between threads on the server beyond gRPC's own (on two busy cores each one is a
 * scheduling delay of tens of microseconds or more). A longer result goes on on a stream thread, which
 * waits for the transport's readiness: the call's thread must be free again for gRPC to report it.
 * Cancellation reaches the engine in both parts through the call's context ({@link DoGetStream}).
 */
final class DoGetCall {
    private static final Logger LOG = Logger.getLogger(DoGetCall.class.getName());

    private final ServerCallStreamObserver<FlightData> out;
    private final ErrorStatuses errors;
    private final Cancellation cancellation = new Cancellation();
    private final DoGetStream stream;
    /** DoGet results being computed or sent, for {@link EmbeddedGreptimeServer#activeStreams()}. */
    private final AtomicInteger serving;

    private BufferAllocator child;
    private Output.Rows rows;

    /** Created on the call's thread: the stream installs the call's handlers. */
    DoGetCall(
            ServerCallStreamObserver<FlightData> out,
            ErrorStatuses errors,
            org.apache.arrow.vector.compression.CompressionCodec codec,
            AtomicInteger serving,
            Executor listeners) {
        this.out = out;
        this.errors = errors;
        this.serving = serving;
        this.stream = new DoGetStream(out, codec, cancellation, listeners);
        serving.incrementAndGet();
    }

    /**
     * Runs the request and writes what can be written at once; hands the rest of a longer result to
     * {@code streams}. Returns when the call's thread is free again.
     */
    void serve(
            RequestExecutor executor,
            GreptimeRequest request,
            Metadata metadata,
            BufferAllocator allocator,
            Executor streams) {
        Runnable rest = first(executor, request, metadata, allocator);
        if (rest == null) {
            return;
        }
        try {
            streams.execute(rest);
        } catch (RejectedExecutionException e) {
            end(errors.of(StatusCode.INTERNAL, "server is shutting down"), false);
        }
    }

    /** The part on the call's thread; what remains for a stream thread, or null when the call is over. */
    private Runnable first(
            RequestExecutor executor, GreptimeRequest request, Metadata metadata, BufferAllocator allocator) {
        long start = System.nanoTime();
        try (Cancellation.Scope bound = cancellation.bind()) {
            child = allocator.newChildAllocator("do-get", 0, Long.MAX_VALUE);
            Output output = executor.execute(request, metadata, child);
            if (output instanceof Output.AffectedRows count) {
                stream.sendNow(FlightFrames.affectedRows(count.count()));
                end(null, true);
                return null;
            }
            rows = (Output.Rows) output;
            DoGetStream.Progress progress = stream.writeFirst(rows, start);
            if (progress == DoGetStream.Progress.MORE) {
                return this::rest;
            }
            end(null, progress == DoGetStream.Progress.DONE);
        } catch (IOException | RuntimeException e) {
            end(e, false);
        } catch (Error e) {
            // the call must end even then: a thread that dies silently leaves the client waiting forever
            // (seen with a class path whose jackson-annotations broke Arrow's Schema)
            end(new IllegalStateException("embedded server failure: " + e, e), false);
            throw e;
        }
        return null;
    }

    private void rest() {
        try (Cancellation.Scope bound = cancellation.bind()) {
            boolean complete = stream.writeRest();
            end(null, complete);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            end(e, false);
        } catch (IOException | RuntimeException e) {
            end(e, false);
        } catch (Error e) {
            end(new IllegalStateException("embedded server failure: " + e, e), false);
            throw e;
        }
    }

    /**
     * Ends the call. A complete answer (every frame sent, the reader at its end) completes the call
     * first and closes the rows after, so that the client's end does not wait for the engine's clean-up
     * (a failure of that clean-up is logged: the client already has every row). Otherwise the rows are
     * closed first (which ends the engine's work for them), then the call fails with {@code failure},
     * or with what closing the rows reported. The call's memory goes back last.
     */
    private void end(Exception failure, boolean complete) {
        Exception error = failure;
        boolean completed = false;
        try {
            if (error == null && complete && !out.isCancelled()) {
                out.onCompleted();
                completed = true;
            }
            try {
                if (rows != null) {
                    rows.reader().close();
                }
            } catch (IOException | RuntimeException e) {
                if (completed) {
                    LOG.log(Level.WARNING, "DoGet answered in full, but its rows could not be released", e);
                } else if (error == null) {
                    error = e;
                }
            }
            if (error != null) {
                fail(error);
            }
        } finally {
            try {
                if (child != null) {
                    child.close();
                }
            } finally {
                stream.detach();
                serving.decrementAndGet();
            }
        }
    }

    /** Errors before the first frame are trailers-only; later ones arrive as trailers after data. */
    private void fail(Exception e) {
        if (out.isCancelled()) {
            LOG.log(Level.FINE, "DoGet ended after the client cancelled", e);
            return;
        }
        try {
            out.onError(errors.from(e));
        } catch (IllegalStateException alreadyClosed) {
            LOG.log(Level.FINE, "DoGet call closed before its error could be sent", e);
        }
    }
}
