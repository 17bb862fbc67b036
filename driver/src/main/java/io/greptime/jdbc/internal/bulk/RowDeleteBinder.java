package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowDeleteRequest;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.Value;
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
 * <p>Counts: GreptimeDB answers one total per request, not per key; when it equals the keys sent each
 * counts 1, when it is 0 each counts 0, otherwise each counts {@link Statement#SUCCESS_NO_INFO}.
 */
final class RowDeleteBinder extends VectorBinder implements BulkBinder {
    private final BulkWrites owner;
    private final String table;
    private final BufferAllocator allocator;
    private final ProtoCells[] cells;
    private final List<ColumnSchema> schema;
    private final int flushRows;
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
            ProtoCells[] cells,
            List<ColumnSchema> schema) {
        super(session, buffer);
        this.owner = owner;
        this.table = table;
        this.allocator = allocator;
        this.cells = cells;
        this.schema = schema;
        this.flushRows = owner.config().bulkFlushRows();
    }

    @Override
    public void addBatch() throws SQLException {
        endRow();
        if (buffer.row() >= flushRows) {
            encodeBuffered();
        }
    }

    /** Moves the buffered rows into protobuf keys, freeing the vectors for more rows. */
    private void encodeBuffered() {
        int rows = buffer.row();
        List<FieldVector> vectors = buffer.seal().getFieldVectors();
        for (int r = 0; r < rows; r++) {
            Row key = encode(vectors, r);
            if (key != null) {
                keys.add(key);
                sendable.set(encodedRows);
            }
            encodedRows++;
        }
        buffer.reset();
    }

    /** The row's key, or null when a tag is NULL. */
    private Row encode(List<FieldVector> vectors, int r) {
        Row.Builder row = Row.newBuilder();
        for (int c = 0; c < cells.length; c++) {
            FieldVector v = vectors.get(c);
            if (v.isNull(r)) {
                return null;
            }
            Value value = cells[c].encode(v, r);
            row.addValues(value);
        }
        return row.build();
    }

    @Override
    public void clearBatch() {
        buffer.reset();
        keys.clear();
        sendable.clear();
        encodedRows = 0;
        pendingRows = 0;
    }

    /** Sends the keys; a failed request and those after it count EXECUTE_FAILED and deleted nothing. */
    @Override
    public long[] executeBatch() throws SQLException {
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
                long deleted = send(keys.subList(from, to));
                long each = deleted == to - from ? 1 : deleted == 0 ? 0 : Statement.SUCCESS_NO_INFO;
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

    private long send(List<Row> chunk) throws SQLException {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setRowDeletes(RowDeleteRequests.newBuilder()
                        .addDeletes(RowDeleteRequest.newBuilder()
                                .setTableName(table)
                                .setRows(Rows.newBuilder().addAllSchema(schema).addAllRows(chunk))))
                .build();
        long deleted =
                owner.client().handle(session, request, owner.config().queryTimeoutSeconds() * 1000L, CancelHook.NONE);
        owner.rowDeleteRequests.incrementAndGet();
        return deleted;
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
