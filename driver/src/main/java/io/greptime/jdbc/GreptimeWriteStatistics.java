package io.greptime.jdbc;

/**
 * How a connection's batched writes travelled, counted since it was opened (through
 * {@link GreptimeConnection#getWriteStatistics()}): lets applications and tests see which path a
 * framework's batch took.
 *
 * @param doPutStreams Flight DoPut calls opened
 * @param doPutBatches record batches sent on them
 * @param doPutRows rows in those batches
 * @param rowInsertRequests RowInsertRequests sent over Handle (tables that did not exist yet)
 * @param rowInsertRows rows in those requests
 * @param rowDeleteRequests RowDeleteRequests sent over Handle (batched deletes by key)
 * @param statementBatches executeBatch calls that ran one statement per entry
 */
public record GreptimeWriteStatistics(
        long doPutStreams,
        long doPutBatches,
        long doPutRows,
        long rowInsertRequests,
        long rowInsertRows,
        long rowDeleteRequests,
        long statementBatches) {}
