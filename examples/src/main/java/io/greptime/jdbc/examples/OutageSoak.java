package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * An outage soak: mixed reads and writes from worker threads over a small pool of connections while the
 * embedded server is restarted (as a crash would: calls in flight cancelled, port released) every few
 * seconds, printing each interval what could leak: threads, file descriptors, heap after a GC, direct
 * buffers and the driver's Arrow memory. Flat means flat: after warm-up each figure should stay within
 * noise of its first sample however long the soak runs.
 *
 * <pre>
 * mvn -B -q -pl examples -am package -DskipTests
 * mvn -B -q -pl examples exec:java -Dexec.mainClass=io.greptime.jdbc.examples.OutageSoak -Dexec.args="10 15"
 * </pre>
 *
 * (arguments: minutes, seconds between restarts, and optionally seconds between samples, default 60).
 * {@code OutageSoakTest} runs 30 seconds of it in the default build and checks the figures stay flat.
 */
public final class OutageSoak {
    private static final int POOL = 4;
    private static final int WORKERS = 4;

    /** One line of figures. */
    public record Sample(
            long atMillis, int threads, long descriptors, long heapBytes, long directBytes, long arrowBytes) {
        @Override
        public String toString() {
            return String.format(
                    "t=%4ds threads=%d fds=%d heap=%dMB direct=%dMB arrow=%dKB",
                    atMillis / 1000, threads, descriptors, heapBytes >> 20, directBytes >> 20, arrowBytes >> 10);
        }
    }

    /** Figures sampled while running, work done and failures seen (most during restarts, as expected). */
    public record Report(List<Sample> samples, long reads, long writes, long failures, int restarts, Sample after) {}

    private OutageSoak() {}

    public static void main(String[] args) throws Exception {
        Duration total = Duration.ofMinutes(args.length > 0 ? Long.parseLong(args[0]) : 5);
        Duration restartEvery = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 15);
        Duration sampleEvery = Duration.ofSeconds(args.length > 2 ? Long.parseLong(args[2]) : 60);
        Report r = run(total, restartEvery, sampleEvery, System.out);
        System.out.printf(
                "reads=%d writes=%d failures=%d restarts=%d; after closing everything: %s%n",
                r.reads(), r.writes(), r.failures(), r.restarts(), r.after());
    }

    /** Runs the soak, printing a sample every {@code sampleEvery} to {@code out}. */
    public static Report run(Duration total, Duration restartEvery, Duration sampleEvery, PrintStream out)
            throws Exception {
        AtomicLong reads = new AtomicLong();
        AtomicLong writes = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        List<Sample> samples = new ArrayList<>();
        int restarts = 0;
        try (DuckDbEngine engine = DuckDbEngine.inMemory()) {
            EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                    .port(0)
                    .engine(engine)
                    .build()
                    .start();
            String url = "jdbc:greptime://" + server.address() + "?timezone=UTC&connectTimeout=15000&metrics=jmx";
            BlockingQueue<Connection> pool = new ArrayBlockingQueue<>(POOL);
            try {
                for (int i = 0; i < POOL; i++) {
                    pool.add(DriverManager.getConnection(url));
                }
                try (Statement st = pool.peek().createStatement()) {
                    st.executeUpdate("CREATE TABLE soak (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v DOUBLE)");
                }
                List<Thread> workers = new ArrayList<>();
                for (int w = 0; w < WORKERS; w++) {
                    int id = w;
                    Thread t = new Thread(() -> work(id, pool, stop, reads, writes, failures), "soak-worker-" + w);
                    t.setDaemon(true);
                    t.start();
                    workers.add(t);
                }
                long start = System.nanoTime();
                long nextRestart = restartEvery.toNanos();
                long nextSample = sampleEvery.toNanos();
                while (System.nanoTime() - start < total.toNanos()) {
                    Thread.sleep(100);
                    long now = System.nanoTime() - start;
                    if (now >= nextRestart) {
                        server.restart();
                        restarts++;
                        nextRestart += restartEvery.toNanos();
                    }
                    if (now >= nextSample) {
                        Sample s = sample(now / 1_000_000);
                        samples.add(s);
                        out.println(s
                                + String.format(
                                        " reads=%d writes=%d failures=%d restarts=%d",
                                        reads.get(), writes.get(), failures.get(), restarts));
                        nextSample += sampleEvery.toNanos();
                    }
                }
                stop.set(true);
                for (Thread t : workers) {
                    t.join(30_000);
                }
            } finally {
                for (Connection c : pool) {
                    c.close();
                }
                server.close();
            }
        }
        Thread.sleep(500); // channels finish closing on their event loops
        return new Report(samples, reads.get(), writes.get(), failures.get(), restarts, sample(-1));
    }

    private static void work(
            int id,
            BlockingQueue<Connection> pool,
            AtomicBoolean stop,
            AtomicLong reads,
            AtomicLong writes,
            AtomicLong failures) {
        long row = 0;
        while (!stop.get()) {
            Connection c;
            try {
                c = pool.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (c == null) {
                continue;
            }
            try {
                if ((row / 50) % 2 == 0) {
                    insert(c, id, row);
                    writes.addAndGet(50);
                } else {
                    read(c, id);
                    reads.incrementAndGet();
                }
            } catch (SQLException e) {
                failures.incrementAndGet(); // expected while the server restarts
                pause(50);
            } finally {
                row += 50;
                pool.add(c);
            }
        }
    }

    private static void insert(Connection c, int id, long row) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO soak (ts, k, v) VALUES (?, ?, ?)")) {
            ps.setQueryTimeout(10);
            for (int i = 0; i < 50; i++) {
                ps.setTimestamp(1, new Timestamp(row + i));
                ps.setString(2, "w" + id);
                ps.setDouble(3, i);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static void read(Connection c, int id) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(10);
            try (ResultSet rs =
                    st.executeQuery("SELECT k, count(*), max(v) FROM soak WHERE k = 'w" + id + "' GROUP BY k")) {
                while (rs.next()) {
                    rs.getLong(2);
                }
            }
        }
    }

    /** The figures now; heap after a GC so that garbage does not read as growth. */
    static Sample sample(long atMillis) {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(b -> b.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getMemoryUsed)
                .sum();
        return new Sample(
                atMillis,
                ManagementFactory.getThreadMXBean().getThreadCount(),
                descriptors(),
                heap,
                direct,
                arrowBytes());
    }

    private static long descriptors() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            return -1; // not Linux
        }
    }

    /** The Arrow memory every open connection's MXBean reports. */
    private static long arrowBytes() {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        long sum = 0;
        try {
            for (ObjectName n : mbs.queryNames(new ObjectName("io.greptime.jdbc:type=Connection,*"), null)) {
                sum += (Long) mbs.getAttribute(n, "ArrowMemoryBytes");
            }
        } catch (Exception e) {
            return -1;
        }
        return sum;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
