package io.greptime.jdbc.examples;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The write benchmark's peers: GreptimeDB's official clients, each run as a child process against the same
 * server and writing the same rows as executeBatch ({@link WriteBenchmark#ts}, {@code host}, {@code dc},
 * {@code v1..v3}). Each prints {@code PEER <mode> <rows> <seconds>}; a peer whose toolchain or package is
 * missing is skipped with a line saying so, never failing the benchmark.
 *
 * <ul>
 *   <li>the official Java ingester 0.11.0, unary and streaming ({@code examples/ingester-peer}, Maven);
 *   <li>the official bulk writer of the Rust ingester 0.19.0, through its Python bindings
 *       ({@code peers/python/bench.py}; needs {@code peers/python/.venv}, which {@code peers/python/run.sh}
 *       makes);
 *   <li>any program named by {@code GREPTIMEDB_RS_BENCH} (such as one built out of tree on the seed Rust SDK,
 *       which this repository does not hold), called with
 *       {@code --endpoint H:P --table T --rows N --batch B --warmup W} and printing the same PEER line.
 * </ul>
 */
final class WritePeers {
    /** Rows stored in a table (the sink counts received rows instead). */
    interface RowCount {
        long count(String table) throws SQLException;
    }

    private final RowCount counter;
    private final Connection conn;
    private final int port;
    private final long rows;
    private final int batch;
    private final long warmup;

    WritePeers(RowCount counter, Connection conn, int port, long rows, int batch, long warmup) {
        this.counter = counter;
        this.conn = conn;
        this.port = port;
        this.rows = rows;
        this.batch = batch;
        this.warmup = warmup;
    }

    /** Runs every peer that can run here; rows/s per label, in the order they ran. */
    Map<String, Double> run() throws Exception {
        Map<String, Double> rates = new LinkedHashMap<>();
        rates.putAll(javaIngester());
        rates.putAll(pythonBulk());
        rates.putAll(program());
        return rates;
    }

    private Map<String, Double> javaIngester() throws Exception {
        String pom = System.getProperty("bench.peerPom", "examples/ingester-peer/pom.xml");
        String mavenHome = System.getProperty("maven.home");
        String mvn = mavenHome == null ? "mvn" : mavenHome + File.separator + "bin" + File.separator + "mvn";
        List<String> online = new ArrayList<>(List.of(
                mvn,
                "-B",
                "-q",
                "-f",
                pom,
                "compile",
                "exec:java",
                "-Dexec.args=127.0.0.1:" + port + " " + rows + " " + batch + " " + warmup));
        Map<String, Double> rates = Map.of();
        // An offline benchmark (-o) tries the peer offline first; on a fresh clone its jars were never
        // downloaded, so it then goes online once, and is skipped when that fails too.
        if (System.getProperty("bench.offline", "").endsWith("true")) {
            List<String> offline = new ArrayList<>(online);
            offline.add(3, "-o");
            rates = child("official ingester ", offline);
        }
        if (rates.isEmpty()) {
            rates = child("official ingester ", online);
        }
        if (rates.isEmpty()) {
            System.out.println("  official Java ingester: skipped (its Maven project did not run; see above)");
        }
        return verified(rates, "bench_w_peer_");
    }

    private Map<String, Double> pythonBulk() throws Exception {
        Path peers = repositoryRoot().resolve("peers").resolve("python");
        Path python = peers.resolve(".venv/bin/python");
        Path script = peers.resolve("bench.py");
        if (!Files.isExecutable(python) || !Files.exists(script)) {
            System.out.println(
                    "  official bulk writer (Rust ingester via Python): skipped, run peers/python/run.sh once"
                            + " to make peers/python/.venv");
            return Map.of();
        }
        return external(List.of(python.toString(), script.toString()), "bench_w_pybulk", "Rust ingester (Python) ");
    }

    private Map<String, Double> program() throws Exception {
        String program = System.getenv("GREPTIMEDB_RS_BENCH");
        if (program == null || program.isBlank()) {
            return Map.of();
        }
        if (!Files.isExecutable(Path.of(program))) {
            System.out.println("  GREPTIMEDB_RS_BENCH=" + program + ": skipped, not an executable file");
            return Map.of();
        }
        return external(List.of(program), "bench_w_rsbench", Path.of(program).getFileName() + " ");
    }

    /** The checkout's root: the bench profile names the Java peer's pom by its absolute path. */
    private static Path repositoryRoot() {
        return Path.of(System.getProperty("bench.peerPom", "examples/ingester-peer/pom.xml"))
                .toAbsolutePath()
                .getParent()
                .getParent()
                .getParent();
    }

    /** A peer that writes into tables made here: {@code table_warm} first, then {@code table}. */
    private Map<String, Double> external(List<String> command, String table, String label) throws Exception {
        WriteBenchmark.createTable(conn, table);
        WriteBenchmark.createTable(conn, table + "_warm");
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(
                "--endpoint",
                "127.0.0.1:" + port,
                "--table",
                table,
                "--rows",
                Long.toString(rows),
                "--batch",
                Integer.toString(batch),
                "--warmup",
                Long.toString(warmup)));
        Map<String, Double> rates = child(label, args);
        if (rates.isEmpty()) {
            System.out.println("  " + label.trim() + ": failed, see its output above");
            return Map.of();
        }
        long stored = counter.count(table);
        if (stored != rows) {
            throw new IllegalStateException(label + ": " + stored + " rows stored, expected " + rows);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        rates.forEach((mode, rate) -> out.put(label + mode, rate));
        return out;
    }

    /** Runs a child, echoing its output; rows/s per PEER mode it printed (empty if it failed). */
    private static Map<String, Double> child(String label, List<String> command) throws Exception {
        System.out.println("peer: " + String.join(" ", command));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, Double> rates = new LinkedHashMap<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("PEER ")) {
                    String[] f = line.split(" ");
                    double rate = Long.parseLong(f[2]) / Double.parseDouble(f[3]);
                    rates.put(f[1], rate);
                    System.out.printf("  %-34s %,12.0f rows/s (%s s)%n", label + f[1], rate, f[3]);
                } else if (!line.startsWith("SLF4J")) {
                    System.out.println("  peer> " + line);
                }
            }
        }
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        return process.exitValue() == 0 ? rates : Map.of();
    }

    private Map<String, Double> verified(Map<String, Double> rates, String prefix) throws SQLException {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : rates.entrySet()) {
            long stored = counter.count(prefix + e.getKey());
            if (stored != rows) {
                throw new IllegalStateException(
                        "peer " + e.getKey() + ": " + stored + " rows stored, expected " + rows);
            }
            out.put("official ingester " + e.getKey(), e.getValue());
        }
        return out;
    }
}
