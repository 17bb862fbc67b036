package io.greptime.jdbc.internal.failover;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Runs one call over the endpoint set: each attempt on an endpoint the policy picks, a failed attempt
 * repeated only when {@link RetryRules} says it is safe, within the retry budget
 * ({@code failoverRetries}), the failover deadline ({@code failoverTimeout}) and the statement's own
 * timeout. Every outcome is reported to the endpoint's breaker.
 */
public final class Router {
    private final EndpointSet endpoints;
    private final FailoverSettings settings;
    private final FailoverListener listener;
    private final LongSupplier clock;

    public Router(EndpointSet endpoints, FailoverSettings settings, FailoverListener listener, LongSupplier clock) {
        this.endpoints = endpoints;
        this.settings = settings;
        this.listener = listener;
        this.clock = clock;
    }

    public EndpointSet endpoints() {
        return endpoints;
    }

    public FailoverSettings settings() {
        return settings;
    }

    public FailoverListener listener() {
        return listener;
    }

    /** One attempt of a call on one endpoint. */
    @FunctionalInterface
    public interface Attempt<T> {
        /**
         * @param remainingMillis what is left of the statement timeout, 0 for none
         */
        T run(Endpoint endpoint, CallProgress progress, long remainingMillis) throws Exception;
    }

    /**
     * Runs {@code attempt} until it succeeds or a failure may not be repeated.
     *
     * @param timeoutMillis the statement timeout (0 = none); later attempts get what is left of it
     * @param translate turns the last failure into the SQLException the caller sees
     */
    public <T> T call(
            OperationKind kind, long timeoutMillis, Attempt<T> attempt, Function<Throwable, SQLException> translate)
            throws SQLException {
        return call(kind, timeoutMillis, attempt, translate, () -> true);
    }

    /**
     * As {@link #call(OperationKind, long, Attempt, Function)}; a WRITE the server answered with an error
     * (which may have left it applied on some regions: fidelity audit A3) is repeated only when
     * {@code repeatableWrite} says a second copy is harmless (the table deduplicates). Asked only then.
     */
    public <T> T call(
            OperationKind kind,
            long timeoutMillis,
            Attempt<T> attempt,
            Function<Throwable, SQLException> translate,
            BooleanSupplier repeatableWrite)
            throws SQLException {
        long start = clock.getAsLong();
        Set<Endpoint> tried = new HashSet<>();
        Endpoint previous = null;
        String retryReason = null;
        Exception last = null;
        for (int n = 1; ; n++) {
            Endpoint e = endpoints.select(kind, tried);
            if (e == null) {
                throw last != null ? translate.apply(last) : noEndpoint(kind);
            }
            if (previous != null) {
                listener.retry(kind, previous.toString(), e.toString(), n - 1, retryReason);
            }
            long remaining = remainingMillis(start, timeoutMillis);
            CallProgress progress = new CallProgress();
            long t0 = clock.getAsLong();
            try {
                T result = attempt.run(e, progress, remaining);
                endpoints.succeeded(e, clock.getAsLong() - t0);
                return result;
            } catch (Exception failure) {
                RetryRules.Verdict v = RetryRules.judge(failure, kind, progress);
                if (v.endpointFault()) {
                    endpoints.failed(e);
                } else {
                    endpoints.answered(e);
                }
                String stop = v.retry() ? budgetStop(n, start, timeoutMillis) : v.reason();
                if (stop == null
                        && v.mayHaveApplied()
                        && kind == OperationKind.WRITE
                        && !repeatableWrite.getAsBoolean()) {
                    stop = v.reason() + ", but the write may have been applied in part and its table does not "
                            + "deduplicate (or its mode is unknown): not repeated";
                }
                if (stop != null) {
                    listener.gaveUp(kind, e.toString(), n, stop);
                    throw translate.apply(failure);
                }
                tried.add(e);
                last = failure;
                previous = e;
                retryReason = v.reason();
            }
        }
    }

    /** Why no further attempt may start, or null when one may. */
    private String budgetStop(int attempts, long start, long timeoutMillis) {
        if (attempts > settings.retries()) {
            return "retry budget of " + settings.retries() + " spent";
        }
        long elapsed = clock.getAsLong() - start;
        if (settings.deadlineNanos() > 0 && elapsed >= settings.deadlineNanos()) {
            return "failoverTimeout reached";
        }
        if (timeoutMillis > 0 && elapsed >= timeoutMillis * 1_000_000L) {
            return "statement timeout reached";
        }
        return null;
    }

    private long remainingMillis(long start, long timeoutMillis) {
        if (timeoutMillis <= 0) {
            return 0;
        }
        long left = timeoutMillis - (clock.getAsLong() - start) / 1_000_000L;
        return Math.max(1, left);
    }

    private SQLException noEndpoint(OperationKind kind) {
        listener.gaveUp(kind, "(none)", 0, "every circuit breaker is open");
        return new SQLTransientConnectionException(
                "No GreptimeDB endpoint is available: the circuit breakers of " + endpoints.all()
                        + " are open and no HealthCheck probe succeeded",
                SqlState.CANNOT_CONNECT.code());
    }
}
