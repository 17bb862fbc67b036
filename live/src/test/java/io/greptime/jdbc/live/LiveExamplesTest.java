package io.greptime.jdbc.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The project's examples, each in a JVM of its own with {@code GREPTIMEDB_ENDPOINT} naming the real server, exactly
 * as the README tells a user to run them. An example checks its own results and exits non-zero when one is wrong
 * (the examples that build their own target print no banner, so the exit code is the verdict).
 */
class LiveExamplesTest {
    private static final long TIMEOUT_MINUTES = 10;

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"Quickstart", "TypedRows", "ArrowBatches", "FlowExample", "PromqlDemo", "MarketDataPipeline"})
    void example_againstTheRealServer_exitsZero(String example) throws Exception {
        String endpoint = LiveServer.require().grpcEndpoint();
        Path log = Files.createTempFile("live-example-", ".log");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Dpipeline.ticks=200000",
                "-Dpipeline.chart=" + Path.of("target", "live-market-data.png").toAbsolutePath(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.greptime.jdbc.examples." + example));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("GREPTIMEDB_ENDPOINT", endpoint);
        Process p = pb.start();
        boolean done = p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
        if (!done) {
            p.destroyForcibly();
        }
        String out = tail(log, 60);
        System.out.println("live example " + example + ":\n" + out);
        Files.deleteIfExists(log);
        assertThat(done)
                .as(example + " finished within " + TIMEOUT_MINUTES + " minutes")
                .isTrue();
        assertThat(p.exitValue()).as(example + " exit code; output:\n" + out).isZero();
    }

    private static String tail(Path log, int lines) throws IOException {
        List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
