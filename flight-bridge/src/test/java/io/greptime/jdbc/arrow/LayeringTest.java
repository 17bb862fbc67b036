package io.greptime.jdbc.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * design.md rule 6 for this module: flight-bridge never sees {@code java.sql.Connection}, the
 * driver, or GreptimeDB's gRPC stubs, and dispatches on Arrow types with visitors (no
 * {@code instanceof ArrowType.X}); plus the small-file rule. Reads the module's own sources.
 */
class LayeringTest {
    private static List<Path> sources;

    @BeforeAll
    static void findSources() throws IOException {
        Path root = Path.of("src/main/java");
        assertThat(root).isDirectory();
        try (Stream<Path> files = Files.walk(root)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertThat(sources).hasSizeGreaterThan(20);
    }

    private static List<String> offenders(String forbidden) throws IOException {
        List<String> found = new java.util.ArrayList<>();
        for (Path file : sources) {
            if (Files.readString(file).contains(forbidden)) {
                found.add(file.getFileName().toString());
            }
        }
        return found;
    }

    @Test
    void noConnectionDriverOrGrpcStubs() throws IOException {
        for (String forbidden : List.of(
                "import java.sql.Connection;",
                "import java.sql.DriverManager;",
                "import io.greptime.jdbc.internal",
                "GreptimeDatabaseGrpc",
                "HealthCheckGrpc",
                "PrometheusGatewayGrpc",
                "import io.grpc.stub")) {
            assertThat(offenders(forbidden)).as(forbidden).isEmpty();
        }
    }

    @Test
    void arrowTypesAreDispatchedByVisitors() throws IOException {
        assertThat(offenders("instanceof ArrowType")).isEmpty();
    }

    /**
     * design.md's modules table: of the wire module the bridge reads one message, the {@code FlightMetadata}
     * of a DoGet frame's {@code app_metadata}; values (the JSONB codec among them) live here.
     */
    @Test
    void readsOnlyFlightMetadataFromProto() throws IOException {
        List<String> found = new java.util.ArrayList<>();
        for (Path file : sources) {
            for (String line : Files.readAllLines(file)) {
                String t = line.strip();
                if (t.startsWith("import") && t.contains("io.greptime.jdbc.proto.")) {
                    found.add(file.getFileName() + ": " + t);
                }
            }
        }
        assertThat(found).containsExactly("FlightMessages.java: import io.greptime.jdbc.proto.v1.FlightMetadata;");
    }

    @Test
    void filesStaySmall() throws IOException {
        for (Path file : sources) {
            assertThat(Files.readAllLines(file)).as(file.toString()).hasSizeLessThan(600);
        }
    }
}
