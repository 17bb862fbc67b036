package io.greptime.jdbc.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** A server process's CPU time (user + system) from {@code /proc/PID/stat}, in clock ticks of 1/100 s. */
final class ServerCpu {
    private static final double TICKS_PER_SECOND = 100.0;

    private ServerCpu() {}

    /** The process's CPU ticks so far, or -1 when the pid is unknown or unreadable. */
    static long ticks(OptionalLong pid) {
        if (pid.isEmpty()) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid.getAsLong()), "stat"));
            // the command name (field 2) may hold spaces: count fields after its closing parenthesis
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** CPU seconds since {@code ticks0}, or -1 when either reading is unknown. */
    static double seconds(OptionalLong pid, long ticks0) {
        long now = ticks(pid);
        return ticks0 < 0 || now < 0 ? -1 : (now - ticks0) / TICKS_PER_SECOND;
    }
}
