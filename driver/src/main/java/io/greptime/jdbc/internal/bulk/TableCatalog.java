package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.flight.FlightCallException;
import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.client.GreptimeClient;
import io.greptime.jdbc.internal.client.RequestSession;
import io.greptime.jdbc.internal.sql.CreateTableText;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A connection's cache of {@link TableTraits}, one per database and table, each read with the deadline and
 * cancellation of the execution that needed it (a stalled lookup ends the statement, it never hangs it)
 * and kept for {@link #TTL_NANOS}. Entries are dropped after DDL through the connection ({@link #clear()})
 * and after a write showed the table changed ({@link #forget}). No lock is held across a lookup: two
 * threads needing the same table may both read it. Thread-safe.
 */
final class TableCatalog {
    /**
     * How long what was read of a table is trusted: DDL through another connection (or GreptimeDB's own
     * auto-alter by row-insert writers) shows within this, so a long-lived prepared statement or a
     * pooled connection does not keep writing an old column set.
     */
    static final long TTL_NANOS = 60_000_000_000L;

    private final GreptimeClient client;
    private final BufferAllocator allocator;
    private final long maxResultMemory;
    private final LongSupplier clock;
    private final Map<String, TableTraits> tables = new ConcurrentHashMap<>();
    /** Per database: the tables streaming flows read, and when that was read. */
    private final Map<String, StreamingSources> flows = new ConcurrentHashMap<>();

    private record StreamingSources(Set<String> tables, long readAt) {}

    TableCatalog(GreptimeClient client, BufferAllocator allocator, long maxResultMemory, LongSupplier clock) {
        this.client = client;
        this.allocator = allocator;
        this.maxResultMemory = maxResultMemory;
        this.clock = clock;
    }

    private static String key(RequestSession s, String table) {
        return s.database() + '\0' + table;
    }

    /** The table's traits (cached while fresh), or null when the table does not exist. */
    TableTraits traits(RequestSession s, String table, CallScope scope) throws SQLException {
        TableTraits known = cached(s, table);
        if (known != null) {
            return known;
        }
        Schema schema = schema(s, table, scope);
        if (schema == null) {
            return null;
        }
        CreateTableText ddl = createTable(s, table, scope);
        List<String> tags = ddl != null ? ddl.primaryKey() : tagsFromColumns(s, table, scope);
        TableTraits t = TableTraits.of(
                table, schema, ddl, tags, streamingSources(s, scope).contains(table), now());
        tables.put(key(s, table), t);
        return t;
    }

    /** The cached traits while fresh, else null; no I/O. */
    TableTraits cached(RequestSession s, String table) {
        TableTraits t = tables.get(key(s, table));
        return t != null && now() - t.readAt() <= TTL_NANOS ? t : null;
    }

    /** Whether what the cache holds for the table was read at {@code readAt} and is still fresh. */
    boolean stillFresh(RequestSession s, String table, long readAt) {
        TableTraits t = cached(s, table);
        return t != null && t.readAt() == readAt;
    }

    void forget(RequestSession s, String table) {
        tables.remove(key(s, table));
    }

    /** Forgets every table and flow: DDL ran through this connection. */
    void clear() {
        tables.clear();
        flows.clear();
    }

    private long now() {
        return clock.getAsLong();
    }

    private CursorSettings settings() {
        return new CursorSettings(new ColumnReaderFactory(ZoneOffset.UTC), 0, maxResultMemory);
    }

    /** The Arrow schema of {@code SELECT * ... LIMIT 0}, or null when the table does not exist. */
    private Schema schema(RequestSession s, String table, CallScope scope) throws SQLException {
        String sql = "SELECT * FROM " + BulkWrites.quote(table) + " LIMIT 0";
        try (FlightBatchCursor cursor = client.doGet(s, sql, scope.callTimeoutMillis(), scope, allocator, settings())) {
            return cursor.isUpdateCount() || cursor.schema().isEmpty()
                    ? null
                    : cursor.schema().get();
        } catch (SQLException e) {
            if (SqlState.TABLE_NOT_FOUND.code().equals(e.getSQLState())) {
                return null;
            }
            throw e;
        }
    }

    /** The table's SHOW CREATE TABLE, read; null when the server would not show it (then: unknown options). */
    private CreateTableText createTable(RequestSession s, String table, CallScope scope) throws SQLException {
        String sql = "SHOW CREATE TABLE " + BulkWrites.quote(table);
        StringBuilder text = new StringBuilder();
        try {
            readAll(
                    s,
                    sql,
                    scope,
                    (readers, row) -> text.append(
                                    readers.get(readers.size() - 1).getString(row))
                            .append('\n'));
        } catch (SQLException e) {
            if (stops(e, scope)) {
                throw e;
            }
            BulkWrites.LOG.log(Level.FINE, "cannot read SHOW CREATE TABLE of " + table + ": " + e.getMessage());
            return null;
        }
        return CreateTableText.parse(text.toString());
    }

    /** The tag columns from information_schema, when SHOW CREATE TABLE could not be read. */
    private List<String> tagsFromColumns(RequestSession s, String table, CallScope scope) throws SQLException {
        String sql = "SELECT column_name, semantic_type FROM information_schema.columns WHERE table_schema = "
                + literal(schemaOf(s)) + " AND table_name = " + literal(table);
        List<String> tags = new ArrayList<>();
        readAll(s, sql, scope, (readers, row) -> {
            if ("TAG".equals(readers.get(1).getString(row).toUpperCase(Locale.ROOT))) {
                tags.add(readers.get(0).getString(row));
            }
        });
        return tags;
    }

    /**
     * The tables of the session's database that a streaming flow (or a flow whose type is not shown)
     * reads: rows written by DoPut never reach a streaming flow (fidelity audit A1), so those tables take
     * row inserts. Read once per database while fresh; unreadable flows count as none.
     */
    private Set<String> streamingSources(RequestSession s, CallScope scope) throws SQLException {
        StreamingSources known = flows.get(s.database());
        if (known != null && now() - known.readAt() <= TTL_NANOS) {
            return known.tables();
        }
        Set<String> sources = new HashSet<>();
        String prefix = catalogOf(s) + "." + schemaOf(s) + ".";
        try {
            readAll(s, "SELECT source_table_names, options FROM information_schema.flows", scope, (readers, row) -> {
                String options =
                        readers.get(1).isNull(row) ? "" : readers.get(1).getString(row);
                if (readers.get(0).isNull(row) || options.replace(" ", "").contains("\"flow_type\":\"batching\"")) {
                    return;
                }
                for (String full : readers.get(0).getString(row).split(",")) {
                    String name = full.trim();
                    if (name.startsWith(prefix)) {
                        sources.add(name.substring(prefix.length()));
                    }
                }
            });
        } catch (SQLException e) {
            if (stops(e, scope)) {
                throw e;
            }
            BulkWrites.LOG.log(Level.FINE, "cannot read information_schema.flows: " + e.getMessage());
        }
        flows.put(s.database(), new StreamingSources(Set.copyOf(sources), now()));
        return sources;
    }

    /** A failure that must end the execution (cancel, timeout) rather than leave a trait unknown. */
    private static boolean stops(SQLException e, CallScope scope) {
        return scope.isCancelled()
                || CallScope.CANCELLED.equals(e.getSQLState())
                || CallScope.TIMED_OUT.equals(e.getSQLState());
    }

    /** One row of a lookup's answer. */
    private interface RowVisitor {
        void row(List<ColumnReader> readers, int row) throws SQLException;
    }

    private void readAll(RequestSession s, String sql, CallScope scope, RowVisitor visitor) throws SQLException {
        try (FlightBatchCursor cursor = client.doGet(s, sql, scope.callTimeoutMillis(), scope, allocator, settings())) {
            while (cursor.nextBatch()) {
                for (int r = 0; r < cursor.batchRowCount(); r++) {
                    visitor.row(cursor.readers(), r);
                }
            }
        } catch (FlightCallException e) {
            throw client.errors().translate(e);
        }
    }

    private static String schemaOf(RequestSession s) {
        int dash = s.database().indexOf('-');
        return dash < 0 ? s.database() : s.database().substring(dash + 1);
    }

    private static String catalogOf(RequestSession s) {
        int dash = s.database().indexOf('-');
        return dash < 0 ? "greptime" : s.database().substring(0, dash);
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
