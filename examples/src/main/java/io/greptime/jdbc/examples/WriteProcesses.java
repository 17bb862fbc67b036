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
 * JVM (the same JVM and flags for every method) warms up, then writes {@code bench.rows} rows in batches
 * of {@code bench.batch}, and reports its rows/s, its peak resident memory (VmHWM, the whole process) and
 * the CPU each of its threads used per row, so the client's cost is measured without the server's. The
 * parent checks the stored row counts and prints the ratios the write targets name.
 *
 * <p>Run: {@code mvn -B -q -o -pl examples -am -Pbench -DskipTests -Dserver.jar.skip=true verify
 * -Dbench.main=io.greptime.jdbc.examples.WriteProcesses -Dbench.rows=1000000}. {@code -Dbench.server=duckdb}
 * stores the rows (default: the sink engine, which decodes and counts them); {@code -Dbench.rounds=n} runs
 * every method n times and reports medians. Not a test: figures depend on the machine.
 */
public final class WriteProcesses {
    private static final List<String> ALL_METHODS = List.of("arrow", "jdbc", "spring");
    /**
     * {@code -Dbench.methods=jdbc}: only some of them (the ratios are printed when all three ran); a
     * driver method with {@code @k=v&k2=v2} after its name is one more variant of it with those connection
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
        long warmup = Long.getLong("bench.warmupRows", Math.min(rows, 500_000L));
        int rounds = Integer.getInteger("bench.rounds", 1);
        boolean duck = System.getProperty("bench.server", "sink").equals("duckdb");
        System.out.printf(
                "write clients, one process each: %,d rows in batches of %,d after %,d warm-up rows; server storage %s;"
                        + " %d round(s)%n",
                rows, batch, warmup, duck ? "DuckDB" : "sink", rounds);
        try (DuckDbEngine storage = DuckDbEngine.inMemory()) {
            SinkEngine sink = duck ? null : new SinkEngine(storage);
            Engine engine = duck ? storage : sink;
            try (EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                            .port(0)
                            .engine(engine)
                            .build()
                            .start();
                    Connection admin = DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public")) {
                Map<String, List<Result>> results = new LinkedHashMap<>();
                for (int round = 1; round <= rounds; round++) {
                    for (String method : METHODS) {
                        String table = "bench_p_"
                                + method.replaceAll("[^A-Za-z0-9]", "_").toLowerCase(java.util.Locale.ROOT) + "_"
                                + round;
                        WriteBenchmark.createTable(admin, table);
                        WriteBenchmark.createTable(admin, table + "_warm");
                        Result r = child(method, server.address(), table, rows, batch, warmup);
                        long stored = sink != null ? sink.count(table) : WriteBenchmark.count(admin, table);
                        if (stored != rows) {
                            throw new IllegalStateException(method + ": " + stored + " rows stored, expected " + rows);
                        }
                        results.computeIfAbsent(method, m -> new ArrayList<>()).add(r);
                        System.out.println("  " + r.describe() + "; load average " + LoadAverage.read());
                    }
                }
                report(results);
            }
        }
    }

    /** What one child process measured. */
    record Result(String method, long rows, double seconds, long peakRssKib, Map<String, Long> cpuNanos) {
        double rate() {
            return rows / seconds;
        }

        long totalCpu() {
            return cpuNanos.getOrDefault("process", 0L);
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
                    "%-7s %,12.0f rows/s (%.2f s), peak RSS %,d MiB, heap allocated %.0f B/row,"
                            + " server CPU %.0f ns/row (%s), client CPU ns/row:%s",
                    method,
                    rate(),
                    seconds,
                    peakRssKib / 1024,
                    (double) cpuNanos.getOrDefault(HEAP_BYTES, 0L) / rows,
                    (double) cpuNanos.getOrDefault(SERVER_CPU, 0L) / rows,
                    server.toString().trim(),
                    threads);
        }
    }

    private static Result median(List<Result> rs) {
        List<Result> sorted = new ArrayList<>(rs);
        sorted.sort((a, b) -> Double.compare(a.rate(), b.rate()));
        return sorted.get(sorted.size() / 2);
    }

    private static void report(Map<String, List<Result>> results) {
        if (!results.keySet().containsAll(ALL_METHODS)) {
            results.forEach(
                    (m, rs) -> System.out.println("median: " + median(rs).describe()));
            reportVariants(results);
            return;
        }
        Result arrow = median(results.get("arrow"));
        Result jdbc = median(results.get("jdbc"));
        Result spring = median(results.get("spring"));
        System.out.println("median of each method:");
        for (String m : ALL_METHODS) {
            System.out.println("  " + median(results.get(m)).describe());
        }
        System.out.printf(
                "executeBatch / Arrow client building its batches: %.2f (target 0.90)%n", jdbc.rate() / arrow.rate());
        System.out.printf("Spring batchUpdate / executeBatch: %.2f (target 0.85)%n", spring.rate() / jdbc.rate());
        System.out.printf(
                "peak RSS, executeBatch process / Arrow client process: %.2f (target 1.5 or less)%n",
                (double) jdbc.peakRssKib() / arrow.peakRssKib());
        System.out.printf(
                "client CPU per row, whole process: executeBatch %.0f ns, Arrow client %.0f ns, Spring %.0f ns%n",
                (double) jdbc.totalCpu() / jdbc.rows(),
                (double) arrow.totalCpu() / arrow.rows(),
                (double) spring.totalCpu() / spring.rows());
        System.out.printf(
                "server CPU per row while each wrote: executeBatch %.0f ns, Arrow client %.0f ns, Spring %.0f ns%n",
                (double) jdbc.cpuNanos().getOrDefault(SERVER_CPU, 0L) / jdbc.rows(),
                (double) arrow.cpuNanos().getOrDefault(SERVER_CPU, 0L) / arrow.rows(),
                (double) spring.cpuNanos().getOrDefault(SERVER_CPU, 0L) / spring.rows());
        reportVariants(results);
    }

    /** The variants ({@code jdbc@k=v}) beside the Arrow client, when it ran. */
    private static void reportVariants(Map<String, List<Result>> results) {
        if (!results.containsKey("arrow")) {
            return;
        }
        Result arrow = median(results.get("arrow"));
        results.forEach((m, rs) -> {
            if (m.contains("@")) {
                Result r = median(rs);
                System.out.printf(
                        "%s: median %.0f rows/s, / Arrow client %.2f; client CPU %.0f ns/row, server CPU %.0f ns/row%n",
                        m,
                        r.rate(),
                        r.rate() / arrow.rate(),
                        (double) r.totalCpu() / r.rows(),
                        (double) r.cpuNanos().getOrDefault(SERVER_CPU, 0L) / r.rows());
            }
        });
    }

    /** Runs one method in a child JVM with this JVM's classpath and the flags the benchmark needs. */
    private static Result child(String method, String address, String table, long rows, int batch, long warmup)
            throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        // -Dbench.jvmArgs="-Xlog:gc:file=/tmp/gc-%m.log ...": more flags for every child, %m its method's name
        String extra = System.getProperty("bench.jvmArgs", "").trim();
        if (!extra.isEmpty()) {
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
                System.getProperty("bench.params", "")));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        Result result = null;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            // the server's CPU (this process) while the child measured: from its mark to its result line
            long serverFrom = 0;
            Map<String, Long> serverTasks = Map.of();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("RESULT ")) {
                    long server = Child.processCpuNanos() - serverFrom;
                    Map<String, Long> byThread = NativeThreads.usedByAll(serverTasks);
                    Map<String, Long> cpu = parse(line).cpuNanos();
                    cpu.put(SERVER_CPU, server);
                    byThread.forEach((name, ns) -> cpu.put(SERVER_THREAD + name, ns));
                    result = parse(line);
                    result.cpuNanos().putAll(cpu);
                } else if (line.startsWith(Child.MARK)) {
                    serverFrom = Child.processCpuNanos();
                    serverTasks = NativeThreads.cpuByTask();
                    System.out.println("  " + method + "> " + line);
                } else if (!line.startsWith("SLF4J")) {
                    System.out.println("  " + method + "> " + line);
                }
            }
        }
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0 || result == null) {
            p.destroyForcibly();
            throw new IllegalStateException("the " + method + " child failed");
        }
        return result;
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
    private static String classpath() {
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
            String params = args.length > 7 ? args[7] : "";
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Writer writer = writer(method, address, params);
            try {
                writer.write(table + "_warm", warmup, batch);
                // the parent counts the server's CPU from here; a mark for -XX:+PrintCompilation and the like too
                System.out.printf(
                        MARK + " from JVM uptime %d ms; peak RSS so far (connect and warm-up) %d MiB%n",
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
                cpu.forEach((k, v) -> kv.append(kv.length() == 0 ? "" : ",")
                        .append(k)
                        .append('=')
                        .append(v));
                System.out.println("RESULT " + method + " " + rows + " " + seconds + " " + peakRssKib() + " " + kv);
            } finally {
                writer.close();
            }
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
