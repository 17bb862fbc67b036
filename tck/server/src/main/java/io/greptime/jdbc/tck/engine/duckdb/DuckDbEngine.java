package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.builtins.FunctionMap;
import io.greptime.jdbc.tck.engine.duckdb.builtins.JavaFunctions;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Schemas;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.ddl.ProtoDdl;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Views;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.ConnectionPool;
import io.greptime.jdbc.tck.engine.duckdb.exec.EngineState;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.exec.ResultStream;
import io.greptime.jdbc.tck.engine.duckdb.flows.FlowBridge;
import io.greptime.jdbc.tck.engine.duckdb.flows.FlowWriteHooks;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.range.RangeQuery;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryTranslator;
import io.greptime.jdbc.tck.engine.duckdb.sql.TranslatorExtensions;
import io.greptime.jdbc.tck.engine.duckdb.tql.TqlStatement;
import io.greptime.jdbc.tck.engine.duckdb.writes.BatchWrites;
import io.greptime.jdbc.tck.engine.duckdb.writes.FlowHooks;
import io.greptime.jdbc.tck.engine.duckdb.writes.ProtoWrites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;

/**
 * GreptimeDB's SQL and write semantics over an embedded DuckDB database. GreptimeDB databases are DuckDB
 * schemas of the attached catalog {@code greptime}; GreptimeDB metadata lives beside them in
 * {@code greptime.main}. Queries run concurrently; writes and DDL are serialized by {@link #lock}. The state
 * its calls share is {@link EngineState}'s.
 */
public final class DuckDbEngine extends EngineState implements Engine {
    /**
     * What {@code version()} answers on the gRPC channel when no profile says otherwise: the plain package
     * version (the MySQL-shaped {@code 8.4.2-greptimedb-…} is for the MySQL channel only,
     * {@code HEAD:src/common/function/src/system/version.rs:44-62}).
     */
    static final String VERSION = io.greptime.jdbc.tck.engine.EngineProfile.NEWEST.version();

    /** Where the translator sends function calls (the function families) and RANGE queries. */
    private static TranslatorExtensions translatorExtensions() {
        return new TranslatorExtensions(FunctionMap::render, new TranslatorExtensions.Ranges() {
            @Override
            public boolean hasRange(SqlAst.Select s) {
                return RangeQuery.hasRange(s);
            }

            @Override
            public String render(QueryTranslator translator, SqlAst.Select s, QueryScope scope) {
                return new RangeQuery(translator, s, scope).render();
            }
        });
    }

    private final DuckDBConnection root;

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private DuckDbEngine(String attachTarget) {
        provide(TranslatorExtensions.class, translatorExtensions());
        provide(FlowHooks.Listener.class, FlowWriteHooks.INSTANCE);
        try {
            // Streamed results: a query's rows are computed as its reader asks for them (ResultStream), not
            // materialized inside DuckDB before the first one. Every connection duplicated from this one
            // inherits the setting; a streamed result must be closed before its connection runs another
            // statement, which every engine path does.
            java.util.Properties settings = new java.util.Properties();
            settings.setProperty("jdbc_stream_results", "true");
            root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:", settings);
            try (Statement st = root.createStatement()) {
                st.execute("ATTACH " + attachTarget + " AS greptime");
                st.execute("USE greptime");
                // DataFusion divides integers as integers (sum(x)/count(x) is BIGINT); DuckDB would give a DOUBLE.
                st.execute("SET GLOBAL integer_division = true");
                st.execute("SET GLOBAL threads = " + duckDbThreads());
                st.execute("CREATE SCHEMA IF NOT EXISTS greptime.public");
                st.execute("CREATE SCHEMA IF NOT EXISTS greptime.greptime_private");
            }
            catalog.open(root, JavaFunctions::install);
        } catch (SQLException e) {
            staging.close();
            throw new GreptimeError(StatusCode.STORAGE_UNAVAILABLE, "Failed to open storage: " + e.getMessage(), e);
        }
        pool = new ConnectionPool(root);
        flows = new io.greptime.jdbc.tck.engine.flow.FlowRuntime(new FlowBridge(this));
        catalog.flows = flows;
    }

    /** The system property that sets {@link #duckDbThreads()}. */
    public static final String THREADS_PROPERTY = "greptime.tck.duckdbThreads";

    /**
     * DuckDB's worker threads for one statement: 1 unless {@value #THREADS_PROPERTY} says otherwise.
     * Statements of different calls run side by side anyway, each on its caller's thread; more threads
     * only split one statement's work, and that costs every statement a hand-off to a worker and back
     * (0.15 ms of a 0.8 ms point query on 1M rows, 0.07 ms of {@code SELECT 1}, measured on two busy
     * cores), which is most of what a test suite's statements take. A large aggregate takes up to
     * threads-times longer with 1 (1.75x on two cores for a GROUP BY over 1M rows); full scans and
     * writes measured no slower. DuckDB's setting is global to its database, not per connection.
     */
    public static int duckDbThreads() {
        int threads = Integer.getInteger(THREADS_PROPERTY, 1);
        return threads < 1 ? 1 : threads;
    }

    /** The cluster this engine is the storage of; servers built as its frontends heartbeat into it. */
    @Override
    public io.greptime.jdbc.tck.engine.ClusterNodes cluster() {
        return catalog.cluster;
    }

    /** An engine whose data lives only in memory. */
    public static DuckDbEngine inMemory() {
        return new DuckDbEngine("':memory:'");
    }

    /** An engine whose data (and metadata) persist in {@code dataDirectory}; reopening restores them. */
    public static DuckDbEngine open(Path dataDirectory) {
        try {
            Files.createDirectories(dataDirectory);
        } catch (java.io.IOException e) {
            throw new GreptimeError(StatusCode.STORAGE_UNAVAILABLE, "Cannot create " + dataDirectory, e);
        }
        String file = dataDirectory.resolve("greptime.duckdb").toAbsolutePath().toString();
        return new DuckDbEngine("'" + file.replace("'", "''") + "'");
    }

    private <T> T call(QueryContext ctx, BufferAllocator out, Function<Call, T> body) {
        try (Call call = new Call(this, ctx, out)) {
            return body.apply(call);
        } catch (GreptimeError e) {
            throw e;
        } catch (RuntimeException e) {
            // Never hand the front a raw exception: it becomes GreptimeDB's masked execution error.
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: " + e.getMessage(), e);
        }
    }

    /**
     * Runs one statement. Rows come back as a {@link ResultStream} that owns the call from then on: its
     * connection computes the remaining rows as they are read, and closing the rows ends the call.
     */
    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        Call call = new Call(this, ctx, allocator);
        try {
            Output out = SqlStatements.execute(call, sql);
            if (out instanceof Output.Rows rows && rows.reader() instanceof ResultStream stream) {
                stream.ownCall();
                call = null;
            }
            return out;
        } catch (RuntimeException e) {
            // DuckDB reports an interrupted statement in several ways ("Interrupted!", an invalid result)
            if (call != null && call.interrupted()) {
                throw ResultStream.cancelled(e);
            }
            if (e instanceof GreptimeError g) {
                throw Errors.forLine(g, ctx.profile());
            }
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: " + e.getMessage(), e);
        } finally {
            if (call != null) {
                call.close();
            }
        }
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        return call(ctx, staging, c -> ProtoWrites.insertRows(c, requests));
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
        return call(ctx, staging, c -> ProtoWrites.deleteRows(c, requests));
    }

    @Override
    public long insertColumns(QueryContext ctx, InsertRequests requests) {
        return call(ctx, staging, c -> ProtoWrites.insertColumns(c, requests));
    }

    @Override
    public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
        return call(ctx, staging, c -> ProtoWrites.deleteColumns(c, requests));
    }

    @Override
    public long ddl(QueryContext ctx, DdlRequest request) {
        if (FlowBridge.isFlowDdl(request)) {
            return FlowBridge.ddl(flows, ctx, request);
        }
        return call(ctx, staging, c -> ProtoDdl.execute(c, request));
    }

    @Override
    public Schema tableSchema(QueryContext ctx, String table) {
        lock.readLock().lock();
        try {
            TableMeta t = catalog.table(ctx.schema(), table);
            if (t == null || Views.isView(t)) {
                throw Errors.tableNotFound(ctx.schema(), table);
            }
            return Schemas.tableSchema(t);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
        return call(ctx, staging, c -> BatchWrites.put(c, table, batch));
    }

    @Override
    public long[] putBatches(QueryContext ctx, String table, List<VectorSchemaRoot> batches) {
        return call(ctx, staging, c -> BatchWrites.putAll(c, table, batches));
    }

    @Override
    public <T> T withSeries(QueryContext ctx, Function<io.greptime.jdbc.tck.promql.SeriesSource, T> body) {
        return call(ctx, staging, c -> TqlStatement.withSource(c, body));
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        flows.close();
        // a statement still computing (or a stream nobody reads) would hold the lock, and the close, for as
        // long as DuckDB takes: stop them first
        active.forEach(Call::interrupt);
        lock.writeLock().lock();
        try {
            pool.close();
            root.close();
        } catch (SQLException ignored) {
            // nothing left to flush: every write committed already
        } finally {
            lock.writeLock().unlock();
            staging.close();
        }
    }
}
