package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.meta.ColumnMetadata;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.internal.client.ErrorTranslator;
import io.greptime.jdbc.internal.observe.ObservedScope;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The batches of a DoGet cursor; the execution ends when it closes. A mid-stream failure becomes a
 * SQLException through the connection's one error translation, marked cancelled (57014) when
 * {@code Statement.cancel} caused it.
 *
 * <p>While open it is a stream of its connection's {@link ThreadAffinity}: waiting for the next batch is a
 * call in flight, and reading the current one is checked against the connection's owner.
 */
final class CursorRowSource implements RowSource {
    private final FlightBatchCursor cursor;
    private final ErrorTranslator errors;
    private final Execution exec;
    private final ThreadAffinity affinity;
    private final AtomicBoolean closed = new AtomicBoolean();

    CursorRowSource(FlightBatchCursor cursor, ErrorTranslator errors, Execution exec, ThreadAffinity affinity) {
        this.cursor = cursor;
        this.errors = errors;
        this.exec = exec;
        this.affinity = affinity;
        affinity.streamOpened();
    }

    /** The SQLException for a failure {@code Statement.cancel} caused. */
    static SQLException cancelled(SQLException cause) {
        SQLException e = new SQLException(
                "Statement was cancelled: " + cause.getMessage(), SqlState.QUERY_CANCELED.code(), cause.getErrorCode());
        e.initCause(cause);
        return e;
    }

    @Override
    public List<ColumnMetadata> columns() {
        return cursor.columns();
    }

    @Override
    public void checkCaller() throws SQLException {
        affinity.check();
    }

    @Override
    public boolean nextBatch() throws SQLException {
        affinity.enter();
        try {
            boolean more = cursor.nextBatch();
            if (more) {
                exec.observation().rowsRead(cursor.batchRowCount());
            }
            return more;
        } catch (FlightCallException e) {
            SQLException translated;
            try (ObservedScope scope = exec.observation().enter()) {
                translated = errors.translate(e);
            }
            SQLException thrown = exec.wasCancelled() ? cancelled(translated) : translated;
            exec.observation().failed(thrown);
            throw thrown;
        } catch (RuntimeException | OutOfMemoryError e) {
            // #29: whatever the stream's reading raised (a direct-memory shortage included) is this read's
            // SQLException, so the result set closes its stream and the application sees no raw throwable
            SQLException thrown = errors.translate(e);
            exec.observation().failed(thrown);
            throw thrown;
        } finally {
            affinity.exit();
        }
    }

    @Override
    public int batchRowCount() {
        return cursor.batchRowCount();
    }

    @Override
    public List<ColumnReader> readers() {
        return cursor.readers();
    }

    @Override
    public org.apache.arrow.vector.VectorSchemaRoot root() {
        return cursor.currentRoot();
    }

    /** May run on any thread (a close from another thread is allowed); frees the stream once. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                exec.finish();
                cursor.close();
                exec.observation().finished(-1);
            } finally {
                affinity.streamClosed();
            }
        }
    }
}
