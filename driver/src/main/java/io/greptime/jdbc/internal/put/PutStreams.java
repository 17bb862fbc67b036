package io.greptime.jdbc.internal.put;

import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A connection's DoPut streams: opens them (the connection's compression and ack window, the Flight call
 * on the endpoint the bulk policy picks, resumable on failover when replaying is harmless), keeps the
 * ones statements left with every batch answered for the next writer of the same rows, counts streams,
 * batches and rows, and ends the parked ones when the connection closes. Thread-safe.
 */
public final class PutStreams {
    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.bulk");

    /** Parked streams kept at most; the least recently parked one is ended beyond that. */
    static final int MAX_IDLE_STREAMS = 8;
    /** How long closing the connection gives its parked streams, together, to end. */
    static final long CLOSE_GRACE_NANOS = 250_000_000L;

    private final GreptimeClient client;
    private final PutCompression compression;
    private final int window;
    /**
     * Streams whose statement closed with every batch answered, one per session, table and schema, kept
     * open for the next statement that writes the same rows (for at most the {@code maxIdleNanos} given,
     * and never across DDL through the connection: the server resolved the stream's table when it opened).
     * Frameworks prepare a statement per batch (Spring's {@code batchUpdate} does), and opening a stream
     * per batch costs a round trip plus the server's per-stream setup.
     */
    private final IdlePool<StreamKey, DoPutWriter> idle;

    private final AtomicLong streams = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong rows = new AtomicLong();

    /** @param maxIdleNanos how long a parked stream stays usable (what is known of its table stays fresh) */
    public PutStreams(GreptimeClient client, ConnectionConfig config, long maxIdleNanos, LongSupplier clock) {
        this.client = client;
        this.compression = PutCompression.parse(config.bulkCompression());
        this.window = config.bulkWindow();
        this.idle = new IdlePool<>(MAX_IDLE_STREAMS, maxIdleNanos, clock, PutStreams::closeStream);
    }

    /**
     * A parked stream for {@code key} that has not failed meanwhile, or a new one with its schema sent.
     *
     * @param replayable whether the stream may be replayed on another endpoint when it breaks (its table
     *     deduplicates, as the caller read it before: nothing is looked up here, so no lock is ever held
     *     across a query)
     */
    DoPutWriter takeOrOpen(StreamKey key, boolean replayable) {
        DoPutWriter writer = idle.take(key);
        if (writer != null && !writer.isBroken()) {
            return writer;
        }
        if (writer != null) {
            closeStream(writer);
        }
        RequestSession session = key.session();
        writer = DoPutWriter.create(
                compression,
                window,
                answers -> ResumablePut.open(
                        client.router(),
                        answers,
                        (endpoint, sink) -> FlightPutCall.open(
                                client.channelTo(endpoint), session, sink, client.callbacksOnTransportThread()),
                        replayable));
        writer.start(key.table(), key.schema());
        streams.incrementAndGet();
        return writer;
    }

    /**
     * Keeps a healthy stream with nothing in flight for the next statement on the same key; ends the
     * stream it replaces, the least recently parked one beyond {@link #MAX_IDLE_STREAMS}, or this one when
     * the connection is closing.
     */
    void park(StreamKey key, DoPutWriter writer) {
        idle.park(key, writer);
    }

    /** Counts a batch sent. */
    void sent(int batchRows) {
        batches.incrementAndGet();
        rows.addAndGet(batchRows);
    }

    /** A failure of a stream as the caller reports it. */
    SQLException translate(Throwable cause) {
        return client.errors().translate(cause);
    }

    /** Flight DoPut calls opened. */
    public long streams() {
        return streams.get();
    }

    /** Record batches sent on them. */
    public long batches() {
        return batches.get();
    }

    /** Rows in those batches. */
    public long rows() {
        return rows.get();
    }

    /** DDL ran through the connection: the parked streams' tables may have changed. */
    public void clear() {
        idle.clear();
    }

    /**
     * Ends every parked stream; the connection is closing. A parked stream has every batch answered, so
     * it is half-closed and given at most {@link #CLOSE_GRACE_NANOS} in all to end cleanly (the server
     * completes it at once); whatever is left then ends with the channel.
     */
    public void close() {
        List<DoPutWriter> parked = idle.closeAndTake();
        parked.forEach(PutStreams::closeStream);
        long until = System.nanoTime() + CLOSE_GRACE_NANOS;
        for (DoPutWriter w : parked) {
            w.awaitEnd(Math.max(0, until - System.nanoTime()));
        }
    }

    /** A parked stream has every batch answered: half-closing it loses nothing, and nothing waits for it. */
    private static void closeStream(DoPutWriter writer) {
        try {
            writer.close();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Closing an idle DoPut stream failed: " + e.getMessage());
        }
    }
}
