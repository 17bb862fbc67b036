package io.greptime.jdbc.internal.client;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * netty settings read once, when netty's {@code PlatformDependent} initialises, which the driver applies
 * before its first connection touches netty.
 *
 * <p>netty 4.2's pooled allocator describes its chunk allocations as JFR events ({@code AllocateChunkEvent}
 * and others, {@code io.netty.jfr.enabled}, on by default wherever JFR exists). Creating the first such
 * event registers the event types with JFR's metadata repository, which loads about 110 classes of
 * {@code jdk.jfr} and parses their annotations on the netty event loop: in a cold JVM that costs the first
 * connection 60 to 100 ms of its HealthCheck, whether or not anything ever records. So when nothing has
 * set {@code io.netty.jfr.enabled} and no JFR recording was started with the JVM, the driver sets it to
 * false. In the all-in-one jar the property is the relocated netty's own (its name is relocated with it),
 * so the application's netty is untouched; with the thin jar netty is shared, and a JVM whose first netty
 * user is the driver runs without netty's allocator events unless {@code -Dio.netty.jfr.enabled=true} (or
 * a recording at start-up) asks for them.
 */
public final class NettyStartup {
    /** netty's switch for its JFR events (relocated with netty in the all-in-one jar). */
    static final String JFR_PROPERTY = "io.netty.jfr.enabled";

    private static final AtomicBoolean APPLIED = new AtomicBoolean();

    private NettyStartup() {}

    /** Applies the settings once per class loader; cheap afterwards. */
    public static void apply() {
        if (APPLIED.get() || !APPLIED.compareAndSet(false, true)) {
            return;
        }
        try {
            if (System.getProperty(JFR_PROPERTY) == null && !jfrRecording()) {
                System.setProperty(JFR_PROPERTY, "false");
            }
        } catch (SecurityException notAllowed) {
            // a security manager that forbids it: netty keeps its default
        }
    }

    /** Whether JFR is set up in this JVM (a recording was started); false where the JVM has no JFR. */
    private static boolean jfrRecording() {
        try {
            return jdk.jfr.FlightRecorder.isInitialized();
        } catch (LinkageError noJfr) {
            return false;
        }
    }
}
