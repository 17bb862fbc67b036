package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Design rule 6: the protocol client never depends on the JDBC implementation. */
class LayeringTest {
    private static final Path SOURCES = Path.of("src/main/java/io/greptime/jdbc");

    private static List<String> violations(Path dir, String forbidden) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .flatMap(p -> {
                        try {
                            return Files.readAllLines(p).stream()
                                    .filter(l -> l.startsWith("import ") && l.contains(forbidden))
                                    .map(l -> p.getFileName() + ": " + l);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.toList());
        }
    }

    @Test
    void client_neverImportsTheJdbcLayer() throws IOException {
        assertThat(Files.isDirectory(SOURCES.resolve("internal/client"))).isTrue();
        assertThat(violations(SOURCES.resolve("internal/client"), "io.greptime.jdbc.internal.jdbc"))
                .isEmpty();
    }

    @Test
    void config_neverImportsClientOrJdbc() throws IOException {
        assertThat(violations(SOURCES.resolve("internal/config"), "io.greptime.jdbc.internal.jdbc"))
                .isEmpty();
        assertThat(violations(SOURCES.resolve("internal/config"), "io.greptime.jdbc.internal.client"))
                .isEmpty();
    }

    @Test
    void scanner_detectsAViolation() throws IOException {
        // The check itself must be able to fail: the jdbc layer does import the client.
        assertThat(violations(SOURCES.resolve("internal/jdbc"), "io.greptime.jdbc.internal.client"))
                .isNotEmpty();
    }
}
