package io.greptime.jdbc.internal.jdbc;

/** Lets tests in other packages check that the driver gave back all Arrow memory. */
public final class ArrowMemoryProbe {
    private ArrowMemoryProbe() {}

    public static long driverAllocatedBytes() {
        return ArrowMemory.allocatedBytes();
    }
}
