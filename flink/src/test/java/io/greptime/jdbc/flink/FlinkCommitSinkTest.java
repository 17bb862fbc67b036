package io.greptime.jdbc.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code 'connector' = 'greptime-jdbc'}: the sink that writes through the driver's bulk-load pipeline (auto-commit
 * off, commit at each checkpoint and at the end of the input), on the embedded server's real DoPut. The writer's
 * tests hold the server's answer to the first batch back, to show that a flush returns before the server answered
 * and that the checkpoint's flush is where a lost batch surfaces; the SQL test runs the sink in a Flink MiniCluster
 * through the shaded driver.
 */
class FlinkCommitSinkTest {
    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension();

    private static final long T0 = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    private static final String[] FIELDS = {"ts", "host", "v"};

    private DuckDbEngine duck;
    private EmbeddedGreptimeServer server;
    private String url;
    /** Holds the first DoPut batch until released; batches are counted as the server starts them. */
    private final CountDownLatch releaseFirst = new CountDownLatch(1);

    private final AtomicBoolean holdFirst = new AtomicBoolean();
    private final AtomicInteger batches = new AtomicInteger();
    private final AtomicInteger failBatch = new AtomicInteger(-1);
    /** How long the server takes over each batch, so that batches are still unanswered at a checkpoint. */
    private volatile long slowBatchMillis;

    /** Rows the server stored; read by the Flink job's checkpoint listener, which runs in this JVM. */
    static final AtomicLong STORED = new AtomicLong();
    /** Per completed checkpoint: rows the job had emitted before its barrier, and rows stored when it completed. */
    static final List<long[]> CHECKPOINTS = new CopyOnWriteArrayList<>();
    /** How many times the job's map was opened: 2 after one restart. */
    static final AtomicInteger OPENS = new AtomicInteger();

    @BeforeEach
    void start() throws SQLException {
        STORED.set(0);
        CHECKPOINTS.clear();
        OPENS.set(0);
        duck = DuckDbEngine.inMemory();
        ForwardingEngine engine = new ForwardingEngine(duck) {
            @Override
            public long putBatch(QueryContext ctx, String table, VectorSchemaRoot batch) {
                int n = batches.incrementAndGet();
                if (n == 1 && holdFirst.get()) {
                    awaitRelease();
                }
                if (n == failBatch.get()) {
                    throw new IllegalStateException("injected loss of batch " + n);
                }
                pause(slowBatchMillis);
                long stored = super.putBatch(ctx, table, batch);
                STORED.addAndGet(batch.getRowCount());
                return stored;
            }

            @Override
            public void close() {}
        };
        server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        url = "jdbc:greptime://" + server.address() + "/public?timezone=UTC";
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE sink (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
        }
    }

    @AfterEach
    void stop() {
        releaseFirst.countDown();
        server.close();
        duck.close();
    }

    private static void pause(long millis) {
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private void awaitRelease() {
        try {
            if (!releaseFirst.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the first batch was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static final RowType ROW_TYPE = (RowType) DataTypes.ROW(
                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("host", DataTypes.STRING()),
                    DataTypes.FIELD("v", DataTypes.BIGINT()))
            .getLogicalType();

    private GreptimeCommitSink sink(int maxRows, int commitEvery) {
        String insert = new GreptimeDialect().getInsertIntoStatement("sink", FIELDS);
        return new GreptimeCommitSink(new GreptimeCommitSink.Settings(
                url, null, null, "sink", insert, FIELDS, ROW_TYPE, maxRows, commitEvery, 0));
    }

    private GreptimeCommitWriter writer(int maxRows) throws IOException {
        RowType rowType = (RowType) DataTypes.ROW(
                        DataTypes.FIELD("ts", DataTypes.TIMESTAMP_LTZ(3)),
                        DataTypes.FIELD("host", DataTypes.STRING()),
                        DataTypes.FIELD("v", DataTypes.BIGINT()))
                .getLogicalType();
        String insert = new GreptimeDialect().getInsertIntoStatement("sink", FIELDS);
        return new GreptimeCommitWriter(
                new GreptimeCommitSink.Settings(url, null, null, "sink", insert, FIELDS, rowType, maxRows, 100, 0));
    }

    private static void write(GreptimeCommitWriter w, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            w.write(
                    GenericRowData.of(
                            TimestampData.fromEpochMillis(T0 + i), StringData.fromString("h" + (i % 3)), (long) i),
                    null);
        }
    }

    private long count() throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM sink")) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    @Test
    void bufferFlushes_returnBeforeTheServerAnswers_andTheCheckpointFlushConfirmsEveryRow() throws Exception {
        holdFirst.set(true);
        try (GreptimeCommitWriter w = writer(10)) {
            // three buffer flushes (executeBatch) while the server still holds the first batch: a synchronous
            // executeBatch would wait here for that answer and never return
            write(w, 0, 30);
            assertThat(releaseFirst.getCount())
                    .as("the first batch is still unanswered")
                    .isEqualTo(1);
            releaseFirst.countDown();
            w.flush(false); // what Flink calls before a checkpoint barrier: commit()
            assertThat(count()).isEqualTo(30);
        }
    }

    @Test
    void aBatchLostAfterItsFlushReturned_failsTheCheckpointFlush_soTheCheckpointNeverCountsIt() throws Exception {
        failBatch.set(2);
        try (GreptimeCommitWriter w = writer(10)) {
            write(w, 0, 30); // three executeBatch calls return; the server then fails batch 2 (rows 10-19)
            IOException e = catchThrowableOfType(IOException.class, () -> w.flush(false));
            assertThat(e).hasMessageContaining("were not all confirmed");
            GreptimeCommitException commit = (GreptimeCommitException) e.getCause();
            assertThat(commit.getSQLState()).isNotNull();
            assertThat(commit.statements()).hasSize(1);
            GreptimeCommitException.StatementRows rows = commit.statements().get(0);
            assertThat(rows.rows()).isEqualTo(30);
            assertThat(rows.confirmed()).as("batch 1 only").isEqualTo(10);
            assertThat(rows.failed().size() + rows.inDoubt().size()).isPositive();
            // the writer goes on after the failed commit (Flink restarts the task from the last checkpoint instead)
            write(w, 30, 40);
            w.flush(true);
        }
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FILTER (WHERE v < 10), count(*) FILTER (WHERE v >= 10"
                        + " AND v < 20), count(*) FILTER (WHERE v >= 30) FROM sink")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).as("batch 1, confirmed").isEqualTo(10);
            assertThat(rs.getLong(2)).as("batch 2, lost").isZero();
            assertThat(rs.getLong(3)).as("the rows after the failed commit").isEqualTo(10);
        }
    }

    @Test
    void sqlInsert_intoAGreptimeJdbcTable_writesEveryRowThroughThePipeline() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.executeSql("CREATE TABLE src (n BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000',"
                + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '0', 'fields.n.end' = '999')");
        // a computed column: not a column of the GreptimeDB table, so the sink must not write it
        env.executeSql("CREATE TABLE dst (ts TIMESTAMP_LTZ(3), host STRING, v BIGINT, tag AS CONCAT(host, '!'),"
                + " PRIMARY KEY (host, ts) NOT ENFORCED)"
                + " WITH ('connector' = 'greptime-jdbc', 'url' = '" + url + "', 'table-name' = 'sink',"
                + " 'sink.buffer-flush.max-rows' = '100', 'sink.commit-every' = '3')");
        env.executeSql("INSERT INTO dst SELECT TO_TIMESTAMP_LTZ(" + T0
                        + " + n, 3), CONCAT('h', CAST(MOD(n, 4) AS STRING)), n FROM src")
                .await();
        assertThat(count()).isEqualTo(1000);
        assertThat(batches.get()).as("ten executeBatch calls of 100 rows").isEqualTo(10);
    }

    @Test
    void sqlTable_refusesAZeroBufferAndAChangelogWithDeletes() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql("CREATE TABLE src (n BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = '10',"
                + " 'fields.n.kind' = 'sequence', 'fields.n.start' = '0', 'fields.n.end' = '9')");
        env.executeSql("CREATE TABLE zero (ts TIMESTAMP_LTZ(3), host STRING, v BIGINT) WITH ('connector' ="
                + " 'greptime-jdbc', 'url' = '" + url
                + "', 'table-name' = 'sink', 'sink.buffer-flush.max-rows' = '0')");
        assertThat(catchThrowable(
                        () -> env.executeSql("INSERT INTO zero SELECT TO_TIMESTAMP_LTZ(n, 3), 'h', n FROM src")))
                .hasStackTraceContaining("'sink.buffer-flush.max-rows' and 'sink.commit-every' must be at least 1");
        // an unkeyed sink takes inserts only; a grouped count updates its rows
        env.executeSql("CREATE TABLE plain (ts TIMESTAMP_LTZ(3), host STRING, v BIGINT) WITH ('connector' ="
                + " 'greptime-jdbc', 'url' = '" + url + "', 'table-name' = 'sink')");
        assertThat(catchThrowable(() -> env.executeSql("INSERT INTO plain SELECT TO_TIMESTAMP_LTZ(0, 3),"
                        + " CAST(MOD(n, 2) AS STRING), COUNT(*) FROM src GROUP BY MOD(n, 2)")))
                .isInstanceOf(TableException.class);
        assertThat(batches.get()).as("nothing written").isZero();
    }

    /**
     * Rows 0..n-1 as RowData, a little slowly so that checkpoints fall while the job runs; records, per completed
     * checkpoint, how many rows it emitted before that checkpoint's barrier and how many the server had stored
     * when Flink said the checkpoint was complete.
     */
    static final class Rows extends RichMapFunction<Long, RowData> implements CheckpointedFunction, CheckpointListener {
        private transient long emitted;
        private transient Map<Long, Long> emittedAt;

        @Override
        public void open(OpenContext context) {
            OPENS.incrementAndGet();
            emittedAt = new HashMap<>();
        }

        @Override
        public RowData map(Long i) {
            if (i % 20 == 0) {
                pause(2);
            }
            emitted++;
            return GenericRowData.of(TimestampData.fromEpochMillis(T0 + i), StringData.fromString("h" + (i % 3)), i);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            emittedAt.put(context.getCheckpointId(), emitted);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            Long before = emittedAt.remove(checkpointId);
            if (before != null) {
                CHECKPOINTS.add(new long[] {before, STORED.get()});
            }
        }
    }

    private StreamExecutionEnvironment streaming(boolean restartOnce) {
        Configuration conf = new Configuration();
        if (restartOnce) {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
            conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 1);
            conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        } else {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.enableCheckpointing(50);
        return env;
    }

    private void job(StreamExecutionEnvironment env, int rows, int maxRows, int commitEvery) {
        env.fromSequence(0, rows - 1)
                .map(new Rows())
                .returns(InternalTypeInfo.of(ROW_TYPE))
                .sinkTo(sink(maxRows, commitEvery));
    }

    @Test
    void streamingJob_everyCompletedCheckpointFindsItsRowsStored() throws Exception {
        // the server takes a while over each batch, so batches are still unanswered when a barrier comes;
        // commitEvery is out of reach: only checkpoints and the end of the input commit
        slowBatchMillis = 10;
        StreamExecutionEnvironment env = streaming(false);
        job(env, 3000, 50, 1_000_000);
        env.execute("greptime-jdbc checkpointed sink");

        assertThat(count()).isEqualTo(3000);
        assertThat(CHECKPOINTS).as("checkpoints completed while the job ran").isNotEmpty();
        for (long[] c : CHECKPOINTS) {
            assertThat(c[1])
                    .as("rows stored when the checkpoint completed, against rows emitted before its barrier")
                    .isGreaterThanOrEqualTo(c[0]);
        }
    }

    /**
     * Batches are pipelined, so the lost one is reported by whichever call of the sink first learns of it: the
     * commit at the next checkpoint, or, when the server's answer arrives sooner (a loaded machine), the next
     * write's executeBatch. Either way the job fails on the lost batch's own error.
     */
    @Test
    void streamingJob_aLostBatchFailsTheJob_atTheSinksCommitOrItsNextWrite() {
        failBatch.set(5);
        StreamExecutionEnvironment env = streaming(false);
        job(env, 3000, 50, 1_000_000);
        Throwable e = catchThrowable(() -> env.execute("greptime-jdbc sink, batch 5 lost"));
        assertThat(e).isNotNull();
        String chain = ExceptionUtils.stringifyException(e);
        assertThat(ExceptionUtils.findThrowableWithMessage(e, "were not all confirmed")
                        .or(() -> ExceptionUtils.findThrowableWithMessage(e, "writing to sink failed")))
                .as("reported by the sink's commit or its next write: %s", chain)
                .isPresent();
        // Flink hands the job's failure over as SerializedThrowables, so the driver's error is found by its text
        assertThat(ExceptionUtils.findThrowableWithMessage(e, "[GreptimeDB status 1003"))
                .as("the driver's error for the lost batch (the server's status): %s", chain)
                .isPresent();
    }

    @Test
    void streamingJob_aLostBatchRestartsFromTheLastCheckpoint_andEveryRowEndsUpStored() throws Exception {
        failBatch.set(5);
        StreamExecutionEnvironment env = streaming(true);
        job(env, 3000, 50, 1_000_000);
        env.execute("greptime-jdbc sink, batch 5 lost once");

        assertThat(OPENS.get()).as("the job ran twice").isEqualTo(2);
        // rows after the last completed checkpoint are written again; the table keeps one row per (host, ts)
        assertThat(count()).isEqualTo(3000);
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT min(v), max(v), count(DISTINCT v) FROM sink")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isZero();
            assertThat(rs.getLong(2)).isEqualTo(2999);
            assertThat(rs.getLong(3)).isEqualTo(3000);
        }
    }
}
