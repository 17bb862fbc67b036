package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import java.sql.SQLException;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What writers of typed rows ({@code internal.typed}) use of a connection's bulk machinery: the cached
 * table schemas, DoPut streams and row inserts, all counted in the connection's write statistics.
 */
public final class TypedWrites {
    private final BulkWrites owner;

    public TypedWrites(BulkWrites owner) {
        this.owner = owner;
    }

    /** The table's Arrow schema (cached), or null when the table does not exist. */
    public Schema tableSchema(RequestSession session, String table) throws SQLException {
        return owner.tableSchema(session, table);
    }

    /** Forgets a cached schema (after the writer created the table, or a write failed). */
    public void forget(RequestSession session, String table) {
        owner.forget(session, table);
    }

    /** Rows per record batch ({@code bulkFlushRows}). */
    public int flushRows() {
        return owner.config().bulkFlushRows();
    }

    /** Bytes per record batch ({@code bulkFlushBytes}). */
    public long flushBytes() {
        return owner.config().bulkFlushBytes();
    }

    /** A DoPut stream into {@code table} for batches of {@code schema}; opened at its first batch. */
    public TablePut openPut(RequestSession session, String table, Schema schema) {
        return new TablePut(owner, session, table, schema);
    }

    /** Sends one {@code RowInsertRequests} with one insert over Handle (which creates a missing table). */
    public void insertRows(RequestSession session, RowInsertRequest insert) throws SQLException {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setRowInserts(RowInsertRequests.newBuilder().addInserts(insert))
                .build();
        owner.client().handle(session, request, owner.config().queryTimeoutSeconds() * 1000L, CancelHook.NONE);
        owner.rowInsertRequests.incrementAndGet();
        owner.rowInsertRows.addAndGet(insert.getRows().getRowsCount());
    }
}
