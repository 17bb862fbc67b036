package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The failover package decides and routes; it never reaches into the protocol client or the JDBC layer. */
class FailoverLayeringTest {
    private static final Path FAILOVER = Path.of("src/main/java/io/greptime/jdbc/internal/failover");

    private static List<String> imports(String forbidden) throws IOException {
        try (Stream<Path> files = Files.list(FAILOVER)) {
            return files.flatMap(p -> {
                        try {
                            return Files.readAllLines(p).stream()
                                    .filter(l -> l.startsWith("import ") && l.contains(forbidden));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.toList());
        }
    }

    @Test
    void failover_importsNeitherClientNorJdbc() throws IOException {
        assertThat(Files.list(FAILOVER).count()).isGreaterThan(5);
        assertThat(imports("io.greptime.jdbc.internal.client")).isEmpty();
        assertThat(imports("io.greptime.jdbc.internal.jdbc")).isEmpty();
        assertThat(imports("io.greptime.jdbc.internal.config"))
                .as("the scan can see imports")
                .isNotEmpty();
    }
}
