package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.client.ServerCapabilities;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.put.IdlePool;
import io.greptime.jdbc.internal.put.PutStreams;
import io.greptime.jdbc.internal.put.StreamKey;
import io.greptime.jdbc.internal.sql.InsertShape;
import io.greptime.jdbc.internal.sql.SqlLexer;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A connection's write pipeline state: the route choice for prepared statements ({@link WriteRoutes}), what
 * it knows of tables ({@link TableCatalog}), the DoPut streams and column buffers closed statements left
 * for the next one, the batch-size hints, and the counts of how batches travelled. Thread-safe.
 */
public final class BulkWrites {
    static final Logger LOG = Logger.getLogger("io.greptime.jdbc.bulk");

    private final GreptimeClient client;
    private final ConnectionConfig config;
    private final BufferAllocator allocator;
    private final Supplier<RequestSession> session;
    private final TableCatalog catalog;
    /** Tables (database + '\0' + table) whose DoPut the server refused as unsupported: they take row inserts. */
    private final Set<String> putRefused = ConcurrentHashMap.newKeySet();

    final AtomicLong rowInsertRequests = new AtomicLong();
    final AtomicLong rowInsertRows = new AtomicLong();
    final AtomicLong rowDeleteRequests = new AtomicLong();
    final AtomicLong statementBatches = new AtomicLong();
    /** The connection's DoPut streams: opened, parked for the next statement, counted, ended at close. */
    private final PutStreams puts;
    /**
     * The column buffers of closed statements, keyed the same way, for the next statement preparing the
     * same INSERT: building the writers and allocating their arrays again for every Spring batchUpdate
     * call was about 7% of such a call, and a reused buffer keeps its UTF-8 cache warm. A parked buffer
     * has no rows and no parameter values. At most {@link #MAX_IDLE_BUFFERS} of at most
     * {@link #MAX_PARKED_BUFFER_BYTES} each, so an idle pooled connection keeps at most 8 MiB here.
     */
    private final IdlePool<StreamKey, ParkedBuffer> idleBuffers;
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

    private final Map<String, Integer> batchRows = new ConcurrentHashMap<>();
    /** Rows of the last executeBatch per table, which sizes the parts of the next one. */
    private final Map<String, Integer> executeRows = new ConcurrentHashMap<>();

    public BulkWrites(
            GreptimeClient client,
            ConnectionConfig config,
            BufferAllocator allocator,
            Supplier<RequestSession> session,
            LongSupplier clock) {
        this.client = client;
        this.config = config;
        this.allocator = allocator;
        this.session = session;
        this.catalog = new TableCatalog(client, allocator, config.maxResultMemory(), clock);
        this.puts = new PutStreams(client, config, TableCatalog.TTL_NANOS, clock);
        this.idleBuffers = new IdlePool<>(MAX_IDLE_BUFFERS, ParkedBuffer::release);
    }

    /** The rows batched since the last commit, with auto-commit off. */
    private final CommitUnit commitUnit = new CommitUnit();

    public CommitUnit commitUnit() {
        return commitUnit;
    }

    GreptimeClient client() {
        return client;
    }

    ConnectionConfig config() {
        return config;
    }

    TableCatalog catalog() {
        return catalog;
    }

    /**
     * The route of a prepared statement, chosen once from its SQL and the table (read within
     * {@code scope}), or null when its batches keep the statement path; see {@link WriteRoutes}.
     */
    public BulkBinder binderFor(String sql, CallScope scope) throws SQLException {
        return WriteRoutes.choose(this, sql, scope);
    }

    /**
     * What the server the connection writes to can do. The single place the write path asks; the
     * connection's version probe answers it (unknown or unreadable versions get the conservative set).
     */
    ServerCapabilities capabilities(RequestSession s, CallScope scope) throws SQLException {
        return client.capabilities(s, scope);
    }

    /**
     * Whether a SQL write may be sent again after a server error that may have applied it in part: a
     * DELETE (deleting twice deletes once), or an INSERT into a table known (or read now, within the
     * execution) to deduplicate. Anything else, or a table that cannot be read, is not repeated.
     */
    public boolean repeatable(RequestSession s, String sql, CallScope scope) {
        SqlLexer lexer = new SqlLexer(sql);
        String first = lexer.next().keyword();
        if (first.equals("DELETE")) {
            return true;
        }
        InsertShape.Target target = InsertShape.target(sql);
        if (target == null) {
            return false;
        }
        try {
            RequestSession in = target.database() == null ? s : s.withDatabase(target.database());
            TableTraits t = catalog.traits(in, target.table(), scope);
            return t != null && t.deduplicates();
        } catch (SQLException e) {
            return false;
        }
    }

    /** DDL ran through this connection: forget what was read of tables, parked streams and buffers. */
    public void schemaChanged() {
        catalog.clear();
        putRefused.clear();
        puts.clear();
        idleBuffers.clear();
    }

    /** A DoPut into the table failed: read it again next time; an UNSUPPORTED refusal sends it by rows. */
    void afterPutFailure(RequestSession s, String table, SQLException e) {
        catalog.forget(s, table);
        if (SqlState.FEATURE_NOT_SUPPORTED.code().equals(e.getSQLState())) {
            putRefused.add(s.database() + '\0' + table);
        }
    }

    boolean putRefused(RequestSession s, String table) {
        return putRefused.contains(s.database() + '\0' + table);
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

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    RequestSession session(String database) {
        return database == null ? session.get() : session.get().withDatabase(database);
    }

    BufferAllocator allocator() {
        return allocator;
    }

    /** A stream inserter writing with the connection's session as it is now. */
    public GreptimeStreamInserter streamInserter(WriteExecutions executions) {
        return new StreamInserterImpl(this, session.get(), executions);
    }

    /** Writes one caller-built record batch into an existing table over DoPut; returns its rows. */
    public long putBatch(String table, org.apache.arrow.vector.VectorSchemaRoot root, CallScope scope)
            throws SQLException {
        return ArrowPut.put(this, table, root, scope);
    }

    /** The connection's DoPut streams, for the writers that open one. */
    PutStreams puts() {
        return puts;
    }

    /** A closed statement's column buffer for the same INSERT, now the caller's, or null. */
    ParkedBuffer takeParkedBuffer(StreamKey key) {
        return idleBuffers.take(key);
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

    /**
     * Ends every parked stream ({@link PutStreams#close()}) and releases every parked buffer; the
     * connection is closing.
     */
    public void close() {
        try {
            puts.close();
        } finally {
            idleBuffers.close();
        }
    }

    /** Counts an executeBatch that ran one statement per entry. */
    public void countStatementBatch() {
        statementBatches.incrementAndGet();
    }

    public GreptimeWriteStatistics statistics() {
        return new GreptimeWriteStatistics(
                puts.streams(),
                puts.batches(),
                puts.rows(),
                rowInsertRequests.get(),
                rowInsertRows.get(),
                rowDeleteRequests.get(),
                statementBatches.get());
    }

    static void logFailure(String table, SQLException e) {
        LOG.log(Level.FINE, "DoPut into " + table + " failed: " + e.getMessage());
    }
}
