package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.results.ResultConverter;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBResultSet;

/**
 * The rows of one query as DuckDB produces them: DuckDB streams its result (the engine's connections set
 * {@code jdbc_stream_results}), exports it as Arrow batches of {@link #BATCH_ROWS} rows through the C
 * stream interface, and each batch is converted to GreptimeDB's types when the reader asks for it. So the
 * server holds one batch at a time whatever the result's size, the first batch leaves before the last is
 * computed, and a reader that stops early stops DuckDB's work with it.
 *
 * <p>An error DuckDB meets while computing later rows surfaces from {@link #loadNextBatch()} as the same
 * {@link GreptimeError} it would have been before the first row, so the front reports it after the
 * batches already sent, as GreptimeDB does (v1.0.0 src/servers/src/grpc/flight/stream.rs:132-196: the
 * schema goes first, then each batch, then the error of the batch that failed).
 *
 * <p>Closing releases DuckDB's stream and result, in that order (the C stream points into the result),
 * and the statement unless its connection keeps it prepared, and, for a stream that
 * {@link #ownCall() owns} its call, the call too.
 */
public final class ResultStream extends ArrowReader {
    /** Rows per batch: DataFusion's default batch size, which GreptimeDB's results have too. */
    static final int BATCH_ROWS = 8192;

    private final Call call;
    /** The statement to close with the rows; null for a prepared one the connection keeps. */
    private final Statement statement;

    private final DuckDBResultSet results;
    private final BufferAllocator importAllocator;
    private final ArrowReader source;
    private final Schema schema;
    private boolean ownsCall;
    private boolean exhausted;

    private ResultStream(
            Call call,
            Statement statement,
            DuckDBResultSet results,
            BufferAllocator importAllocator,
            ArrowReader source,
            Schema schema) {
        super(call.out);
        this.call = call;
        this.statement = statement;
        this.results = results;
        this.importAllocator = importAllocator;
        this.source = source;
        this.schema = schema;
    }

    /**
     * Runs {@code sql} on the call's connection and opens the stream of its rows. Planning and binding
     * errors, and those of any blocking operator (sorts, aggregations), are thrown here, before a row.
     *
     * @param hints what is known of each output column, from the source schema
     */
    public static ResultStream open(Call call, String sql, HintSource hints) throws SQLException {
        try {
            return execute(call, sql, hints);
        } catch (SQLException e) {
            if (call.interrupted() || !String.valueOf(e.getMessage()).contains(LOST_ERROR)) {
                throw e;
            }
            // DuckDB's workers failed the streamed result between the statement's start and the driver's
            // first look at it, and its JDBC driver then reports "Invalid result set" instead of the
            // error: run the statement again, materialized, which reports the error itself (a query has
            // no side effects to repeat)
            call.exec("SET jdbc_stream_results = false");
            try {
                return execute(call, sql, hints);
            } finally {
                call.exec("SET jdbc_stream_results = true");
            }
        }
    }

    /** What DuckDB's JDBC driver says of a streamed result its workers failed before it was looked at. */
    private static final String LOST_ERROR = "Invalid result set";

    private static ResultStream execute(Call call, String sql, HintSource hints) throws SQLException {
        call.checkInterrupted();
        // One statement is prepared once per connection and kept (Call#prepared); text with a ';' might
        // hold several, which DuckDB's driver runs in part while preparing, so it is never kept.
        boolean kept = sql.indexOf(';') < 0;
        Statement st = null;
        DuckDBResultSet rs = null;
        BufferAllocator imports = null;
        ArrowReader reader = null;
        try {
            if (kept) {
                rs = (DuckDBResultSet) call.prepared(sql).executeQuery();
            } else {
                st = call.conn.createStatement();
                rs = (DuckDBResultSet) st.executeQuery(sql);
            }
            imports = call.out.newChildAllocator("duckdb-export", 0, Long.MAX_VALUE);
            reader = (ArrowReader) rs.arrowExportStream(imports, BATCH_ROWS);
            Schema source = reader.getVectorSchemaRoot().getSchema();
            Schema target = ResultConverter.targetSchema(source, hints.of(source));
            return new ResultStream(call, st, rs, imports, reader, target);
        } catch (IOException | RuntimeException | SQLException e) {
            closeAll(reader, imports, rs, st);
            if (kept) {
                call.discardPrepared(sql);
            }
            if (e instanceof SQLException sqlError) {
                throw sqlError;
            }
            throw new SQLException(e.getMessage(), e);
        }
    }

    /** What is known of each output column, once DuckDB's schema is known. */
    public interface HintSource {
        List<ResultConverter.Hint> of(Schema source);
    }

    /**
     * Makes this stream end its call when it closes: the engine hands the call over when the stream
     * leaves it as a statement's result. The call's read lock goes at once (see {@link Call#releaseRead}).
     */
    public void ownCall() {
        ownsCall = true;
        call.releaseRead();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        prepareLoadNextBatch();
        if (exhausted) {
            return false;
        }
        try {
            call.checkInterrupted();
            while (source.loadNextBatch()) {
                VectorSchemaRoot batch = source.getVectorSchemaRoot();
                if (batch.getRowCount() > 0) {
                    ResultConverter.convert(batch, getVectorSchemaRoot());
                    return true;
                }
            }
            exhausted = true;
            return false;
        } catch (IOException | SQLException | RuntimeException e) {
            exhausted = true;
            throw failure(e);
        }
    }

    /** A failure while producing rows, as the GreptimeError it would have been before the first one. */
    private GreptimeError failure(Exception e) {
        if (e instanceof GreptimeError g) {
            return Errors.forLine(g, call.ctx.profile());
        }
        if (call.interrupted()) {
            return cancelled(e);
        }
        return Errors.forLine(Errors.map(new SQLException(duckDbMessage(e), e), call.schema()), call.ctx.profile());
    }

    public static GreptimeError cancelled(Exception e) {
        return new GreptimeError(StatusCode.CANCELLED, "Query was cancelled", e);
    }

    /**
     * DuckDB's own message inside the C stream's error, which Arrow wraps as
     * {@code [errno -1] CDataJniException{errno=-1, message=<DuckDB's message>}}.
     */
    static String duckDbMessage(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int at = m.indexOf("message=");
        if (at < 0) {
            return m;
        }
        m = m.substring(at + "message=".length());
        return m.endsWith("}") ? m.substring(0, m.length() - 1) : m;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        try {
            closeAll(source, importAllocator, results, statement);
        } finally {
            if (ownsCall) {
                call.close();
            }
        }
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }

    private static void closeAll(AutoCloseable... resources) {
        RuntimeException first = null;
        for (AutoCloseable r : resources) {
            if (r == null) {
                continue;
            }
            try {
                r.close();
            } catch (Exception e) {
                if (first == null) {
                    first = new IllegalStateException("cannot release a DuckDB result", e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
