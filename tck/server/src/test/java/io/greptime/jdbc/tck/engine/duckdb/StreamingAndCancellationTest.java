package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Cancellation;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.exec.DuckDbInterrupt;
import java.time.ZoneId;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Query results stream out of DuckDB batch by batch, errors met later in a result surface from the
 * batch that meets them, and a {@link Cancellation} stops DuckDB wherever it is: inside the statement,
 * inside a fetch of streamed rows, or between two statements of a call. Deadlines here are generous:
 * DuckDB would run each of these queries for minutes to hours if the interrupt did not reach it.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES) // a safety net against a query that was never stopped, not a timing
class StreamingAndCancellationTest {
    /** Hours of work for DuckDB: a full aggregation over 10^12 rows. */
    private static final String ENDLESS_AGGREGATE = "SELECT sum(range) FROM range(1000000000000)";
    /** Rows that never come: a streamed filter that matches nothing of 10^13 rows. */
    /**
     * Two million rows at once, then none for hours: DuckDB answers the statement once the first rows
     * fill its result buffer (10 MiB), the first batches come, and a later fetch computes on and on.
     */
    private static final String ENDLESS_STREAM = "SELECT range FROM range(10000000000000)"
            + " WHERE range < 2000000 OR range % 1000000000000007 = 1000000000000006";

    private final EngineFixture f = new EngineFixture();
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void close() {
        pool.shutdownNow();
        f.close();
    }

    @Test
    void interruptOfDuckDbConnectionsIsReachable() {
        assertThat(DuckDbInterrupt.available()).isTrue();
    }

    @Test
    void largeResult_isReadBatchByBatchWithBoundedMemory() throws Exception {
        // about 65 MB of rows in all; a materializing engine holds them before the first batch
        Output out =
                f.engine.execute(f.ctx, "SELECT range AS n, repeat('x', 100) AS s FROM range(600000)", f.allocator);
        long rows = 0;
        long sum = 0;
        long peakWhileReading = 0;
        try (ArrowReader reader = ((Output.Rows) out).reader()) {
            while (reader.loadNextBatch()) {
                BigIntVector n = (BigIntVector) reader.getVectorSchemaRoot().getVector("n");
                for (int i = 0; i < n.getValueCount(); i++) {
                    sum += n.get(i);
                }
                rows += n.getValueCount();
                peakWhileReading = Math.max(peakWhileReading, f.allocator.getAllocatedMemory());
            }
        }
        assertThat(rows).isEqualTo(600_000);
        assertThat(sum).isEqualTo(600_000L * 599_999 / 2);
        // one batch of 8192 rows is about 0.9 MB; the bound is generous, the whole result is 65 MB
        assertThat(peakWhileReading).isLessThan(24L << 20);
        assertThat(f.allocator.getPeakMemoryAllocation()).isLessThan(24L << 20);
    }

    @Test
    void errorLaterInTheResult_comesFromTheBatchThatMeetsIt() throws Exception {
        // the cast fails only at row 3,000,000: the first batches are good and arrive first
        Output out = f.engine.execute(
                f.ctx,
                "SELECT CAST(CASE WHEN range < 3000000 THEN '1' ELSE 'x' END AS INTEGER) AS v FROM range(4000000)",
                f.allocator);
        long rowsBeforeError = 0;
        try (ArrowReader reader = ((Output.Rows) out).reader()) {
            GreptimeError error = null;
            try {
                while (reader.loadNextBatch()) {
                    rowsBeforeError += reader.getVectorSchemaRoot().getRowCount();
                }
            } catch (GreptimeError e) {
                error = e;
            }
            assertThat(error).as("the stream must fail, not end as if complete").isNotNull();
            // Arrow's cast error, as GreptimeDB reports a string that is no integer (3001)
            assertThat(error.status()).isEqualTo(StatusCode.ENGINE_EXECUTE_QUERY);
            assertThat(error.getMessage()).isEqualTo("Cast error: Cannot cast string 'x' to value of Int32 type");
            // once failed, the stream stays failed rather than looking like a shorter complete result
            assertThat(reader.loadNextBatch()).isFalse();
        }
        assertThat(rowsBeforeError).isPositive().isLessThan(3_000_000);
        assertThat(f.query("SELECT 1 AS one").column(0)).containsExactly("1");
    }

    /**
     * DuckDB's workers can fail a streamed result before its JDBC driver first looks at it, which then
     * says only "Invalid result set"; the engine must still report DuckDB's own error.
     */
    @Test
    void errorBeforeTheFirstRow_keepsItsMessage() {
        f.update("CREATE TABLE casts (ts TIMESTAMP(3) NOT NULL TIME INDEX, v DOUBLE)");
        f.update("INSERT INTO casts VALUES (1000, 1.0), (2000, 2.0)");
        for (int i = 0; i < 5; i++) {
            // DuckDB has no timestamp-to-boolean cast (nor has Arrow): its error, told as DataFusion's
            assertThatThrownBy(() -> f.query("SELECT CAST(ts AS BOOLEAN) AS n FROM casts"))
                    .isInstanceOf(GreptimeError.class)
                    .hasMessageContaining("Unsupported CAST from Timestamp(ms) to Boolean");
        }
        assertThat(f.query("SELECT v FROM casts ORDER BY v").column(0)).containsExactly("1.0", "2.0");
    }

    @Test
    void cancel_stopsAStatementDuckDbIsStillComputing() throws Exception {
        Cancellation cancellation = new Cancellation();
        Future<Output> running = pool.submit(() -> {
            try (Cancellation.Scope bound = cancellation.bind()) {
                return f.engine.execute(f.ctx, ENDLESS_AGGREGATE, f.allocator);
            }
        });
        Thread.sleep(300);
        cancellation.cancel();

        assertThatThrownBy(() -> running.get(30, TimeUnit.SECONDS))
                .hasCauseInstanceOf(GreptimeError.class)
                .cause()
                .satisfies(e -> assertThat(((GreptimeError) e).status()).isEqualTo(StatusCode.CANCELLED));
        assertThat(f.query("SELECT 1 AS one").column(0)).containsExactly("1");
    }

    @Test
    void cancel_stopsAFetchOfStreamedRows() throws Exception {
        Cancellation cancellation = new Cancellation();
        AtomicLong rowsRead = new AtomicLong();
        Future<?> reading = pool.submit(() -> {
            try (Cancellation.Scope bound = cancellation.bind()) {
                Output out = f.engine.execute(f.ctx, ENDLESS_STREAM, f.allocator);
                try (ArrowReader reader = ((Output.Rows) out).reader()) {
                    while (reader.loadNextBatch()) {
                        rowsRead.addAndGet(reader.getVectorSchemaRoot().getRowCount());
                    }
                    return null;
                }
            }
        });
        awaitStalled(rowsRead); // the reader is inside a fetch that computes on and on
        long before = rowsRead.get();
        cancellation.cancel();

        assertThatThrownBy(() -> reading.get(30, TimeUnit.SECONDS))
                .hasCauseInstanceOf(GreptimeError.class)
                .cause()
                .satisfies(e -> assertThat(((GreptimeError) e).status()).isEqualTo(StatusCode.CANCELLED));
        assertThat(before).isPositive().isLessThanOrEqualTo(2_000_000);
        assertThat(f.query("SELECT 2 AS two").column(0)).containsExactly("2");
    }

    /** Waits (30 s at most) for the first rows and then for a pause of half a second in their arrival. */
    private static void awaitStalled(AtomicLong rowsRead) throws InterruptedException {
        long seen = 0;
        long unchangedSince = System.nanoTime();
        for (int i = 0; i < 3000; i++) {
            Thread.sleep(10);
            long now = rowsRead.get();
            if (now != seen) {
                seen = now;
                unchangedSince = System.nanoTime();
            } else if (now > 0 && System.nanoTime() - unchangedSince > 500_000_000L) {
                return;
            }
        }
    }

    @Test
    void cancelBeforeTheStatement_stopsItBeforeItRuns() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel();
        try (Cancellation.Scope bound = cancellation.bind()) {
            assertThatThrownBy(() -> f.engine.execute(f.ctx, ENDLESS_AGGREGATE, f.allocator))
                    .isInstanceOf(GreptimeError.class);
        }
    }

    @Test
    void lateCancel_neverReachesTheNextStatementOnTheSameConnection() {
        Cancellation first = new Cancellation();
        try (Cancellation.Scope bound = first.bind()) {
            assertThat(f.query("SELECT 1 AS one").column(0)).containsExactly("1");
        }
        // the first call's connection is back in the pool and serves the next call; the late cancel of the
        // first request must not interrupt it
        Output out = f.engine.execute(f.ctx, "SELECT range FROM range(100000)", f.allocator);
        first.cancel();
        long rows = 0;
        try (ArrowReader reader = ((Output.Rows) out).reader()) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertThat(rows).isEqualTo(100_000);
    }

    @Test
    void pooledConnections_takeEachRequestsZoneAndDatabase() {
        f.update("CREATE DATABASE other");
        f.ctx = QueryContext.defaults().withSchema("other");
        f.update("CREATE TABLE only_here (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.update("INSERT INTO only_here VALUES (1000, 1.5), (2000, 2.5)");
        String zoned = "SELECT CAST(TIMESTAMPTZ '2024-01-01 00:00:00+00' AS VARCHAR) AS t";
        for (int round = 0; round < 3; round++) {
            f.ctx = QueryContext.defaults().withSchema("other").withTimeZone(ZoneId.of("Asia/Shanghai"));
            // a comma join leaves `only_here` unqualified: it resolves through the connection's USE
            assertThat(f.query("SELECT count(*) AS c FROM public.numbers n, only_here WHERE n.number < 2")
                            .column(0))
                    .containsExactly("4");
            assertThat(f.query(zoned).column(0)).containsExactly("2024-01-01 08:00:00+08");
            f.ctx = QueryContext.defaults();
            assertThat(f.query(zoned).column(0)).containsExactly("2024-01-01 00:00:00+00");
            f.fails(
                    "SELECT count(*) AS c FROM numbers n, only_here",
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: greptime.public.only_here");
        }
    }
}
