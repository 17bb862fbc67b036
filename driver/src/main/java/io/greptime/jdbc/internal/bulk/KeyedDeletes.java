package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.sql.DeleteShape;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.SemanticType;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Decides whether a prepared DELETE names rows by their whole key (every tag and the time index, each
 * once, nothing else) and builds its {@link RowDeleteBinder}. Which columns are tags is not in the Arrow
 * schema GreptimeDB sends, so it is read from {@code information_schema.columns.semantic_type}.
 */
final class KeyedDeletes {
    private KeyedDeletes() {}

    /** The binder, or null when the batch keeps the statement path. */
    static BulkBinder binderFor(BulkWrites owner, DeleteShape shape) throws SQLException {
        RequestSession s = owner.session(shape.database());
        Schema table = owner.tableSchema(s, shape.table());
        if (table == null) {
            return null;
        }
        Set<String> key = new HashSet<>(owner.tags(s, shape.table()));
        List<Field> fields = new ArrayList<>();
        int timeIndex = -1;
        for (Field f : table.getFields()) {
            if (GreptimeFieldMetadata.isTimeIndex(f)) {
                key.add(f.getName());
            }
        }
        if (!key.equals(new HashSet<>(shape.columns()))) {
            BulkWrites.LOG.fine(() -> "DELETE from " + shape.table() + " does not name exactly the tags and the time "
                    + "index: statement path");
            return null;
        }
        for (String name : shape.columns()) {
            Field f = table.findField(name);
            if (GreptimeFieldMetadata.isTimeIndex(f)) {
                timeIndex = fields.size();
            }
            fields.add(f);
        }
        return build(owner, s, shape.table(), fields, timeIndex);
    }

    private static BulkBinder build(
            BulkWrites owner, RequestSession s, String table, List<Field> fields, int timeIndex) {
        ProtoCells[] cells = new ProtoCells[fields.size()];
        List<ColumnSchema> schema = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            cells[i] = ProtoCells.forField(fields.get(i));
            if (cells[i] == null) {
                BulkWrites.LOG.fine(
                        () -> "DELETE from " + table + " keys a column row deletes cannot carry: statement path");
                return null;
            }
            schema.add(cells[i].schema(
                    fields.get(i).getName(), i == timeIndex ? SemanticType.TIMESTAMP : SemanticType.TAG));
        }
        BufferAllocator child = owner.allocator().newChildAllocator("delete-" + table, 0, Long.MAX_VALUE);
        BatchBuffer buffer = BatchBuffer.create(fields, timeIndex, child, s.timeZone());
        if (buffer == null) {
            child.close();
            return null;
        }
        BulkWrites.LOG.fine(() -> "DELETE from " + table + " batches go as RowDeleteRequests");
        return new RowDeleteBinder(owner, s, table, buffer, child, cells, schema);
    }

    /** The table's tag columns, from information_schema (an empty list when it has none). */
    static List<String> tags(BulkWrites owner, RequestSession s, String table) throws SQLException {
        String db = s.database();
        int dash = db.indexOf('-');
        String schemaName = dash < 0 ? db : db.substring(dash + 1);
        String sql = "SELECT column_name, semantic_type FROM information_schema.columns WHERE table_schema = "
                + literal(schemaName) + " AND table_name = " + literal(table);
        CursorSettings settings = new CursorSettings(
                new ColumnReaderFactory(ZoneOffset.UTC), 0, owner.config().maxResultMemory());
        List<String> tags = new ArrayList<>();
        long timeout = owner.config().queryTimeoutSeconds() * 1000L;
        try (FlightBatchCursor cursor =
                owner.client().doGet(s, sql, timeout, CancelHook.NONE, owner.allocator(), settings)) {
            while (cursor.nextBatch()) {
                ColumnReader name = cursor.readers().get(0);
                ColumnReader semantic = cursor.readers().get(1);
                for (int r = 0; r < cursor.batchRowCount(); r++) {
                    if ("TAG".equals(semantic.getString(r).toUpperCase(Locale.ROOT))) {
                        tags.add(name.getString(r));
                    }
                }
            }
        } catch (FlightCallException e) {
            throw owner.client().errors().translate(e);
        }
        return tags;
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
