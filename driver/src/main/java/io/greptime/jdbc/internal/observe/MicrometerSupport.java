package io.greptime.jdbc.internal.observe;

import java.util.function.LongSupplier;

/**
 * Micrometer detection. Micrometer types are named only in {@link MicrometerMetrics}, loaded only when
 * {@link #PRESENT}, so micrometer-core is an optional dependency.
 */
final class MicrometerSupport {
    static final boolean PRESENT = detect();

    private MicrometerSupport() {}

    private static boolean detect() {
        try {
            Class.forName(
                    "io.micrometer.core.instrument.MeterRegistry", false, MicrometerSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * A sink writing to {@code registry} (a {@code MeterRegistry}), or to Micrometer's global registry when
     * it is null; {@link MetricsSink#NONE} without Micrometer.
     *
     * @throws IllegalArgumentException when {@code registry} is not a {@code MeterRegistry}
     */
    static MetricsSink sink(Object registry, ConnectionIdentity who, LongSupplier arrowMemory) {
        if (!PRESENT) {
            return MetricsSink.NONE;
        }
        return MicrometerMetrics.open(registry, who, arrowMemory);
    }

    /** Whether {@code candidate} is a Micrometer {@code MeterRegistry} (false without Micrometer). */
    static boolean isRegistry(Object candidate) {
        return PRESENT && MicrometerMetrics.isRegistry(candidate);
    }
}
