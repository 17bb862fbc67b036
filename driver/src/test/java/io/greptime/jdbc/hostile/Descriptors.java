package io.greptime.jdbc.hostile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Open file descriptors of this process, read from {@code /proc/self/fd} (Linux only). */
final class Descriptors {
    private static final Path FDS = Path.of("/proc/self/fd");

    private Descriptors() {}

    static boolean readable() {
        return Files.isDirectory(FDS);
    }

    /** Open sockets of any family. */
    static int sockets() {
        return count("socket:");
    }

    /** All open descriptors. */
    static int all() {
        return count("");
    }

    private static int count(String prefix) {
        try (Stream<Path> fds = Files.list(FDS)) {
            return (int) fds.filter(fd -> target(fd).startsWith(prefix)).count();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String target(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "?"; // closed between listing and reading: not open any more
        }
    }

    /** Waits up to {@code millis} for the socket count to drop to {@code atMost}; returns the last count. */
    static int socketsSettlingTo(int atMost, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        int n = sockets();
        while (n > atMost && System.nanoTime() < deadline) {
            Thread.sleep(50);
            n = sockets();
        }
        return n;
    }
}
