package io.greptime.jdbc.internal.client;

import io.netty.util.concurrent.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ends the driver's network threads when {@link java.sql.DriverManager} deregisters the driver (its
 * {@link java.sql.DriverAction}), as an application server or a hot-reloading framework does when it
 * unloads the application that brought the driver: threads left running would keep the application's class
 * loader alive and outlive the classes they log with. Without a deregistration the threads end on their own,
 * a while after the last connection has closed.
 */
public final class DriverThreads {
    /** How long deregistration waits for the event loop threads to end. */
    static final long END_WAIT_MILLIS = 2_000;

    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.client");

    private DriverThreads() {}

    /**
     * Ends every event loop group no connection uses and waits (at most {@link #END_WAIT_MILLIS}) for the
     * threads; a group still serving connections ends as soon as the last of them is closed, and a warning
     * names how many were still open.
     */
    public static void end() {
        List<Future<?>> ending = new ArrayList<>();
        int open = 0;
        for (NettyTransport transport : NettyTransport.values()) {
            open += transport.leases();
            ending.addAll(transport.endGroups());
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_WAIT_MILLIS);
        boolean interrupted = false;
        for (Future<?> group : ending) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                group.await(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (open > 0) {
            int stillOpen = open;
            LOG.log(
                    Level.WARNING,
                    () -> "the driver was deregistered with " + stillOpen
                            + " connection channel(s) still open; their threads end once they are closed");
        }
    }
}
