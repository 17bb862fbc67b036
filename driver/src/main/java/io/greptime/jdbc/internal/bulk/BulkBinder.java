package io.greptime.jdbc.internal.bulk;

import java.sql.SQLException;

/**
 * Where a prepared INSERT's (or keyed DELETE's) parameters go when its batches bypass SQL text: Arrow
 * vectors for DoPut ({@link BulkInsertBinder}), protobuf rows for {@code RowInsertRequests}
 * ({@link RowInsertBinder}) or keys for {@code RowDeleteRequests} ({@link RowDeleteBinder}). Parameter
 * indexes are 1-based as in JDBC. One statement, one thread at a time.
 */
public interface BulkBinder extends ParameterSink, AutoCloseable {
    void clearParameters();

    /** Ends the current row (07001 when a parameter was never set). */
    void addBatch() throws SQLException;

    /**
     * Ends the current row as {@link #addBatch} would when doing so sends nothing, and answers true;
     * answers false and does nothing when the row would send a batch (the caller then calls addBatch as
     * a call on the wire).
     */
    default boolean addRowWithoutSending() throws SQLException {
        return false;
    }

    /** Forgets rows not yet sent. */
    void clearBatch();

    /** Rows added since the last executeBatch. */
    long pendingRows();

    /** One count per row, or a BatchUpdateException whose counts say which rows are in. */
    long[] executeBatch() throws SQLException;

    /**
     * As {@link #executeBatch()}, but always waiting for the server's answers, also under
     * {@code bulkAcknowledge=deferred} (executeUpdate needs the count).
     */
    default long[] executeBatchConfirmed() throws SQLException {
        return executeBatch();
    }

    /**
     * Waits for the answers to rows earlier executeBatch calls sent without waiting
     * ({@code bulkAcknowledge=deferred}); throws when some were not written. Nothing to wait for otherwise.
     */
    default void awaitDeferred() throws SQLException {}

    @Override
    void close();
}
