package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * What the driver's idle shutdown of its event loop group costs: the time to open a connection and run
 * {@code SELECT 1} while another connection keeps the group alive ("warm"), against the same after
 * every connection has been closed for longer than the idle time, so that the group and its threads
 * are started again ("after idle"). Both sides alternate in one JVM against an embedded server on
 * loopback; prints every figure, the medians and their ratio.
 *
 * <pre>
 * mvn -B -q -pl examples -am package -DskipTests
 * mvn -B -q -pl examples exec:java -Dexec.mainClass=io.greptime.jdbc.examples.IdleRestartBenchmark -Dexec.args="8"
 * </pre>
 *
 * (arguments: rounds, default 8, each waiting out the 10 s idle time, so 8 rounds take about 90 s; then
 * optionally connection properties such as {@code transport=nio}).
 */
public final class IdleRestartBenchmark {
    /** The driver's idle time (NettyTransport.IDLE_SHUTDOWN_MILLIS) and a margin. */
    private static final long IDLE_WAIT_MILLIS = 11_500;

    private IdleRestartBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        String properties = args.length > 1 ? "&" + args[1] : "";
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            String url = "jdbc:greptime://" + server.address() + "?timezone=UTC" + properties;
            openQueryClose(url); // class loading and the server's first statement out of the figures
            long[] warm = new long[rounds];
            long[] cold = new long[rounds];
            for (int i = 0; i < rounds; i++) {
                try (Connection keeper = DriverManager.getConnection(url)) {
                    selectOne(keeper);
                    warm[i] = openQueryClose(url);
                }
                Thread.sleep(IDLE_WAIT_MILLIS);
                long loops = loopThreads();
                cold[i] = openQueryClose(url);
                System.out.printf(
                        "round %d: warm %.2f ms, after idle %.2f ms (driver loop threads before: %d)%n",
                        i + 1, warm[i] / 1e6, cold[i] / 1e6, loops);
            }
            double w = median(warm) / 1e6;
            double c = median(cold) / 1e6;
            System.out.printf("median: warm %.2f ms, after idle %.2f ms, ratio %.2f%n", w, c, c / w);
        }
    }

    /** Nanoseconds to open a connection, read {@code SELECT 1} and close it. */
    private static long openQueryClose(String url) throws SQLException {
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url)) {
            selectOne(c);
        }
        return System.nanoTime() - start;
    }

    private static void selectOne(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            if (!rs.next() || rs.getInt(1) != 1) {
                throw new IllegalStateException("SELECT 1 did not answer 1");
            }
        }
    }

    private static long loopThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().matches("greptime-jdbc-(io_uring|epoll|nio)-.*"))
                .count();
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2.0;
    }
}
