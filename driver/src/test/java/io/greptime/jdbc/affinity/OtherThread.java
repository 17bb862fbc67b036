package io.greptime.jdbc.affinity;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** A named thread that runs JDBC work while the test thread looks on; joined with no time-based logic. */
final class OtherThread {
    /** JDBC work that may throw. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws Exception;
    }

    private OtherThread() {}

    /** Starts {@code work} on a new thread called {@code name}; the future completes with its outcome. */
    static <T> CompletableFuture<T> start(String name, Work<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        result.complete(work.run());
                    } catch (Throwable e) {
                        result.completeExceptionally(e);
                    }
                },
                name);
        t.setDaemon(true);
        t.start();
        return result;
    }

    /** Runs {@code work} on a thread called {@code name} and waits for it (the bound only guards a hang). */
    static <T> T run(String name, Work<T> work) throws Exception {
        return join(start(name, work));
    }

    /** The SQLException {@code work} threw on a thread called {@code name}; fails if it did not throw. */
    static SQLException failure(String name, Work<?> work) throws Exception {
        return failureOf(start(name, work));
    }

    static <T> T join(CompletableFuture<T> f) throws Exception {
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    static SQLException failureOf(CompletableFuture<?> f) throws Exception {
        try {
            Object value = join(f);
            throw new AssertionError("expected an SQLException, got " + value);
        } catch (SQLException e) {
            return e;
        }
    }
}
