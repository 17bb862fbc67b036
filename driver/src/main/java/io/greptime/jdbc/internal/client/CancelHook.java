package io.greptime.jdbc.internal.client;

/**
 * Where a call registers how to cancel itself. The statement layer implements it with its
 * compare-and-set state machine, so a cancel that arrives before the call registered still takes
 * effect, and one that arrives after the call ended does nothing.
 */
@FunctionalInterface
public interface CancelHook {
    /** A hook for calls nobody can cancel (connection set-up, health checks). */
    CancelHook NONE = canceller -> {};

    /** Registers the action that cancels the call now in flight; may run it at once if already cancelled. */
    void onCancel(Runnable canceller);
}
