package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.sql.DeleteShape;
import io.greptime.jdbc.proto.v1.SemanticType;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Decides whether a prepared DELETE names rows by their whole key (every tag and the time index, each
 * once, nothing else) and builds its {@link RowDeleteBinder}. Which columns are tags is not in the Arrow
 * schema GreptimeDB sends; it comes with the table's other traits ({@link TableCatalog}).
 */
final class KeyedDeletes {
    private KeyedDeletes() {}

    /** The binder, or null when the batch keeps the statement path. */
    static BulkBinder binderFor(BulkWrites owner, DeleteShape shape, CallScope scope) throws SQLException {
        RequestSession s = owner.session(shape.database());
        TableTraits traits = owner.catalog().traits(s, shape.table(), scope);
        if (traits == null) {
            return null;
        }
        Schema table = traits.schema();
        Set<String> key = new HashSet<>(traits.tags());
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
        List<Field> fields = new ArrayList<>();
        List<SemanticType> semantics = new ArrayList<>();
        int timeIndex = -1;
        for (String name : shape.columns()) {
            Field f = table.findField(name);
            boolean time = GreptimeFieldMetadata.isTimeIndex(f);
            timeIndex = time ? fields.size() : timeIndex;
            semantics.add(time ? SemanticType.TIMESTAMP : SemanticType.TAG);
            fields.add(f);
        }
        return build(owner, s, shape.table(), fields, semantics, timeIndex);
    }

    private static BulkBinder build(
            BulkWrites owner,
            RequestSession s,
            String table,
            List<Field> fields,
            List<SemanticType> semantics,
            int timeIndex) {
        RowEncoder encoder = RowEncoder.forFields(fields, semantics);
        if (encoder == null) {
            BulkWrites.LOG.fine(
                    () -> "DELETE from " + table + " keys a column row deletes cannot carry: statement path");
            return null;
        }
        BufferAllocator child = owner.allocator().newChildAllocator("delete-" + table, 0, Long.MAX_VALUE);
        BatchBuffer buffer = BatchBuffer.create(fields, timeIndex, child, s.timeZone());
        if (buffer == null) {
            child.close();
            return null;
        }
        BulkWrites.LOG.fine(() -> "DELETE from " + table + " batches go as RowDeleteRequests");
        return new RowDeleteBinder(owner, s, table, buffer, child, encoder);
    }
}
