package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;

/**
 * The execution a call runs inside: its deadline (the statement timeout over the whole execution, every
 * acknowledgement wait and metadata lookup included) and its cancellation. The statement layer's
 * execution implements it; code that waits on the server asks it how long it may wait and registers
 * (through {@link CancelHook#onCancel}) how to stop the wait now.
 */
public interface CallScope extends CancelHook {
    /** SQLState of a statement stopped by {@code Statement.cancel()} (or by closing it meanwhile). */
    String CANCELLED = SqlState.QUERY_CANCELED.code();
    /** SQLState of a statement that ran out of its timeout. */
    String TIMED_OUT = SqlState.TIMEOUT_EXPIRED.code();

    /** A scope with no deadline that nothing cancels (connection set-up, health checks). */
    CallScope NONE = new CallScope() {
        @Override
        public void onCancel(Runnable canceller) {}

        @Override
        public long deadlineNanos() {
            return 0;
        }

        @Override
        public long nowNanos() {
            return System.nanoTime();
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public long timeoutMillis() {
            return 0;
        }
    };

    /** The deadline on {@link #nowNanos()}'s clock, or 0 for none. */
    long deadlineNanos();

    /** The scope's clock (injectable: tests may run it on a fake one). */
    long nowNanos();

    /** Whether a cancel reached the execution. */
    boolean isCancelled();

    /** The statement timeout the deadline was derived from, in milliseconds (0 = none), for messages. */
    long timeoutMillis();

    /** Nanoseconds left before the deadline ({@link Long#MAX_VALUE} when there is none; never negative). */
    default long remainingNanos() {
        long deadline = deadlineNanos();
        return deadline == 0 ? Long.MAX_VALUE : Math.max(0, deadline - nowNanos());
    }

    /**
     * The timeout to give the next gRPC call: what is left of the deadline, at least 1 ms; 0 when there is
     * no deadline.
     *
     * @throws SQLException 57014 when cancelled, HYT00 when the deadline has passed
     */
    default long callTimeoutMillis() throws SQLException {
        SQLException stop = stopped("the call");
        if (stop != null) {
            throw stop;
        }
        long left = remainingNanos();
        return left == Long.MAX_VALUE ? 0 : Math.max(1, left / 1_000_000L);
    }

    /**
     * Why the execution must stop now, naming {@code what} was waited for, or null while it may go on:
     * 57014 after a cancel, HYT00 once the deadline has passed.
     */
    default SQLException stopped(String what) {
        if (isCancelled()) {
            return new SQLException("Statement cancelled while waiting for " + what, CANCELLED);
        }
        if (deadlineNanos() != 0 && remainingNanos() == 0) {
            return new SQLTimeoutException(
                    "Statement timeout of " + timeoutMillis() + " ms reached while waiting for " + what, TIMED_OUT);
        }
        return null;
    }
}
