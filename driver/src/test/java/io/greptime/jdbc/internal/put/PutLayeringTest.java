package io.greptime.jdbc.internal.put;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The DoPut protocol is one package that control enters from the write pipeline and leaves only for the
 * wire: it never reaches back into the pipeline or the JDBC layer, and the protocol client and the
 * failover machinery it uses never call into it (no callback through them). Reads the module's sources,
 * names written out in full included.
 */
class PutLayeringTest {
    private static final Path SOURCES = Path.of("src/main/java/io/greptime/jdbc/internal");

    /** Files under {@code dir} whose text names {@code forbidden} (an import or a qualified name). */
    private static List<String> naming(String dir, String forbidden) throws IOException {
        Path root = SOURCES.resolve(dir);
        assertThat(root).isDirectory();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> read(p).contains(forbidden))
                    .map(p -> p.getFileName().toString())
                    .toList();
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void put_neverReachesBackIntoTheWritePipelineOrTheJdbcLayer() throws IOException {
        assertThat(naming("put", "io.greptime.jdbc.internal.bulk")).isEmpty();
        assertThat(naming("put", "io.greptime.jdbc.internal.jdbc")).isEmpty();
    }

    @Test
    void clientAndFailover_neverCallIntoPut() throws IOException {
        assertThat(naming("client", "io.greptime.jdbc.internal.put")).isEmpty();
        assertThat(naming("failover", "io.greptime.jdbc.internal.put")).isEmpty();
    }

    @Test
    void scanner_seesWhatTheWritePipelineUses() throws IOException {
        // the check must be able to fail: the pipeline does name the put package
        assertThat(naming("bulk", "io.greptime.jdbc.internal.put")).contains("BulkWrites.java");
    }
}
