package io.greptime.jdbc.live;

import io.greptime.jdbc.GreptimeResultSet;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.Random;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One client of {@link SideBySide}, in a JVM of its own: {@code BenchClient <task> <url> <rows> [table]}. It runs
 * one task through one JDBC driver (the URL says which) and prints one {@code RESULT} line that the parent reads:
 * rows handled, wall seconds, this process's CPU seconds during the task, and a checksum (reads) or latency
 * percentiles (point queries).
 *
 * <p>Tasks: {@code read} (every row of the table through {@code ResultSet} typed getters), {@code arrow} (the same
 * through greptime-jdbc's Arrow batches), {@code insert} ({@code addBatch}/{@code executeBatch}, 10,000 rows a
 * batch, into {@code table}), {@code point} (a primary-key lookup, prepared, repeated) and {@code cold} (the time
 * from this JVM's start to the first query's first row).
 */
public final class BenchClient {
    static final String READ_TABLE = "bench_read";
    static final int HOSTS = 100;
    static final long BASE_TS = 1_700_000_000_000L;
    static final int BATCH = 10_000;

    private BenchClient() {}

    public static void main(String[] args) throws Exception {
        String task = args[0];
        String url = args[1];
        long rows = Long.parseLong(args[2]);
        String table = args.length > 3 ? args[3] : READ_TABLE;
        Properties props = new Properties();
        props.setProperty("user", System.getProperty("bench.user", ""));
        props.setProperty("password", System.getProperty("bench.password", ""));
        try (Connection c = DriverManager.getConnection(url, props)) {
            // the task alone: a cold start is measured by the cold task, from the JVM's start
            long cpu0 = cpuNanos();
            long t0 = System.nanoTime();
            String result = switch (task) {
                case "read" -> read(c);
                case "arrow" -> arrow(c);
                case "insert" -> insert(c, table, rows);
                case "point" -> point(c, (int) rows);
                case "cold" -> cold(c);
                default -> throw new IllegalArgumentException("unknown task " + task);
            };
            double wall = (System.nanoTime() - t0) / 1e9;
            double cpu = (cpuNanos() - cpu0) / 1e9;
            System.out.printf("RESULT %s wall=%.4f cpu=%.4f%n", result, wall, cpu);
        }
    }

    /** The value of a row's three doubles, so every client writes and checks the same data. */
    static double cpu(long i) {
        return (i % 1000) / 10.0;
    }

    static double mem(long i) {
        return (i % 777) * 1.5;
    }

    static double disk(long i) {
        return i * 0.25;
    }

    static String host(long i) {
        return "h" + (i % HOSTS);
    }

    private static String read(Connection c) throws SQLException {
        long n = 0;
        double sum = 0;
        long tsSum = 0;
        try (Statement st = c.createStatement()) {
            st.setFetchSize(fetchSize(c));
            try (ResultSet rs = st.executeQuery("SELECT host, ts, cpu, mem, disk FROM " + READ_TABLE)) {
                while (rs.next()) {
                    String h = rs.getString(1);
                    Timestamp ts = rs.getTimestamp(2);
                    sum += rs.getDouble(3) + rs.getDouble(4) + rs.getDouble(5) + h.length();
                    tsSum += ts.getTime() - BASE_TS;
                    n++;
                }
            }
        }
        return "rows=" + n + " checksum=" + checksum(sum, tsSum);
    }

    /**
     * Connector/J streams only with {@code Integer.MIN_VALUE}. pgjdbc streams through a named portal (auto-commit
     * off and a fetch size), which GreptimeDB v1.0's PostgreSQL port refuses ("Portal not found for name: C_1"), so
     * it reads with its defaults: the whole result at once.
     */
    private static int fetchSize(Connection c) throws SQLException {
        String name = c.getMetaData().getDriverName().toLowerCase(Locale.ROOT);
        if (name.contains("mysql")) {
            return Integer.MIN_VALUE;
        }
        return name.contains("postgres") ? 0 : 10_000;
    }

    private static String arrow(Connection c) throws SQLException {
        long n = 0;
        double sum = 0;
        long tsSum = 0;
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT host, ts, cpu, mem, disk FROM " + READ_TABLE)) {
            GreptimeResultSet batches = rs.unwrap(GreptimeResultSet.class);
            for (VectorSchemaRoot root = batches.nextBatch(); root != null; root = batches.nextBatch()) {
                VarCharVector host = (VarCharVector) root.getVector(0);
                TimeStampVector ts = (TimeStampVector) root.getVector(1);
                Float8Vector v1 = (Float8Vector) root.getVector(2);
                Float8Vector v2 = (Float8Vector) root.getVector(3);
                Float8Vector v3 = (Float8Vector) root.getVector(4);
                for (int i = 0; i < root.getRowCount(); i++) {
                    sum += v1.get(i) + v2.get(i) + v3.get(i) + host.getValueLength(i);
                    tsSum += ts.get(i) - BASE_TS;
                }
                n += root.getRowCount();
            }
        }
        return "rows=" + n + " checksum=" + checksum(sum, tsSum);
    }

    static String checksum(double sum, long tsSum) {
        return Math.round(sum) + ":" + tsSum;
    }

    private static String insert(Connection c, String table, long rows) throws SQLException {
        return "rows=" + writeRows(c, table, rows);
    }

    /** Rows 0..rows-1 of the benchmark's data into {@code table}, 10,000 a batch; the rows the driver counted. */
    static long writeRows(Connection c, String table, long rows) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT INTO " + table + " (host, ts, cpu, mem, disk) VALUES (?, ?, ?, ?, ?)")) {
            long sent = 0;
            for (long i = 0; i < rows; i++) {
                ps.setString(1, host(i));
                ps.setTimestamp(2, new Timestamp(BASE_TS + i));
                ps.setDouble(3, cpu(i));
                ps.setDouble(4, mem(i));
                ps.setDouble(5, disk(i));
                ps.addBatch();
                if ((i + 1) % BATCH == 0 || i == rows - 1) {
                    sent += Arrays.stream(ps.executeBatch())
                            .filter(k -> k != Statement.EXECUTE_FAILED)
                            .count();
                }
            }
            return sent;
        }
    }

    private static String point(Connection c, int queries) throws SQLException {
        Random random = new Random(42);
        long[] nanos = new long[queries];
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT host, ts, cpu, mem, disk FROM " + READ_TABLE + " WHERE host = ? AND ts = ?")) {
            for (int q = -queries / 10; q < queries; q++) {
                long i = (long) random.nextInt(Integer.getInteger("bench.tableRows", 1_000_000));
                long t = System.nanoTime();
                ps.setString(1, host(i));
                ps.setTimestamp(2, new Timestamp(BASE_TS + i));
                int found = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        found += rs.getDouble(3) == cpu(i) ? 1 : 0;
                    }
                }
                if (found != 1) {
                    throw new IllegalStateException("row " + i + " not found by the point query");
                }
                if (q >= 0) {
                    nanos[q] = System.nanoTime() - t;
                }
            }
        }
        Arrays.sort(nanos);
        return String.format(
                "rows=%d p50=%.3f p99=%.3f", queries, nanos[queries / 2] / 1e6, nanos[queries * 99 / 100] / 1e6);
    }

    private static String cold(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM " + READ_TABLE)) {
            rs.next();
            long fromStart = System.currentTimeMillis()
                    - ManagementFactory.getRuntimeMXBean().getStartTime();
            return "rows=1 first_ms=" + fromStart;
        }
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
