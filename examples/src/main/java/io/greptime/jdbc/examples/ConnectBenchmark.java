package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.okhttp.OkHttpChannelBuilder;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Cold first connection and first query, each in a fresh JVM: the clock starts at the first line of the
 * child's {@code main} (JVM start-up excluded) and stops once {@code getConnection} returns, then once the
 * first query's only row has been read; a second driver child adds {@code transport=okhttp}. Then a raw
 * Arrow Flight client is timed the same way, on netty and on grpc's OkHttp transport (a
 * gRPC channel plus a HealthCheck, as the driver's connect does, then a DoGet of the same statement), and a
 * last child sends the same two calls as HTTP/2 frames on a plain socket ({@link Http2Floor}: the round trips
 * and the server's work, with no client library), so all five are side by side in one run. Loopback,
 * plaintext, against an embedded server in this JVM.
 *
 * <p>{@code -Dbench.rounds=N} (default 10) rounds of one child per side, alternating; {@code -Dbench.params=k=v&...}
 * adds connection properties. Prints every child's figures, wall clock and the CPU time of the child's whole
 * JVM over the same span (the CPU figure does not depend on what else the machine runs), then median and
 * best of each side and the ratios.
 */
public final class ConnectBenchmark {
    private static final String QUERY = "SELECT 1";

    private ConnectBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 2) {
            child(args[0], args[1]);
            return;
        }
        int rounds = Integer.getInteger("bench.rounds", 10);
        String params = System.getProperty("bench.params", "");
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            String address = server.address();
            String url = "jdbc:greptime://" + address + "/public" + (params.isEmpty() ? "" : "?" + params);
            String okhttpUrl = url + (params.isEmpty() ? "?" : "&") + "transport=okhttp";
            System.out.printf(
                    "connect benchmark: %d fresh JVMs per side, server %s, %s, load average %s%n",
                    rounds, address, QUERY, LoadAverage.read());
            // side name, child kind, target
            String[][] sides = {
                {"driver", "driver", url},
                {"driver okhttp", "driver", okhttpUrl},
                {"raw Flight", "flight", address},
                {"raw okhttp", "flight-okhttp", address},
                {"socket", "socket", address}
            };
            List<List<double[]>> figures = new ArrayList<>();
            for (int k = 0; k < sides.length; k++) {
                figures.add(new ArrayList<>());
            }
            for (int i = 0; i < rounds + 1; i++) {
                // the first round warms the OS page cache of the class path; it is printed, not counted
                StringBuilder line = new StringBuilder(i == 0 ? "  warm-up " : String.format("  round %2d", i));
                for (int k = 0; k < sides.length; k++) {
                    double[] f = runChild(sides[k][1], sides[k][2]);
                    line.append(String.format(
                            " | %s %.0f (CPU %.0f) / %.0f (CPU %.0f)", sides[k][0], f[0], f[2], f[1], f[3]));
                    if (i > 0) {
                        figures.get(k).add(f);
                    }
                }
                System.out.println(line.append(" ms"));
            }
            for (int k = 0; k < sides.length; k++) {
                report(sides[k][0], figures.get(k));
            }
            ratio("driver/raw Flight", figures.get(0), figures.get(2));
            ratio("driver okhttp/driver", figures.get(1), figures.get(0));
            ratio("raw okhttp/raw Flight", figures.get(3), figures.get(2));
            System.out.printf("load average at the end %s%n", LoadAverage.read());
        }
    }

    private static void ratio(String what, List<double[]> a, List<double[]> b) {
        System.out.printf(
                "median ratio %s: connect %.2f (CPU %.2f), first query %.2f (CPU %.2f)%n",
                what,
                median(a, 0) / median(b, 0),
                median(a, 2) / median(b, 2),
                median(a, 1) / median(b, 1),
                median(a, 3) / median(b, 3));
    }

    private static void report(String side, List<double[]> figures) {
        System.out.printf(
                "%-14s connect median %6.1f ms (best %6.1f; CPU median %6.1f), first query median %6.1f ms"
                        + " (best %6.1f; CPU median %6.1f)%n",
                side + ":",
                median(figures, 0),
                best(figures, 0),
                median(figures, 2),
                median(figures, 1),
                best(figures, 1),
                median(figures, 3));
    }

    private static double median(List<double[]> figures, int i) {
        double[] v = figures.stream().mapToDouble(f -> f[i]).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double best(List<double[]> figures, int i) {
        return figures.stream().mapToDouble(f -> f[i]).min().orElse(Double.NaN);
    }

    /** Runs one child JVM and reads its "connect_ms query_ms" line. */
    private static double[] runChild(String side, String target) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-cp",
                classPath(),
                ConnectBenchmark.class.getName(),
                side,
                target));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(side + " child failed: " + out);
        }
        String last = out.lines()
                .filter(l -> l.startsWith("result "))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalStateException("no result from the " + side + " child: " + out));
        return Arrays.stream(last.substring("result ".length()).split(" "))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }

    /** This JVM's class path, or the one exec:java built for the project (a URLClassLoader). */
    private static String classPath() {
        ClassLoader loader = ConnectBenchmark.class.getClassLoader();
        if (loader instanceof URLClassLoader urls && urls.getURLs().length > 0) {
            List<String> paths = new ArrayList<>();
            for (URL u : urls.getURLs()) {
                paths.add(new File(u.getPath()).getPath());
            }
            return String.join(File.pathSeparator, paths);
        }
        return System.getProperty("java.class.path");
    }

    /** CPU time of the whole JVM (every thread: JIT, GC, event loops), in ns. */
    private static long cpuNanos() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(java.time.Duration::toNanos)
                .orElse(0L);
    }

    private static void child(String side, String target) throws Exception {
        long cpuAtStart = cpuNanos();
        long start = System.nanoTime();
        long connected;
        long queried;
        long cpuAtConnect;
        long cpuAtQuery;
        if (side.equals("driver")) {
            try (Connection c = DriverManager.getConnection(target)) {
                connected = System.nanoTime();
                cpuAtConnect = cpuNanos();
                Connected.mark();
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery(QUERY)) {
                    check(rs.next() && rs.getLong(1) == 1 && !rs.next());
                }
                queried = System.nanoTime();
                cpuAtQuery = cpuNanos();
            }
        } else if (side.equals("socket")) {
            String[] hostPort = target.split(":");
            try (Http2Floor floor = new Http2Floor(hostPort[0], Integer.parseInt(hostPort[1]))) {
                floor.healthCheck();
                connected = System.nanoTime();
                cpuAtConnect = cpuNanos();
                Connected.mark();
                floor.doGet("public", QUERY);
                queried = System.nanoTime();
                cpuAtQuery = cpuNanos();
            }
        } else {
            String[] hostPort = target.split(":");
            ManagedChannel channel = side.equals("flight-okhttp")
                    ? OkHttpChannelBuilder.forAddress(hostPort[0], Integer.parseInt(hostPort[1]))
                            .usePlaintext()
                            .build()
                    : NettyChannelBuilder.forAddress(hostPort[0], Integer.parseInt(hostPort[1]))
                            .usePlaintext()
                            .build();
            try (BufferAllocator allocator = new RootAllocator();
                    FlightClient client = FlightGrpcUtils.createFlightClient(allocator, channel)) {
                HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance());
                connected = System.nanoTime();
                cpuAtConnect = cpuNanos();
                Connected.mark();
                GreptimeRequest request = GreptimeRequest.newBuilder()
                        .setHeader(RequestHeader.newBuilder().setDbname("public"))
                        .setQuery(QueryRequest.newBuilder().setSql(QUERY))
                        .build();
                long rows = 0;
                try (FlightStream stream = client.getStream(new Ticket(request.toByteArray()))) {
                    while (stream.next()) {
                        rows += stream.getRoot().getRowCount();
                    }
                }
                check(rows == 1);
                queried = System.nanoTime();
                cpuAtQuery = cpuNanos();
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
        System.out.printf(
                "result %.1f %.1f %.1f %.1f%n",
                (connected - start) / 1e6,
                (queried - connected) / 1e6,
                (cpuAtConnect - cpuAtStart) / 1e6,
                (cpuAtQuery - cpuAtConnect) / 1e6);
        System.exit(0);
    }

    /**
     * Loaded only once the connect is timed, so that a {@code -Xlog:class+load} of a child shows where the
     * connect's classes end and the first query's begin.
     */
    private static final class Connected {
        static void mark() {}
    }

    private static void check(boolean ok) {
        if (!ok) {
            throw new IllegalStateException("unexpected answer to " + QUERY);
        }
    }
}
