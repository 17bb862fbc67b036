package io.greptime.jdbc.tck.engine.duckdb.exec;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.sql.SQLException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.duckdb.DuckDBConnection;

/**
 * Interrupts whatever a DuckDB connection runs, from another thread. DuckDB's JDBC driver interrupts only
 * through {@code Statement.cancel()}, and only while that statement's {@code execute} is running; rows
 * streamed from a result (the DoGet case) are computed later, inside each fetch, where {@code cancel()}
 * does nothing. The driver's own {@code DuckDBConnection.interrupt()} (DuckDB's
 * {@code ClientContext::Interrupt}, an atomic flag that every pipeline task checks) covers both; it is
 * package-private and expects the connection lock held, which is what this class does reflectively. The
 * flag is cleared by DuckDB when the connection's next statement starts.
 */
public final class DuckDbInterrupt {
    private static final Logger LOG = Logger.getLogger(DuckDbInterrupt.class.getName());
    private static final Method INTERRUPT;
    private static final Field LOCK;

    static {
        Method interrupt = null;
        Field lock = null;
        try {
            interrupt = DuckDBConnection.class.getDeclaredMethod("interrupt");
            interrupt.setAccessible(true);
            lock = DuckDBConnection.class.getDeclaredField("connRefLock");
            lock.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.WARNING, "DuckDB's connection interrupt is not reachable; cancelled queries run on", e);
            interrupt = null;
            lock = null;
        }
        INTERRUPT = interrupt;
        LOCK = lock;
    }

    private DuckDbInterrupt() {}

    /** True when interrupts reach DuckDB in this driver version (the tests insist on it). */
    public static boolean available() {
        return INTERRUPT != null;
    }

    /** Interrupts the connection's running statement or stream; a no-op on a closed connection. */
    static void interrupt(DuckDBConnection conn) {
        if (INTERRUPT == null) {
            return;
        }
        try {
            ReentrantLock lock = (ReentrantLock) LOCK.get(conn);
            lock.lock();
            try {
                if (!conn.isClosed()) {
                    INTERRUPT.invoke(conn);
                }
            } finally {
                lock.unlock();
            }
        } catch (ReflectiveOperationException | SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "DuckDB interrupt failed", e);
        }
    }
}
