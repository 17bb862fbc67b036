package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.arrow.write.PutCompression;
import io.greptime.jdbc.internal.client.RequestSession;
import java.sql.SQLDataException;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code GreptimeConnection.putBatch}: one caller-built {@link VectorSchemaRoot} written as one DoPut
 * record batch, after checking it against the table's schema (every column exists with exactly the
 * table's Arrow type, the time index is present and has no NULL), so a mistake is a SQLException naming
 * the column instead of a server error. The root stays the caller's: it is
 * encoded (copied once into the IPC body) and never closed or changed here.
 *
 * <p>Streams are the connection's parked DoPut streams ({@link BulkWrites#takeIdleStream}): a batch the
 * server acknowledged leaves its stream parked under (session, table, schema), so repeated putBatch
 * calls into one table cost one stream, not one per call. A failed stream is closed, never parked.
 */
final class ArrowPut {
    private ArrowPut() {}

    static long put(BulkWrites owner, String table, VectorSchemaRoot root) throws SQLException {
        RequestSession s = owner.session(null);
        Schema target = owner.tableSchema(s, table);
        if (target == null) {
            throw new SQLException("Table " + table + " does not exist (DoPut cannot create tables)", "42S02");
        }
        check(table, target, root);
        if (root.getRowCount() == 0) {
            return 0;
        }
        BulkWrites.StreamKey key = new BulkWrites.StreamKey(s, table, root.getSchema());
        DoPutWriter writer = owner.takeIdleStream(key);
        if (writer == null) {
            writer = open(owner, s, table, root);
        }
        boolean answered = false;
        try {
            long id = writer.send(root);
            writer.awaitAcked(id);
            answered = true;
            owner.doPutBatches.incrementAndGet();
            owner.doPutRows.addAndGet(root.getRowCount());
            return root.getRowCount();
        } catch (DoPutWriter.PutFailure f) {
            owner.forget(s, table);
            throw owner.client().errors().translate(f.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while writing a DoPut batch", "HY008", e);
        } finally {
            release(owner, key, writer, answered);
        }
    }

    /**
     * A new stream announcing the root's schema. Its window is the connection's (not 1, although a
     * putBatch has one batch in flight) because a parked stream may be taken next by a prepared statement
     * writing the same table and schema, which pipelines its batches.
     */
    private static DoPutWriter open(BulkWrites owner, RequestSession s, String table, VectorSchemaRoot root) {
        DoPutWriter writer = DoPutWriter.create(
                PutCompression.parse(owner.config().bulkCompression()),
                owner.config().bulkWindow(),
                answers -> owner.client().startPut(s, answers));
        writer.start(table, root.getSchema());
        owner.doPutStreams.incrementAndGet();
        return writer;
    }

    /**
     * Parks a stream whose batch the server answered, so the next putBatch into the same table with the
     * same schema continues on it; a stream that failed, or whose batch is unanswered (interrupted), ends.
     */
    private static void release(BulkWrites owner, BulkWrites.StreamKey key, DoPutWriter writer, boolean answered) {
        if (answered && !writer.isBroken()) {
            owner.parkStream(key, writer);
            return;
        }
        try {
            writer.close(answered ? 10_000 : 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
                throw new SQLException("Table " + table + " has no column '" + v.getName() + "'", "42S22");
            }
            if (!want.getType().equals(v.getField().getType())) {
                throw new SQLDataException(
                        "Column '" + v.getName() + "' of table " + table + " is " + want.getType() + ", the batch has "
                                + v.getField().getType(),
                        "22018");
            }
        }
        if (timeIndex != null) {
            FieldVector ts = root.getVector(timeIndex.getName());
            if (ts == null) {
                throw new SQLException(
                        "The batch lacks the time index column '" + timeIndex.getName() + "' of table " + table,
                        "42S22");
            }
            for (int r = 0; r < root.getRowCount(); r++) {
                if (ts.isNull(r)) {
                    throw new SQLDataException(
                            "Row " + (r + 1) + ": the time index column '" + timeIndex.getName() + "' must not be NULL",
                            "22004");
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
