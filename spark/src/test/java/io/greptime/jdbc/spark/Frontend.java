package io.greptime.jdbc.spark;

import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Embedded GreptimeDB frontends over one DuckDB engine (as frontends share a datanode), counting the DoPut batches
 * stored and recording every SQL text, with a hook on each statement for fault tests.
 */
final class Frontend implements AutoCloseable {
    final List<EmbeddedGreptimeServer> servers = new ArrayList<>();
    final List<String> statements = new CopyOnWriteArrayList<>();
    final AtomicInteger putBatches = new AtomicInteger();

    volatile Consumer<String> onStatement = sql -> {};
    private final ForwardingEngine engine = new ForwardingEngine(DuckDbEngine.inMemory()) {
        @Override
        public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
            statements.add(sql);
            onStatement.accept(sql);
            return super.execute(ctx, sql, allocator);
        }

        @Override
        public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
            putBatches.incrementAndGet();
            return super.putBatch(ctx, table, batch);
        }
    };

    Frontend(int count) {
        for (int i = 0; i < count; i++) {
            servers.add(EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .build()
                    .start());
        }
    }

    /** {@code jdbc:greptime://a,b/public?timezone=UTC} plus {@code &query} when given. */
    String url(String query) {
        StringBuilder url = new StringBuilder("jdbc:greptime://");
        for (int i = 0; i < servers.size(); i++) {
            url.append(i == 0 ? "" : ",").append(servers.get(i).address());
        }
        return url + "/public?timezone=UTC" + (query.isEmpty() ? "" : "&" + query);
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url(""));
    }

    @Override
    public void close() {
        for (EmbeddedGreptimeServer s : servers) {
            try {
                s.close();
            } catch (IllegalStateException cutCallMemory) {
                // a server stopped mid-call may still hold the cut call's Arrow memory at close
            }
        }
        engine.close();
    }
}
