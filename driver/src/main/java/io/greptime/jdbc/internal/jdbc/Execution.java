package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.client.CancelHook;
import io.greptime.jdbc.internal.observe.StatementObservation;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One execution of a statement, from the call until its result set is closed, with the state machine of
 * design rule 8: RUNNING moves to CANCELLING (by {@link #cancel()}) or DONE (by {@link #finish()}) by
 * compare-and-set. Because every execution is a new object, a cancel that arrives after an execution
 * finished finds it DONE and does nothing: it can never hit the next query.
 */
final class Execution implements CancelHook {
    enum Phase {
        RUNNING,
        CANCELLING,
        DONE
    }

    private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.RUNNING);
    private final AtomicReference<Runnable> canceller = new AtomicReference<>();
    private final StatementObservation observation;

    Execution() {
        this(null);
    }

    /** @param observation what logs, metrics and traces see of this execution (null: unobserved) */
    Execution(StatementObservation observation) {
        this.observation = observation;
    }

    /** The execution as logs, metrics and traces see it, or null. */
    StatementObservation observation() {
        return observation;
    }

    /** Registers how to stop the call; runs it at once if a cancel arrived first. */
    @Override
    public void onCancel(Runnable action) {
        canceller.set(action);
        if (phase.get() == Phase.CANCELLING) {
            runCanceller();
        }
    }

    /** Cancels if still running; true when this call moved it to CANCELLING. */
    boolean cancel() {
        if (!phase.compareAndSet(Phase.RUNNING, Phase.CANCELLING)) {
            return false;
        }
        runCanceller();
        return true;
    }

    private void runCanceller() {
        Runnable r = canceller.getAndSet(null);
        if (r != null) {
            try {
                r.run();
            } catch (RuntimeException e) {
                // the call may have ended in the meantime; cancelling a finished call is harmless
            }
        }
    }

    /** Marks the execution over; later cancels are no-ops. */
    void finish() {
        phase.set(Phase.DONE);
        canceller.set(null);
    }

    /** Whether a cancel reached this execution before it finished. */
    boolean wasCancelled() {
        return phase.get() == Phase.CANCELLING;
    }

    Phase phase() {
        return phase.get();
    }
}
