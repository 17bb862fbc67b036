package io.greptime.jdbc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.encoders.ExpressionEncoder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Failures in the middle of Spark jobs, with task retries on (local[2,4]): a frontend that dies during a partitioned
 * read, and a write task that fails after some of its batches were stored and then runs again.
 */
class SparkFailureTest {
    private static final long T0 = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    private static final int ROWS = 2000;
    private static Frontend frontend;
    private static SparkSession spark;

    @BeforeAll
    static void start() throws SQLException {
        frontend = new Frontend(2);
        spark = SparkSessions.local("local[2,4]");
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE metrics (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO metrics (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setTimestamp(1, new Timestamp(T0 + i));
                    ps.setString(2, "h" + (i % 4));
                    ps.setLong(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
        frontend.close();
    }

    @Test
    void frontendDyingDuringAPartitionedRead_losesAndDuplicatesNoRow() throws Exception {
        Dataset<Row> df = spark.read()
                .format("greptime")
                .option("url", frontend.url("failoverRetries=2&breakerFailures=1"))
                .option("dbtable", "metrics")
                .option("numPartitions", "4")
                .load();
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean armed = new AtomicBoolean(true);
        // the first partition query to arrive (on either frontend) stops frontend 0 as a crash would: its calls in
        // flight are cut, and partitions 0 and 2, which start there, must finish on frontend 1
        frontend.onStatement = sql -> {
            if (sql.contains("WHERE") && sql.contains("\"ts\"") && armed.compareAndSet(true, false)) {
                Thread t = new Thread(() -> {
                    frontend.servers.get(0).stop();
                    stopped.countDown();
                });
                t.setDaemon(true);
                t.start();
            }
        };
        try {
            List<Long> values = df.select("v").as(Encoders.LONG()).collectAsList();
            assertThat(stopped.await(30, TimeUnit.SECONDS))
                    .as("frontend 0 was stopped")
                    .isTrue();
            assertThat(values).hasSize(ROWS);
            assertThat(new HashSet<>(values)).hasSize(ROWS);
            assertThat(values.stream().mapToLong(Long::longValue).sum()).isEqualTo((long) ROWS * (ROWS - 1) / 2);
        } finally {
            frontend.onStatement = sql -> {};
            frontend.servers.get(0).start();
        }
    }

    /**
     * Partition 0's first attempt fails after its first two batches (of 10 rows) were stored; the retry writes the
     * whole partition again. A deduplicating table (primary key + time index) ends with each row once; an
     * append-mode table keeps the first attempt's 20 rows twice: at-least-once, as documented.
     */
    @Test
    void writeTaskFailingAndRunningAgain_dedupTableHasEachRowOnce_appendTableAtLeastOnce() throws SQLException {
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE sink_dedup (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
            st.execute("CREATE TABLE sink_append (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)"
                    + " WITH ('append_mode'='true')");
        }
        for (String table : List.of("sink_dedup", "sink_append")) {
            failingFirstAttempt()
                    .write()
                    .format("greptime")
                    .option("url", frontend.url(""))
                    .option("dbtable", table)
                    .option("batchsize", "10")
                    .mode(SaveMode.Append)
                    .save();
        }
        assertThat(countAndDistinct("sink_dedup")).containsExactly(200L, 200L);
        assertThat(countAndDistinct("sink_append")).containsExactly(220L, 200L);
    }

    /** 200 rows in 2 partitions; partition 0's first attempt throws at its 25th row. */
    private static Dataset<Row> failingFirstAttempt() {
        StructType schema = new StructType()
                .add("ts", DataTypes.TimestampType, false)
                .add("host", DataTypes.StringType)
                .add("v", DataTypes.LongType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(RowFactory.create(new Timestamp(T0 + i), "s" + (i % 2), (long) i));
        }
        MapFunction<Row, Row> failOnce = r -> {
            TaskContext tc = TaskContext.get();
            if (tc.partitionId() == 0 && tc.attemptNumber() == 0 && r.<Long>getAs("v") == 24L) {
                throw new IllegalStateException("injected failure of the first attempt");
            }
            return r;
        };
        return spark.createDataFrame(rows, schema).coalesce(2).map(failOnce, ExpressionEncoder.apply(schema));
    }

    private static List<Long> countAndDistinct(String table) throws SQLException {
        try (Connection c = frontend.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT v) FROM " + table)) {
            assertThat(rs.next()).isTrue();
            return List.of(rs.getLong(1), rs.getLong(2));
        }
    }
}
