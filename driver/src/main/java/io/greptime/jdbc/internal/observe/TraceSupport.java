package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.proto.v1.RequestHeader;

/**
 * OpenTelemetry detection and the few operations the driver needs from it. OpenTelemetry classes are
 * touched only through {@link OtelBridge}, loaded only when {@link #PRESENT}, so the API is an optional
 * dependency: without it spans are skipped and no request carries trace context.
 */
public final class TraceSupport {
    /** Whether opentelemetry-api is on the class path. */
    public static final boolean PRESENT = detect();

    private TraceSupport() {}

    private static boolean detect() {
        try {
            Class.forName("io.opentelemetry.api.GlobalOpenTelemetry", false, TraceSupport.class.getClassLoader());
            Class.forName("io.opentelemetry.context.Context", false, TraceSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Writes W3C {@code traceparent} (and {@code tracestate}) of the current span into the header's
     * {@code tracing_context} (protocol.md §2.2, field 5), which GreptimeDB reads to continue the trace.
     * Does nothing without OpenTelemetry, without a valid current span, or when the execution running on
     * this thread belongs to a connection with tracing off.
     */
    public static void inject(RequestHeader.Builder header) {
        if (!PRESENT) {
            return;
        }
        StatementObservation current = ObservedScope.current();
        if (current != null && !current.tracing()) {
            return;
        }
        OtelBridge.inject(header);
    }

    /** A tracer for the driver's spans, or null without OpenTelemetry. */
    static Object tracer() {
        return PRESENT ? OtelBridge.tracer() : null;
    }

    static void closeScope(Object scope) {
        OtelBridge.closeScope(scope);
    }
}
