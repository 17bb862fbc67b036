package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.client.CallScope;
import io.greptime.jdbc.internal.observe.StatementObservation;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * One execution of a statement, from the call until its result set is closed, with the state machine of
 * design rule 8: RUNNING moves to CANCELLING (by {@link #cancel()}) or DONE (by {@link #finish()}) by
 * compare-and-set. Because every execution is a new object, a cancel that arrives after an execution
 * finished finds it DONE and does nothing: it can never hit the next query.
 *
 * <p>An execution also carries the statement's deadline: {@code setQueryTimeout} (or the
 * {@code queryTimeout} property) counted from the start of the execution, over everything it waits for
 * (each gRPC call gets what is left, acknowledgement waits and metadata lookups too). A batch
 * ({@code executeBatch}, and an {@code addBatch} that sends a part) is an execution like a query.
 */
final class Execution implements CallScope {
    enum Phase {
        RUNNING,
        CANCELLING,
        DONE
    }

    private final AtomicReference<Phase> phase = new AtomicReference<>(Phase.RUNNING);
    private final AtomicReference<Runnable> canceller = new AtomicReference<>();
    private final StatementObservation observation;
    private final LongSupplier clock;
    private final long timeoutMillis;
    /** On {@link #clock}; 0 for no deadline. */
    private final long deadline;

    Execution() {
        this(null, 0, System::nanoTime);
    }

    /**
     * @param observation what logs, metrics and traces see of this execution (null: unobserved)
     * @param timeoutMillis the statement timeout, counted from now (0 = none)
     * @param clock the clock deadlines are measured on
     */
    Execution(StatementObservation observation, long timeoutMillis, LongSupplier clock) {
        this.observation = observation;
        this.clock = clock;
        this.timeoutMillis = timeoutMillis;
        long start = clock.getAsLong();
        this.deadline = timeoutMillis <= 0 ? 0 : nonZero(start + timeoutMillis * 1_000_000L);
    }

    /** 0 means "no deadline", so a deadline that happens to fall on 0 moves by a nanosecond. */
    private static long nonZero(long nanos) {
        return nanos == 0 ? 1 : nanos;
    }

    @Override
    public long deadlineNanos() {
        return deadline;
    }

    @Override
    public long nowNanos() {
        return clock.getAsLong();
    }

    @Override
    public long timeoutMillis() {
        return timeoutMillis;
    }

    @Override
    public boolean isCancelled() {
        return wasCancelled();
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
