package io.greptime.jdbc.failover;

import io.greptime.jdbc.internal.failover.BreakerState;
import io.greptime.jdbc.internal.failover.FailoverListener;
import io.greptime.jdbc.internal.failover.OperationKind;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records what the failover machinery reports, as text lines. */
final class RecordingListener implements FailoverListener {
    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void breakerTransition(String endpoint, BreakerState from, BreakerState to, int failures) {
        events.add(endpoint + " " + from + "->" + to);
    }

    @Override
    public void retry(OperationKind kind, String failed, String next, int attempt, String reason) {
        events.add("retry " + kind + " " + failed + "->" + next);
    }

    @Override
    public void gaveUp(OperationKind kind, String endpoint, int attempts, String reason) {
        events.add("gave up " + kind + " on " + endpoint + ": " + reason);
    }

    @Override
    public void putResumed(String table, String failed, String next, long fromRequestId, int batches) {
        events.add("resumed " + table + " " + failed + "->" + next + " from " + fromRequestId);
    }
}
