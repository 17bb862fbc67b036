package io.greptime.jdbc.examples;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What the benchmarks measure about memory, without disturbing it: heap used right after each GC (from
 * the JVM's GC notifications; the benchmark never forces a GC while reading), printed every
 * {@code interval} rows read; and at the end the peak of the driver's Arrow allocator and of the JVM's
 * direct buffers. Server and client share the JVM, so the heap figures include the embedded server;
 * the driver's allocator peak is the client's alone.
 */
final class BenchMemory {
    private static final java.util.Set<String> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP)
            .map(java.lang.management.MemoryPoolMXBean::getName)
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    private final long interval;
    private final AtomicLong lastAfterGc = new AtomicLong(-1);
    private final AtomicLong maxAfterGc = new AtomicLong();
    private final AtomicLong minAfterGc = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong gcCount = new AtomicLong();
    private final AtomicLong peakJvmDirect = new AtomicLong();
    private long rowsRead;
    private long nextReport;

    private BenchMemory(long interval) {
        this.interval = interval;
        this.nextReport = interval;
    }

    /** Starts listening to GC notifications; prints a heap line every {@code interval} rows. */
    static BenchMemory start(long interval) {
        BenchMemory memory = new BenchMemory(interval);
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(
                        (n, handback) -> {
                            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                                memory.afterGc(GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()));
                            }
                        },
                        null,
                        null);
            }
        }
        return memory;
    }

    private void afterGc(GarbageCollectionNotificationInfo info) {
        long used = 0;
        for (java.util.Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (HEAP_POOLS.contains(pool.getKey())) { // the map has metaspace and code cache too
                used += pool.getValue().getUsed();
            }
        }
        lastAfterGc.set(used);
        maxAfterGc.accumulateAndGet(used, Math::max);
        minAfterGc.accumulateAndGet(used, Math::min);
        gcCount.incrementAndGet();
        peakJvmDirect.accumulateAndGet(jvmDirectBytes(), Math::max);
    }

    /** Called by the reading loops; prints heap after the latest GC every {@code interval} rows. */
    void progress(long rows) {
        rowsRead += rows;
        if (rowsRead >= nextReport) {
            nextReport += interval;
            peakJvmDirect.accumulateAndGet(jvmDirectBytes(), Math::max);
            System.out.printf(
                    "    [%,d rows read] used after latest GC: %,d KiB (%d GCs so far); driver Arrow now %,d KiB%n",
                    rowsRead, lastAfterGc.get() / 1024, gcCount.get(), driverAllocatorBytes(false) / 1024);
        }
    }

    void report() {
        System.out.printf(
                "heap used after GC ( %d GCs): min %,d KiB, max %,d KiB, last %,d KiB%n",
                gcCount.get(),
                minAfterGc.get() == Long.MAX_VALUE ? 0 : minAfterGc.get() / 1024,
                maxAfterGc.get() / 1024,
                lastAfterGc.get() / 1024);
        System.out.printf(
                "driver Arrow allocator peak: %,d KiB; JVM direct buffers+Netty peak (client and server): %,d KiB%n",
                driverAllocatorBytes(true) / 1024, peakJvmDirect.get() / 1024);
    }

    /**
     * The driver's root allocator (one per JVM, private to the driver): read reflectively because the
     * driver exposes no memory statistics. -1 when unavailable.
     */
    static long driverAllocatorBytes(boolean peak) {
        try {
            Class<?> memory = Class.forName("io.greptime.jdbc.internal.jdbc.ArrowMemory");
            Field root = memory.getDeclaredField("ROOT");
            root.setAccessible(true);
            BufferAllocator allocator = (BufferAllocator) root.get(null);
            return peak ? allocator.getPeakMemoryAllocation() : allocator.getAllocatedMemory();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    /** Direct memory as the JDK's buffer pool and Netty (Arrow's allocation manager) count it. */
    static long jvmDirectBytes() {
        long total = 0;
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                total += pool.getMemoryUsed();
            }
        }
        return total + Math.max(0, io.netty.util.internal.PlatformDependent.usedDirectMemory());
    }
}
