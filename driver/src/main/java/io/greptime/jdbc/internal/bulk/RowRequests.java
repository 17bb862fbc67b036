package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.put.PutStream;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.RowDeleteRequest;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import java.sql.SQLException;

/**
 * Row requests over {@code Handle}, within the deadline and cancel of the execution that sends them. A
 * request whose answer may have been applied in part (a server error on a multi-region write) is sent
 * again only when {@code repeatable}: the table deduplicates, or the request deletes (deleting a key
 * twice deletes it once); append-mode inserts report their rows in doubt instead (fidelity audit A3).
 */
final class RowRequests {
    private RowRequests() {}

    /** What went wrong with a request the server answered with fewer rows than it carried. */
    static SQLException shortfall(String table, long sent, long affected) {
        return new SQLException(
                "Row insert into " + table + " of " + sent + " rows was answered with " + affected
                        + " affected rows, which does not confirm them: its rows are not counted as stored",
                PutStream.COMPLETION_UNKNOWN);
    }

    /**
     * Inserts the rows; returns the server's affected-row count.
     *
     * @param repeatable whether the table deduplicates, so a retry after a server error cannot duplicate
     */
    static long insert(BulkWrites owner, RequestSession s, String table, Rows rows, CallScope scope, boolean repeatable)
            throws SQLException {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(s.toHeader())
                .setRowInserts(RowInsertRequests.newBuilder()
                        .addInserts(RowInsertRequest.newBuilder()
                                .setTableName(table)
                                .setRows(rows)))
                .build();
        long n = owner.client().handleWrite(s, request, scope.callTimeoutMillis(), scope, () -> repeatable);
        owner.rowInsertRequests.incrementAndGet();
        owner.rowInsertRows.addAndGet(rows.getRowsCount());
        return n;
    }

    /** Deletes the keys; returns the server's count (GreptimeDB counts the keys sent, not the rows matched). */
    static long delete(BulkWrites owner, RequestSession s, String table, Rows keys, CallScope scope)
            throws SQLException {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(s.toHeader())
                .setRowDeletes(RowDeleteRequests.newBuilder()
                        .addDeletes(RowDeleteRequest.newBuilder()
                                .setTableName(table)
                                .setRows(keys)))
                .build();
        long n = owner.client().handleWrite(s, request, scope.callTimeoutMillis(), scope, () -> true);
        owner.rowDeleteRequests.incrementAndGet();
        return n;
    }
}
