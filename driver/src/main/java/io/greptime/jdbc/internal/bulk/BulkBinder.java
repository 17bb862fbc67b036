package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.client.CallScope;
import java.sql.SQLException;

/**
 * A prepared INSERT's (or keyed DELETE's) write route when its batches bypass SQL text: the parameter
 * sink the route binds into (the column buffer of the table's exact types, through the same column
 * writers on every route) and how its batches travel: DoPut record batches ({@link BulkInsertBinder}),
 * row inserts ({@link RowInsertRoute}, {@link RowInsertBinder} for a table to create) or row deletes
 * ({@link RowDeleteBinder}). Every call that may wait on the server takes the {@link CallScope} of the
 * statement's execution, whose deadline and cancel bound the wait. Parameter indexes are 1-based as in
 * JDBC. One statement, one thread at a time.
 */
public interface BulkBinder extends ParameterSink, AutoCloseable {
    void clearParameters();

    /** Ends the current row (07001 when a parameter was never set); may send a part of the batch. */
    void addBatch(CallScope scope) throws SQLException;

    /**
     * Ends the current row as {@link #addBatch} would when doing so sends nothing, and answers true;
     * answers false and does nothing when the row would send a batch (the caller then calls addBatch as
     * an execution).
     */
    default boolean addRowWithoutSending() throws SQLException {
        return false;
    }

    /** Forgets rows not yet sent. */
    void clearBatch();

    /** Rows added since the last executeBatch. */
    long pendingRows();

    /** One count per row, or a BatchUpdateException whose counts say which rows are in. */
    long[] executeBatch(CallScope scope) throws SQLException;

    /** {@link #executeBatch(CallScope)}, its counts returned as {@code form} builds them (executeBatch's int[]). */
    default <T> T executeBatch(CallScope scope, CountArrays<T> form) throws SQLException {
        return form.of(executeBatch(scope));
    }

    /**
     * As {@link #executeBatch}, but always waiting for the server's answers, also under
     * {@code bulkAcknowledge=deferred} (executeUpdate needs the count).
     */
    default long[] executeBatchConfirmed(CallScope scope) throws SQLException {
        return executeBatch(scope);
    }

    /**
     * Waits for the answers to rows earlier executeBatch calls sent without waiting
     * ({@code bulkAcknowledge=deferred}); throws when some were not written. Nothing to wait for otherwise.
     */
    default void awaitDeferred(CallScope scope) throws SQLException {}

    /** Whether the table changed since the route was chosen, so the statement should choose it again. */
    default boolean stale() {
        return false;
    }

    @Override
    void close();
}
