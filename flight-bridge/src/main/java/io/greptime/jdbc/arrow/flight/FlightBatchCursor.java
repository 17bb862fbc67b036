package io.greptime.jdbc.arrow.flight;

import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.grpc.Channel;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
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
 * <p>Reading: the call is made on the gRPC channel directly ({@link DoGetCall}), not through Arrow's
 * {@code FlightStream}: each frame is checked against its body, the schema and the memory limit before
 * anything is allocated for it ({@link BatchLayout}), then decoded (LZ4 straight into the Arrow buffers) in
 * gRPC's callback while the application reads the batch before it.
 *
 * <p>Memory: the cursor owns a child allocator limited to {@code maxResultMemory}, so the result
 * cannot take more than that. What it holds at once is the current batch (the cursor never keeps
 * an earlier one) plus at most {@link DoGetCall#AHEAD} decoded batches and one being decoded: about
 * four server batches, whatever the result size. GreptimeDB picks the batch size, so a
 * JDBC fetch size cannot shrink a batch; it is a hint only.
 *
 * <p>{@link #close()} cancels the call if the stream was not drained, without waiting for the server, and
 * closes the allocator (which fails loudly on a leak). Not thread-safe, like
 * the ResultSet over it, except {@link #cancel}, which any thread may call (Statement.cancel):
 * the reading thread then gets a CANCELLED {@link FlightCallException} from {@link #nextBatch()}.
 */
public final class FlightBatchCursor implements AutoCloseable {
    private final DoGetCall call;
    private final AutoCloseable resources;
    private final ResultMemoryGuard guard;
    private final CursorSettings settings;
    private final FlightMessages messages = new FlightMessages();
    private final Schema schema;
    private final long updateCount;
    private final VectorSchemaRoot root;
    private final Map<Long, Dictionary> dictionaries;
    private final DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();

    /** A step read ahead when opening (the first batch, or the end), not yet exposed. */
    private Step pending;

    private boolean finished;
    /** Set by {@link #cancel} from any thread (Statement.cancel), read by the reading thread. */
    private final AtomicBoolean cancelled = new AtomicBoolean();

    private boolean closed;
    private long rowsDelivered;
    private int batchRows;
    private List<ColumnReader> readers = List.of();

    private FlightBatchCursor(DoGetCall call, AutoCloseable resources, CursorSettings settings, ResultMemoryGuard guard)
            throws FlightCallException {
        this.call = call;
        this.resources = resources;
        this.guard = guard;
        this.settings = settings;
        Step first = take();
        if (first instanceof Step.Start start) {
            schema = start.schema();
            root = start.root();
            dictionaries = start.dictionaries();
            dictionaries.values().forEach(provider::put);
            updateCount = -1;
            readFirstBatch();
        } else {
            schema = null;
            root = null;
            dictionaries = Map.of();
            updateCount = updateCountOf(first);
            finished = true;
        }
    }

    /** Takes the step after the schema: a plan error right after the schema fails the execute. */
    private void readFirstBatch() throws FlightCallException {
        try {
            pending = take();
        } catch (FlightCallException e) {
            releaseRoot();
            throw e;
        }
        if (pending instanceof Step.End end && end.error() != null) {
            finished = true;
            releaseRoot();
            throw end.error();
        }
    }

    private void releaseRoot() {
        root.close();
        dictionaries.values().forEach(d -> d.getVector().close());
    }

    private long updateCountOf(Step first) throws FlightCallException {
        if (first instanceof Step.End end) {
            if (end.error() != null) {
                throw end.error();
            }
            return 0L;
        }
        first.close();
        long count = messages.affectedRows(first instanceof Step.Metadata m ? m.metadata() : null);
        for (Step step = take(); !(step instanceof Step.End end); step = take()) {
            step.close();
            if (step instanceof Step.Metadata m) {
                messages.record(m.metadata()); // tolerate a trailing metrics frame
            }
        }
        return count;
    }

    /**
     * Starts DoGet on {@code channel} and reads the first message. The result gets its own child of
     * {@code parent} limited to {@code settings.maxResultMemory()}, closed with the cursor; the channel
     * stays open. The channel should allow large inbound messages.
     *
     * @param options per-call options: deadline ({@code CallOptions.timeout}), headers such as
     *     {@code x-greptime-hints}, the callback executor
     */
    public static FlightBatchCursor open(
            Channel channel, BufferAllocator parent, Ticket ticket, CursorSettings settings, CallOption... options)
            throws FlightCallException {
        return open(channel, parent, ticket, settings, cancel -> {}, options);
    }

    /**
     * As {@link #open(Channel, BufferAllocator, Ticket, CursorSettings, CallOption...)}; {@code onCancel} gets
     * the action that cancels the call as soon as it has started, so a {@code Statement.cancel} can end the wait
     * for the first message.
     */
    public static FlightBatchCursor open(
            Channel channel,
            BufferAllocator parent,
            Ticket ticket,
            CursorSettings settings,
            Consumer<Runnable> onCancel,
            CallOption... options)
            throws FlightCallException {
        ResultMemoryGuard guard = ResultMemoryGuard.open(parent, "greptime-result", settings.maxResultMemory());
        BufferAllocator allocator = guard.allocator();
        DoGetCall call = null;
        try {
            call = DoGetCall.start(channel, allocator, settings.maxResultMemory(), ticket, options);
            DoGetCall started = call;
            onCancel.accept(() -> started.cancel("cancelled by the client"));
            return new FlightBatchCursor(call, allocator, settings, guard);
        } catch (FlightCallException | RuntimeException e) {
            if (call != null) {
                call.close();
            }
            try {
                allocator.close();
            } catch (RuntimeException leak) {
                e.addSuppressed(leak); // memory still held after a failed open is a bug to see
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
        return schema == null ? List.of() : ColumnMetadata.of(root.getSchema(), provider);
    }

    /**
     * Moves to the next batch that has rows. False at the end of the stream, after
     * {@code maxRows} rows, or after close; the current batch is then gone.
     */
    public boolean nextBatch() throws FlightCallException {
        batchRows = 0;
        readers = List.of();
        while (!finished && !closed) {
            Step step = pending != null ? pending : take();
            pending = null;
            if (step instanceof Step.End end) {
                finished = true;
                if (end.error() != null) {
                    throw end.error();
                }
            } else if (apply(step)) {
                return true;
            }
        }
        return false;
    }

    /** Loads a batch, a dictionary or metrics; true when a batch with rows is now current. */
    private boolean apply(Step step) throws FlightCallException {
        try (step) {
            if (step instanceof Step.Batch batch) {
                new VectorLoader(root).load(batch.batch());
                checkMemory();
                messages.record(batch.metadata());
                if (root.getRowCount() > 0) {
                    exposeBatch(root.getRowCount());
                    return true;
                }
            } else if (step instanceof Step.DictionaryData data) {
                FieldVector vector = dictionaries.get(data.id()).getVector();
                new VectorLoader(new VectorSchemaRoot(List.of(vector.getField()), List.of(vector), 0))
                        .load(data.batch());
                checkMemory();
                messages.record(data.metadata());
            } else if (step instanceof Step.Metadata m) {
                messages.record(m.metadata());
            } else {
                throw FlightCallException.protocol("a second schema in the middle of its DoGet answer", null);
            }
            return false;
        } catch (RuntimeException e) {
            finished = true;
            call.cancel("the client could not load a batch");
            throw FlightCallException.protocol("a batch Arrow could not load: " + e.getMessage(), e);
        }
    }

    private void checkMemory() throws FlightCallException {
        if (guard.takeExceeded()) {
            finished = true;
            call.cancel("maxResultMemory exceeded");
            throw FlightCallException.memoryLimit(settings.maxResultMemory(), null);
        }
    }

    private Step take() throws FlightCallException {
        try {
            return call.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = true;
            call.cancel("the reading thread was interrupted");
            throw FlightCallException.local("Interrupted while waiting for the next DoGet message", e);
        }
    }

    private void exposeBatch(int rows) {
        long max = settings.maxRows();
        batchRows = max > 0 ? (int) Math.min(rows, max - rowsDelivered) : rows;
        rowsDelivered += batchRows;
        readers = settings.readers().create(root, provider);
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
     * The record batch the cursor is on, without copying: the cursor's one root, whose vectors the next
     * {@link #nextBatch()} reloads; null when there is no current batch. Its row count may exceed
     * {@link #batchRowCount()} when {@code maxRows} cut the batch short.
     */
    public VectorSchemaRoot currentRoot() {
        return readers.isEmpty() && batchRows == 0 ? null : root;
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

    private void cancel(String reason) {
        if (cancelled.compareAndSet(false, true)) {
            call.cancel(reason);
        }
    }

    /**
     * Cancels the call if it has not ended (without waiting for the server) and releases everything the
     * result holds; the allocator's close fails loudly on a leak.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        readers = List.of();
        if (!finished) {
            cancelled.set(true);
        }
        call.close();
        if (pending != null) {
            pending.close();
        }
        if (root != null) {
            releaseRoot();
        }
        try {
            resources.close();
        } catch (RuntimeException e) {
            throw e; // a leak report from the allocator: a bug, keep it loud
        } catch (Exception e) {
            throw new IllegalStateException("Closing the result's allocator failed", e);
        }
    }
}
