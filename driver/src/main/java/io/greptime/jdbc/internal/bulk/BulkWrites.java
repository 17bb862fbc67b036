package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.arrow.write.TimeSortedBatches;
import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.sql.DeleteShape;
import io.greptime.jdbc.internal.sql.InsertShape;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A connection's bulk-write machinery: decides which prepared INSERTs take the DoPut path, learns each
 * table's exact Arrow schema once (from the schema of a {@code SELECT * ... LIMIT 0}, which is how the
 * table's columns come out of GreptimeDB) and counts how batches travelled. Thread-safe.
 */
public final class BulkWrites {
    static final Logger LOG = Logger.getLogger("io.greptime.jdbc.bulk");

    private final GreptimeClient client;
    private final ConnectionConfig config;
    private final BufferAllocator allocator;
    private final Supplier<RequestSession> session;
    /** Table schemas by {@code database + '\0' + table}. */
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();
    /** Tag columns by the same key, read only when a feature needs them (sorting, the row path, deletes). */
    private final Map<String, List<String>> tagLists = new ConcurrentHashMap<>();

    final AtomicLong doPutStreams = new AtomicLong();
    final AtomicLong doPutBatches = new AtomicLong();
    final AtomicLong doPutRows = new AtomicLong();
    final AtomicLong rowInsertRequests = new AtomicLong();
    final AtomicLong rowInsertRows = new AtomicLong();
    final AtomicLong rowDeleteRequests = new AtomicLong();
    final AtomicLong statementBatches = new AtomicLong();
    /**
     * DoPut streams whose statement closed with every batch answered, one per session, table and schema,
     * kept open for the next statement that writes the same rows. Frameworks prepare a statement per
     * batch (Spring's {@code batchUpdate} does), and opening a stream per batch costs a round trip plus
     * the server's per-stream setup, which measurably slows 10k-row batches. Closed with the connection.
     */
    private final IdlePool<StreamKey, DoPutWriter> idleStreams =
            new IdlePool<>(MAX_IDLE_STREAMS, BulkWrites::closeStream);
    /**
     * The column buffers of closed statements, keyed the same way, for the next statement preparing the
     * same INSERT: building the writers and allocating their arrays again for every Spring batchUpdate
     * call was about 7% of such a call, and a reused buffer keeps its UTF-8 cache warm. A parked buffer
     * has no rows and no parameter values. At most {@link #MAX_IDLE_BUFFERS} of at most
     * {@link #MAX_PARKED_BUFFER_BYTES} each, so an idle pooled connection keeps at most 8 MiB here.
     */
    private final IdlePool<StreamKey, ParkedBuffer> idleBuffers =
            new IdlePool<>(MAX_IDLE_BUFFERS, ParkedBuffer::release);
    /** Parked column buffers kept at most per connection. */
    static final int MAX_IDLE_BUFFERS = 4;
    /** A buffer holding more than this (after very large batches or long texts) is released, not parked. */
    static final long MAX_PARKED_BUFFER_BYTES = 2L << 20;

    /** A parked column buffer and the allocator its vectors (and nothing else) live in. */
    record ParkedBuffer(BatchBuffer buffer, BufferAllocator allocator) {
        void release() {
            try {
                buffer.close();
            } finally {
                allocator.close();
            }
        }
    }
    /** Tables whose batch size is remembered, at most. */
    private static final int MAX_HINTS = 256;

    private final java.util.concurrent.ConcurrentHashMap<String, Integer> batchRows =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** Rows of the last executeBatch per table, which sizes the parts of the next one. */
    private final Map<String, Integer> executeRows = new ConcurrentHashMap<>();
    /** Parked streams kept at most; the least recently parked one is ended beyond that. */
    static final int MAX_IDLE_STREAMS = 8;

    /** What a parked DoPut stream is good for: same session (database, credentials, hints), table, schema. */
    record StreamKey(RequestSession session, String table, Schema schema) {}

    public BulkWrites(
            GreptimeClient client,
            ConnectionConfig config,
            BufferAllocator allocator,
            Supplier<RequestSession> session) {
        this.client = client;
        this.config = config;
        this.allocator = allocator;
        this.session = session;
    }

    GreptimeClient client() {
        return client;
    }

    ConnectionConfig config() {
        return config;
    }

    /**
     * The DoPut binder for a prepared statement, or null when its batches keep the statement path: bulk
     * writes are off, the SQL is not a plain {@code INSERT ... VALUES (?, ...)}, the table does not exist,
     * a column is unknown or of a type bulk writes cannot fill, or the time index is not written.
     */
    public BulkBinder binderFor(String sql) throws SQLException {
        if (!config.bulkWrites()) {
            return null;
        }
        InsertShape shape = InsertShape.parse(sql);
        if (shape == null) {
            DeleteShape delete = DeleteShape.parse(sql);
            return delete == null ? null : KeyedDeletes.binderFor(this, delete);
        }
        RequestSession s =
                shape.database() == null ? session.get() : session.get().withDatabase(shape.database());
        Schema table = tableSchema(s, shape.table());
        if (table == null) {
            if (shape.columns() == null) {
                LOG.fine(() -> "table " + shape.table() + " not found and no columns listed: statement path");
                return null;
            }
            LOG.fine(() -> "table " + shape.table() + " not found: batches go as RowInsertRequests (auto-create)");
            return new RowInsertBinder(this, s, shape.table(), shape.columns());
        }
        List<Field> fields = targetFields(shape, table);
        int timeIndex = fields == null ? -1 : timeIndexOf(fields);
        if (timeIndex < 0) {
            LOG.fine(() -> "INSERT into " + shape.table() + " does not map column by column: statement path");
            return null;
        }
        ParkedBuffer parked = idleBuffers.take(new StreamKey(s, shape.table(), new Schema(fields)));
        BufferAllocator child = parked != null
                ? parked.allocator()
                : allocator.newChildAllocator("bulk-" + shape.table(), 0, Long.MAX_VALUE);
        BatchBuffer buffer = parked != null
                ? parked.buffer()
                : BatchBuffer.create(fields, timeIndex, child, s.timeZone(), batchRowsHint(shape.table()));
        if (buffer == null) {
            child.close();
            LOG.fine(() -> "INSERT into " + shape.table() + " writes a column type DoPut cannot fill: statement path");
            return null;
        }
        LOG.fine(() -> "INSERT into " + shape.table() + " batches go as Flight DoPut record batches");
        try {
            return new BulkInsertBinder(
                    this,
                    s,
                    shape.table(),
                    buffer,
                    child,
                    sorter(s, shape.table(), fields, timeIndex, child),
                    config.bulkRowPathBelow() > 0 ? SmallBatchRows.forFields(fields, tags(s, shape.table())) : null);
        } catch (SQLException | RuntimeException e) {
            buffer.close();
            child.close();
            throw e;
        }
    }

    /**
     * The most rows one DoPut batch into {@code table} held on this connection (capped at bulkFlushRows),
     * so a new statement's buffer starts at that size: frameworks such as Spring prepare a statement per
     * batch, and growing the arrays again each time cost a few percent of the whole write.
     */
    int batchRowsHint(String table) {
        Integer rows = batchRows.get(table);
        return rows == null ? 0 : Math.min(rows, config.bulkFlushRows());
    }

    /** Remembers the size of a batch sent into {@code table} (see {@link #batchRowsHint}). */
    void noteBatchRows(String table, int rows) {
        note(batchRows, table, rows, Math::max);
    }

    /** The rows of the last executeBatch into {@code table} on this connection, or 0 when none ran yet. */
    long executeRowsHint(String table) {
        Integer rows = executeRows.get(table);
        return rows == null ? 0 : rows;
    }

    /** Remembers how many rows an executeBatch into {@code table} held (see {@link #executeRowsHint}). */
    void noteExecuteRows(String table, long rows) {
        note(executeRows, table, (int) Math.min(rows, Integer.MAX_VALUE), (old, now) -> now);
    }

    private static void note(
            Map<String, Integer> hints, String table, int rows, java.util.function.BinaryOperator<Integer> merge) {
        if (hints.size() >= MAX_HINTS && !hints.containsKey(table)) {
            hints.clear(); // a connection writing to very many tables: hints are only an optimisation
        }
        hints.merge(table, rows, merge);
    }

    /** The reordering bulkSortByTime and bulkTimeWindow ask for, or null when neither is on. */
    private TimeSortedBatches sorter(
            RequestSession s, String table, List<Field> fields, int timeIndex, BufferAllocator allocator)
            throws SQLException {
        if (!config.bulkSortByTime() && config.bulkTimeWindow() == null) {
            return null;
        }
        List<Integer> tags = new ArrayList<>();
        if (config.bulkSortByTime()) {
            for (String tag : tags(s, table)) {
                for (int i = 0; i < fields.size(); i++) {
                    if (fields.get(i).getName().equals(tag)) {
                        tags.add(i);
                    }
                }
            }
        }
        return new TimeSortedBatches(
                new Schema(fields),
                tags.stream().mapToInt(Integer::intValue).toArray(),
                timeIndex,
                config.bulkSortByTime(),
                config.bulkTimeWindow(),
                allocator);
    }

    private static List<Field> targetFields(InsertShape shape, Schema table) {
        if (shape.columns() == null) {
            return table.getFields().size() == shape.parameters() ? table.getFields() : null;
        }
        List<Field> fields = new ArrayList<>();
        for (String name : shape.columns()) {
            Field f = find(table, name);
            if (f == null || fields.contains(f)) {
                return null;
            }
            fields.add(f);
        }
        return fields;
    }

    private static Field find(Schema table, String name) {
        for (Field f : table.getFields()) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        return null;
    }

    private static int timeIndexOf(List<Field> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (GreptimeFieldMetadata.isTimeIndex(fields.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The table's Arrow schema (cached), or null when the table does not exist. */
    Schema tableSchema(RequestSession s, String table) throws SQLException {
        String key = s.database() + '\0' + table;
        Schema cached = schemas.get(key);
        if (cached != null) {
            return cached;
        }
        String sql = "SELECT * FROM " + quote(table) + " LIMIT 0";
        long timeout = config.queryTimeoutSeconds() * 1000L;
        CursorSettings probe = new CursorSettings(new ColumnReaderFactory(ZoneOffset.UTC), 0, config.maxResultMemory());
        try (FlightBatchCursor cursor = client.doGet(s, sql, timeout, CancelHook.NONE, allocator, probe)) {
            if (cursor.isUpdateCount() || cursor.schema().isEmpty()) {
                return null;
            }
            Schema schema = cursor.schema().get();
            schemas.put(key, schema);
            return schema;
        } catch (SQLException e) {
            if ("42S02".equals(e.getSQLState())) {
                return null;
            }
            throw e;
        }
    }

    RequestSession session(String database) {
        return database == null ? session.get() : session.get().withDatabase(database);
    }

    BufferAllocator allocator() {
        return allocator;
    }

    /** The table's tag columns (cached with the schema). */
    List<String> tags(RequestSession s, String table) throws SQLException {
        String key = s.database() + '\0' + table;
        List<String> cached = tagLists.get(key);
        if (cached == null) {
            cached = List.copyOf(KeyedDeletes.tags(this, s, table));
            tagLists.put(key, cached);
        }
        return cached;
    }

    /** Forgets a table's schema, after a write showed it changed. */
    void forget(RequestSession s, String table) {
        schemas.remove(s.database() + '\0' + table);
        tagLists.remove(s.database() + '\0' + table);
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** A stream inserter writing with the connection's session as it is now. */
    public io.greptime.jdbc.GreptimeStreamInserter streamInserter() {
        return new StreamInserterImpl(this, session.get());
    }

    /** Writes one caller-built record batch into an existing table over DoPut; returns its rows. */
    public long putBatch(String table, org.apache.arrow.vector.VectorSchemaRoot root) throws SQLException {
        return ArrowPut.put(this, table, root);
    }

    /** A parked stream for {@code key} that has not failed meanwhile, or null. */
    DoPutWriter takeIdleStream(StreamKey key) {
        DoPutWriter writer = idleStreams.take(key);
        if (writer != null && writer.isBroken()) {
            closeStream(writer);
            return null;
        }
        return writer;
    }

    /**
     * Keeps a healthy stream with nothing in flight for the next statement on the same key; ends the
     * stream it replaces, the least recently parked one beyond {@link #MAX_IDLE_STREAMS}, or this one
     * when the connection is closing.
     */
    void parkStream(StreamKey key, DoPutWriter writer) {
        idleStreams.park(key, writer);
    }

    /** Keeps a closed statement's column buffer for the next statement preparing the same INSERT. */
    void parkBuffer(StreamKey key, BatchBuffer buffer, BufferAllocator bufferAllocator) {
        buffer.reset();
        buffer.clearParameters();
        ParkedBuffer parked = new ParkedBuffer(buffer, bufferAllocator);
        if (buffer.retainedBytes() + bufferAllocator.getAllocatedMemory() > MAX_PARKED_BUFFER_BYTES) {
            parked.release();
        } else {
            idleBuffers.park(key, parked);
        }
    }

    /** Ends every parked stream and releases every parked buffer; the connection is closing. */
    public void close() {
        try {
            idleStreams.close();
        } finally {
            idleBuffers.close();
        }
    }

    private static void closeStream(DoPutWriter writer) {
        try {
            writer.close(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Closing an idle DoPut stream failed: " + e.getMessage()); // nothing was in flight
        }
    }

    /** Counts an executeBatch that ran one statement per entry. */
    public void countStatementBatch() {
        statementBatches.incrementAndGet();
    }

    public GreptimeWriteStatistics statistics() {
        return new GreptimeWriteStatistics(
                doPutStreams.get(),
                doPutBatches.get(),
                doPutRows.get(),
                rowInsertRequests.get(),
                rowInsertRows.get(),
                rowDeleteRequests.get(),
                statementBatches.get());
    }

    static void logFailure(String table, SQLException e) {
        LOG.log(Level.FINE, "DoPut into " + table + " failed: " + e.getMessage());
    }
}
