package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB connections kept between engine calls, each with the session state it was left in (time zone,
 * current schema), so that a call sets only what differs from its predecessor. Opening a connection and
 * setting both cost more than a short statement itself: this is the per-statement cost the pool removes.
 * A connection comes back only when it is clean (no transaction, not interrupted); otherwise it is closed.
 */
public final class ConnectionPool implements AutoCloseable {
    /** Idle connections kept; more are opened under load and closed when given back beyond this. */
    private static final int MAX_IDLE = 8;

    /** Prepared queries kept per connection, the least recently used closed beyond this. */
    static final int MAX_PREPARED = 64;

    private final DuckDBConnection root;
    /** Guards {@link #idle} and {@link #closed}. */
    private final ReentrantLock lock = new ReentrantLock();

    private final Deque<Session> idle = new ArrayDeque<>();
    private boolean closed;

    /** One DuckDB connection and the session settings it carries now. */
    public static final class Session {
        final DuckDBConnection conn;
        /** The TimeZone setting, or null while DuckDB's default. */
        String timeZone;
        /** The GreptimeDB database the connection's {@code USE} points at. */
        String schema;

        /**
         * Queries prepared on this connection, by the session state they were planned in and their text,
         * least recently used first. DuckDB parses a statement once here instead of at every execution;
         * a statement that reads no table it also binds and plans once (about 0.1 ms saved for {@code
         * SELECT 1}), but one that reads a table DuckDB 2.0 binds and plans again at every execution
         * (measured: a 60-term filter over a one-row table costs 3.5 ms prepared, 5.4 ms unprepared, and
         * 0.9 against 5.8 ms over no table; {@code LatencyBenchmark}'s DuckDB sides show it for the point
         * query), so for those only the parsing is saved. What DuckDB folds into the plan at prepare time
         * is the time zone (a zone-less text cast to TIMESTAMPTZ) and the schema of unqualified names: both
         * are part of the key.
         */
        private final Map<String, PreparedStatement> prepared = new LinkedHashMap<>(16, 0.75f, true);

        private Session(DuckDBConnection conn, String schema) {
            this.conn = conn;
            this.schema = schema;
        }

        /**
         * The prepared form of {@code sql} (one statement without a {@code ;}) in the session's state now:
         * cached, so the caller closes its result sets but never the statement.
         */
        PreparedStatement prepared(String sql) throws SQLException {
            String key = key(sql);
            PreparedStatement ps = prepared.get(key);
            if (ps != null) {
                return ps;
            }
            ps = conn.prepareStatement(sql);
            prepared.put(key, ps);
            if (prepared.size() > MAX_PREPARED) {
                Iterator<PreparedStatement> eldest = prepared.values().iterator();
                PreparedStatement old = eldest.next();
                eldest.remove();
                closeQuietly(old);
            }
            return ps;
        }

        /** Drops the prepared form of {@code sql} (after it failed: it is prepared afresh next time). */
        void discard(String sql) {
            PreparedStatement ps = prepared.remove(key(sql));
            if (ps != null) {
                closeQuietly(ps);
            }
        }

        /** How many prepared statements the session keeps now. */
        public int preparedCount() {
            return prepared.size();
        }

        private String key(String sql) {
            return timeZone + "\u0000" + schema + "\u0000" + sql;
        }

        private void close() {
            prepared.values().forEach(Session::closeQuietly);
            prepared.clear();
            try {
                conn.close();
            } catch (SQLException ignored) {
                // a duplicated connection holds no uncommitted data here: nothing can be lost
            }
        }

        private static void closeQuietly(PreparedStatement ps) {
            try {
                ps.close();
            } catch (SQLException ignored) {
                // the statement holds no data; closing the connection frees it anyway
            }
        }

        void exec(String sql) throws SQLException {
            try (Statement st = conn.createStatement()) {
                st.execute(sql);
            }
        }
    }

    public ConnectionPool(DuckDBConnection root) {
        this.root = root;
    }

    public Session acquire() throws SQLException {
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
    public void release(Session s, boolean reusable) {
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
        s.close();
    }
}
