package io.greptime.jdbc.arrow.flight;

import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Walks one GreptimeDB DoGet stream (protocol.md §3) batch by batch.
 *
 * <p>Opening reads the first message, which tells the two shapes apart: a schema-less stream whose
 * only message carries {@code FlightMetadata.affected_rows} (DML/DDL: {@link #isUpdateCount()}),
 * or a schema followed by record batches. {@link #nextBatch()} then skips the zero-row steps
 * (metrics frames, dictionary-only steps), keeping the latest metrics JSON, and stops at
 * {@code maxRows}, cancelling the stream. A server error, mid-stream too, is a
 * {@link FlightCallException} with the status and trailers.
 *
 * <p>Memory: the cursor owns a child allocator limited to {@code maxResultMemory}, so the result
 * cannot take more than that. What it holds at once is the current batch (the cursor never keeps
 * an earlier one) plus what Arrow's {@code FlightStream} has received ahead: the stream asks gRPC
 * for at most 5 messages beyond the ones consumed, so the bound is about 6 server batches plus the
 * gRPC flow-control window, whatever the result size. GreptimeDB picks the batch size, so a
 * JDBC fetch size cannot shrink a batch; it is a hint only.
 *
 * <p>{@link #close()} cancels the call if the stream was not drained, then closes the stream, the
 * per-result Flight client and the allocator (which fails loudly on a leak). Not thread-safe, like
 * the ResultSet over it, except {@link #cancel}, which any thread may call (Statement.cancel):
 * the reading thread then gets a CANCELLED {@link FlightCallException} from {@link #nextBatch()}.
 */
public final class FlightBatchCursor implements AutoCloseable {
    /**
     * How many times closing retries a stream whose drain failed. Each try consumes one queued message,
     * and Flight's flow control keeps only a handful queued, so the bound only stops a stream that keeps
     * failing for another reason.
     */
    private static final int CLOSE_TRIES = 1024;

    private final FlightStream stream;
    private final AutoCloseable resources;
    private final ResultMemoryGuard guard;
    private final CursorSettings settings;
    private final FlightMessages messages = new FlightMessages();
    private final Schema schema;
    private final long updateCount;

    private boolean firstStepPending;
    private boolean finished;
    /** Set by {@link #cancel} from any thread (Statement.cancel), read by the reading thread. */
    private final java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();

    private boolean closed;
    private long rowsDelivered;
    private int batchRows;
    private List<ColumnReader> readers = List.of();

    private FlightBatchCursor(
            FlightStream stream, AutoCloseable resources, CursorSettings settings, ResultMemoryGuard guard)
            throws FlightCallException {
        this.stream = stream;
        this.resources = resources;
        this.guard = guard;
        this.settings = settings;
        boolean first = advance();
        if (stream.hasRoot()) {
            schema = stream.getRoot().getSchema();
            updateCount = -1;
            firstStepPending = first;
            finished = !first;
        } else {
            schema = null;
            updateCount = first ? messages.affectedRows(stream.getLatestMetadata()) : 0L;
            while (advance()) {
                messages.record(stream.getLatestMetadata()); // tolerate a trailing metrics frame
            }
            finished = true;
        }
    }

    /**
     * Starts DoGet on {@code channel} and reads the first message. The result gets its own child of
     * {@code parent} limited to {@code settings.maxResultMemory()} and its own Flight client over the
     * shared channel (the channel stays open when the cursor closes). The channel should allow large
     * inbound messages (Flight's own clients use {@code maxInboundMessageSize(Integer.MAX_VALUE)}).
     *
     * @param options per-call options: deadline ({@code CallOptions.timeout}) and headers such as
     *     {@code x-greptime-hints}
     */
    public static FlightBatchCursor open(
            io.grpc.ManagedChannel channel,
            BufferAllocator parent,
            Ticket ticket,
            CursorSettings settings,
            CallOption... options)
            throws FlightCallException {
        ResultMemoryGuard guard = ResultMemoryGuard.open(parent, "greptime-result", settings.maxResultMemory());
        BufferAllocator allocator = guard.allocator();
        FlightClient client = null;
        FlightStream stream = null;
        try {
            client = FlightGrpcUtils.createFlightClientWithSharedChannel(allocator, channel);
            stream = client.getStream(ticket, options);
            return over(stream, AutoCloseables.all(List.of(client, allocator)), settings, guard);
        } catch (RuntimeException e) {
            closeQuietly(stream, client, allocator);
            throw e;
        }
    }

    /**
     * A cursor over a stream the caller started, reading into {@code guard}'s allocator (give the Flight
     * client that allocator). {@code resources} (for example the Flight client and the allocator) are
     * closed after the stream, also when this fails.
     */
    public static FlightBatchCursor over(
            FlightStream stream, AutoCloseable resources, CursorSettings settings, ResultMemoryGuard guard)
            throws FlightCallException {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(guard, "guard");
        try {
            return new FlightBatchCursor(stream, resources, settings, guard);
        } catch (FlightCallException | RuntimeException e) {
            closeStream(stream);
            try {
                resources.close();
            } catch (Exception leak) {
                // the allocator's leak report (memory still held after a failed first read) is a bug to see,
                // not to swallow: it travels with the error the caller gets
                e.addSuppressed(leak);
            }
            throw e;
        }
    }

    /** True for the schema-less DML/DDL stream; then there are no rows. */
    public boolean isUpdateCount() {
        return schema == null;
    }

    /** Affected rows of a DML/DDL stream; -1 for a row-producing stream. */
    public long updateCount() {
        return updateCount;
    }

    /** The result schema (with GreptimeDB's field metadata); empty for an update count. */
    public Optional<Schema> schema() {
        return Optional.ofNullable(schema);
    }

    /** Column metadata of the result, in order; empty for an update count. */
    public List<ColumnMetadata> columns() {
        return schema == null ? List.of() : ColumnMetadata.of(schema, stream.getDictionaryProvider());
    }

    /**
     * Moves to the next batch that has rows. False at the end of the stream, after
     * {@code maxRows} rows, or after close; the current batch is then gone.
     */
    public boolean nextBatch() throws FlightCallException {
        batchRows = 0;
        readers = List.of();
        if (finished || closed) {
            return false;
        }
        boolean stepped = firstStepPending || advance();
        firstStepPending = false;
        while (stepped) {
            messages.record(stream.getLatestMetadata());
            int rows = stream.getRoot().getRowCount();
            if (rows > 0) {
                exposeBatch(rows);
                return true;
            }
            stepped = advance();
        }
        finished = true;
        return false;
    }

    private void exposeBatch(int rows) {
        long max = settings.maxRows();
        batchRows = max > 0 ? (int) Math.min(rows, max - rowsDelivered) : rows;
        rowsDelivered += batchRows;
        VectorSchemaRoot root = stream.getRoot();
        readers = settings.readers().create(root, stream.getDictionaryProvider());
        if (max > 0 && rowsDelivered >= max) {
            finished = true;
            cancel("maxRows reached");
        }
    }

    /** Rows of the current batch this cursor exposes (cut short at {@code maxRows}). */
    public int batchRowCount() {
        return batchRows;
    }

    /** One reader per column over the current batch; valid until the next {@link #nextBatch()}. */
    public List<ColumnReader> readers() {
        return readers;
    }

    /**
     * The record batch the cursor is on, without copying: the stream's one root, whose vectors the next
     * {@link #nextBatch()} reloads; null when there is no current batch. Its row count may exceed
     * {@link #batchRowCount()} when {@code maxRows} cut the batch short.
     */
    public VectorSchemaRoot currentRoot() {
        return readers.isEmpty() && batchRows == 0 ? null : stream.getRoot();
    }

    /** Rows exposed so far, over all batches. */
    public long rowsDelivered() {
        return rowsDelivered;
    }

    /** The latest metrics JSON the server sent ({@code FlightMetadata.metrics}), if any yet. */
    public Optional<String> metricsJson() {
        return Optional.ofNullable(messages.metricsJson());
    }

    /** Whether the cursor stopped the server's stream early ({@code maxRows}, cancel or close). */
    public boolean wasCancelled() {
        return cancelled.get();
    }

    /**
     * Cancels the DoGet call; safe from any thread and idempotent. The reading thread's next
     * {@link #nextBatch()} fails with status CANCELLED unless the stream had already ended.
     */
    public void cancel() {
        cancel("cancelled by the client");
    }

    private boolean advance() throws FlightCallException {
        try {
            boolean more = stream.next();
            if (guard.takeExceeded()) {
                finished = true;
                throw FlightCallException.memoryLimit(settings.maxResultMemory(), null);
            }
            return more;
        } catch (FlightRuntimeException e) {
            finished = true;
            throw memoryFailure(e)
                    ? FlightCallException.memoryLimit(settings.maxResultMemory(), e)
                    : FlightCallException.fromFlight(e);
        } catch (OutOfMemoryException e) {
            finished = true;
            throw FlightCallException.memoryLimit(settings.maxResultMemory(), e);
        } catch (RuntimeException e) {
            finished = true;
            throw FlightCallException.local("Unreadable Flight stream: " + e.getMessage(), e);
        }
    }

    /** gRPC reports an allocation failure in the message parser as its cause. */
    private static boolean memoryFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryException) {
                return true;
            }
        }
        return false;
    }

    private void cancel(String reason) {
        if (cancelled.compareAndSet(false, true)) {
            stream.cancel(reason, null);
        }
    }

    /** Cancels the call if it has not ended and releases everything the result holds. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        readers = List.of();
        if (!finished) {
            cancel("result set closed before the end");
        }
        closeStream(stream);
        closeResources();
    }

    private void closeResources() {
        try {
            resources.close();
        } catch (RuntimeException e) {
            throw e; // a leak report from the allocator: a bug, keep it loud
        } catch (Exception e) {
            throw new IllegalStateException("Closing the result's Flight client failed", e);
        }
    }

    /**
     * Closes the stream so that it releases its buffers. {@code FlightStream.close} first drains the
     * messages still queued, loading each; when a load fails (a batch over the memory limit, a corrupt
     * batch) the exception leaves {@code close} before it released the root, the queue and the metadata.
     * Each failed try has consumed (and freed) one message, so trying again gets further; a drain that
     * ends, or ends in the call's own error status (caught inside), releases everything.
     */
    private static void closeStream(FlightStream stream) {
        for (int i = 0; i < CLOSE_TRIES; i++) {
            try {
                stream.close();
                return;
            } catch (FlightRuntimeException e) {
                // the stream re-throws the status that ended the call (our own CANCELLED, or the error that
                // was already reported) after it released its buffers
                return;
            } catch (RuntimeException e) {
                // a queued message failed to load during the drain (a load never throws Flight's own
                // exception): try again past it
            } catch (Exception e) {
                return; // as above, when the status was not a runtime exception
            }
        }
    }

    private static void closeQuietly(AutoCloseable... closeables) {
        for (AutoCloseable c : closeables) {
            if (c == null) {
                continue;
            }
            try {
                c.close();
            } catch (Exception e) {
                // already failing; the original exception is the one to report
            }
        }
    }
}
