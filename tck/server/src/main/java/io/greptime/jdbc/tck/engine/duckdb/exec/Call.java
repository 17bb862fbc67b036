package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.duckdb.DuckDBConnection;

/**
 * One engine call: a DuckDB connection of its own (from the engine's pool, set to the request's time zone
 * and database), the request context, and the allocator results go to. Writers run in one transaction
 * under the engine's write lock. A call that streams rows is handed to its {@link ResultStream}, which
 * ends it once the rows are read.
 *
 * <p>While the call runs, the request's {@link Cancellation} can interrupt its connection from another
 * thread; {@link #stateLock} makes sure an interrupt never reaches the connection once it has gone back
 * to the pool and serves the next call.
 */
public final class Call implements AutoCloseable {
    public final EngineState engine;
    public final Catalog catalog;
    public final QueryContext ctx;
    public final BufferAllocator out;
    public final DuckDBConnection conn;
    /**
     * A DoPut (bulk insert): GreptimeDB's bulk path only marks time windows dirty for batching flows, so
     * streaming flows never see these rows, and a {@code ttl='instant'} table keeps them for no flow (audit A1,
     * {@code v0.15.0:src/operator/src/bulk_insert.rs:237-282}).
     */
    public boolean bulkInsert;

    private final ConnectionPool.Session session;
    private final Cancellation.Registration cancelHook;
    /** Guards {@link #open} and {@link #interrupted} against the cancelling thread. */
    private final ReentrantLock stateLock = new ReentrantLock();

    private boolean open = true;
    private boolean interrupted;
    /** False once the connection's session state is unknown; it is then closed, not pooled. */
    private boolean reusable = true;

    private Lock held;
    private boolean inTx;

    public Call(EngineState engine, QueryContext ctx, BufferAllocator out) {
        this.engine = engine;
        this.catalog = engine.catalog;
        this.ctx = ctx;
        this.out = out;
        try {
            this.session = engine.pool.acquire();
        } catch (SQLException e) {
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
        this.conn = session.conn;
        try {
            applyTimeZone();
            useSchema();
        } catch (SQLException e) {
            engine.pool.release(session, false);
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
        engine.active.add(this);
        Cancellation cancellation = Cancellation.current();
        this.cancelHook = cancellation == null ? () -> {} : cancellation.onCancel(this::interrupt);
    }

    /** Unqualified names the rewriter leaves alone (e.g. comma-joined tables) resolve in the request's database. */
    private void useSchema() throws SQLException {
        String db = ctx.schema();
        String target = !db.equals(Catalog.INFORMATION_SCHEMA) && catalog.databaseExists(db) ? db : Catalog.PUBLIC;
        if (!target.equals(session.schema)) {
            session.schema = null; // unknown until the USE succeeds
            session.exec("USE greptime." + Catalog.quote(target));
            session.schema = target;
        }
    }

    /** DuckDB's TIMESTAMPTZ conversions follow the request's zone (needs ICU; skipped without it). */
    private void applyTimeZone() {
        String id = ctx.timeZone().getId();
        if (id.equals("Z")) {
            id = "UTC";
        }
        if (id.equals(session.timeZone)) {
            return;
        }
        try {
            session.exec("SET TimeZone = '" + id.replace("'", "''") + "'");
            session.timeZone = id;
        } catch (SQLException ignored) {
            // an offset zone DuckDB cannot name: TIMESTAMPTZ casts fall back to UTC
            session.timeZone = null;
            resetTimeZone();
        }
    }

    private void resetTimeZone() {
        try {
            session.exec("RESET TimeZone");
        } catch (SQLException ignored) {
            // the connection keeps whatever zone it had: it must not serve another call
            reusable = false;
        }
    }

    /**
     * Stops whatever DuckDB runs on this call's connection (a query, a write, a stream being read),
     * from the cancelling thread; nothing once the call has ended.
     */
    public void interrupt() {
        stateLock.lock();
        try {
            if (open) {
                interrupted = true;
                DuckDbInterrupt.interrupt(conn);
            }
        } finally {
            stateLock.unlock();
        }
    }

    public boolean interrupted() {
        stateLock.lock();
        try {
            return interrupted;
        } finally {
            stateLock.unlock();
        }
    }

    public String schema() {
        return ctx.schema();
    }

    /** Takes the shared lock for reads. */
    public void read() {
        held = engine.lock.readLock();
        held.lock();
    }

    /**
     * Lets go of the shared lock once a query runs: DuckDB's snapshot keeps the rows it reads consistent,
     * and a stream that a slow client reads must not hold writers (and, behind a waiting writer, every
     * other reader) back for as long as the client takes.
     */
    void releaseRead() {
        if (held == engine.lock.readLock()) {
            held.unlock();
            held = null;
        }
    }

    /** Takes the exclusive lock and opens a transaction. */
    public void write() throws SQLException {
        lockForWrite();
        beginTransaction();
    }

    /**
     * Takes the exclusive lock only: a write that is one DuckDB statement is atomic by itself, and
     * saves the BEGIN and COMMIT a transaction costs per batch.
     */
    public void lockForWrite() {
        if (held == null) {
            held = engine.lock.writeLock();
            held.lock();
        }
    }

    /** Opens the transaction several statements of one write share (at most once per call). */
    public void beginTransaction() throws SQLException {
        if (!inTx) {
            conn.setAutoCommit(false);
            inTx = true;
        }
    }

    public void commit() throws SQLException {
        if (inTx) {
            conn.commit();
            conn.setAutoCommit(true);
            inTx = false;
        }
    }

    /**
     * Refuses to start another statement once the call was interrupted: DuckDB clears its interrupt flag
     * when a statement starts, so an interrupt that came between two statements would otherwise be lost.
     */
    public void checkInterrupted() throws SQLException {
        if (interrupted()) {
            throw new SQLException("Interrupted!");
        }
    }

    /**
     * The prepared form of the query {@code sql} on this call's connection, kept by the connection's
     * session for the next call with the same text, time zone and database: close its results, never it.
     */
    java.sql.PreparedStatement prepared(String sql) throws SQLException {
        checkInterrupted();
        return session.prepared(sql);
    }

    /** Forgets the prepared form of {@code sql}, which failed: the next call prepares it afresh. */
    void discardPrepared(String sql) {
        session.discard(sql);
    }

    public void exec(String sql) throws SQLException {
        checkInterrupted();
        try (Statement st = conn.createStatement()) {
            st.execute(sql);
        }
    }

    /** Every row of a query on the call's connection, each as its column values (JDBC objects). */
    public List<Object[]> rows(String sql) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] r = new Object[n];
                for (int i = 0; i < n; i++) {
                    r[i] = rs.getObject(i + 1);
                }
                rows.add(r);
            }
        }
        return rows;
    }

    public long update(String sql) throws SQLException {
        checkInterrupted();
        try (Statement st = conn.createStatement()) {
            return st.executeLargeUpdate(sql);
        }
    }

    @Override
    public void close() {
        stateLock.lock();
        try {
            if (!open) {
                return;
            }
            open = false;
        } finally {
            stateLock.unlock();
        }
        cancelHook.close();
        engine.active.remove(this);
        // an interrupt may still be pending in DuckDB: the connection must not take the next call's statement
        boolean clean = reusable && !interrupted();
        try {
            if (inTx) {
                conn.rollback();
                catalog.reload(conn);
                conn.setAutoCommit(true);
                inTx = false;
            }
        } catch (SQLException e) {
            // the connection is closed below; DuckDB discards the transaction with it
            clean = false;
        } finally {
            if (held != null) {
                held.unlock();
                held = null;
            }
            engine.pool.release(session, clean);
        }
    }
}
