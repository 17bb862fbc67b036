package io.greptime.jdbc.examples;

import io.greptime.jdbc.examples.WriteReport.Result;
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
 * Each write client in a process of its own, against one embedded server in this process (or the GreptimeDB
 * at {@code GREPTIMEDB_ENDPOINT}, see {@link WriteTarget}): the Arrow Flight application that builds its
 * batches and keeps 8 unanswered ({@code arrow}), PreparedStatement executeBatch in auto-commit
 * ({@code jdbc}), executeBatch + commit() every {@code bench.commitEvery} batches ({@code commit}), Spring
 * batchUpdate ({@code spring}) and in transactions ({@code springtx}), and the peers outside this classpath
 * ({@link PeerProcesses}: {@code ingesterbulk}, the official Java ingester's bulk writer, and any
 * {@code -Dbench.peer.NAME=program}), the same rows as {@link WriteBenchmark}, one after the other so they
 * never share the two cores. Each child
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
 * (default as the child's warm-up; 0 skips the server's warm-up); {@code -Dbench.methods=arrow,commit,...}
 * (default: the five JDBC-side methods and {@code ingesterbulk}). Not a test: figures depend on the machine.
 */
public final class WriteProcesses {
    private static final List<String> ALL_METHODS =
            List.of("arrow", "jdbc", "commit", "spring", "springtx", PeerProcesses.INGESTER_BULK);
    /**
     * {@code -Dbench.methods=jdbc}: only some of them (each ratio is printed when both of its methods ran);
     * a driver method with {@code @k=v&k2=v2} after its name is one more variant of it with those connection
     * properties ({@code jdbc@bulkFlushRows=5000}), measured beside the others and compared with the Arrow
     * client.
     */
    private static final List<String> METHODS = List.of(
            System.getProperty("bench.methods", String.join(",", ALL_METHODS)).split(","));

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
        String endpoint = System.getenv("GREPTIMEDB_ENDPOINT");
        boolean external = endpoint != null && !endpoint.isBlank();
        System.out.printf(
                "write clients, one process each: %d pass(es) of %,d rows in batches of %,d after %,d warm-up rows;"
                        + " server warmed with %,d rows per method in batches of %,d, then %d round(s) of one pass not"
                        + " counted; server %s; %d round(s); load average %s%n",
                passes,
                rows,
                batch,
                warmup,
                serverWarmup,
                serverWarmupBatch,
                warmupRounds,
                external ? "GreptimeDB at " + endpoint.trim() : "embedded, storage " + (duck ? "DuckDB" : "sink"),
                rounds,
                LoadAverage.read());
        List<String> methods = runnable(METHODS);
        try (WriteTarget target = external ? WriteTarget.external(endpoint.trim()) : WriteTarget.embedded(duck)) {
            if (serverWarmup > 0) {
                for (String method : methods) {
                    String table = target.tableName(method, 0);
                    target.create(table + "_warm");
                    child(method, target, table, 0, serverWarmupBatch, serverWarmup, 0);
                    target.drop(table + "_warm");
                }
                System.out.println("server warmed; load average " + LoadAverage.read());
            }
            List<Map<String, Result>> byRound = new ArrayList<>();
            for (int round = 1 - warmupRounds; round <= rounds; round++) {
                boolean counted = round > 0;
                int roundPasses = counted ? passes : 1;
                Map<String, Result> results = new LinkedHashMap<>();
                for (int k = 0; k < methods.size(); k++) {
                    String method = methods.get((k + round + warmupRounds - 1) % methods.size());
                    String table = target.tableName(method, round + warmupRounds);
                    target.create(table);
                    target.create(table + "_warm");
                    System.gc(); // the server's garbage so far is not left to this child's window
                    Result r = child(method, target, table, rows, batch, warmup, roundPasses);
                    long stored = target.count(table);
                    if (stored != rows * roundPasses) {
                        throw new IllegalStateException(
                                method + ": " + stored + " rows stored, expected " + rows * roundPasses);
                    }
                    target.drop(table);
                    target.drop(table + "_warm");
                    results.put(method, r);
                    System.out.println("  " + r.describe() + "; load average " + LoadAverage.read());
                }
                if (counted) {
                    byRound.add(results);
                }
                System.out.println((counted ? "round " + round : "warm-up round (not counted)") + ": "
                        + WriteReport.ratios(List.of(results), methods, false));
            }
            WriteReport.report(byRound, methods);
        }
    }

    /** The methods that can run here: an external peer that cannot is left out, with its reason printed. */
    private static List<String> runnable(List<String> methods) throws Exception {
        List<String> out = new ArrayList<>();
        for (String m : methods) {
            if (!PeerProcesses.isExternal(m) || PeerProcesses.command(m, java()) != null) {
                out.add(m);
            }
        }
        return out;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Runs one method in a child JVM with this JVM's classpath and the flags the benchmark needs: it warms up
     * with {@code warmup} rows, then writes {@code passes} measured passes of {@code rows} rows (none: the
     * child only warms up, and the result is null); its passes together are the result.
     */
    private static Result child(
            String method, WriteTarget target, String table, long rows, int batch, long warmup, int passes)
            throws Exception {
        List<String> command = command(method, passes > 0);
        command.addAll(List.of(
                method,
                target.address(),
                table,
                Long.toString(rows),
                Integer.toString(batch),
                Long.toString(warmup),
                Integer.toString(passes)));
        if (!PeerProcesses.isExternal(method)) {
            command.add(System.getProperty("bench.params", ""));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<Result> results = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            // the server's CPU while the child measured: from its mark to its result line
            long serverFrom = 0;
            Map<String, Long> serverTasks = Map.of();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("RESULT ")) {
                    long server = target.serverCpuNanos() - serverFrom;
                    Result pass = parse(line);
                    pass.cpuNanos().put(WriteReport.SERVER_CPU, server);
                    if (target.embedded()) {
                        NativeThreads.usedByAll(serverTasks)
                                .forEach((name, ns) -> pass.cpuNanos().put(WriteReport.SERVER_THREAD + name, ns));
                    }
                    results.add(pass);
                    if (passes > 1) {
                        System.out.println("    pass " + results.size() + ": " + pass.describe());
                    }
                } else if (line.startsWith(Child.MARK)) {
                    serverFrom = target.serverCpuNanos();
                    serverTasks = target.embedded() ? NativeThreads.cpuByTask() : Map.of();
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

    /**
     * The command line of a child before its arguments: for the clients of this JVM, java with this JVM's
     * classpath and the flags the benchmark needs (and {@code -Dbench.jvmArgs}); an external peer's own.
     */
    private static List<String> command(String method, boolean measured) throws Exception {
        if (PeerProcesses.isExternal(method)) {
            return new ArrayList<>(PeerProcesses.command(method, java()));
        }
        List<String> command = new ArrayList<>(List.of(java(), "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        // -Dbench.jvmArgs="-Xlog:gc:file=/tmp/gc-%m.log ...": more flags for every child, %m its method's name
        String extra = System.getProperty("bench.jvmArgs", "").trim();
        if (!extra.isEmpty() && measured) {
            for (String flag : extra.split("\\s+")) {
                command.add(flag.replace("%m", method));
            }
        }
        command.addAll(List.of("-cp", classpath(), WriteProcesses.class.getName(), "child"));
        return command;
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
            cpu.put(WriteReport.HEAP_BYTES, allocatedBytes(threads) - heapBefore);
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
