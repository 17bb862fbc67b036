package io.greptime.jdbc.testing;

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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An engine with a few SQL forms of fixed meaning, for driving the driver through the real embedded
 * server front (gRPC, Flight, auth, errors) without a SQL engine. It records every statement and the
 * context it arrived with.
 *
 * <ul>
 *   <li>{@code SELECT ROWS <total> BATCH <size> [FAIL AFTER <batches> | FIRST <rows>]}: generated rows
 *       (see {@link GeneratedRows}), the first batch optionally of another size
 *   <li>{@code SELECT TYPES}: one row of many Arrow types ({@link TypedRow})
 *   <li>{@code SELECT BLOCK}: signals {@link #blocked()} and waits for {@link #release()} (max 30 s)
 *   <li>{@code FAIL <code>}: a GreptimeError with that status and message {@code boom <code>}
 *   <li>{@code USE <db>}: 0 rows, or DatabaseNotFound for a db named {@code missing}
 *   <li>{@code WITH ... <n>}: n affected rows (classified as a query by the driver, so sent with DoGet)
 *   <li>{@code INSERT <n>}: n rows; {@code BLOCK INSERT}: like SELECT BLOCK, then 1 row; anything else: 0
 * </ul>
 */
public final class ScriptedEngine implements Engine {
    private final List<String> statements = new CopyOnWriteArrayList<>();
    private final AtomicReference<QueryContext> lastContext = new AtomicReference<>();
    private volatile CountDownLatch blocked = new CountDownLatch(1);
    private volatile CountDownLatch release = new CountDownLatch(1);

    /** Every SQL statement received, in order. */
    public List<String> statements() {
        return statements;
    }

    /** The context of the last request. */
    public QueryContext lastContext() {
        return lastContext.get();
    }

    /** Counted down when a BLOCK statement starts waiting. */
    public CountDownLatch blocked() {
        return blocked;
    }

    /** Lets the waiting BLOCK statement finish and re-arms both latches. */
    public void release() {
        CountDownLatch r = release;
        blocked = new CountDownLatch(1);
        release = new CountDownLatch(1);
        r.countDown();
    }

    @Override
    public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
        statements.add(sql);
        lastContext.set(ctx);
        String[] w = sql.trim().split("\\s+");
        String first = w[0].toUpperCase(Locale.ROOT);
        String second = w.length > 1 ? w[1].toUpperCase(Locale.ROOT) : "";
        if (first.equals("SELECT") && second.equals("ROWS")) {
            int batch = Integer.parseInt(w[4]);
            boolean firstSize = w.length > 6 && w[5].equalsIgnoreCase("FIRST");
            int failAfter = !firstSize && w.length > 7 ? Integer.parseInt(w[7]) : -1;
            return new Output.Rows(new GeneratedRows(
                    allocator, Long.parseLong(w[2]), batch, failAfter, firstSize ? Integer.parseInt(w[6]) : batch));
        }
        if (first.equals("SELECT") && second.equals("TYPES")) {
            return new Output.Rows(new TypedRow(allocator));
        }
        if (second.equals("BLOCK") || first.equals("BLOCK")) {
            block();
            return first.equals("SELECT")
                    ? new Output.Rows(new GeneratedRows(allocator, 1, 1, -1))
                    : new Output.AffectedRows(1);
        }
        return update(first, w);
    }

    private Output update(String first, String[] w) {
        switch (first) {
            case "FAIL":
                int code = Integer.parseInt(w[1]);
                throw new GreptimeError(StatusCode.fromCode(code), "boom " + code);
            case "USE":
                if (w[1].equalsIgnoreCase("missing")) {
                    throw new GreptimeError(StatusCode.DATABASE_NOT_FOUND, "Database not found: missing");
                }
                return new Output.AffectedRows(0);
            case "WITH":
                // a row-classified statement answering a count: DoGet then sends one affected-rows frame
                return new Output.AffectedRows(Long.parseLong(w[w.length - 1]));
            case "INSERT":
                return new Output.AffectedRows(w.length > 1 && w[1].matches("\\d+") ? Long.parseLong(w[1]) : 1);
            default:
                return new Output.AffectedRows(0);
        }
    }

    private void block() {
        CountDownLatch r = release;
        blocked.countDown();
        try {
            r.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static GreptimeError unsupported() {
        return new GreptimeError(StatusCode.UNSUPPORTED, "not scripted");
    }

    @Override
    public long insertRows(QueryContext ctx, RowInsertRequests requests) {
        throw unsupported();
    }

    @Override
    public long deleteRows(QueryContext ctx, RowDeleteRequests requests) {
        throw unsupported();
    }

    @Override
    public long insertColumns(QueryContext ctx, InsertRequests requests) {
        throw unsupported();
    }

    @Override
    public long deleteColumns(QueryContext ctx, DeleteRequests requests) {
        throw unsupported();
    }

    @Override
    public long ddl(QueryContext ctx, DdlRequest request) {
        throw unsupported();
    }

    @Override
    public Schema tableSchema(QueryContext ctx, String table) {
        throw unsupported();
    }

    @Override
    public long putBatch(QueryContext ctx, String table, org.apache.arrow.vector.VectorSchemaRoot batch) {
        throw unsupported();
    }

    @Override
    public void close() {
        release();
    }
}
