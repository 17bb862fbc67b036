package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.compression.CompressionCodec;

/**
 * Checks, before a connection is opened, that Apache Arrow can reach into {@code java.nio}. On Java 17+
 * that needs {@code --add-opens=java.base/java.nio=ALL-UNNAMED}. Without it Arrow 19 degrades rather than
 * failing outright: {@link MemoryUtil} initialises but cannot construct direct byte buffers over Arrow
 * memory ({@code MemoryUtil.directBuffer} then throws {@link UnsupportedOperationException}, which
 * {@code ArrowBuf.nioBuffer} and Arrow's IPC channel reads rely on), and on other Arrow versions its class
 * initialisation fails ({@link ExceptionInInitializerError}, later {@link NoClassDefFoundError}). Either way
 * the failure would surface somewhere inside a query, with a message that names neither the driver nor the
 * fix, so the driver refuses to connect and names the flag.
 *
 * <p>It also settles, once, which compression codecs Arrow uses: {@code CompressionCodec.Factory.INSTANCE}
 * is found with {@code ServiceLoader.load(Class)}, i.e. through the thread's context class loader at the
 * moment the interface initialises. In a tool that loads the driver in its own class loader (DBeaver,
 * sqlline with the all-in-one jar) that loader is not ours, the LZ4 codec GreptimeDB compresses DoGet
 * batches with is not found, and the first compressed result fails. Initialising it here with our
 * loader as context makes the lookup see the driver's own service files.
 */
final class ArrowAccess {
    static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    private ArrowAccess() {}

    static void check() throws SQLException {
        try {
            Class.forName(MemoryUtil.class.getName(), true, ArrowAccess.class.getClassLoader());
            // a zero-length view at address 0 touches no memory: it only proves the constructor is reachable
            MemoryUtil.directBuffer(0, 0);
        } catch (ExceptionInInitializerError
                | NoClassDefFoundError
                | ClassNotFoundException
                | UnsupportedOperationException e) {
            throw new SQLNonTransientConnectionException(
                    "The GreptimeDB JDBC driver cannot use Apache Arrow in this JVM:"
                            + " start Java with " + FLAG
                            + " (Arrow reads direct buffer addresses; Java 17+ closes java.nio)."
                            + " Arrow said: " + rootMessage(e),
                    SqlState.CANNOT_CONNECT.code(),
                    e);
        }
        settleCodecDiscovery();
    }

    private static void settleCodecDiscovery() {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(ArrowAccess.class.getClassLoader());
        try {
            if (CompressionCodec.Factory.INSTANCE == null) {
                throw new IllegalStateException("Arrow has no compression codec factory");
            }
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
