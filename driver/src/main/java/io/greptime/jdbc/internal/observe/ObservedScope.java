package io.greptime.jdbc.internal.observe;

/**
 * Which statement execution the current thread works for, so code far from the statement (error
 * translation, request header building, the gRPC call interceptor) can tag what it does with the
 * execution's id and tracing choice without a parameter threaded through every call. Entered around
 * an execution's calls on the calling thread only: never per row.
 */
public final class ObservedScope implements AutoCloseable {
    private static final ThreadLocal<StatementObservation> CURRENT = new ThreadLocal<>();

    private final StatementObservation previous;
    private final Object traceScope;

    private ObservedScope(StatementObservation previous, Object traceScope) {
        this.previous = previous;
        this.traceScope = traceScope;
    }

    /** Makes {@code observation} current on this thread (and its span, when it has one). */
    static ObservedScope enter(StatementObservation observation) {
        StatementObservation previous = CURRENT.get();
        CURRENT.set(observation);
        return new ObservedScope(previous, observation.makeSpanCurrent());
    }

    /** The execution this thread works for, or null. */
    public static StatementObservation current() {
        return CURRENT.get();
    }

    /** The id of the execution this thread works for, or null. */
    public static String currentId() {
        StatementObservation o = CURRENT.get();
        return o == null ? null : o.id();
    }

    @Override
    public void close() {
        if (traceScope != null) {
            TraceSupport.closeScope(traceScope);
        }
        if (previous == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(previous);
        }
    }
}
