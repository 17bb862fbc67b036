package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.tck.engine.flow.FlowHost.Pass;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs flow passes on one daemon thread per engine. Timing follows GreptimeDB's batching engine: after a
 * pass the next one waits half the window size, at least the last pass's duration and
 * {@link #MIN_REFRESH_MILLIS}, at most {@link #MAX_WAIT_MILLIS} (GreptimeDB's query timeout); windows
 * left over by a capped pass ({@link #MAX_WINDOWS_PER_PASS}, GreptimeDB's max filters per query) run at
 * once; {@code EVAL INTERVAL} fixes the period. Streaming flows run as soon as keys are buffered.
 * (GreptimeDB at 7fd0a7bb98 waits a whole window rather than half; we follow the half.)
 */
final class FlowScheduler implements AutoCloseable {
    static final long MIN_REFRESH_MILLIS = 5_000;
    static final long MAX_WAIT_MILLIS = 600_000;
    /** Windows one background pass recomputes at most; flushes take everything. */
    static final int MAX_WINDOWS_PER_PASS = 20;

    private static final System.Logger LOG = System.getLogger(FlowScheduler.class.getName());

    private final FlowRuntime runtime;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wakeUp = lock.newCondition();
    /** Guarded by lock. */
    private boolean signaled;

    private volatile boolean closed;
    private final Thread thread;

    FlowScheduler(FlowRuntime runtime) {
        this.runtime = runtime;
        this.thread = new Thread(this::loop, "greptime-flow-scheduler");
        thread.setDaemon(true);
        thread.start();
    }

    void wake() {
        lock.lock();
        try {
            signaled = true;
            wakeUp.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void loop() {
        while (!closed) {
            long wait = 1_000;
            boolean ran = false;
            long now = System.currentTimeMillis();
            for (FlowState s : runtime.states()) {
                if (closed) {
                    return;
                }
                if (!s.hasWork()) {
                    continue;
                }
                if (now >= s.nextRunAtMillis) {
                    pass(s, MAX_WINDOWS_PER_PASS, false);
                    ran = true;
                } else {
                    wait = Math.min(wait, s.nextRunAtMillis - now);
                }
            }
            if (!ran) {
                sleep(wait);
            }
        }
    }

    private void sleep(long millis) {
        lock.lock();
        try {
            if (!signaled && !closed) {
                wakeUp.await(Math.max(1, millis), TimeUnit.MILLISECONDS);
            }
            signaled = false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        } finally {
            lock.unlock();
        }
    }

    /** One pass of one flow; a failure puts the work back (and is rethrown when {@code rethrow}). */
    long pass(FlowState s, int maxWindows, boolean rethrow) {
        s.runLock.lock();
        try {
            FlowState.Work w = s.take(maxWindows);
            if (w.isEmpty()) {
                return 0;
            }
            long t0 = System.nanoTime();
            try {
                runtime.ensureSink(s.def);
                long n = runtime.host().run(s.def, build(s, w));
                s.lastExecutionMillis = System.currentTimeMillis();
                s.lastError = null;
                return n;
            } catch (RuntimeException e) {
                s.restore(w);
                s.failedAtMillis = System.currentTimeMillis();
                s.lastError = e.getMessage();
                LOG.log(System.Logger.Level.WARNING, "flow " + s.def.name() + " pass failed: " + e.getMessage());
                if (rethrow) {
                    throw e;
                }
                return 0;
            } finally {
                s.lastDurationMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                schedule(s, w.windows().size() >= maxWindows);
            }
        } finally {
            s.runLock.unlock();
        }
    }

    private void schedule(FlowState s, boolean leftOver) {
        long now = System.currentTimeMillis();
        FlowDefinition f = s.def;
        if (s.failedAtMillis >= now - 1000 && s.lastError != null) {
            s.nextRunAtMillis = now + MIN_REFRESH_MILLIS;
        } else if (f.evalIntervalSeconds() != null) {
            s.nextRunAtMillis = now + f.evalIntervalSeconds() * 1000;
        } else if (f.streaming() || leftOver) {
            s.nextRunAtMillis = now;
        } else {
            long half = s.window() == null ? 0 : s.window().sizeMicros() / 2000;
            long gap = Math.max(Math.max(half, s.lastDurationMillis), MIN_REFRESH_MILLIS);
            s.nextRunAtMillis = now + Math.min(gap, MAX_WAIT_MILLIS);
        }
    }

    private Pass build(FlowState s, FlowState.Work w) {
        FlowDefinition f = s.def;
        FlowHost host = runtime.host();
        String[] src = f.sources().get(0).split("\\.", 2);
        Table source = host.table(src[0], src[1]);
        if (source == null) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.TABLE_NOT_FOUND,
                    "Table not found: greptime." + f.sources().get(0));
        }
        if (FlowQuery.isTql(f.query())) {
            // a TQL flow re-evaluates its whole statement (its own time range) on every pass
            return new Pass(f.query(), List.of(), false);
        }
        Long notBefore = f.expireAfterSeconds() == null
                ? null
                : (System.currentTimeMillis() - f.expireAfterSeconds() * 1000) * 1000;
        if (w.buffer() && f.sources().size() == 1) {
            List<String> keys = new ArrayList<>(source.tags());
            keys.add(source.timeIndex());
            return new Pass(PassSql.restrict(f.query(), PassSql.buffered(host.bufferName(f), keys)), List.of(), true);
        }
        if (w.all() || w.buffer() || f.sources().size() > 1) {
            // Several sources (a join) cannot be cut to one window column or one key set: the whole query reruns.
            String filter = notBefore == null ? null : PassSql.ranges(source.timeIndex(), null, notBefore);
            List<long[]> replace = w.replaceAll() ? List.of(new long[] {Long.MIN_VALUE, Long.MAX_VALUE}) : List.of();
            return new Pass(PassSql.restrict(f.query(), filter), replace, false);
        }
        List<long[]> ranges = new ArrayList<>();
        List<long[]> replace = new ArrayList<>();
        for (FlowState.Window win : w.windows()) {
            long[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (last != null && last[1] == win.start()) {
                last[1] = win.end(); // adjacent windows read as one range
            } else {
                ranges.add(new long[] {win.start(), win.end()});
            }
            if (win.replace()) {
                replace.add(new long[] {win.start(), win.end()});
            }
        }
        String column = s.window() != null ? s.window().column() : source.timeIndex();
        return new Pass(PassSql.restrict(f.query(), PassSql.ranges(column, ranges, notBefore)), replace, false);
    }

    @Override
    public void close() {
        closed = true;
        wake();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
