package io.greptime.jdbc.flink;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcExecutionOptions;
import org.apache.flink.connector.jdbc.core.datastream.sink.JdbcSink;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.util.TestStreamEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.api.config.ExecutionConfigOptions;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * Flink through flink-connector-jdbc and this module's factory next to the driver alone, in one JVM against one
 * embedded server: a split scan of every row (ts, host, v) with 1, 2 and 4 splits (parallelism to match), and a
 * write of the same rows by the driver alone, by a DataStream {@link JdbcSink}, and by Flink SQL jobs into a
 * {@code 'jdbc'} table, a {@code 'greptime-jdbc'} table (this module's pipelined sink) and, when its shaded jar is
 * on the classpath ({@code -Dbench.greptimeFlinkJar}, which the pom puts there), a {@code 'greptimedb'}
 * table of GreptimeDB's own flink-connector-greptimedb (a bulk sink on the Java ingester). Every Flink write runs
 * with {@value #WRITERS} parallel writers. One MiniCluster serves every job, so its start-up is not timed;
 * {@code -Dbench.endpoint=host:port} runs against a running GreptimeDB instead of the embedded server. Not a test;
 * run with (docs/benchmarks.md)
 * {@code mvn -B -o -pl flink -am -Pbench -DskipTests -Dserver.jar.skip=true verify -Dbench.rows=10000000}.
 */
public final class FlinkBenchmark {
    private static final long T0 = 1_700_000_000_000L;
    private static final int BATCH = 50_000;
    private static final int WRITERS = 2;
    /** A class of GreptimeDB's connector, present when its shaded jar is on the classpath. */
    private static final String GREPTIMEDB_FACTORY = "io.greptime.flink.table.GreptimeDynamicTableSinkFactory";

    private FlinkBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 10_000_000L);
        long writeRows = Long.getLong("bench.writeRows", rows / 5);
        int rounds = Integer.getInteger("bench.rounds", 3);
        String endpoint = System.getProperty("bench.endpoint", "").trim();
        MiniCluster flink = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(4)
                .build());
        flink.start();
        TestStreamEnvironment.setAsContext(flink, 4);
        List<AutoCloseable> server = new ArrayList<>();
        try {
            String address = endpoint;
            if (address.isEmpty()) {
                DuckDbEngine engine = DuckDbEngine.inMemory();
                server.add(engine);
                EmbeddedGreptimeServer embedded = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start();
                server.add(0, embedded);
                address = embedded.address();
            }
            String url = "jdbc:greptime://" + address + "/public?timezone=UTC";
            recreate(url, "bench");
            insert(url, "bench", rows);
            Map<String, Double> read = new LinkedHashMap<>();
            read.put("driver alone", best(rounds, () -> driverRead(url, rows)));
            for (int p : new int[] {1, 2, 4}) {
                read.put("flink, " + p + " split" + (p == 1 ? "" : "s"), best(rounds, () -> flinkRead(url, p, rows)));
            }
            Map<String, Double> write = new LinkedHashMap<>();
            write.put("driver alone", best(rounds, () -> driverWrite(url, writeRows)));
            write.put("JdbcSink (DataStream)", best(rounds, () -> flinkWrite(url, writeRows)));
            write.put("SQL 'jdbc'", best(rounds, () -> sqlWrite(url, jdbcTable(url), writeRows)));
            write.put("SQL 'greptime-jdbc'", best(rounds, () -> sqlWrite(url, commitTable(url), writeRows)));
            String absent = greptimeDbConnectorAbsent();
            if (absent == null) {
                String table = greptimeDbTable(address);
                write.put("SQL 'greptimedb'", best(rounds, () -> sqlWrite(url, table, writeRows)));
            }
            print("read " + rows + " rows (ts, host, v)", read, rows);
            print(
                    "write " + writeRows + " rows (ts, host, v), every Flink job with " + WRITERS + " writers",
                    write,
                    writeRows);
            if (absent != null) {
                System.out.println("  SQL 'greptimedb' (flink-connector-greptimedb) not run: " + absent);
            }
            System.out.printf(
                    Locale.ROOT,
                    "machine: %d cores; Flink MiniCluster with 4 slots, %s%n",
                    Runtime.getRuntime().availableProcessors(),
                    endpoint.isEmpty() ? "one embedded server in the same JVM" : "GreptimeDB at " + endpoint);
        } finally {
            TestStreamEnvironment.unsetAsContext();
            flink.close();
            for (AutoCloseable c : server) {
                c.close();
            }
        }
    }

    interface Timed {
        void run() throws Exception;
    }

    /** The fastest of {@code rounds} runs after one warm-up, in seconds. */
    private static double best(int rounds, Timed body) throws Exception {
        body.run();
        double best = Double.MAX_VALUE;
        for (int i = 0; i < rounds; i++) {
            long t = System.nanoTime();
            body.run();
            best = Math.min(best, (System.nanoTime() - t) / 1e9);
        }
        return best;
    }

    private static void print(String title, Map<String, Double> seconds, long rows) {
        double base = seconds.values().iterator().next();
        System.out.println(title);
        seconds.forEach((name, s) -> System.out.printf(
                Locale.ROOT, "  %-24s %8.3f s %12.0f rows/s  x%.2f of driver alone%n", name, s, rows / s, base / s));
    }

    private static void insert(String url, String table, long rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (ts, host, v) VALUES (?, ?, ?)")) {
            for (long i = 0; i < rows; i++) {
                bind(ps, i);
                ps.addBatch();
                if ((i + 1) % BATCH == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
    }

    private static void bind(PreparedStatement ps, long i) throws SQLException {
        ps.setTimestamp(1, new Timestamp(T0 + i));
        ps.setString(2, "h" + (i % 16));
        ps.setDouble(3, i);
    }

    private static void driverRead(String url, long rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts, host, v FROM bench")) {
            long n = 0;
            double sum = 0;
            while (rs.next()) {
                rs.getTimestamp(1);
                rs.getString(2);
                sum += rs.getDouble(3);
                n++;
            }
            check(n == rows && sum == expectedSum(rows), "driver read " + n + " rows, sum " + sum);
        }
    }

    /** Every row crosses: Flink's JDBC source pushes projections and filters down, never an aggregate. */
    private static void flinkRead(String url, int splits, long rows) throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set(ExecutionConfigOptions.TABLE_EXEC_RESOURCE_DEFAULT_PARALLELISM, splits);
        env.executeSql("CREATE TABLE src (ts TIMESTAMP_LTZ(3), host STRING, v DOUBLE) WITH ('connector' = 'jdbc',"
                + " 'url' = '" + url + "', 'table-name' = 'bench', 'scan.fetch-size' = '65536',"
                + " 'scan.partition.column' = 'ts', 'scan.partition.num' = '" + splits + "',"
                + " 'scan.partition.lower-bound' = '" + T0 + "', 'scan.partition.upper-bound' = '" + (T0 + rows - 1)
                + "')");
        try (CloseableIterator<Row> it = env.executeSql("SELECT count(*), sum(v), max(host), max(ts) FROM src")
                .collect()) {
            Row r = it.next();
            check(
                    ((Number) r.getField(0)).longValue() == rows && (Double) r.getField(1) == expectedSum(rows),
                    "flink read " + r);
        }
    }

    private static void driverWrite(String url, long rows) throws SQLException {
        recreate(url, "bench_w");
        insert(url, "bench_w", rows);
        checkStored(url, rows, "driver write");
    }

    private static void flinkWrite(String url, long rows) throws Exception {
        recreate(url, "bench_w");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(WRITERS);
        env.fromSequence(0, rows - 1)
                .sinkTo(JdbcSink.<Long>builder()
                        .withQueryStatement("INSERT INTO bench_w (ts, host, v) VALUES (?, ?, ?)", FlinkBenchmark::bind)
                        .withExecutionOptions(JdbcExecutionOptions.builder()
                                .withBatchSize(BATCH)
                                .withBatchIntervalMs(0)
                                .build())
                        .buildAtLeastOnce(new JdbcConnectionOptions.JdbcConnectionOptionsBuilder()
                                .withUrl(url)
                                .withDriverName("io.greptime.jdbc.GreptimeDriver")
                                .build()));
        env.execute("greptime-flink-bench-write");
        checkStored(url, rows, "JdbcSink write");
    }

    /** flink-connector-jdbc's SQL sink: auto-commit, every flush of {@value #BATCH} rows one executeBatch. */
    private static String jdbcTable(String url) {
        return "'connector' = 'jdbc', 'url' = '" + url + "', 'table-name' = 'bench_w',"
                + " 'sink.buffer-flush.max-rows' = '" + BATCH + "', 'sink.buffer-flush.interval' = '0'";
    }

    /** This module's sink: auto-commit off, commit() every 10 flushes and at the end of the input. */
    private static String commitTable(String url) {
        return "'connector' = 'greptime-jdbc', 'url' = '" + url + "', 'table-name' = 'bench_w',"
                + " 'sink.buffer-flush.max-rows' = '" + BATCH + "', 'sink.buffer-flush.interval' = '0'";
    }

    /**
     * GreptimeDB's connector (flink-connector-greptimedb 0.1.0): the Java ingester's BulkStreamWriter, one stream per
     * writer completed at each flush (checkpoint or end of input), its default 8 requests in flight.
     */
    private static String greptimeDbTable(String address) {
        return "'connector' = 'greptimedb', 'endpoints' = '" + address + "', 'database' = 'public',"
                + " 'table' = 'bench_w', 'time-index' = 'ts', 'tags' = 'host', 'batch.max-rows' = '" + BATCH + "'";
    }

    /** Why GreptimeDB's connector cannot run, or null when it can. */
    private static String greptimeDbConnectorAbsent() {
        String jar = System.getProperty("bench.greptimeFlinkJar", "").trim();
        if (jar.isEmpty()) {
            return "no -Dbench.greptimeFlinkJar=/path/to/flink-connector-greptimedb-0.1.0-shaded.jar given (it is not on"
                    + " Maven Central here; docs/benchmarks.md says how to build it)";
        }
        try {
            Class.forName(GREPTIMEDB_FACTORY, false, FlinkBenchmark.class.getClassLoader());
            return null;
        } catch (ClassNotFoundException e) {
            return jar + " is not on the classpath (the bench profile puts it there)";
        }
    }

    /**
     * The same rows as the other writes, made by a Flink SQL job from a sequence and written by {@value #WRITERS}
     * writers into a table with the given connector options.
     */
    private static void sqlWrite(String url, String with, long rows) throws Exception {
        recreate(url, "bench_w");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(WRITERS);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.getConfig().set(ExecutionConfigOptions.TABLE_EXEC_RESOURCE_DEFAULT_PARALLELISM, WRITERS);
        tables.createTemporaryView("seq", env.fromSequence(0, rows - 1));
        tables.executeSql(
                "CREATE TEMPORARY TABLE dst (ts TIMESTAMP_LTZ(3) NOT NULL, host STRING, v DOUBLE) WITH (" + with + ")");
        tables.executeSql("INSERT INTO dst SELECT TO_TIMESTAMP_LTZ(" + T0
                        + " + f0, 3), CONCAT('h', CAST(MOD(f0, 16) AS STRING)), CAST(f0 AS DOUBLE) FROM seq")
                .await();
        checkStored(url, rows, "SQL write with " + with.substring(0, with.indexOf(',')));
    }

    private static double expectedSum(long rows) {
        return (rows - 1) * (double) rows / 2;
    }

    /** Every row of bench_w stored once: the count and the sum of v (0 + 1 + ... + rows - 1). */
    private static void checkStored(String url, long rows, String what) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*), sum(v) FROM bench_w")) {
            rs.next();
            long n = rs.getLong(1);
            double sum = rs.getDouble(2);
            check(n == rows && sum == expectedSum(rows), what + " stored " + n + " rows, sum " + sum);
        }
    }

    private static void recreate(String url, String table) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table);
            st.execute("CREATE TABLE " + table + " (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("benchmark result wrong: " + what);
        }
    }
}
