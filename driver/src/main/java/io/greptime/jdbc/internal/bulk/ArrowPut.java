package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.put.PutStream;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code GreptimeConnection.putBatch}: one caller-built {@link VectorSchemaRoot} written as one DoPut
 * record batch (or as row inserts where the table must not take DoPut: {@link WriteRoutes}), after checking it against the table's schema (every column exists with exactly the
 * table's Arrow type, the time index is present and has no NULL), so a mistake is a SQLException naming
 * the column instead of a server error. The root stays the caller's: it is
 * encoded (copied once into the IPC body) and never closed or changed here.
 *
 * <p>The batch travels on a {@link PutStream}: a stream the server acknowledged is parked under
 * (session, table, schema), so repeated putBatch calls into one table cost one stream, not one per call;
 * a failed one is cancelled, never parked. Like executeBatch, the call is an execution: the
 * connection's deadline bounds the wait for the answer, and closing the connection stops it.
 */
final class ArrowPut {
    private ArrowPut() {}

    static long put(BulkWrites owner, String table, VectorSchemaRoot root, CallScope scope) throws SQLException {
        RequestSession s = owner.session(null);
        TableTraits traits = owner.catalog().traits(s, table, scope);
        if (traits == null) {
            throw new SQLException(
                    "Table " + table + " does not exist (DoPut cannot create tables)", SqlState.TABLE_NOT_FOUND.code());
        }
        check(table, traits.schema(), root);
        if (root.getRowCount() == 0) {
            return 0;
        }
        String noPut = WriteRoutes.whyNotDoPut(
                owner, s, owner.capabilities(s, scope), traits, root.getSchema().getFields());
        if (noPut != null) {
            return byRows(owner, s, traits, root, noPut, scope);
        }
        PutStream stream = new PutStream(owner.puts(), s, table, root.getSchema(), traits.deduplicates());
        try {
            long id = stream.send(root, scope);
            long acked = stream.await(id, scope);
            SQLException failure = stream.failure();
            if (failure != null || acked < id) {
                SQLException why = failure != null
                        ? failure
                        : new SQLException("DoPut batch not answered", SqlState.STATEMENT_COMPLETION_UNKNOWN.code());
                owner.afterPutFailure(s, table, why);
                throw new SQLException(
                        "putBatch into " + table + " failed; its " + root.getRowCount() + " rows are "
                                + (id > 0 ? "in doubt" : "not written") + ": " + why.getMessage(),
                        why.getSQLState(),
                        why.getErrorCode(),
                        why);
            }
            return root.getRowCount();
        } finally {
            stream.release();
        }
    }

    /**
     * The batch as row inserts, for a table that must not take DoPut (see {@link WriteRoutes}): all rows
     * confirmed, or a SQLException saying how many were and how many are in doubt.
     */
    private static long byRows(
            BulkWrites owner, RequestSession s, TableTraits traits, VectorSchemaRoot root, String why, CallScope scope)
            throws SQLException {
        RowEncoder encoder = RowEncoder.forFields(root.getSchema().getFields(), traits.tags());
        if (encoder == null) {
            throw new SQLException(
                    "Table " + traits.table() + " takes row inserts (" + why + "), and a column of the batch cannot "
                            + "travel in one",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
        BulkWrites.LOG.fine(() -> "putBatch into " + traits.table() + " goes as row inserts: " + why);
        int rows = root.getRowCount();
        int chunk = Math.max(1, owner.config().bulkFlushRows());
        java.util.List<Rows> chunks = new java.util.ArrayList<>();
        for (int from = 0; from < rows; from += chunk) {
            chunks.add(encoder.encode(root, from, Math.min(rows, from + chunk)));
        }
        try {
            RowBatches.sendChunks(owner, s, traits.table(), chunks, rows, traits.deduplicates(), scope);
            return rows;
        } catch (GreptimeBatchUpdateException e) {
            long in = java.util.Arrays.stream(e.getLargeUpdateCounts())
                    .filter(c -> c == 1)
                    .count();
            throw new SQLException(
                    "putBatch into " + traits.table() + " failed after " + in + " of " + rows + " rows were written ("
                            + e.inDoubtCount() + " in doubt): " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    e);
        }
    }

    private static void check(String table, Schema target, VectorSchemaRoot root) throws SQLException {
        Field timeIndex = null;
        for (Field f : target.getFields()) {
            timeIndex = GreptimeFieldMetadata.isTimeIndex(f) ? f : timeIndex;
        }
        for (FieldVector v : root.getFieldVectors()) {
            Field want = find(target, v.getName());
            if (want == null) {
                throw new SQLException(
                        "Table " + table + " has no column '" + v.getName() + "'", SqlState.COLUMN_NOT_FOUND.code());
            }
            if (!want.getType().equals(v.getField().getType())) {
                throw new SQLDataException(
                        "Column '" + v.getName() + "' of table " + table + " is " + want.getType() + ", the batch has "
                                + v.getField().getType(),
                        SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
            }
        }
        if (timeIndex != null) {
            FieldVector ts = root.getVector(timeIndex.getName());
            if (ts == null) {
                throw new SQLException(
                        "The batch lacks the time index column '" + timeIndex.getName() + "' of table " + table,
                        SqlState.COLUMN_NOT_FOUND.code());
            }
            for (int r = 0; r < root.getRowCount(); r++) {
                if (ts.isNull(r)) {
                    throw new SQLDataException(
                            "Row " + (r + 1) + ": the time index column '" + timeIndex.getName() + "' must not be NULL",
                            SqlState.NULL_VALUE_NOT_ALLOWED.code());
                }
            }
        }
    }

    private static Field find(Schema schema, String name) {
        for (Field f : schema.getFields()) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
