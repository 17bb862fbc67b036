package io.greptime.jdbc.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Spark through the greptime source next to the driver alone, in one JVM against one embedded server: a read of
 * every row (ts, host, v) with 1, 2 and 4 partitions, and a write. Not a test; run with (docs/benchmarks.md)
 * {@code mvn -B -o -pl spark -am -Pbench -DskipTests -Dserver.jar.skip=true verify -Dbench.rows=10000000}.
 */
public final class SparkBenchmark {
    private static final long T0 = 1_700_000_000_000L;

    private SparkBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 10_000_000L);
        long writeRows = Long.getLong("bench.writeRows", rows / 5);
        int rounds = Integer.getInteger("bench.rounds", 3);
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            String url = "jdbc:greptime://" + server.address() + "/public?timezone=UTC";
            load(url, rows);
            SparkSession spark = SparkSession.builder()
                    .master("local[" + Runtime.getRuntime().availableProcessors() + "]")
                    .appName("greptime-spark-bench")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.session.timeZone", "UTC")
                    .getOrCreate();
            Map<String, Double> read = new LinkedHashMap<>();
            read.put("driver alone", best(rounds, () -> driverRead(url, rows)));
            for (int p : new int[] {1, 2, 4}) {
                read.put(
                        "spark, " + p + " partition" + (p == 1 ? "" : "s"),
                        best(rounds, () -> sparkRead(spark, url, p, rows)));
            }
            Map<String, Double> write = new LinkedHashMap<>();
            write.put("driver alone", best(rounds, () -> driverWrite(url, writeRows)));
            write.put("spark, 2 tasks", best(rounds, () -> sparkWrite(spark, url, writeRows)));
            print("read " + rows + " rows (ts, host, v)", read, rows);
            print("write " + writeRows + " rows (ts, host, v)", write, writeRows);
            System.out.printf(
                    Locale.ROOT,
                    "machine: %d cores; Spark local[%d], one embedded server in the same JVM%n",
                    Runtime.getRuntime().availableProcessors(),
                    Runtime.getRuntime().availableProcessors());
            spark.stop();
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
                Locale.ROOT, "  %-22s %8.3f s %12.0f rows/s  x%.2f of driver alone%n", name, s, rows / s, base / s));
    }

    private static void load(String url, long rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE bench (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        insert(url, "bench", rows);
    }

    private static void insert(String url, String table, long rows) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (ts, host, v) VALUES (?, ?, ?)")) {
            for (long i = 0; i < rows; i++) {
                ps.setTimestamp(1, new Timestamp(T0 + i));
                ps.setString(2, "h" + (i % 16));
                ps.setDouble(3, i);
                ps.addBatch();
                if ((i + 1) % 50_000 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
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
            check(n == rows && sum >= 0, "driver read " + n);
        }
    }

    private static void sparkRead(SparkSession spark, String url, int partitions, long rows) {
        Dataset<Row> df = spark.read()
                .format("greptime")
                .option("url", url)
                .option("dbtable", "bench")
                .option("numPartitions", Integer.toString(partitions))
                .option("fetchsize", "65536")
                .load();
        Row r = df.agg(sum(col("v")), max(col("host")), max(col("ts"))).first();
        double expected = (rows - 1) * (double) rows / 2;
        check(Math.abs(r.getDouble(0) - expected) < 1e-6 * expected, "spark read sum " + r.getDouble(0));
    }

    private static void driverWrite(String url, long rows) throws SQLException {
        recreate(url, "bench_w");
        insert(url, "bench_w", rows);
    }

    private static void sparkWrite(SparkSession spark, String url, long rows) throws SQLException {
        recreate(url, "bench_w");
        spark.range(0, rows, 1, 2)
                .selectExpr(
                        "timestamp_millis(" + T0 + " + id) AS ts",
                        "concat('h', CAST(id % 16 AS STRING)) AS host",
                        "CAST(id AS DOUBLE) AS v")
                .write()
                .format("greptime")
                .option("url", url)
                .option("dbtable", "bench_w")
                .option("batchsize", "50000")
                .mode(SaveMode.Append)
                .save();
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
