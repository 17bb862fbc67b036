package io.greptime.jdbc.internal.client;

/** Lets tests in other packages see and shorten the life of the driver's event loop groups. */
public final class EventLoopProbe {
    private EventLoopProbe() {}

    /** Channels of every transport holding a lease of its group. */
    public static int leases() {
        int n = 0;
        for (NettyTransport t : NettyTransport.values()) {
            n += t.leases();
        }
        return n;
    }

    /** Sets how long every transport's group outlives its last channel; null restores the default. */
    public static void idleMillis(Long millis) {
        for (NettyTransport t : NettyTransport.values()) {
            t.idleMillis(millis == null ? NettyTransport.IDLE_SHUTDOWN_MILLIS : millis);
        }
    }

    /** Live threads of the driver's event loop groups. */
    public static long loopThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("greptime-jdbc-"))
                .filter(t -> t.getName().matches("greptime-jdbc-(io_uring|epoll|nio)-.*"))
                .count();
    }
}
