package io.greptime.jdbc.live;

import io.greptime.jdbc.testing.LiveGreptimeDB;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * greptime-jdbc beside MySQL Connector/J (GreptimeDB's MySQL port) and pgjdbc (its PostgreSQL port) on one real
 * GreptimeDB, one JVM per client and task ({@link BenchClient}), in one run. Reads run on GreptimeDB's default
 * {@code grpc.flight_compression} ({@code arrow_ipc}) and, when this program starts the server from
 * {@code GREPTIMEDB_BIN}, again on a server with it off. A figure is printed only for a client whose rows all
 * arrived (reads: the same row count and checksum as greptime-jdbc's; inserts: the table counted afterwards).
 *
 * <pre>
 * mvn -B -Plive -pl live -am package -DskipTests -DskipITs
 * GREPTIMEDB_BIN=/path/to/greptime java -cp "live/target/classes:live/target/lib/*" io.greptime.jdbc.live.SideBySide
 * </pre>
 *
 * <p>Settings (system properties): {@code bench.rows} (rows read, default 1,000,000), {@code bench.insertRows}
 * (default 1,000,000; Connector/J without batch rewriting and pgjdbc without it get a tenth), {@code bench.points}
 * (point queries, default 2,000), {@code bench.rounds} (default 2; the median is printed), {@code bench.only=reads}
 * (the reads alone).
 */
public final class SideBySide {
    private static final long ROWS = Long.getLong("bench.rows", 1_000_000);
    private static final long INSERT_ROWS = Long.getLong("bench.insertRows", 1_000_000);
    private static final int POINTS = Integer.getInteger("bench.points", 2_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 2);
    private static final boolean READS_ONLY = "reads".equals(System.getProperty("bench.only"));

    private SideBySide() {}

    /** One client: a name and the URL its driver takes. */
    record Client(String name, String url, long insertRows) {}

    public static void main(String[] args) throws Exception {
        boolean binary = System.getenv("GREPTIMEDB_BIN") != null && System.getenv("GREPTIMEDB_ENDPOINT") == null;
        System.out.printf(
                "side by side: %,d rows read, %,d inserted, %d point queries, %d rounds, load %.2f%n",
                ROWS, INSERT_ROWS, POINTS, ROUNDS, load());
        try (LiveGreptimeDB db = LiveGreptimeDB.fromEnvironment(Map.of())) {
            if (db.skipReason().isPresent()) {
                System.out.println("side by side: skipped: " + db.skipReason().get());
                return;
            }
            System.out.println("server: " + db.description() + " (grpc.flight_compression as configured: "
                    + (binary ? "GreptimeDB's default, arrow_ipc" : "unknown, an external server") + ")");
            List<Client> clients = clients(db);
            load(db);
            reads(db, clients, binary ? "arrow_ipc (GreptimeDB's default)" : "as configured");
            if (!READS_ONLY) {
                inserts(db, clients);
                points(db, clients);
                cold(db, clients);
            }
        }
        if (binary) {
            try (LiveGreptimeDB db = LiveGreptimeDB.fromEnvironment(Map.of("grpc.flight_compression", "none"))) {
                System.out.println("server: " + db.description() + " with grpc.flight_compression = none");
                load(db);
                reads(db, clients(db), "none");
            }
        }
    }

    static List<Client> clients(LiveGreptimeDB db) {
        String mysql = "jdbc:mysql://" + db.mysqlEndpoint() + "/public?useSSL=false&allowPublicKeyRetrieval=true";
        String pg = "jdbc:postgresql://" + db.postgresEndpoint() + "/public?sslmode=disable";
        return List.of(
                new Client("greptime-jdbc", db.jdbcUrl("public"), INSERT_ROWS),
                new Client(
                        "Connector/J rewriteBatchedStatements", mysql + "&rewriteBatchedStatements=true", INSERT_ROWS),
                new Client("Connector/J defaults", mysql, INSERT_ROWS / 10),
                new Client("pgjdbc reWriteBatchedInserts", pg + "&reWriteBatchedInserts=true", INSERT_ROWS / 10),
                new Client("pgjdbc defaults", pg, INSERT_ROWS / 10));
    }

    /** The read table, written once through greptime-jdbc. */
    private static void load(LiveGreptimeDB db) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl("public"));
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + BenchClient.READ_TABLE);
            st.execute(createTable(BenchClient.READ_TABLE));
            BenchClient.writeRows(c, BenchClient.READ_TABLE, ROWS);
            long n = count(st, BenchClient.READ_TABLE);
            if (n != ROWS) {
                throw new IllegalStateException("the read table holds " + n + " rows, not " + ROWS);
            }
        }
    }

    static String createTable(String name) {
        return "CREATE TABLE " + name + " (host STRING, ts TIMESTAMP(3) NOT NULL, cpu DOUBLE, mem DOUBLE, disk DOUBLE,"
                + " TIME INDEX (ts), PRIMARY KEY (host))";
    }

    private static long count(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void reads(LiveGreptimeDB db, List<Client> clients, String compression) throws Exception {
        System.out.printf(
                "%nread %,d rows (tag, timestamp, three doubles; typed getters), flight_compression %s%n",
                ROWS, compression);
        List<Client> readers = new ArrayList<>(
                List.of(new Client("greptime-jdbc Arrow batches", clients.get(0).url(), 0)));
        readers.add(clients.get(0));
        readers.add(clients.get(1));
        readers.add(clients.get(3));
        Map<String, Figure> figures = new LinkedHashMap<>();
        String reference = null;
        for (Client c : readers) {
            String task = c.name().endsWith("Arrow batches") ? "arrow" : "read";
            Figure f = median(db, c, task, ROWS, null);
            if (f == null) {
                continue;
            }
            if (reference == null) {
                reference = f.field("checksum");
            }
            if (f.rows() != ROWS || !f.field("checksum").equals(reference)) {
                System.out.printf(
                        "  %-40s no figure: %d rows, checksum %s (expected %d, %s)%n",
                        c.name(), f.rows(), f.field("checksum"), ROWS, reference);
                continue;
            }
            figures.put(c.name(), f);
        }
        printThroughput(figures, "greptime-jdbc");
    }

    private static void inserts(LiveGreptimeDB db, List<Client> clients) throws Exception {
        System.out.printf("%ninsert with addBatch/executeBatch, %,d rows a batch%n", BenchClient.BATCH);
        Map<String, Figure> figures = new LinkedHashMap<>();
        for (int i = 0; i < clients.size(); i++) {
            Client c = clients.get(i);
            String table = "bench_ins_" + i;
            Figure f = median(db, c, "insert", c.insertRows(), table);
            long stored;
            try (Connection g = DriverManager.getConnection(db.jdbcUrl("public"));
                    Statement st = g.createStatement()) {
                stored = count(st, table);
            }
            if (f == null || stored != c.insertRows()) {
                System.out.printf("  %-40s no figure: %d of %d rows stored%n", c.name(), stored, c.insertRows());
                continue;
            }
            figures.put(c.name(), f);
        }
        printThroughput(figures, "greptime-jdbc");
    }

    private static void points(LiveGreptimeDB db, List<Client> clients) throws Exception {
        System.out.printf(
                "%npoint query by primary key and time, prepared, %d queries after %d warm-up%n", POINTS, POINTS / 10);
        for (Client c : List.of(clients.get(0), clients.get(1), clients.get(3))) {
            Figure f = median(db, c, "point", POINTS, null);
            if (f != null) {
                System.out.printf("  %-40s p50 %s ms  p99 %s ms%n", c.name(), f.field("p50"), f.field("p99"));
            }
        }
    }

    private static void cold(LiveGreptimeDB db, List<Client> clients) throws Exception {
        System.out.println("\ncold: a new JVM's first connection and first query (ms from JVM start)");
        for (Client c : List.of(clients.get(0), clients.get(1), clients.get(3))) {
            Figure f = median(db, c, "cold", 1, null);
            if (f != null) {
                System.out.printf("  %-40s %s ms%n", c.name(), f.field("first_ms"));
            }
        }
    }

    /** The median round by wall time, or null when a round failed (its output is printed). */
    private static Figure median(LiveGreptimeDB db, Client c, String task, long rows, String table) throws Exception {
        List<Figure> rounds = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            if (table != null) {
                try (Connection g = DriverManager.getConnection(db.jdbcUrl("public"));
                        Statement st = g.createStatement()) {
                    st.execute("DROP TABLE IF EXISTS " + table);
                    st.execute(createTable(table));
                }
            }
            Figure f = run(db, c, task, rows, table);
            if (f == null) {
                return null;
            }
            rounds.add(f);
        }
        rounds.sort((a, b) -> Double.compare(a.wall(), b.wall()));
        return rounds.get(rounds.size() / 2);
    }

    private static Figure run(LiveGreptimeDB db, Client c, String task, long rows, String table) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Xmx2g",
                "-Dbench.tableRows=" + ROWS,
                "-Dbench.user=" + (c.url().startsWith("jdbc:greptime:") ? "" : "greptime"),
                "-cp",
                System.getProperty("java.class.path"),
                BenchClient.class.getName(),
                task,
                c.url(),
                Long.toString(rows)));
        if (table != null) {
            cmd.add(table);
        }
        OptionalLong pid = db.process().map(p -> OptionalLong.of(p.pid())).orElse(OptionalLong.empty());
        long server0 = ServerCpu.ticks(pid);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                out.add(line);
            }
        }
        boolean done = p.waitFor(30, TimeUnit.MINUTES);
        double serverCpu = ServerCpu.seconds(pid, server0);
        String result =
                out.stream().filter(l -> l.startsWith("RESULT ")).findFirst().orElse(null);
        if (!done || p.exitValue() != 0 || result == null) {
            String cause = out.stream()
                    .filter(l -> l.contains("Exception") || l.contains("Error"))
                    .findFirst()
                    .orElse(out.isEmpty() ? "no output" : out.get(out.size() - 1));
            System.out.printf("  %-40s failed (%s): %s%n", c.name(), task, cause.trim());
            return null;
        }
        return Figure.parse(result, serverCpu);
    }

    private static void printThroughput(Map<String, Figure> figures, String reference) {
        Figure ref = figures.get(reference);
        figures.forEach((name, f) -> System.out.printf(
                "  %-40s %,12.0f rows/s  client CPU %6.2f us/row  server CPU %s  %s%n",
                name,
                f.rows() / f.wall(),
                f.cpu() * 1e6 / f.rows(),
                f.serverCpu() < 0 ? "n/a" : String.format("%6.2f us/row", f.serverCpu() * 1e6 / f.rows()),
                ref == null || name.equals(reference)
                        ? ""
                        : String.format(
                                "greptime-jdbc = %.2fx this", (ref.rows() / ref.wall()) / (f.rows() / f.wall()))));
    }

    private static double load() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
