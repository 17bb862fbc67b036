package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What writers of typed rows ({@code internal.typed}) use of a connection's write pipeline: what it knows
 * of tables, and the batch sink a table takes (DoPut or row inserts, by the same rules as a prepared
 * INSERT), all counted in the connection's write statistics.
 */
public final class TypedWrites {
    private final BulkWrites owner;
    private final WriteExecutions executions;

    public TypedWrites(BulkWrites owner, WriteExecutions executions) {
        this.owner = owner;
        this.executions = executions;
    }

    /** How the writer runs calls that wait on the server. */
    public WriteExecutions executions() {
        return executions;
    }

    /** The table's Arrow schema (read within {@code scope}), or null when the table does not exist. */
    public Schema tableSchema(RequestSession session, String table, CallScope scope) throws SQLException {
        TableTraits t = owner.catalog().traits(session, table, scope);
        return t == null ? null : t.schema();
    }

    /** Forgets what was read of a table (after the writer created it, or a write failed). */
    public void forget(RequestSession session, String table) {
        owner.catalog().forget(session, table);
    }

    /** Rows per record batch ({@code bulkFlushRows}). */
    public int flushRows() {
        return owner.config().bulkFlushRows();
    }

    /** Bytes per record batch ({@code bulkFlushBytes}). */
    public long flushBytes() {
        return owner.config().bulkFlushBytes();
    }

    /**
     * Where batches of {@code fields} (columns of {@code table}) go: DoPut record batches, or row inserts
     * when the table must not take DoPut (see {@link WriteRoutes}).
     *
     * @throws SQLException 0A000 when a column can travel neither way
     */
    public BatchSink open(RequestSession session, String table, List<Field> fields, CallScope scope)
            throws SQLException {
        TableTraits t = owner.catalog().traits(session, table, scope);
        if (t == null) {
            throw new SQLException("Table " + table + " does not exist", SqlState.TABLE_NOT_FOUND.code());
        }
        String noPut = WriteRoutes.whyNotDoPut(owner, session, owner.capabilities(session, scope), t, fields);
        if (noPut == null) {
            return new TablePut(owner, session, t, new Schema(fields));
        }
        RowEncoder encoder = RowEncoder.forFields(fields, t.tags());
        if (encoder == null) {
            throw new SQLException(
                    "Table " + table + " takes row inserts (" + noPut + "), and a column type cannot travel in one",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
        BulkWrites.LOG.fine(() -> "typed rows into " + table + " go as row inserts: " + noPut);
        return new TableRows(owner, session, t, encoder);
    }
}
