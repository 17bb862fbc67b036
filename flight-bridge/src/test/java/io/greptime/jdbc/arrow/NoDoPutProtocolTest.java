package io.greptime.jdbc.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * flight-bridge turns JDBC values into Arrow columns and encodes a batch as Arrow IPC; how a DoPut carries
 * it (the descriptor naming the table, request ids and the answers to them, the window, the call) is the
 * driver's put package's. Reads the module's own sources.
 */
class NoDoPutProtocolTest {
    private static List<String> naming(String text) throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> read(p).contains(text))
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
    void noRequestIdsDescriptorsOrAnswers() throws IOException {
        for (String protocol : List.of("request_id", "FlightDescriptor", "DoPutWriter", "PutAck")) {
            assertThat(naming(protocol)).as(protocol).isEmpty();
        }
    }

    @Test
    void scanner_findsWhatIsThere() throws IOException {
        assertThat(naming("class IpcBatch")).containsExactly("IpcBatch.java");
    }
}
