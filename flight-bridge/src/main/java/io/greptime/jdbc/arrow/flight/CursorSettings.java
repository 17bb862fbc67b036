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
 *     result (queued messages, the current batch, dictionaries) is charged to it
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
