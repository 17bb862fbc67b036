package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The row path for small batches of a DoPut INSERT ({@code bulkRowPathBelow}): the buffered Arrow rows
 * re-encoded as one {@code RowInsertRequests} over unary {@code Handle}, which for a handful of rows
 * costs less than a DoPut round trip with its Arrow IPC framing. Column types and semantic types are
 * the table's, so the server sees the same rows either way.
 */
final class SmallBatchRows {
    private final ProtoCells[] cells;
    private final List<ColumnSchema> schema;

    private SmallBatchRows(ProtoCells[] cells, List<ColumnSchema> schema) {
        this.cells = cells;
        this.schema = schema;
    }

    /** The row path for these columns, or null when one of them cannot travel in a row request. */
    static SmallBatchRows forFields(List<Field> fields, Collection<String> tags) {
        ProtoCells[] cells = new ProtoCells[fields.size()];
        List<ColumnSchema> schema = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            Field f = fields.get(i);
            cells[i] = ProtoCells.forField(f);
            if (cells[i] == null) {
                return null;
            }
            SemanticType semantic = GreptimeFieldMetadata.isTimeIndex(f)
                    ? SemanticType.TIMESTAMP
                    : tags.contains(f.getName()) ? SemanticType.TAG : SemanticType.FIELD;
            schema.add(cells[i].schema(f.getName(), semantic));
        }
        return new SmallBatchRows(cells, schema);
    }

    /** Sends the first {@code rows} rows of {@code sealed} as one request; returns the server's count. */
    long send(BulkWrites owner, RequestSession session, String table, VectorSchemaRoot sealed, int rows)
            throws SQLException {
        List<FieldVector> vectors = sealed.getFieldVectors();
        Rows.Builder out = Rows.newBuilder().addAllSchema(schema);
        for (int r = 0; r < rows; r++) {
            Row.Builder row = Row.newBuilder();
            for (int c = 0; c < cells.length; c++) {
                row.addValues(cells[c].value(vectors.get(c), r));
            }
            out.addRows(row);
        }
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(session.toHeader())
                .setRowInserts(RowInsertRequests.newBuilder()
                        .addInserts(RowInsertRequest.newBuilder()
                                .setTableName(table)
                                .setRows(out)))
                .build();
        long n = owner.client().handle(session, request, owner.config().queryTimeoutSeconds() * 1000L, CancelHook.NONE);
        owner.rowInsertRequests.incrementAndGet();
        owner.rowInsertRows.addAndGet(rows);
        return n;
    }
}
