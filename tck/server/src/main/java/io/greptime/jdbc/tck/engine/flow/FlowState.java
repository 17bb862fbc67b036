package io.greptime.jdbc.tck.engine.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The changing part of one flow: dirty windows (batching), pending buffered keys (streaming), run timing
 * and the last error. Dirty windows are guarded by {@link #dirtyLock}; {@link #runLock} makes the
 * scheduler and ADMIN FLUSH_FLOW take turns, so one pass of a flow runs at a time.
 */
final class FlowState {
    /** A dirty window: [start, end) in epoch microseconds; replace when source rows were deleted in it. */
    record Window(long start, long end, boolean replace) {}

    /** Replaced only by COMMENT ON FLOW (the flow's query and sink never change in place). */
    volatile FlowDefinition def;

    final FlowQuery query;
    final ReentrantLock runLock = new ReentrantLock();
    private final ReentrantLock dirtyLock = new ReentrantLock();
    /** Guarded by dirtyLock: dirty windows by start. */
    private final TreeMap<Long, Window> dirty = new TreeMap<>();
    /** Guarded by dirtyLock: everything must be recomputed (no time window, or unknown change). */
    private boolean allDirty;
    /** Guarded by dirtyLock: a streaming flow has buffered keys. */
    private boolean pending;
    /** Guarded by dirtyLock: a deletion hit a flow without a window, so the sink is rebuilt. */
    private boolean allReplace;

    volatile long nextRunAtMillis;
    volatile long lastExecutionMillis = -1;
    volatile long lastDurationMillis;
    volatile String lastError;
    volatile long failedAtMillis;

    FlowState(FlowDefinition def) {
        this.def = def;
        this.query = FlowQuery.analyze(def.query());
    }

    TimeWindow window() {
        return query.window;
    }

    /** Whether the flow's query is TQL, which every pass evaluates whole. */
    boolean tql() {
        return query.tql;
    }

    /** Marks everything to recompute (a TQL flow's next pass evaluates its statement again). */
    void markAll() {
        dirtyLock.lock();
        try {
            allDirty = true;
        } finally {
            dirtyLock.unlock();
        }
    }

    void markPending() {
        dirtyLock.lock();
        try {
            pending = true;
        } finally {
            dirtyLock.unlock();
        }
    }

    /** Marks the windows holding these source timestamps (epoch microseconds) dirty. */
    void markDirty(long[] tsMicros, boolean deleted, Long notBeforeMicros) {
        dirtyLock.lock();
        try {
            TimeWindow w = window();
            if (w == null) {
                allDirty |= tsMicros.length > 0;
                allReplace |= deleted && tsMicros.length > 0;
                return;
            }
            for (long ts : tsMicros) {
                if (notBeforeMicros != null && ts < notBeforeMicros) {
                    continue;
                }
                long[] se = w.windowOf(ts);
                Window old = dirty.get(se[0]);
                dirty.put(se[0], new Window(se[0], se[1], deleted || (old != null && old.replace())));
            }
        } finally {
            dirtyLock.unlock();
        }
    }

    /** What one pass takes: windows (empty with {@code all}), or the streaming buffer. */
    record Work(List<Window> windows, boolean all, boolean replaceAll, boolean buffer) {
        boolean isEmpty() {
            return windows.isEmpty() && !all && !buffer;
        }
    }

    boolean hasWork() {
        dirtyLock.lock();
        try {
            return pending || allDirty || !dirty.isEmpty();
        } finally {
            dirtyLock.unlock();
        }
    }

    /** Removes and returns up to {@code max} dirty windows (oldest first) or the whole-table work. */
    Work take(int max) {
        dirtyLock.lock();
        try {
            if (pending) {
                pending = false;
                return new Work(List.of(), false, false, true);
            }
            if (allDirty) {
                Work w = new Work(List.of(), true, allReplace, false);
                allDirty = false;
                allReplace = false;
                dirty.clear();
                return w;
            }
            List<Window> out = new ArrayList<>();
            while (!dirty.isEmpty() && out.size() < max) {
                Map.Entry<Long, Window> e = dirty.pollFirstEntry();
                out.add(e.getValue());
            }
            return new Work(out, false, false, false);
        } finally {
            dirtyLock.unlock();
        }
    }

    /** Puts back work a failed pass took, so nothing is lost. */
    void restore(Work w) {
        dirtyLock.lock();
        try {
            pending |= w.buffer();
            allDirty |= w.all();
            allReplace |= w.replaceAll();
            for (Window win : w.windows()) {
                Window old = dirty.get(win.start());
                dirty.put(
                        win.start(),
                        new Window(win.start(), win.end(), win.replace() || (old != null && old.replace())));
            }
        } finally {
            dirtyLock.unlock();
        }
    }
}
