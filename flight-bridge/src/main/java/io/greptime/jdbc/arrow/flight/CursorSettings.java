package io.greptime.jdbc.arrow.flight;

import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import java.util.Objects;

/**
 * How a {@link FlightBatchCursor} reads one result.
 *
 * @param readers makes the column readers (carries the session time zone)
 * @param maxRows stop after this many rows and cancel the stream; 0 means no limit
 *     ({@code Statement.setMaxRows}/{@code setLargeMaxRows})
 * @param maxResultMemory the byte limit of the result's own allocator: every buffer of this
 *     result (queued messages, the current batch, dictionaries) is charged to it. Arrow's
 *     FlightStream keeps up to 5 received messages queued beside the current batch, so allow about
 *     six of the server's batches (GreptimeDB's batches are typically 8192 rows); a batch that does
 *     not fit fails the result with {@link FlightCallException#memoryLimitExceeded()}
 */
public record CursorSettings(ColumnReaderFactory readers, long maxRows, long maxResultMemory) {
    /** Validates the settings. */
    public CursorSettings {
        Objects.requireNonNull(readers, "readers");
        if (maxRows < 0) {
            throw new IllegalArgumentException("maxRows must be >= 0, was " + maxRows);
        }
        if (maxResultMemory <= 0) {
            throw new IllegalArgumentException("maxResultMemory must be > 0, was " + maxResultMemory);
        }
    }
}
