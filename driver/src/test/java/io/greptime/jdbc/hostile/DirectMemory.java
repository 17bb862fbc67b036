package io.greptime.jdbc.hostile;

import io.greptime.jdbc.internal.client.EventLoopProbe;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.internal.PlatformDependent;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * The direct memory of this JVM and who holds it, for checks that open/use/close cycles do not grow it.
 * All figures are bytes. The JDK's {@code direct} buffer pool counts every {@code ByteBuffer.allocateDirect}
 * (netty allocates its pool chunks that way on Java 17 unless given reflective access to
 * {@code DirectByteBuffer}'s constructor, in which case {@link PlatformDependent#usedDirectMemory()} counts
 * them instead); the pooled figures say how much of it is netty arenas kept for reuse: the pool gRPC's
 * netty transport allocates from (client and embedded server share it in one JVM), and the pool behind
 * every Arrow allocator ({@code NettyAllocationManager}'s, also shared by driver and server). "In use" is
 * what live buffers hold; the rest of a pool is cached chunks, which netty keeps and reuses.
 *
 * <p>Read on the thin class path, where netty is {@code io.netty}; in the all-in-one jar the same classes
 * live under {@code io.greptime.jdbc.shaded} and read the relocated system properties.
 */
record DirectMemory(
        long jdkDirect,
        long jdkDirectBuffers,
        long nettyCounted,
        long grpcPooled,
        long grpcInUse,
        int grpcThreadCaches,
        long arrowPooled,
        long arrowInUse,
        long arrowHuge,
        long nettyDefaultPooled,
        long driverArrow,
        int threads,
        long loopThreads) {

    /** The figures now, after garbage (and the thread caches of dead threads it frees) is collected. */
    static DirectMemory sample() {
        settle();
        BufferPoolMXBean direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(b -> b.getName().equals("direct"))
                .findFirst()
                .orElseThrow();
        PooledByteBufAllocator grpc = grpcAllocator();
        PooledByteBufAllocator arrow = arrowInnerAllocator();
        return new DirectMemory(
                direct.getMemoryUsed(),
                direct.getCount(),
                PlatformDependent.usedDirectMemory(),
                grpc == null ? -1 : grpc.metric().usedDirectMemory(),
                grpc == null ? -1 : grpc.pinnedDirectMemory(),
                grpc == null ? -1 : grpc.metric().numThreadLocalCaches(),
                arrow == null ? -1 : arrow.metric().usedDirectMemory(),
                arrow == null ? -1 : arrow.pinnedDirectMemory(),
                arrowHugeBytes(),
                ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider m
                        ? m.metric().usedDirectMemory()
                        : -1,
                ArrowMemoryProbe.driverAllocatedBytes(),
                ManagementFactory.getThreadMXBean().getThreadCount(),
                EventLoopProbe.loopThreads());
    }

    /** The pooled figures together: what netty keeps for reuse in both pools. */
    long pooled() {
        return Math.max(0, grpcPooled) + Math.max(0, arrowPooled);
    }

    @Override
    public String toString() {
        return String.format(
                "direct=%.1fMiB (%d buffers) nettyCounter=%s grpcPool=%.1fMiB (in use %.1fMiB, %d thread caches)"
                        + " arrowPool=%.1fMiB (in use %.1fMiB, huge %.1fMiB) nettyDefault=%s driverArrow=%dB threads=%d (driver loops %d)",
                mib(jdkDirect),
                jdkDirectBuffers,
                nettyCounted < 0 ? "n/a" : String.format("%.1fMiB", mib(nettyCounted)),
                mib(grpcPooled),
                mib(grpcInUse),
                grpcThreadCaches,
                mib(arrowPooled),
                mib(arrowInUse),
                mib(arrowHuge),
                nettyDefaultPooled < 0 ? "n/a" : String.format("%.1fMiB", mib(nettyDefaultPooled)),
                driverArrow,
                threads,
                loopThreads);
    }

    static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }

    /** Collects garbage until the direct pool stops shrinking (cleaners and finalizers run after a GC). */
    private static void settle() {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            System.runFinalization();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                    .filter(b -> b.getName().equals("direct"))
                    .mapToLong(BufferPoolMXBean::getMemoryUsed)
                    .sum();
            if (now >= last && i >= 2) {
                return;
            }
            last = now;
        }
    }

    /** gRPC's own pooled allocator ({@code io.grpc.netty.Utils.getByteBufAllocator(false)}), or null. */
    private static PooledByteBufAllocator grpcAllocator() {
        try {
            Method m = Class.forName("io.grpc.netty.Utils").getDeclaredMethod("getByteBufAllocator", boolean.class);
            m.setAccessible(true);
            return m.invoke(null, false) instanceof PooledByteBufAllocator p ? p : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The pool behind Arrow's netty allocation manager (its {@code PooledByteBufAllocatorL}), or null. */
    private static PooledByteBufAllocator arrowInnerAllocator() {
        Object outer = arrowOuterAllocator();
        if (outer == null) {
            return null;
        }
        try {
            Field f = outer.getClass().getDeclaredField("allocator");
            f.setAccessible(true);
            return f.get(outer) instanceof PooledByteBufAllocator p ? p : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Bytes of Arrow buffers larger than a chunk, which Arrow allocates unpooled and frees on release. */
    private static long arrowHugeBytes() {
        Object outer = arrowOuterAllocator();
        try {
            return outer == null
                    ? -1
                    : (Long) outer.getClass().getMethod("getHugeBufferSize").invoke(outer);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    private static Object arrowOuterAllocator() {
        try {
            Field f = Class.forName("org.apache.arrow.memory.netty.NettyAllocationManager")
                    .getDeclaredField("INNER_ALLOCATOR");
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
