package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.Rows;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * A prepared {@code DELETE FROM t WHERE tag1 = ? AND ... AND ts = ?} naming every tag and the time index:
 * each parameter set is one row key, and executeBatch sends the keys as {@code RowDeleteRequests} over
 * {@code Handle} (one request per {@code bulkFlushRows} keys) instead of one statement per key.
 *
 * <p>Parameters go through the same Arrow column writers as DoPut inserts, so they convert and
 * range-check exactly like them; a bad value fails at its setter, a NULL time index at addBatch (22004),
 * each naming the row and the column, and nothing is sent. A NULL tag matches no row in SQL
 * ({@code tag = NULL} is never true), so such a key is not sent and counts 0.
 *
 * <p>Counts: GreptimeDB answers one total per request, and counts the keys it was sent, not the rows that
 * matched (its region counts the delete mutations: fidelity audit A5). So a key that was sent counts
 * {@link Statement#SUCCESS_NO_INFO} (it may or may not have named a row), unless the server answered 0
 * for the whole request (then nothing matched, and each counts 0).
 */
final class RowDeleteBinder extends HandleRowsBinder {
    private final String table;
    /** Keys encoded so far in this batch, in order; rows with a NULL tag are not among them. */
    private final List<Row> keys = new ArrayList<>();
    /** Bit i set: pending row i is a key that will be sent (clear: a NULL tag, counts 0). */
    private final BitSet sendable = new BitSet();

    private int encodedRows;

    RowDeleteBinder(
            BulkWrites owner,
            RequestSession session,
            String table,
            BatchBuffer buffer,
            BufferAllocator allocator,
            RowEncoder encoder) {
        super(owner, session, buffer, allocator, encoder);
        this.table = table;
    }

    /** Moves the buffered rows into protobuf keys, freeing the vectors for more rows. */
    @Override
    void encodeBuffered() {
        int rows = buffer.row();
        List<FieldVector> vectors = buffer.seal().getFieldVectors();
        for (int r = 0; r < rows; r++) {
            Row key = encoder.key(vectors, r);
            if (key != null) {
                keys.add(key);
                sendable.set(encodedRows);
            }
            encodedRows++;
        }
        buffer.reset();
    }

    @Override
    public void clearBatch() {
        buffer.reset();
        keys.clear();
        sendable.clear();
        encodedRows = 0;
        pendingRows = 0;
    }

    /** Sends the keys; a failed request and those after it count EXECUTE_FAILED. */
    @Override
    public long[] executeBatch(CallScope scope) throws SQLException {
        encodeBuffered();
        long[] counts = new long[encodedRows];
        Arrays.fill(counts, Statement.EXECUTE_FAILED);
        int[] rowOfKey = sendable.stream().toArray();
        for (int r = 0; r < encodedRows; r++) {
            if (!sendable.get(r)) {
                counts[r] = 0;
            }
        }
        try {
            for (int from = 0; from < keys.size(); from += flushRows) {
                int to = Math.min(keys.size(), from + flushRows);
                Rows chunk = Rows.newBuilder()
                        .addAllSchema(encoder.schema())
                        .addAllRows(keys.subList(from, to))
                        .build();
                long deleted = RowRequests.delete(owner, session, table, chunk, scope);
                long each = deleted == 0 ? 0 : Statement.SUCCESS_NO_INFO;
                for (int k = from; k < to; k++) {
                    counts[rowOfKey[k]] = each;
                }
            }
            return counts;
        } catch (SQLException e) {
            long sent = Arrays.stream(counts)
                    .filter(n -> n != Statement.EXECUTE_FAILED)
                    .count();
            throw new BatchUpdateException(
                    "Row deletes from " + table + " failed after " + sent + " of " + counts.length
                            + " keys were applied: " + e.getMessage(),
                    e.getSQLState(),
                    e.getErrorCode(),
                    counts,
                    e);
        } finally {
            clearBatch();
        }
    }

    @Override
    public void close() {
        try {
            buffer.close();
        } finally {
            allocator.close();
        }
    }
}
