package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.internal.bulk.TypedWrites;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.Value;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.List;

/**
 * Records as {@code RowInsertRequests} over Handle, one request per {@code bulkFlushRows} records: the path
 * for tables with a column type DoPut batches cannot fill. Each record becomes protobuf values when it is
 * added.
 */
final class RowSink<T> implements RecordSink<T> {
    private final List<ColumnMapping> columns;
    private final TypedWrites writes;
    private final RequestSession session;
    private final String table;
    private final int flushRows;
    private Rows.Builder rows;
    /** Records sent (and confirmed) since the last flush. */
    private long sent;

    RowSink(RecordMapping<T> mapping, TypedWrites writes, RequestSession session, String table) {
        this.columns = mapping.columns();
        this.writes = writes;
        this.session = session;
        this.table = table;
        this.flushRows = writes.flushRows();
        this.rows = newRows();
    }

    private Rows.Builder newRows() {
        Rows.Builder b = Rows.newBuilder();
        for (ColumnMapping c : columns) {
            b.addSchema(ProtoValues.schema(c));
        }
        return b;
    }

    @Override
    public void add(T record) throws SQLException {
        Row.Builder row = Row.newBuilder();
        for (ColumnMapping c : columns) {
            Object v;
            try {
                v = c.getter().invoke(record);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new SQLException("Reading component '" + c.component() + "' failed: " + e, "HY000", e);
            }
            if (v == null && c.role() == ColumnMapping.Role.TIME_INDEX) {
                throw new SQLDataException(
                        "Record " + (pending() + 1) + " since the last flush: the time index column '" + c.column()
                                + "' must not be NULL",
                        "22004");
            }
            try {
                row.addValues(v == null ? Value.getDefaultInstance() : ProtoValues.value(c, v, session.timeZone()));
            } catch (SQLException e) {
                throw new SQLDataException(
                        "Record " + (pending() + 1) + " since the last flush, component '" + c.component() + "': "
                                + e.getMessage(),
                        e.getSQLState(),
                        e);
            }
        }
        rows.addRows(row);
        if (rows.getRowsCount() >= flushRows) {
            send();
        }
    }

    private void send() throws SQLException {
        if (rows.getRowsCount() == 0) {
            return;
        }
        int n = rows.getRowsCount();
        try {
            writes.insertRows(
                    session,
                    RowInsertRequest.newBuilder()
                            .setTableName(table)
                            .setRows(rows)
                            .build());
            sent += n;
        } catch (SQLException e) {
            long confirmed = sent;
            sent = 0;
            throw new SQLException(
                    "Row inserts into " + table + " failed after " + confirmed + " of " + (confirmed + n)
                            + " rows since the last flush were written: " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    e);
        } finally {
            rows = newRows();
        }
    }

    @Override
    public long flush() throws SQLException {
        send();
        long confirmed = sent;
        sent = 0;
        return confirmed;
    }

    @Override
    public long pending() {
        return sent + rows.getRowsCount();
    }

    @Override
    public void close() {
        rows = newRows();
    }
}
