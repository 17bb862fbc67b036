package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A batch's rows as {@code RowInsertRequests} over Handle, at most {@code bulkFlushRows} rows a request,
 * with counts that say exactly what the server confirmed: a request counts its rows 1 each only when the
 * server answered with exactly its row count. The first failed request stops the batch; its rows are in
 * doubt unless the server refused it before writing anything (a data, syntax, permission or feature
 * error), and the requests after it were never sent.
 */
final class RowBatches {
    private RowBatches() {}

    /** Rows {@code 0..rows-1} of the buffer, encoded in requests of at most bulkFlushRows rows. */
    static List<Rows> encode(BulkWrites owner, BatchBuffer buffer, int rows, RowEncoder encoder) {
        List<Rows> chunks = new ArrayList<>();
        if (rows == 0) {
            return chunks;
        }
        VectorSchemaRoot sealed = buffer.seal();
        int chunk = Math.max(1, owner.config().bulkFlushRows());
        for (int from = 0; from < rows; from += chunk) {
            chunks.add(encoder.encode(sealed, from, Math.min(rows, from + chunk)));
        }
        return chunks;
    }

    /** Sends the buffer's first {@code rows} rows; see the class comment for the counts. */
    static long[] send(
            BulkWrites owner,
            RequestSession s,
            String table,
            BatchBuffer buffer,
            int rows,
            RowEncoder encoder,
            boolean repeatable,
            CallScope scope)
            throws SQLException {
        return sendChunks(owner, s, table, encode(owner, buffer, rows, encoder), rows, repeatable, scope);
    }

    /** Sends encoded requests holding {@code total} rows in order; see the class comment for the counts. */
    static long[] sendChunks(
            BulkWrites owner,
            RequestSession s,
            String table,
            List<Rows> chunks,
            int total,
            boolean repeatable,
            CallScope scope)
            throws SQLException {
        long[] counts = new long[total];
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
        int at = 0;
        for (Rows chunk : chunks) {
            int n = chunk.getRowsCount();
            SQLException failure;
            try {
                long affected = RowRequests.insert(owner, s, table, chunk, scope, repeatable);
                if (affected == n) {
                    Arrays.fill(counts, at, at + n, 1);
                    at += n;
                    continue;
                }
                failure = RowRequests.shortfall(table, n, affected);
            } catch (SQLException e) {
                failure = e;
            }
            BitSet doubt = new BitSet();
            if (mayHaveApplied(failure)) {
                doubt.set(at, at + n);
            }
            throw failed(table, failure, counts, ranges(doubt));
        }
        return counts;
    }

    /** Whether a failed write may have been applied, in part or whole. */
    static boolean mayHaveApplied(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return !(state.startsWith("22")
                || state.startsWith("42")
                || state.startsWith("28")
                || state.startsWith("0A")
                || state.equals(SqlState.WRONG_NUMBER_OF_PARAMETERS.code())
                || state.equals(SqlState.INVALID_DESCRIPTOR_INDEX.code()));
    }

    private static GreptimeBatchUpdateException failed(
            String table, SQLException cause, long[] counts, List<GreptimeBatchUpdateException.RowRange> inDoubt) {
        long in = Arrays.stream(counts).filter(c -> c == 1).count();
        long doubtful = inDoubt.stream()
                .mapToLong(GreptimeBatchUpdateException.RowRange::size)
                .sum();
        return new GreptimeBatchUpdateException(
                "Row inserts into " + table + " failed after " + in + " of " + counts.length + " rows were written"
                        + (doubtful == 0 ? "" : "; " + doubtful + " rows of the failed request are in doubt " + inDoubt)
                        + ": " + cause.getMessage(),
                cause.getSQLState(),
                cause.getErrorCode(),
                counts,
                inDoubt,
                cause);
    }

    /** The set bits as ranges of rows, in order. */
    static List<GreptimeBatchUpdateException.RowRange> ranges(BitSet rows) {
        List<GreptimeBatchUpdateException.RowRange> out = new ArrayList<>();
        for (int from = rows.nextSetBit(0); from >= 0; from = rows.nextSetBit(from)) {
            int to = rows.nextClearBit(from);
            out.add(new GreptimeBatchUpdateException.RowRange(from, to - 1));
            from = to;
        }
        return out;
    }
}
