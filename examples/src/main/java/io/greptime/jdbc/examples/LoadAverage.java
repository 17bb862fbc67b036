package io.greptime.jdbc.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine's load average as the benchmarks print it beside their figures: on a shared machine a
 * wall-clock figure means little without it.
 */
final class LoadAverage {
    private LoadAverage() {}

    /** The 1, 5 and 15 minute load averages and the number of CPUs, or "unknown" off Linux. */
    static String read() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2] + " on "
                    + Runtime.getRuntime().availableProcessors() + " CPUs";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
