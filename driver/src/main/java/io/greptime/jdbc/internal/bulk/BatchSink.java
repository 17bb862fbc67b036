package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import java.sql.SQLException;

/**
 * Where writers of typed rows send their filled column buffers: DoPut record batches ({@link TablePut})
 * or row inserts ({@link TableRows}), chosen by the same rules as a prepared INSERT's route. One thread
 * at a time.
 */
public interface BatchSink extends AutoCloseable {
    /** Sends the buffer's complete rows as one batch; the buffer may be reset after. */
    void send(BatchBuffer buffer, CallScope scope) throws SQLException;

    /**
     * Waits until the server answered every batch sent since the last call.
     *
     * @return the rows in those batches
     * @throws SQLException when a batch failed: the message says how many rows of these batches the server
     *     confirmed and how many are in doubt
     */
    long awaitAll(CallScope scope) throws SQLException;

    /** Ends the sink without waiting. */
    @Override
    void close();
}
