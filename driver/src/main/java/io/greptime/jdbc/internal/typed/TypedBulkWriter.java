package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.bulk.BatchSink;
import io.greptime.jdbc.internal.bulk.TypedWrites;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Logger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A {@link GreptimeBulkWriter} over a {@link RecordMapping}. Opening it settles everything a row could
 * otherwise fail on late: the mapping, the table (created from the mapping with {@code CREATE TABLE IF NOT
 * EXISTS} when missing), every component's column in it, and which path batches take, by the rules of a
 * prepared INSERT's route: Flight DoPut record batches of the table's exact Arrow types (JSON components as
 * JSONB), or {@code RowInsertRequests} where the table must not take DoPut. Either way the records are
 * bound through the column writers and, for row inserts, encoded by the one row encoder.
 */
public final class TypedBulkWriter<T> implements GreptimeBulkWriter<T> {
    static final Logger LOG = Logger.getLogger("io.greptime.jdbc.bulk");

    /** Runs one DDL statement on the writer's connection. */
    @FunctionalInterface
    public interface Ddl {
        void execute(String sql) throws SQLException;
    }

    private final Class<T> type;
    private final RecordSink<T> sink;
    private final Consumer<TypedBulkWriter<?>> onClose;
    private final AtomicBoolean closed = new AtomicBoolean();

    private TypedBulkWriter(Class<T> type, RecordSink<T> sink, Consumer<TypedBulkWriter<?>> onClose) {
        this.type = type;
        this.sink = sink;
        this.onClose = onClose;
    }

    /**
     * Opens a writer of {@code type}'s records into {@code table} (null for its {@code @GreptimeTable}).
     *
     * @param allocator the connection's allocator; the writer's vectors live in a child of it
     * @param onClose told once when the writer closes
     */
    public static <T> TypedBulkWriter<T> open(
            Class<T> type,
            String table,
            TypedWrites writes,
            RequestSession session,
            BufferAllocator allocator,
            Ddl ddl,
            Consumer<TypedBulkWriter<?>> onClose)
            throws SQLException {
        RecordMapping<T> mapping = RecordMapping.of(type);
        mapping.requireTimeIndex();
        String name = table != null ? table : mapping.table();
        if (name == null || name.isBlank()) {
            throw RecordMapping.mistake(type, "has no @GreptimeTable and no table name was given");
        }
        Schema schema = writes.executions().run(scope -> writes.tableSchema(session, name, scope));
        if (schema == null) {
            LOG.fine(() -> "table " + name + " not found: creating it from " + type.getName());
            ddl.execute(mapping.createTableSql(name));
            writes.forget(session, name);
            schema = writes.executions().run(scope -> writes.tableSchema(session, name, scope));
            if (schema == null) {
                throw new SQLException(
                        "Table " + name + " was created but cannot be read back", SqlState.TABLE_NOT_FOUND.code());
            }
        }
        List<Field> fields = fields(mapping, name, schema);
        return new TypedBulkWriter<>(type, sink(mapping, name, fields, writes, session, allocator), onClose);
    }

    private static <T> RecordSink<T> sink(
            RecordMapping<T> mapping,
            String table,
            List<Field> fields,
            TypedWrites writes,
            RequestSession session,
            BufferAllocator allocator)
            throws SQLException {
        BufferAllocator child = allocator.newChildAllocator("typed-" + table, 0, Long.MAX_VALUE);
        BatchBuffer buffer = BatchBuffer.create(fields, mapping.timeIndex(), child, session.timeZone());
        if (buffer == null) {
            child.close();
            throw new SQLFeatureNotSupportedException(
                    "Table " + table + " has a column type a bulk writer cannot fill",
                    SqlState.FEATURE_NOT_SUPPORTED.code());
        }
        try {
            BatchSink out = writes.executions().run(scope -> writes.open(session, table, fields, scope));
            return new ArrowSink<>(
                    mapping,
                    buffer,
                    child,
                    out,
                    writes.executions(),
                    session.timeZone(),
                    writes.flushRows(),
                    writes.flushBytes());
        } catch (SQLException | RuntimeException e) {
            buffer.close();
            child.close();
            throw e;
        }
    }

    /**
     * The table's field of each component, in component order; 42S22 for a component whose column the table
     * lacks, 42000 when the record's time index is not the table's.
     */
    private static List<Field> fields(RecordMapping<?> mapping, String table, Schema schema) throws SQLException {
        List<Field> fields = new ArrayList<>();
        for (ColumnMapping c : mapping.columns()) {
            Field f = find(schema, c.column());
            if (f == null) {
                throw new SQLException(
                        "Table " + table + " has no column '" + c.column() + "' for component '" + c.component()
                                + "' of " + mapping.type().getName(),
                        SqlState.COLUMN_NOT_FOUND.code());
            }
            if (GreptimeFieldMetadata.isTimeIndex(f) != (c.role() == ColumnMapping.Role.TIME_INDEX)) {
                throw RecordMapping.mistake(
                        mapping.type(),
                        "maps '" + c.column() + "' as "
                                + (c.role() == ColumnMapping.Role.TIME_INDEX
                                        ? "its time index, which in table " + table + " it is not"
                                        : "a " + c.role().name().toLowerCase(java.util.Locale.ROOT)
                                                + ", but it is the time index of table " + table));
            }
            fields.add(f);
        }
        return fields;
    }

    /** By exact name, else by the one name equal ignoring case. */
    private static Field find(Schema schema, String column) {
        Field loose = null;
        for (Field f : schema.getFields()) {
            if (f.getName().equals(column)) {
                return f;
            }
            if (f.getName().equalsIgnoreCase(column)) {
                loose = f;
            }
        }
        return loose;
    }

    private void checkOpen() throws SQLException {
        if (closed.get()) {
            throw new SQLException(
                    "The bulk writer of " + type.getName() + " is closed", SqlState.FUNCTION_SEQUENCE_ERROR.code());
        }
    }

    @Override
    public void write(T row) throws SQLException {
        checkOpen();
        if (row == null) {
            throw new SQLException(
                    "A bulk writer cannot write a null record", SqlState.INVALID_USE_OF_NULL_POINTER.code());
        }
        sink.add(row);
    }

    @Override
    public long flush() throws SQLException {
        checkOpen();
        return sink.flush();
    }

    @Override
    public long pendingRows() {
        return sink.pending();
    }

    @Override
    public void close() throws SQLException {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            sink.flush();
        } finally {
            sink.close();
            onClose.accept(this);
        }
    }

    /** Frees the writer without sending what is buffered (its connection is closing). */
    public void abandon() {
        if (closed.compareAndSet(false, true)) {
            sink.close();
        }
    }
}
