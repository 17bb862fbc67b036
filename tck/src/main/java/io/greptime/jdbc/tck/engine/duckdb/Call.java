package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.Lock;
import org.apache.arrow.memory.BufferAllocator;
import org.duckdb.DuckDBConnection;

/**
 * One engine call: its own DuckDB connection (duplicated from the shared database), the request context,
 * and the allocator results go to. Writers run in one transaction under the engine's write lock.
 */
final class Call implements AutoCloseable {
    final DuckDbEngine engine;
    final Catalog catalog;
    final QueryContext ctx;
    final BufferAllocator out;
    final DuckDBConnection conn;
    /**
     * A DoPut (bulk insert): GreptimeDB's bulk path only marks time windows dirty for batching flows, so
     * streaming flows never see these rows, and a {@code ttl='instant'} table keeps them for no flow (audit A1,
     * {@code v0.15.0:src/operator/src/bulk_insert.rs:237-282}).
     */
    boolean bulkInsert;

    private Lock held;
    private boolean inTx;

    Call(DuckDbEngine engine, QueryContext ctx, BufferAllocator out) {
        this.engine = engine;
        this.catalog = engine.catalog;
        this.ctx = ctx;
        this.out = out;
        try {
            this.conn = engine.newConnection();
            applyTimeZone();
            useSchema();
        } catch (SQLException e) {
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
    }

    /** Unqualified names the rewriter leaves alone (e.g. comma-joined tables) resolve in the request's database. */
    private void useSchema() throws SQLException {
        String db = ctx.schema();
        if (!db.equals(Catalog.PUBLIC) && !db.equals(Catalog.INFORMATION_SCHEMA) && catalog.databaseExists(db)) {
            try (Statement st = conn.createStatement()) {
                st.execute("USE greptime." + Catalog.quote(db));
            }
        }
    }

    /** DuckDB's TIMESTAMPTZ conversions follow the request's zone (needs ICU; skipped without it). */
    private void applyTimeZone() {
        String id = ctx.timeZone().getId();
        if (id.equals("Z")) {
            id = "UTC";
        }
        try (Statement st = conn.createStatement()) {
            st.execute("SET TimeZone = '" + id.replace("'", "''") + "'");
        } catch (SQLException ignored) {
            // an offset zone DuckDB cannot name: TIMESTAMPTZ casts fall back to UTC
        }
    }

    String schema() {
        return ctx.schema();
    }

    /** Takes the shared lock for reads. */
    void read() {
        held = engine.lock.readLock();
        held.lock();
    }

    /** Takes the exclusive lock and opens a transaction. */
    void write() throws SQLException {
        held = engine.lock.writeLock();
        held.lock();
        conn.setAutoCommit(false);
        inTx = true;
    }

    void commit() throws SQLException {
        if (inTx) {
            conn.commit();
            conn.setAutoCommit(true);
            inTx = false;
        }
    }

    void exec(String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute(sql);
        }
    }

    long update(String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            return st.executeLargeUpdate(sql);
        }
    }

    @Override
    public void close() {
        try {
            if (inTx) {
                try {
                    conn.rollback();
                    catalog.reload(conn);
                } catch (SQLException ignored) {
                    // the connection is going away; DuckDB discards the transaction with it
                }
            }
            conn.close();
        } catch (SQLException ignored) {
            // closing a duplicated connection cannot lose data
        } finally {
            if (held != null) {
                held.unlock();
            }
        }
    }
}
