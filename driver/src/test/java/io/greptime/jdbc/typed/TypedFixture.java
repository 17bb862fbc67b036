package io.greptime.jdbc.typed;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The embedded server over a real DuckDB engine that counts row inserts and can fail the DoPut batch after
 * the next n, before writing anything, so tests know exactly which rows are stored.
 */
final class TypedFixture implements AutoCloseable {
    final CountingEngine engine = new CountingEngine();
    final EmbeddedGreptimeServer server =
            EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();

    Connection connect(String query) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:greptime://" + server.address() + "?timezone=UTC" + (query.isEmpty() ? "" : "&" + query));
    }

    static GreptimeConnection greptime(Connection c) throws SQLException {
        return c.unwrap(GreptimeConnection.class);
    }

    static GreptimeWriteStatistics stats(Connection c) throws SQLException {
        return greptime(c).getWriteStatistics();
    }

    static long count(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Waits for the server to wind down cancelled calls (it learns of them asynchronously), then stops it. */
    @Override
    public void close() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (server.allocatedMemory() != 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            server.close();
        } finally {
            engine.close();
        }
    }

    static final class CountingEngine extends ForwardingEngine {
        CountingEngine() {
            super(DuckDbEngine.inMemory());
        }

        private final AtomicInteger putsBeforeFailure = new AtomicInteger(-1);
        final AtomicLong rowInsertRequests = new AtomicLong();
        final AtomicLong putBatches = new AtomicLong();

        /** The next {@code n} DoPut batches succeed, the one after fails with StorageUnavailable. */
        void failPutAfter(int n) {
            putsBeforeFailure.set(n);
        }

        @Override
        public long insertRows(QueryContext ctx, RowInsertRequests requests) {
            rowInsertRequests.incrementAndGet();
            return delegate.insertRows(ctx, requests);
        }

        @Override
        public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
            if (putsBeforeFailure.getAndUpdate(n -> n < 0 ? n : n - 1) == 0) {
                throw new GreptimeError(StatusCode.STORAGE_UNAVAILABLE, "Injected region failure");
            }
            putBatches.incrementAndGet();
            return delegate.putBatch(ctx, table, batch);
        }
    }
}
