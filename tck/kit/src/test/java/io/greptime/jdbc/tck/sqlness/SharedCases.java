package io.greptime.jdbc.tck.sqlness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Where the shared GreptimeDB sqlness cases are at test time (never copied into the project). */
final class SharedCases {
    private SharedCases() {}

    static final String PROPERTY = "greptime.shared.dir";

    /** {@code <greptime.shared.dir>/sqlness}, or null when the property is unset or the folder absent. */
    static Path directory() {
        String shared = System.getProperty(PROPERTY);
        if (shared == null) {
            return null;
        }
        Path dir = Path.of(shared, "sqlness");
        return Files.isDirectory(dir) ? dir : null;
    }

    static String describe() {
        return "system property " + PROPERTY + "=" + System.getProperty(PROPERTY);
    }

    /** Every {@code .sql} case under {@code dir}, sorted by path. */
    static Stream<Path> sqlFiles(Path dir) throws IOException {
        return Files.walk(dir).filter(p -> p.toString().endsWith(".sql")).sorted();
    }
}
