package io.greptime.jdbc.examples;

import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * DoGet reads on GreptimeDB's default LZ4-compressed stream and on an uncompressed one (issue #36), with the
 * client's and the server's CPU apart: the embedded server runs in a child JVM, once compressing DoGet batches
 * as GreptimeDB does by default ({@code grpc.flight_compression = "arrow_ipc"}) and once not
 * ({@code "none"}). Per setting, N rows of (host tag, ts, three doubles) are read by the driver
 * ({@code ResultSet.next} and typed getters) and by Arrow's own {@code FlightClient} decoding the same stream
 * (arrow-compression's codec), every value read into a checksum. Client CPU is this JVM's process CPU during a
 * read, server CPU the child's; both are printed per row, beside rows/s and the ratios. Then how long closing
 * a result, a statement and a connection takes after reading one row of the N (the stream must be cancelled,
 * not drained).
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.main=io.greptime.jdbc.examples.CompressionReadBenchmark -Dbench.rows=1000000 -Dbench.rounds=3}.
 * With {@code GREPTIMEDB_ENDPOINT=host:port} it reads from that server instead, in whatever compression the
 * server is configured with, and cannot see the server's CPU. Not a test: figures depend on the machine.
 */
public final class CompressionReadBenchmark {
    private static final String TABLE = "compression_read_bench";
    private static final String QUERY = "SELECT host, ts, v1, v2, v3 FROM " + TABLE;
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private CompressionReadBenchmark() {}

    public static void main(String[] args) throws Exception {
        long rows = Long.getLong("bench.rows", 1_000_000L);
        int rounds = Integer.getInteger("bench.rounds", 3);
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        List<String> summary = new ArrayList<>();
        if (endpoint != null && !endpoint.isBlank()) {
            System.out.println("GreptimeDB at " + endpoint + " (GREPTIMEDB_ENDPOINT), its own flight_compression");
            summary.addAll(measure("server's setting", endpoint.trim(), null, rows, rounds));
        } else {
            for (boolean lz4 : new boolean[] {true, false}) {
                String label = lz4 ? "LZ4 (GreptimeDB default)" : "none";
                try (ChildServer server = ChildServer.start(lz4)) {
                    summary.addAll(measure(label, server.address, server.process, rows, rounds));
                }
            }
        }
        System.out.println();
        System.out.printf(
                "%-26s %-8s %12s %16s %16s%n",
                "flight_compression", "client", "rows/s", "client CPU/row", "server CPU/row");
        summary.forEach(System.out::println);
    }

    /** Fills the table, reads it {@code rounds} times per side, measures closing; returns the summary lines. */
    private static List<String> measure(String label, String address, ProcessHandle server, long rows, int rounds)
            throws Exception {
        // a generous connect timeout: the server may be a freshly started JVM on a busy machine
        String url = "jdbc:greptime://" + address + "/public?timezone=UTC&connectTimeout=60000";
        try (Connection conn = DriverManager.getConnection(url);
                BufferAllocator allocator = new RootAllocator();
                FlightClient flight =
                        FlightClient.builder(allocator, location(address)).build()) {
            fill(conn, rows);
            Side driver = new Side("driver");
            Side raw = new Side("raw Flight");
            for (int round = 0; round <= rounds; round++) {
                boolean counted = round > 0; // round 0 warms up
                System.out.println(label + (counted ? " round " + round : " warm-up"));
                driver.run(() -> readWithDriver(conn), rows, server, counted);
                raw.run(() -> readWithFlight(flight), rows, server, counted);
            }
            closeLatency(url, label);
            List<String> lines = new ArrayList<>(List.of(driver.summary(label), raw.summary(label)));
            lines.add(String.format(
                    "%-26s driver/raw: rows/s %.2f, client CPU/row %.2f",
                    label,
                    driver.medianRate() / raw.medianRate(),
                    driver.medianClientNanos() / raw.medianClientNanos()));
            return lines;
        }
    }

    private static Location location(String address) {
        int colon = address.lastIndexOf(':');
        return Location.forGrpcInsecure(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
    }

    private static void fill(Connection conn, long rows) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("DROP TABLE IF EXISTS " + TABLE);
            st.executeUpdate("CREATE TABLE " + TABLE + " (host STRING, ts TIMESTAMP(3) NOT NULL TIME INDEX,"
                    + " v1 DOUBLE, v2 DOUBLE, v3 DOUBLE, PRIMARY KEY (host)) WITH (append_mode = 'true')");
        }
        long start = System.nanoTime();
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?, ?, ?, ?)")) {
            for (long i = 0; i < rows; i++) {
                ps.setString(1, "host-" + (i % 100));
                ps.setTimestamp(2, new Timestamp(1_700_000_000_000L + i * 10));
                ps.setDouble(3, i * 0.5);
                ps.setDouble(4, (i % 1000) * 0.25);
                ps.setDouble(5, Math.sin(i));
                ps.addBatch();
                if ((i + 1) % 50_000 == 0 || i == rows - 1) {
                    ps.executeBatch();
                }
            }
        }
        System.out.printf("filled %,d rows in %.1f s%n", rows, (System.nanoTime() - start) / 1e9);
    }

    private interface Reader {
        long read() throws Exception;
    }

    /** One client's measured reads. */
    private static final class Side {
        private final String name;
        private final List<Double> rates = new ArrayList<>();
        private final List<Double> clientNanos = new ArrayList<>();
        private final List<Double> serverNanos = new ArrayList<>();

        Side(String name) {
            this.name = name;
        }

        void run(Reader reader, long expected, ProcessHandle server, boolean counted) throws Exception {
            long serverCpu = cpuNanos(server);
            long clientCpu = OS.getProcessCpuTime();
            long start = System.nanoTime();
            long n = reader.read();
            double seconds = (System.nanoTime() - start) / 1e9;
            double client = (double) (OS.getProcessCpuTime() - clientCpu) / n;
            double serverPerRow = server == null ? Double.NaN : (double) (cpuNanos(server) - serverCpu) / n;
            if (n != expected) {
                throw new IllegalStateException(name + " read " + n + " rows, expected " + expected);
            }
            System.out.printf(
                    "  %-10s %,12.0f rows/s; client CPU %5.0f ns/row; server CPU %5.0f ns/row%n",
                    name, n / seconds, client, serverPerRow);
            if (counted) {
                rates.add(n / seconds);
                clientNanos.add(client);
                serverNanos.add(serverPerRow);
            }
        }

        String summary(String label) {
            return String.format(
                    "%-26s %-8s %,12.0f %13.0f ns %13.0f ns",
                    label,
                    name.equals("driver") ? "driver" : "raw",
                    medianRate(),
                    medianClientNanos(),
                    median(serverNanos));
        }

        double medianRate() {
            return median(rates);
        }

        double medianClientNanos() {
            return median(clientNanos);
        }

        private static double median(List<Double> values) {
            double[] sorted =
                    values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            int mid = sorted.length / 2;
            return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }
    }

    private static long cpuNanos(ProcessHandle process) {
        return process == null
                ? 0
                : process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static long readWithDriver(Connection conn) throws SQLException {
        long n = 0;
        long checksum = 0;
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(QUERY)) {
            while (rs.next()) {
                checksum += rs.getString(1).length() + rs.getTimestamp(2).getTime();
                checksum += (long) (rs.getDouble(3) + rs.getDouble(4) + rs.getDouble(5));
                n++;
            }
        }
        sink += checksum;
        return n;
    }

    private static long readWithFlight(FlightClient flight) throws Exception {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder()
                        .setCatalog("greptime")
                        .setSchema("public")
                        .setTimezone("UTC"))
                .setQuery(QueryRequest.newBuilder().setSql(QUERY))
                .build();
        long n = 0;
        long checksum = 0;
        try (FlightStream stream = flight.getStream(new Ticket(request.toByteArray()))) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                VarCharVector host = (VarCharVector) root.getVector(0);
                TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector(1);
                Float8Vector v1 = (Float8Vector) root.getVector(2);
                Float8Vector v2 = (Float8Vector) root.getVector(3);
                Float8Vector v3 = (Float8Vector) root.getVector(4);
                int count = root.getRowCount();
                for (int i = 0; i < count; i++) {
                    checksum += new String(host.get(i), StandardCharsets.UTF_8).length() + ts.get(i);
                    checksum += (long) (v1.get(i) + v2.get(i) + v3.get(i));
                }
                n += count;
            }
        }
        sink += checksum;
        return n;
    }

    /** Reads one row of the N, then times closing the result, the statement or the connection. */
    private static void closeLatency(String url, String label) throws SQLException {
        double[] millis = new double[3];
        for (int which = 0; which < 3; which++) {
            Connection conn = DriverManager.getConnection(url);
            Statement st = conn.createStatement();
            ResultSet rs = st.executeQuery(QUERY);
            rs.next();
            AutoCloseable target = which == 0 ? rs : which == 1 ? st : conn;
            long start = System.nanoTime();
            try {
                target.close();
            } catch (Exception e) {
                throw new SQLException(e);
            }
            millis[which] = (System.nanoTime() - start) / 1e6;
            conn.close();
        }
        Connection idle = DriverManager.getConnection(url); // the same, with no result open: the baseline
        try (Statement st = idle.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1")) {
            rs.next();
        }
        long start = System.nanoTime();
        idle.close();
        double baseline = (System.nanoTime() - start) / 1e6;
        System.out.printf(
                "%s: after one row, ResultSet.close %.1f ms, Statement.close %.1f ms, Connection.close %.1f ms"
                        + " (with no result open: %.1f ms)%n",
                label, millis[0], millis[1], millis[2], baseline);
    }

    private static volatile long sink;

    /** The embedded server in a child JVM, so that its CPU is its own. */
    private static final class ChildServer implements AutoCloseable {
        final Process child;
        final ProcessHandle process;
        final String address;

        private ChildServer(Process child, String address) {
            this.child = child;
            this.process = child.toHandle();
            this.address = address;
        }

        static ChildServer start(boolean lz4) throws Exception {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "-cp",
                    WriteProcesses.classpath(),
                    "io.greptime.jdbc.tck.server.EmbeddedServerMain",
                    "--port",
                    "0",
                    "--host",
                    "127.0.0.1"));
            if (!lz4) {
                command.add("--no-compression");
            }
            Process child =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                int at = line.indexOf("listening on ");
                if (at >= 0) {
                    System.out.println("child server (" + (lz4 ? "LZ4" : "no compression") + "): " + line);
                    Thread drain = new Thread(() -> out.lines().forEach(rest -> {}), "child-server-output");
                    drain.setDaemon(true);
                    drain.start();
                    return new ChildServer(
                            child, line.substring(at + "listening on ".length()).trim());
                }
            }
            child.destroyForcibly();
            throw new IllegalStateException("the child server exited before it listened");
        }

        @Override
        public void close() throws InterruptedException {
            child.destroy();
            child.waitFor();
        }
    }
}
