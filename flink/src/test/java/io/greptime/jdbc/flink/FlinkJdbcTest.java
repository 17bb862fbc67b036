package io.greptime.jdbc.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.ForwardingEngine;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcExecutionOptions;
import org.apache.flink.connector.jdbc.core.datastream.sink.JdbcSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** flink-connector-jdbc with 'url' = 'jdbc:greptime://...' on a Flink MiniCluster, through the shaded driver. */
class FlinkJdbcTest {
    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension();

    private static final long T0 = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    private static final int ROWS = 1000;
    private static final List<String> STATEMENTS = new CopyOnWriteArrayList<>();
    private static DuckDbEngine duck;
    private static EmbeddedGreptimeServer server;
    private static String url;

    @BeforeAll
    static void start() throws SQLException {
        duck = DuckDbEngine.inMemory();
        ForwardingEngine recording = new ForwardingEngine(duck) {
            @Override
            public Output execute(QueryContext ctx, String sql, BufferAllocator allocator) {
                STATEMENTS.add(sql);
                return super.execute(ctx, sql, allocator);
            }

            @Override
            public void close() {}
        };
        server = EmbeddedGreptimeServer.builder()
                .port(0)
                .engine(recording)
                .build()
                .start();
        url = "jdbc:greptime://" + server.address() + "/public?timezone=UTC";
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE metrics (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO metrics (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setTimestamp(1, new Timestamp(T0 + i * 1000L));
                    ps.setString(2, "h" + (i % 4));
                    ps.setLong(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            st.execute("CREATE TABLE sink (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
            st.execute("CREATE TABLE ds_sink (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v BIGINT)");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
        duck.close();
    }

    private static String tableDdl(String name, String table, String extra) {
        return "CREATE TABLE " + name
                + " (ts TIMESTAMP_LTZ(3), host STRING, v BIGINT, PRIMARY KEY (host, ts) NOT ENFORCED)"
                + " WITH ('connector' = 'jdbc', 'url' = '" + url + "', 'table-name' = '" + table + "'" + extra + ")";
    }

    private static List<Row> collect(TableEnvironment env, String sql) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = env.executeSql(sql).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    private static long scalar(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    /**
     * The connector writes each split as {@code "ts" BETWEEN ? AND ?} with epoch numbers. GreptimeDB casts them to the
     * column's timestamp type (v1.1.4 src/query/src/optimizer/type_conversion.rs:227-240, TypeConversionRule on
     * BETWEEN); the embedded server casts them the same way.
     */
    @Test
    void sqlSource_timeRangeSplits_readEveryRowOnce() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.executeSql(tableDdl(
                "src",
                "metrics",
                ", 'scan.partition.column' = 'ts', 'scan.partition.num' = '4', 'scan.partition.lower-bound' = '" + T0
                        + "', 'scan.partition.upper-bound' = '" + (T0 + (ROWS - 1) * 1000L) + "'"));
        int before = STATEMENTS.size();
        List<Row> rows = collect(env, "SELECT v, ts FROM src");
        assertThat(rows).hasSize(ROWS);
        assertThat(rows.stream().map(r -> (Long) r.getField(0)).distinct().count())
                .isEqualTo(ROWS);
        Row first = rows.stream()
                .filter(r -> (Long) r.getField(0) == 0L)
                .findFirst()
                .orElseThrow();
        assertThat((Instant) first.getField(1)).isEqualTo(Instant.ofEpochMilli(T0));
        assertThat(STATEMENTS.subList(before, STATEMENTS.size()))
                .as("one query per time range")
                .filteredOn(s -> s.contains("BETWEEN"))
                .hasSize(4);
    }

    @Test
    void sqlSink_batchedUpsertIsInsert_andRunningItAgainLeavesEachRowOnce() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.executeSql(tableDdl("src", "metrics", ""));
        env.executeSql(tableDdl("dst", "sink", ", 'sink.buffer-flush.max-rows' = '100'"));
        for (int run = 0; run < 2; run++) {
            // the second run writes every row again, as a job restarted from an earlier checkpoint would
            env.executeSql("INSERT INTO dst SELECT ts, host, v * 2 FROM src WHERE v < 500")
                    .await();
        }
        assertThat(scalar("SELECT count(*) FROM sink")).isEqualTo(500);
        assertThat(scalar("SELECT sum(v) FROM sink")).isEqualTo(2L * 499 * 500 / 2);
    }

    @Test
    void lookupJoin_pointQueriesByKey() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.executeSql(tableDdl("dim", "metrics", ""));
        env.executeSql("CREATE TEMPORARY VIEW probes AS SELECT host, ts, PROCTIME() AS pt FROM (VALUES"
                + " ('h1', TO_TIMESTAMP_LTZ(" + (T0 + 1000) + ", 3)), ('h2', TO_TIMESTAMP_LTZ(" + (T0 + 2000)
                + ", 3)), ('nope', TO_TIMESTAMP_LTZ(" + T0 + ", 3))) AS t(host, ts)");
        int before = STATEMENTS.size();
        List<Row> rows = collect(
                env,
                "SELECT p.host, d.v FROM probes AS p JOIN dim FOR SYSTEM_TIME AS OF p.pt AS d"
                        + " ON p.host = d.host AND p.ts = d.ts");
        assertThat(rows).extracting(r -> r.getField(0) + "=" + r.getField(1)).containsExactlyInAnyOrder("h1=1", "h2=2");
        assertThat(STATEMENTS.subList(before, STATEMENTS.size()))
                .filteredOn(s -> s.contains("WHERE") && s.contains("\"host\" = "))
                .hasSize(3);
    }

    @Test
    void dataStreamSink_writesBatchesThroughTheDriver() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        List<Long> values = new ArrayList<>();
        for (long i = 0; i < 300; i++) {
            values.add(i);
        }
        env.fromData(values)
                .sinkTo(JdbcSink.<Long>builder()
                        .withQueryStatement("INSERT INTO ds_sink (ts, host, v) VALUES (?, ?, ?)", (ps, v) -> {
                            ps.setTimestamp(1, new Timestamp(T0 + v));
                            ps.setString(2, "d" + (v % 3));
                            ps.setLong(3, v);
                        })
                        .withExecutionOptions(
                                JdbcExecutionOptions.builder().withBatchSize(50).build())
                        .buildAtLeastOnce(new JdbcConnectionOptions.JdbcConnectionOptionsBuilder()
                                .withUrl(url)
                                .withDriverName("io.greptime.jdbc.GreptimeDriver")
                                .build()));
        env.execute("greptime-datastream-sink");
        assertThat(scalar("SELECT count(*) FROM ds_sink")).isEqualTo(300);
        assertThat(scalar("SELECT sum(v) FROM ds_sink")).isEqualTo(299L * 300 / 2);
    }
}
