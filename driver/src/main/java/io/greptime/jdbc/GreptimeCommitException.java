package io.greptime.jdbc;

import java.sql.BatchUpdateException;
import java.util.List;

/**
 * Thrown by {@code commit()} (and by {@code setAutoCommit(true)} and {@code close()}, which commit) when
 * some rows that batched statements wrote since the last commit, with auto-commit off, were not
 * confirmed by the server. GreptimeDB has no transactions: the confirmed rows are stored and stay
 * stored. {@link #statements()} says, for each statement, which of its rows (numbered 0, 1, ... in the
 * order it added them since the last commit, across its {@code executeBatch} calls) the server
 * confirmed, which certainly were not written ({@link StatementRows#failed()}) and which were sent but
 * never confirmed, so they may or may not be stored ({@link StatementRows#inDoubt()}).
 * {@link #getUpdateCounts()} is empty: the counts were returned by each {@code executeBatch} as
 * {@code SUCCESS_NO_INFO}.
 */
public final class GreptimeCommitException extends BatchUpdateException {
    private static final long serialVersionUID = 1L;

    /**
     * What became of the rows one statement wrote since the last commit.
     *
     * @param statement which statement: its number on the connection and its table
     * @param rows rows the statement handed to the stream since the last commit
     * @param confirmed how many of them the server confirmed
     * @param failed rows certainly not written (never sent)
     * @param inDoubt rows sent but not confirmed: they may or may not be stored
     */
    public record StatementRows(
            String statement,
            long rows,
            long confirmed,
            List<GreptimeBatchUpdateException.RowRange> failed,
            List<GreptimeBatchUpdateException.RowRange> inDoubt) {
        public StatementRows {
            failed = List.copyOf(failed);
            inDoubt = List.copyOf(inDoubt);
        }

        /** The number of rows in {@link #inDoubt()}. */
        public long inDoubtCount() {
            return inDoubt.stream()
                    .mapToLong(GreptimeBatchUpdateException.RowRange::size)
                    .sum();
        }
    }

    private final List<StatementRows> statements;

    public GreptimeCommitException(
            String reason, String sqlState, int vendorCode, List<StatementRows> statements, Throwable cause) {
        super(reason, sqlState, vendorCode, new long[0], cause);
        this.statements = List.copyOf(statements);
    }

    /** One entry per statement that wrote since the last commit and did not get every row confirmed. */
    public List<StatementRows> statements() {
        return statements;
    }
}
