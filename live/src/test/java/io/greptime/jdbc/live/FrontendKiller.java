package io.greptime.jdbc.live;

import io.greptime.jdbc.testing.GreptimeDBCluster;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Kills a frontend with SIGKILL from another thread while the writer is inside one of its calls, and says where the
 * kill landed. The writer marks each call with {@link #enter}/{@link #exit}; the kill fires once the writer has
 * entered call number {@code killInCall}, so it meets the driver mid-call (or, when the call ended first, between
 * calls, which {@link #landed} reports). A kill that landed after the work ended tests nothing: {@link #landed}
 * says so and the caller must not count it as a pass.
 */
final class FrontendKiller implements AutoCloseable {
    private final GreptimeDBCluster.Node frontend;
    private final int killInCall;
    private final AtomicInteger inCall = new AtomicInteger(-1);
    private final AtomicInteger entered = new AtomicInteger(-1);
    private final AtomicLong killedAtNanos = new AtomicLong();
    private volatile boolean workEnded;
    private volatile String landed = "not killed";
    private final Thread thread;

    FrontendKiller(GreptimeDBCluster.Node frontend, int killInCall) {
        this.frontend = frontend;
        this.killInCall = killInCall;
        this.thread = new Thread(this::run, "frontend-killer");
        thread.setDaemon(true);
        thread.start();
    }

    void enter(int call) {
        entered.set(call);
        inCall.set(call);
    }

    void exit(int call) {
        inCall.compareAndSet(call, -1);
    }

    /** The writer is done: a kill that has not fired yet never will. */
    void workEnded() {
        workEnded = true;
    }

    long killedAtNanos() {
        return killedAtNanos.get();
    }

    boolean killed() {
        return killedAtNanos.get() != 0;
    }

    /** Where the kill met the writer: "during call N", "between calls N and N+1", or why it never fired. */
    String landed() {
        return landed;
    }

    private void run() {
        while (entered.get() < killInCall) {
            if (workEnded) {
                landed = "never: the work ended before call " + killInCall;
                return;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000);
        }
        int before = inCall.get();
        frontend.kill();
        killedAtNanos.set(System.nanoTime());
        int after = inCall.get();
        if (workEnded) {
            landed = "after the work ended";
        } else if (before >= 0 && before == after) {
            landed = "during call " + before;
        } else {
            landed = "between calls " + entered.get() + " and " + (entered.get() + 1);
        }
    }

    @Override
    public void close() throws InterruptedException {
        workEnded = true;
        thread.join(30_000);
    }
}
