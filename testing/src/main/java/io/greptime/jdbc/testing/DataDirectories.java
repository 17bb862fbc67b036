package io.greptime.jdbc.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removes the data directories (and their logs) of servers this module started. */
final class DataDirectories {
    private DataDirectories() {}

    /** Deletes {@code dir} and everything in it, and the {@code dir.log} beside it; best effort. */
    static void delete(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // already gone, or held by a process that did not stop: nothing better to do than leave it
        }
        dir.resolveSibling(dir.getFileName() + ".log").toFile().delete();
    }
}
