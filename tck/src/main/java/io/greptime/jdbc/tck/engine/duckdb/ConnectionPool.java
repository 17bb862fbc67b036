package io.greptime.jdbc.tck.engine.duckdb;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.ReentrantLock;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB connections kept between engine calls, each with the session state it was left in (time zone,
 * current schema), so that a call sets only what differs from its predecessor. Opening a connection and
 * setting both cost more than a short statement itself: this is the per-statement cost the pool removes.
 * A connection comes back only when it is clean (no transaction, not interrupted); otherwise it is closed.
 */
final class ConnectionPool implements AutoCloseable {
    /** Idle connections kept; more are opened under load and closed when given back beyond this. */
    private static final int MAX_IDLE = 8;

    private final DuckDBConnection root;
    /** Guards {@link #idle} and {@link #closed}. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Deque<Session> idle = new ArrayDeque<>();
    private boolean closed;

    /** One DuckDB connection and the session settings it carries now. */
    static final class Session {
        final DuckDBConnection conn;
        /** The TimeZone setting, or null while DuckDB's default. */
        String timeZone;
        /** The GreptimeDB database the connection's {@code USE} points at. */
        String schema;

        private Session(DuckDBConnection conn, String schema) {
            this.conn = conn;
            this.schema = schema;
        }

        void exec(String sql) throws SQLException {
            try (Statement st = conn.createStatement()) {
                st.execute(sql);
            }
        }
    }

    ConnectionPool(DuckDBConnection root) {
        this.root = root;
    }

    Session acquire() throws SQLException {
        lock.lock();
        try {
            if (closed) {
                throw new SQLException("the engine is closed");
            }
            Session s = idle.pollFirst();
            if (s != null) {
                return s;
            }
        } finally {
            lock.unlock();
        }
        DuckDBConnection c = root.duplicate();
        try {
            Session s = new Session(c, Catalog.PUBLIC);
            s.exec("USE greptime.public");
            return s;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    /** Takes a session back; {@code reusable} false (or a full pool) closes its connection instead. */
    void release(Session s, boolean reusable) {
        lock.lock();
        try {
            if (reusable && !closed && idle.size() < MAX_IDLE) {
                idle.addFirst(s);
                return;
            }
        } finally {
            lock.unlock();
        }
        closeQuietly(s);
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            idle.forEach(ConnectionPool::closeQuietly);
            idle.clear();
        } finally {
            lock.unlock();
        }
    }

    private static void closeQuietly(Session s) {
        try {
            s.conn.close();
        } catch (SQLException ignored) {
            // a duplicated connection holds no uncommitted data here: nothing can be lost
        }
    }
}
