package io.greptime.jdbc;

import java.sql.BatchUpdateException;
import java.util.List;

/**
 * A bulk write (DoPut) that failed part-way. {@link #getLargeUpdateCounts()} has one entry per row of
 * the batch: 1 for rows the server acknowledged, {@code EXECUTE_FAILED} for the rest. Of those,
 * {@link #inDoubt()} names the rows that were sent but never acknowledged: the server may or may not
 * have stored them (its connection was lost, or the stream broke on a table whose append mode makes a
 * replay unsafe). The remaining failed rows were certainly not written.
 */
public final class GreptimeBatchUpdateException extends BatchUpdateException {
    private static final long serialVersionUID = 1L;

    /** Rows {@code first} to {@code last} (0-based positions in the batch, inclusive). */
    public record RowRange(int first, int last) {
        /** How many rows the range holds. */
        public int size() {
            return last - first + 1;
        }
    }

    private final List<RowRange> inDoubt;

    public GreptimeBatchUpdateException(
            String reason,
            String sqlState,
            int vendorCode,
            long[] updateCounts,
            List<RowRange> inDoubt,
            Throwable cause) {
        super(reason, sqlState, vendorCode, updateCounts, cause);
        this.inDoubt = List.copyOf(inDoubt);
    }

    /** The rows whose fate is unknown, in batch order; empty when every failed row is known unwritten. */
    public List<RowRange> inDoubt() {
        return inDoubt;
    }

    /** The number of rows in {@link #inDoubt()}. */
    public long inDoubtCount() {
        return inDoubt.stream().mapToLong(RowRange::size).sum();
    }
}
