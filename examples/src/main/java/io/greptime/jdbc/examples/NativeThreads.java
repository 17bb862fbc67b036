package io.greptime.jdbc.examples;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * CPU time of the threads the JVM runs for itself (garbage collection, the JIT compilers, the VM thread),
 * which {@link java.lang.management.ThreadMXBean} does not list: read per task from Linux's
 * {@code /proc/self/task/<tid>/schedstat} (nanoseconds on a CPU) and {@code comm} (the thread's name, cut
 * to 15 bytes). On other systems, or where /proc is not readable, nothing is listed and the benchmark's
 * {@code unlisted} figure holds their time.
 */
final class NativeThreads {
    private static final Path TASKS = Path.of("/proc/self/task");

    private NativeThreads() {}

    /** A Java thread's name as Linux shows it: HotSpot names the native thread, cut to 15 bytes. */
    static String comm(String javaName) {
        return javaName.length() <= 15 ? javaName : javaName.substring(0, 15);
    }

    /** CPU nanoseconds of every live task so far, keyed by {@code tid/comm}. */
    static Map<String, Long> cpuByTask() {
        Map<String, Long> out = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String comm = Files.readString(task.resolve("comm")).trim();
                    String schedstat =
                            Files.readString(task.resolve("schedstat")).trim();
                    out.put(
                            task.getFileName() + "/" + comm,
                            Long.parseLong(schedstat.split(" ")[0]));
                } catch (IOException | RuntimeException ended) {
                    // the thread ended between the listing and the read: its time is in "unlisted"
                }
            }
        } catch (IOException | RuntimeException noProc) {
            return Map.of();
        }
        return out;
    }

    /**
     * CPU used since {@code before} by the tasks that are not Java threads (whose names are in
     * {@code javaComms}, already counted by the thread bean; the launcher's main thread is {@code java}),
     * summed by name with numbers dropped, as {@code jvm-<name>}; tasks under 1 ms are left out.
     */
    static Map<String, Long> used(Map<String, Long> before, Set<String> javaComms) {
        Map<String, Long> out = new TreeMap<>();
        cpuByTask().forEach((key, ns) -> {
            String comm = key.substring(key.indexOf('/') + 1);
            if (javaComms.contains(comm) || comm.equals("java")) {
                return;
            }
            long used = ns - before.getOrDefault(key, 0L);
            if (used > 1_000_000) {
                out.merge("jvm-" + kind(comm), used, Long::sum);
            }
        });
        return out;
    }

    /**
     * CPU used since {@code before} by every task, Java threads included, summed by kind (name with its
     * number dropped); tasks under 1 ms are left out. For a process whose threads are not listed by name
     * otherwise (the benchmark's server).
     */
    static Map<String, Long> usedByAll(Map<String, Long> before) {
        Map<String, Long> out = new TreeMap<>();
        cpuByTask().forEach((key, ns) -> {
            long used = ns - before.getOrDefault(key, 0L);
            if (used > 1_000_000) {
                out.merge(kind(key.substring(key.indexOf('/') + 1)), used, Long::sum);
            }
        });
        return out;
    }

    /** "GC Thread#1" and "iou-wrk-4711" count with their kind; "C1 CompilerThre" keeps its C1. */
    private static String kind(String comm) {
        String name = comm.replaceAll("(#|[-_ ])[0-9]+$", "").trim().replaceAll("[^A-Za-z0-9_-]+", "_");
        return name.isEmpty() ? "thread" : name;
    }
}
