package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Each write client in a process of its own, against one embedded server in this process: the Arrow
 * Flight application that builds its batches, PreparedStatement executeBatch and Spring batchUpdate, the
 * same rows as {@link WriteBenchmark}, one after the other so they never share the two cores. Each child
 * JVM (the same JVM and flags for every method) warms up, then writes {@code bench.passes} measured passes
 * of {@code bench.rows} rows in batches of {@code bench.batch}, and reports, per pass and over all of them,
 * its rows/s, its peak resident memory (VmHWM, the whole process) and the CPU each of its threads used per
 * row, so the client's cost is measured without the server's. The parent checks the stored row counts and
 * prints the ratios the write targets name.
 *
 * <p>So that the figures compare the clients and not the moment each ran: before anything is measured the
 * server is warmed by one child of every method, each writing {@code bench.serverWarmupRows} rows in small
 * batches of {@code bench.serverWarmupBatch} (the server's per-batch code runs once per batch, only 100
 * times per million rows of 10,000-row batches, and would otherwise still be climbing the JIT's tiers in
 * whichever child happens to write then), then by {@code bench.warmupRounds} rounds (default 1) of every
 * method at full size, one pass each, printed and not counted (the server's per-row code on full
 * batches); the counted rounds then interleave the methods, each round starting one
 * method later than the previous (arrow, jdbc, spring; jdbc, spring, arrow; ...); the server collects its
 * garbage before each child, so none inherits another's. Per round it prints each method's figures and the
 * ratios within the round; at the end, each method's median and the median of the per-round ratios.
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.main=io.greptime.jdbc.examples.WriteProcesses -Dbench.rows=1000000}. {@code -Dbench.server=duckdb}
 * stores the rows (default: the sink engine, which decodes and counts them); {@code -Dbench.rounds=n}
 * (default 5), {@code -Dbench.passes=n} (default 3), {@code -Dbench.warmupRows=n} (each child's own
 * warm-up, default twice {@code bench.rows}, at most 2,000,000), {@code -Dbench.serverWarmupRows=n}
 * (default as the child's warm-up; 0 skips the server's warm-up). Not a test: figures depend on the
 * machine.
 */
public final class WriteProcesses {
    private static final List<String> ALL_METHODS = List.of("arrow", "jdbc", "commit", "spring", "springtx");
    /**
     * {@code -Dbench.methods=jdbc}: only some of them (each ratio is printed when both of its methods ran);
     * a driver method with {@code @k=v&k2=v2} after its name is one more variant of it with those connection
     * properties ({@code jdbc@bulkFlushRows=5000}), measured beside the others and compared with the Arrow
     * client.
     */
    private static final List<String> METHODS = List.of(
            System.getProperty("bench.methods", String.join(",", ALL_METHODS)).split(","));

    /** The key of the heap bytes allocated among a child's per-thread CPU figures. */
    private static final String HEAP_BYTES = "heapBytes";
    /** The key of the server's CPU (the parent process) during a child's measured write. */
    private static final String SERVER_CPU = "server";
    /** The prefix of the server's threads (by name) among a child's figures. */
    private static final String SERVER_THREAD = "server:";

    private WriteProcesses() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            Child.run(args);
            return;
        }
        long rows = Long.getLong("bench.rows", 1_000_000L);
        int batch = Integer.getInteger("bench.batch", 10_000);
        long warmup = Long.getLong("bench.warmupRows", Math.min(2 * rows, 2_000_000L));
        int rounds = Integer.getInteger("bench.rounds", 5);
        int passes = Integer.getInteger("bench.passes", 3);
        long serverWarmup = Long.getLong("bench.serverWarmupRows", warmup);
        int serverWarmupBatch = Integer.getInteger("bench.serverWarmupBatch", 500);
        int warmupRounds = Integer.getInteger("bench.warmupRounds", 1);
        boolean duck = System.getProperty("bench.server", "sink").equals("duckdb");
        System.out.printf(
                "write clients, one process each: %d pass(es) of %,d rows in batches of %,d after %,d warm-up rows;"
                        + " server warmed with %,d rows per method in batches of %,d, then %d round(s) of one pass not"
                        + " counted; server storage %s; %d round(s); load average %s%n",
                passes,
                rows,
                batch,
                warmup,
                serverWarmup,
                serverWarmupBatch,
                warmupRounds,
                duck ? "DuckDB" : "sink",
                rounds,
                LoadAverage.read());
        try (DuckDbEngine storage = DuckDbEngine.inMemory()) {
            SinkEngine sink = duck ? null : new SinkEngine(storage);
            Engine engine = duck ? storage : sink;
            try (EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                            .port(0)
                            .engine(engine)
                            .build()
                            .start();
                    Connection admin = DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public")) {
                if (serverWarmup > 0) {
                    for (String method : METHODS) {
                        String table = tableName(method, 0);
                        WriteBenchmark.createTable(admin, table + "_warm");
                        child(method, server.address(), table, 0, serverWarmupBatch, serverWarmup, 0);
                    }
                    System.out.println("server warmed; load average " + LoadAverage.read());
                }
                List<Map<String, Result>> byRound = new ArrayList<>();
                for (int round = 1 - warmupRounds; round <= rounds; round++) {
                    boolean counted = round > 0;
                    int roundPasses = counted ? passes : 1;
                    Map<String, Result> results = new LinkedHashMap<>();
                    for (int k = 0; k < METHODS.size(); k++) {
                        String method = METHODS.get((k + round + warmupRounds - 1) % METHODS.size());
                        String table = tableName(method, round + warmupRounds);
                        WriteBenchmark.createTable(admin, table);
                        WriteBenchmark.createTable(admin, table + "_warm");
                        System.gc(); // the server's garbage so far is not left to this child's window
                        Result r = child(method, server.address(), table, rows, batch, warmup, roundPasses);
                        long stored = sink != null ? sink.count(table) : WriteBenchmark.count(admin, table);
                        if (stored != rows * roundPasses) {
                            throw new IllegalStateException(
                                    method + ": " + stored + " rows stored, expected " + rows * roundPasses);
                        }
                        results.put(method, r);
                        System.out.println("  " + r.describe() + "; load average " + LoadAverage.read());
                    }
                    if (counted) {
                        byRound.add(results);
                    }
                    System.out.println((counted ? "round " + round : "warm-up round (not counted)") + ": "
                            + ratios(List.of(results), false));
                }
                report(byRound);
            }
        }
    }

    private static String tableName(String method, int round) {
        return "bench_p_" + method.replaceAll("[^A-Za-z0-9]", "_").toLowerCase(java.util.Locale.ROOT) + "_" + round;
    }

    /** What one child process measured: one pass, or all its passes together. */
    record Result(String method, long rows, double seconds, long peakRssKib, Map<String, Long> cpuNanos) {
        double rate() {
            return rows / seconds;
        }

        long totalCpu() {
            return cpuNanos.getOrDefault("process", 0L);
        }

        double cpuPerRow() {
            return (double) totalCpu() / rows;
        }

        double serverCpuPerRow() {
            return (double) cpuNanos.getOrDefault(SERVER_CPU, 0L) / rows;
        }

        /** The passes of one child as one result: rows, time and CPU added up, the highest peak RSS. */
        static Result of(List<Result> passes) {
            Map<String, Long> cpu = new TreeMap<>();
            long rows = 0;
            double seconds = 0;
            long rss = 0;
            for (Result p : passes) {
                rows += p.rows;
                seconds += p.seconds;
                rss = Math.max(rss, p.peakRssKib);
                p.cpuNanos.forEach((k, v) -> cpu.merge(k, v, Long::sum));
            }
            return new Result(passes.get(0).method, rows, seconds, rss, cpu);
        }

        String describe() {
            StringBuilder threads = new StringBuilder();
            StringBuilder server = new StringBuilder();
            cpuNanos.forEach((name, ns) -> {
                if (name.startsWith(SERVER_THREAD)) {
                    server.append(
                            String.format(" %s=%.0f", name.substring(SERVER_THREAD.length()), (double) ns / rows));
                } else if (!name.equals(HEAP_BYTES) && !name.equals(SERVER_CPU)) {
                    threads.append(String.format(" %s=%.0f", name, (double) ns / rows));
                }
            });
            return String.format(
                    "%-7s %,12.0f rows/s (%,d rows, %.2f s), peak RSS %,d MiB, heap allocated %.0f B/row,"
                            + " server CPU %.0f ns/row (%s), client CPU ns/row:%s",
                    method,
                    rate(),
                    rows,
                    seconds,
                    peakRssKib / 1024,
                    (double) cpuNanos.getOrDefault(HEAP_BYTES, 0L) / rows,
                    serverCpuPerRow(),
                    server.toString().trim(),
                    threads);
        }
    }

    private static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** A method's results over the rounds, in round order. */
    private static List<Result> of(List<Map<String, Result>> byRound, String method) {
        List<Result> out = new ArrayList<>();
        for (Map<String, Result> round : byRound) {
            if (round.containsKey(method)) {
                out.add(round.get(method));
            }
        }
        return out;
    }

    /**
     * The ratios the targets name, each computed within a round (the two methods of a ratio ran minutes
     * apart at most) and, over several rounds, their median with every round's value: executeBatch /
     * Arrow client, Spring / executeBatch, peak RSS, and every variant / Arrow client.
     */
    private static String ratios(List<Map<String, Result>> byRound, boolean withTargets) {
        StringBuilder out = new StringBuilder();
        ratio(out, byRound, "jdbc", "arrow", "executeBatch / Arrow client", withTargets ? 0.90 : 0, false);
        ratio(out, byRound, "spring", "jdbc", "Spring / executeBatch", withTargets ? 0.85 : 0, false);
        ratio(out, byRound, "jdbc", "arrow", "peak RSS executeBatch / Arrow client", 0, true);
        ratio(out, byRound, "commit", "arrow", "executeBatch + commit() / Arrow client", withTargets ? 1.0 : 0, false);
        ratio(out, byRound, "springtx", "arrow", "Spring batchUpdate in transactions / Arrow client", 0, false);
        ratio(out, byRound, "commit", "arrow", "peak RSS executeBatch + commit() / Arrow client", 0, true);
        for (String m : METHODS) {
            if (m.contains("@")) {
                ratio(out, byRound, m, "arrow", m + " / Arrow client", 0, false);
            }
        }
        return out.toString();
    }

    private static void ratio(
            StringBuilder out,
            List<Map<String, Result>> byRound,
            String top,
            String bottom,
            String label,
            double target,
            boolean rss) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Result> round : byRound) {
            Result a = round.get(top);
            Result b = round.get(bottom);
            if (a != null && b != null) {
                values.add(rss ? (double) a.peakRssKib() / b.peakRssKib() : a.rate() / b.rate());
            }
        }
        if (values.isEmpty()) {
            return;
        }
        out.append(out.length() == 0 ? "" : byRound.size() > 1 ? "\n" : "; ");
        if (byRound.size() == 1) {
            out.append(String.format("%s %.2f", label, values.get(0)));
            return;
        }
        StringBuilder each = new StringBuilder();
        values.forEach(v -> each.append(each.length() == 0 ? "" : ", ").append(String.format("%.2f", v)));
        long met = values.stream().filter(v -> v >= target).count();
        out.append(String.format(
                "%s: median %.2f (rounds: %s)%s",
                label,
                median(values),
                each,
                target > 0
                        ? String.format("; target %.2f, met in %d of %d rounds", target, met, values.size())
                        : rss ? " (target 1.5 or less)" : ""));
    }

    private static void report(List<Map<String, Result>> byRound) {
        System.out.println("median of each method over " + byRound.size() + " round(s) (rows/s, CPU per row):");
        for (String m : METHODS) {
            List<Result> rs = of(byRound, m);
            System.out.printf(
                    "  %-7s %,12.0f rows/s (rounds %s); client CPU %.0f ns/row, server CPU %.0f ns/row,"
                            + " peak RSS %.0f MiB%n",
                    m,
                    median(rs.stream().map(Result::rate).toList()),
                    String.join(
                            ", ",
                            rs.stream()
                                    .map(r -> String.format("%,.0f", r.rate()))
                                    .toList()),
                    median(rs.stream().map(Result::cpuPerRow).toList()),
                    median(rs.stream().map(Result::serverCpuPerRow).toList()),
                    median(rs.stream().map(r -> r.peakRssKib() / 1024.0).toList()));
        }
        System.out.println(ratios(byRound, true));
    }

    /**
     * Runs one method in a child JVM with this JVM's classpath and the flags the benchmark needs: it warms up
     * with {@code warmup} rows, then writes {@code passes} measured passes of {@code rows} rows (none: the
     * child only warms up, and the result is null); its passes together are the result.
     */
    private static Result child(
            String method, String address, String table, long rows, int batch, long warmup, int passes)
            throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        // -Dbench.jvmArgs="-Xlog:gc:file=/tmp/gc-%m.log ...": more flags for every child, %m its method's name
        String extra = System.getProperty("bench.jvmArgs", "").trim();
        if (!extra.isEmpty() && passes > 0) {
            for (String flag : extra.split("\\s+")) {
                command.add(flag.replace("%m", method));
            }
        }
        command.addAll(List.of(
                "-cp",
                classpath(),
                WriteProcesses.class.getName(),
                "child",
                method,
                address,
                table,
                Long.toString(rows),
                Integer.toString(batch),
                Long.toString(warmup),
                Integer.toString(passes),
                System.getProperty("bench.params", "")));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<Result> results = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            // the server's CPU (this process) while the child measured: from its mark to its result line
            long serverFrom = 0;
            Map<String, Long> serverTasks = Map.of();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("RESULT ")) {
                    long server = Child.processCpuNanos() - serverFrom;
                    Map<String, Long> byThread = NativeThreads.usedByAll(serverTasks);
                    Result pass = parse(line);
                    pass.cpuNanos().put(SERVER_CPU, server);
                    byThread.forEach((name, ns) -> pass.cpuNanos().put(SERVER_THREAD + name, ns));
                    results.add(pass);
                    if (passes > 1) {
                        System.out.println("    pass " + results.size() + ": " + pass.describe());
                    }
                } else if (line.startsWith(Child.MARK)) {
                    serverFrom = Child.processCpuNanos();
                    serverTasks = NativeThreads.cpuByTask();
                    if (results.isEmpty()) {
                        System.out.println("  " + method + "> " + line);
                    }
                } else if (!line.startsWith("SLF4J") && !isArrowBanner(line)) {
                    System.out.println("  " + method + "> " + line);
                }
            }
        }
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0 || results.size() != passes) {
            p.destroyForcibly();
            throw new IllegalStateException("the " + method + " child failed");
        }
        return passes == 0 ? null : Result.of(results);
    }

    /** Arrow's three start-up lines of java.util.logging, which every child prints alike. */
    private static boolean isArrowBanner(String line) {
        return line.contains("org.apache.arrow.memory.")
                || line.startsWith("INFO: Debug mode disabled")
                || line.startsWith("INFO: allocation manager type")
                || line.startsWith("INFO: Using DefaultAllocationManager");
    }

    /** {@code RESULT method rows seconds hwmKiB name=ns,name=ns}. */
    private static Result parse(String line) {
        String[] f = line.split(" ");
        Map<String, Long> cpu = new LinkedHashMap<>();
        for (String kv : f[5].split(",")) {
            int eq = kv.indexOf('=');
            cpu.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
        }
        return new Result(f[1], Long.parseLong(f[2]), Double.parseDouble(f[3]), Long.parseLong(f[4]), cpu);
    }

    /** This JVM's classpath: exec:java puts the project's on a URLClassLoader, a plain java run on the path. */
    static String classpath() {
        List<String> entries = new ArrayList<>();
        for (ClassLoader cl = Thread.currentThread().getContextClassLoader(); cl != null; cl = cl.getParent()) {
            if (cl instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    if (url.getProtocol().equals("file")) {
                        entries.add(new File(url.getPath()).getPath());
                    }
                }
            }
        }
        return entries.isEmpty() ? System.getProperty("java.class.path") : String.join(File.pathSeparator, entries);
    }

    /** One client process. */
    static final class Child {
        /** The line a child prints when its measured write starts. */
        static final String MARK = "measuring";

        private Child() {}

        static void run(String[] args) throws Exception {
            String method = args[1];
            String address = args[2];
            String table = args[3];
            long rows = Long.parseLong(args[4]);
            int batch = Integer.parseInt(args[5]);
            long warmup = Long.parseLong(args[6]);
            int passes = Integer.parseInt(args[7]);
            String params = args.length > 8 ? args[8] : "";
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Writer writer = writer(method, address, params);
            try {
                writer.write(table + "_warm", warmup, batch);
                for (int pass = 1; pass <= passes; pass++) {
                    measure(writer, threads, method, table, rows, batch);
                }
            } finally {
                writer.close();
            }
        }

        /** One measured pass: the mark, the write, then its RESULT line. */
        private static void measure(
                Writer writer, ThreadMXBean threads, String method, String table, long rows, int batch)
                throws Exception {
            // the parent counts the server's CPU from here; a mark for -XX:+PrintCompilation and the like too
            System.out.printf(
                    MARK + " from JVM uptime %d ms; peak RSS so far %d MiB%n",
                    ManagementFactory.getRuntimeMXBean().getUptime(),
                    peakRssKib() / 1024);
            Map<Long, Long> before = cpuByThread(threads);
            Map<String, Long> jvmBefore = NativeThreads.cpuByTask();
            long heapBefore = allocatedBytes(threads);
            long processBefore = processCpuNanos();
            long t0 = System.nanoTime();
            writer.write(table, rows, batch);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long process = processCpuNanos() - processBefore;
            Map<String, Long> cpu = cpuByName(threads, before);
            NativeThreads.used(jvmBefore, javaThreadNames(threads))
                    .forEach((name, ns) -> cpu.merge(name, ns, Long::sum));
            long listed = cpu.values().stream().mapToLong(Long::longValue).sum();
            cpu.put("unlisted", Math.max(0, process - listed));
            cpu.put("process", process);
            cpu.put(HEAP_BYTES, allocatedBytes(threads) - heapBefore);
            StringBuilder kv = new StringBuilder();
            cpu.forEach((k, v) ->
                    kv.append(kv.length() == 0 ? "" : ",").append(k).append('=').append(v));
            System.out.println("RESULT " + method + " " + rows + " " + seconds + " " + peakRssKib() + " " + kv);
        }

        interface Writer extends AutoCloseable {
            void write(String table, long rows, int batch) throws Exception;
        }

        private static Writer writer(String method, String address, String params) throws Exception {
            // -Dbench.params=k=v&k2=v2: more connection properties for the driver's children (transport=nio, ...)
            int at = method.indexOf('@');
            String variant = at < 0 ? "" : "&" + method.substring(at + 1);
            String url = "jdbc:greptime://" + address + "/public?bulkCompression=none"
                    + (params.isEmpty() ? "" : "&" + params) + variant;
            switch (at < 0 ? method : method.substring(0, at)) {
                case "jdbc": {
                    Connection c = DriverManager.getConnection(url);
                    return new Writer() {
                        @Override
                        public void write(String table, long rows, int batch) throws Exception {
                            WriteBenchmark.executeBatch(c, table, rows, batch);
                        }

                        @Override
                        public void close() throws Exception {
                            c.close();
                        }
                    };
                }
                case "spring": {
                    Connection c = DriverManager.getConnection(url);
                    JdbcTemplate spring = new JdbcTemplate(new SingleConnectionDataSource(c, true));
                    return new Writer() {
                        @Override
                        public void write(String table, long rows, int batch) {
                            WriteBenchmark.batchUpdate(spring, table, rows, batch);
                        }

                        @Override
                        public void close() throws Exception {
                            c.close();
                        }
                    };
                }
                case "commit":
                    return CommitWriters.executeBatchAndCommit(url);
                case "springtx":
                    return CommitWriters.springTransactions(url);
                default: {
                    int colon = address.lastIndexOf(':');
                    BufferAllocator allocator = new RootAllocator();
                    FlightClient flight = FlightClient.builder(
                                    allocator,
                                    Location.forGrpcInsecure(
                                            address.substring(0, colon),
                                            Integer.parseInt(address.substring(colon + 1))))
                            .build();
                    return new Writer() {
                        @Override
                        public void write(String table, long rows, int batch) throws Exception {
                            RawDoPut.putBuilding(flight, allocator, table, rows, batch);
                        }

                        @Override
                        public void close() throws Exception {
                            flight.close();
                            allocator.close();
                        }
                    };
                }
            }
        }

        private static Map<Long, Long> cpuByThread(ThreadMXBean threads) {
            Map<Long, Long> out = new LinkedHashMap<>();
            for (long id : threads.getAllThreadIds()) {
                out.put(id, Math.max(0, threads.getThreadCpuTime(id)));
            }
            return out;
        }

        /** CPU each thread used since {@code before}, summed by name with its numbers dropped. */
        private static Map<String, Long> cpuByName(ThreadMXBean threads, Map<Long, Long> before) {
            Map<String, Long> out = new TreeMap<>();
            for (long id : threads.getAllThreadIds()) {
                ThreadInfo info = threads.getThreadInfo(id);
                long ns = threads.getThreadCpuTime(id);
                if (info == null || ns < 0) {
                    continue;
                }
                long used = ns - before.getOrDefault(id, 0L);
                if (used > 1_000_000) {
                    String name = info.getThreadName().replaceAll("[0-9]+", "").replaceAll("[-_ ]+$", "");
                    out.merge(name.isEmpty() ? "thread" : name.replace(' ', '_').replace(',', '_'), used, Long::sum);
                }
            }
            return out;
        }

        /** The names of the live Java threads, to tell the JVM's own threads (GC, JIT) from them in /proc. */
        private static java.util.Set<String> javaThreadNames(ThreadMXBean threads) {
            java.util.Set<String> names = new java.util.HashSet<>();
            for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
                if (info != null) {
                    names.add(NativeThreads.comm(info.getThreadName()));
                }
            }
            return names;
        }

        /** Heap bytes every thread of this JVM allocated so far (threads that ended included). */
        private static long allocatedBytes(ThreadMXBean threads) {
            return ((com.sun.management.ThreadMXBean) threads).getTotalThreadAllocatedBytes();
        }

        static long processCpuNanos() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }

        /** VmHWM of /proc/self/status: the most resident memory this process ever had. */
        private static long peakRssKib() throws Exception {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            return -1;
        }
    }
}
