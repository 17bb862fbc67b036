package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import java.sql.SQLException;

/**
 * Typed rows' batches into a table that takes row inserts (see {@link WriteRoutes}): each filled buffer
 * is sent at once as {@code RowInsertRequests}, encoded by the one {@link RowEncoder}; a failure is
 * reported at the next {@link #awaitAll} with what was confirmed before it.
 */
final class TableRows implements BatchSink {
    private final BulkWrites owner;
    private final RequestSession session;
    private final TableTraits traits;
    private final RowEncoder encoder;
    /** Rows confirmed since the last awaitAll. */
    private long confirmed;

    private SQLException failure;
    private long doubt;
    private long refused;

    TableRows(BulkWrites owner, RequestSession session, TableTraits traits, RowEncoder encoder) {
        this.owner = owner;
        this.session = session;
        this.traits = traits;
        this.encoder = encoder;
    }

    @Override
    public void send(BatchBuffer buffer, CallScope scope) {
        int rows = buffer.row();
        if (failure != null) {
            refused += rows;
            return;
        }
        try {
            RowBatches.send(owner, session, traits.table(), buffer, rows, encoder, traits.deduplicates(), scope);
            confirmed += rows;
        } catch (GreptimeBatchUpdateException e) {
            failure = e;
            long in = java.util.Arrays.stream(e.getLargeUpdateCounts())
                    .filter(c -> c == 1)
                    .count();
            confirmed += in;
            doubt += e.inDoubtCount();
            refused += rows - in - e.inDoubtCount();
        } catch (SQLException e) {
            failure = e;
            refused += rows;
        }
    }

    @Override
    public long awaitAll(CallScope scope) throws SQLException {
        long in = confirmed;
        confirmed = 0;
        if (failure == null) {
            return in;
        }
        SQLException f = failure;
        long total = in + doubt + refused;
        String state = f.getSQLState();
        long doubtful = doubt;
        failure = null;
        doubt = 0;
        refused = 0;
        owner.catalog().forget(session, traits.table());
        throw new SQLException(
                "Row inserts into " + traits.table() + " failed after " + in + " of " + total
                        + " rows since the last flush were written (" + doubtful + " in doubt): " + f.getMessage(),
                state,
                f.getErrorCode(),
                f);
    }

    @Override
    public void close() {
        // nothing is held between batches
    }
}
