package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.arrow.read.ColumnReader;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The part of a JVM's first connection and first query that does not depend on the server, done once per
 * class loader on a daemon thread of its own while the connecting thread builds the gRPC channel and waits
 * for the HealthCheck (a cold JVM spends most of both in class loading and interpretation, and the machine
 * has a second core).
 *
 * <p>First, what the connect itself needs: the check that Arrow can reach {@code java.nio}
 * ({@link ArrowAccess}) and the driver's root allocator, whose first creation loads Arrow's memory module
 * and netty's pooled buffers. {@link #arrowReady} waits for that before the connection is handed out, so a
 * JVM without the flag still fails at connect, naming it. Then what the first query will certainly need and
 * the connect does not: protobuf's descriptors of the request header (serialising any request builds them,
 * because of its map field), Arrow's {@link Schema} (whose class initialiser builds a Jackson
 * {@code ObjectMapper} and a reader for the schema's JSON form: the largest single cost of a first query),
 * Arrow IPC's reader and writer with a one-row batch of the commonest column types, and the driver's column
 * readers for them. Nothing of that is connection state: the query that follows only finds its classes
 * loaded and initialised.
 *
 * <p>Concurrent first use of these libraries is what any multi-threaded application does (a pool opening
 * connections while another thread queries), so the warm-up adds no kind of concurrency the libraries do
 * not already meet. {@code -Dio.greptime.jdbc.warmup=false} does the first part on the connecting thread
 * and skips the rest.
 */
final class ConnectWarmup {
    /** System property: {@code false} turns the background warm-up off. */
    static final String PROPERTY = "io.greptime.jdbc.warmup";

    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.connection");
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** Completed once Arrow was checked and the root allocator exists: true when Arrow is usable. */
    private static final CompletableFuture<Boolean> ARROW = new CompletableFuture<>();
    /** Completed when the read path's warm-up ended (done, failed or skipped). */
    private static final CompletableFuture<Void> READ_PATH = new CompletableFuture<>();

    /** What stopped the read path's warm-up, for tests (null when it ran through or never ran). */
    private static volatile Throwable readPathFailure;
    /** Whether the read path's warm-up ran to its end. */
    private static volatile boolean readPathRan;

    private ConnectWarmup() {}

    /** Starts the warm-up, once per class loader; returns at once (later calls cost one read). */
    static void start() {
        if (STARTED.get() || !STARTED.compareAndSet(false, true)) {
            return;
        }
        if ("false".equalsIgnoreCase(System.getProperty(PROPERTY))) {
            ARROW.complete(false); // arrowReady() checks on the caller's thread
            READ_PATH.complete(null);
            return;
        }
        Thread t = new Thread(ConnectWarmup::run, "greptime-jdbc-warmup");
        t.setDaemon(true);
        // Arrow finds its compression codecs through the context class loader: the driver's own (ArrowAccess)
        t.setContextClassLoader(ConnectWarmup.class.getClassLoader());
        try {
            t.start();
        } catch (RuntimeException | OutOfMemoryError cannotStart) {
            ARROW.complete(false);
            READ_PATH.complete(null);
        }
    }

    /**
     * Waits for the warm-up's first part (uninterruptibly: it takes a fraction of a second) and throws what
     * {@link ArrowAccess#check} throws when Arrow cannot run in this JVM. A failure is found again on the
     * caller's thread, so each failed connect gets an exception of its own.
     */
    static void arrowReady() throws SQLException {
        start();
        if (!ARROW.join()) {
            ArrowAccess.check(); // throws the SQLException naming the flag (or, warm-up off, passes)
        }
        try {
            ArrowMemory.ensureRoot();
        } catch (LinkageError e) {
            // e.g. Arrow 19's netty allocation manager on a JDK it does not support: say so at connect
            throw new java.sql.SQLNonTransientConnectionException(
                    "The GreptimeDB JDBC driver cannot create Apache Arrow's allocator in this JVM: " + e,
                    SqlState.CANNOT_CONNECT.code(),
                    e);
        }
    }

    /**
     * For tests: waits up to {@code millis} for the read path's warm-up to end and returns how it ended:
     * "done", "skipped", "failed: " and the error, or "running".
     */
    static String awaitReadPath(long millis) {
        try {
            READ_PATH.get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            return "running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "running";
        } catch (java.util.concurrent.ExecutionException e) {
            return "failed: " + e.getCause();
        }
        Throwable failure = readPathFailure;
        return failure != null ? "failed: " + failure : readPathRan ? "done" : "skipped";
    }

    private static void run() {
        boolean usable = false;
        try {
            ArrowAccess.check();
            ArrowMemory.ensureRoot();
            usable = true;
        } catch (SQLException | RuntimeException | LinkageError e) {
            LOG.log(Level.FINE, "Arrow cannot run in this JVM; the connect reports it", e);
        } finally {
            ARROW.complete(usable);
        }
        try {
            if (usable) {
                readPath();
                readPathRan = true;
            }
        } catch (Exception | LinkageError e) {
            readPathFailure = e;
            // only a warm-up: the first query does the same work itself, and reports what fails there
            LOG.log(Level.FINE, "warm-up of the read path stopped", e);
        } finally {
            READ_PATH.complete(null);
        }
    }

    /** What the first query certainly runs and the connect does not, in the order the query needs it. */
    private static void readPath() throws Exception {
        // protobuf: any request's header serialises its (empty) map field, which builds the file descriptors
        GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder().setDbname("public"))
                .setQuery(QueryRequest.newBuilder().setSql("SELECT 1"))
                .build()
                .toByteArray();
        Schema schema = new Schema(List.of(
                Field.nullable("i", new ArrowType.Int(64, true)),
                Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("b", ArrowType.Bool.INSTANCE),
                Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null))));
        ByteArrayOutputStream ipc = new ByteArrayOutputStream();
        try (BufferAllocator allocator = ArrowMemory.newWarmupAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            ((BigIntVector) root.getVector("i")).setSafe(0, 1);
            ((Float8Vector) root.getVector("d")).setSafe(0, 1.5);
            ((VarCharVector) root.getVector("s")).setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
            ((BitVector) root.getVector("b")).setSafe(0, 1);
            ((TimeStampMilliVector) root.getVector("t")).setSafe(0, 0);
            root.setRowCount(1);
            try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, ipc)) {
                writer.start();
                writer.writeBatch();
                writer.end();
            }
            try (ArrowStreamReader reader =
                    new ArrowStreamReader(new ByteArrayInputStream(ipc.toByteArray()), allocator)) {
                VectorSchemaRoot read = reader.getVectorSchemaRoot();
                while (reader.loadNextBatch()) {
                    for (ColumnReader column : new ColumnReaderFactory(ZoneOffset.UTC).create(read, reader)) {
                        column.getObject(0);
                        column.getString(0);
                    }
                }
            }
        }
    }
}
