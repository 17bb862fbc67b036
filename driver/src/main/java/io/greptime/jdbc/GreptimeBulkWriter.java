package io.greptime.jdbc;

import java.sql.SQLException;

/**
 * Writes records of one {@link GreptimeTable}-annotated type into their table, from
 * {@link GreptimeConnection#bulkWriter(Class)}. Each record's components go straight into Arrow vectors of
 * the table's column types and leave as record batches on one Flight DoPut stream; a batch is sent when
 * {@code bulkFlushRows} records are buffered, and {@link #flush()} sends the rest and waits for the server.
 * Records with a {@link Json} component (and tables with a column type DoPut batches cannot fill) go as
 * {@code RowInsertRequests} instead, with the same API; {@link GreptimeConnection#getWriteStatistics()}
 * shows which path was taken.
 *
 * <p>A record the table cannot take (a value out of range for its column, a null time index) is refused
 * by {@link #write} with a {@code SQLDataException} naming the record and the column, and is not buffered;
 * the records before it stay buffered. One writer is for one thread at a time.
 *
 * @param <T> the record type
 */
public interface GreptimeBulkWriter<T> extends AutoCloseable {

    /** Buffers one record, sending a batch when the buffer is full. */
    void write(T row) throws SQLException;

    /** Buffers every record, in order; stops at the first refused one. */
    default void writeAll(Iterable<? extends T> rows) throws SQLException {
        for (T row : rows) {
            write(row);
        }
    }

    /**
     * Sends the buffered records and waits until the server confirmed all records written since the last
     * flush.
     *
     * @return the number of records the server confirmed by this flush
     * @throws SQLException when a batch failed; its message says how many of the records since the last
     *     flush were confirmed before the failure (the others are not stored, and the writer can go on)
     */
    long flush() throws SQLException;

    /** Records buffered and not yet confirmed by a flush. */
    long pendingRows();

    /** Flushes, then ends the stream and frees its memory (also when the flush fails). */
    @Override
    void close() throws SQLException;
}
