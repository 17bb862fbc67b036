package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.testing.DuckDbFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Without {@code --add-opens=java.base/java.nio=ALL-UNNAMED} Arrow cannot reach java.nio on Java 17+; the
 * driver must say so at connect time, naming the flag, instead of failing inside some later query. Checked
 * in child JVMs against a live embedded server: without the flag connect fails naming it, with it connects.
 */
class ArrowFlagTest {

    private static String probe(DuckDbFixture server, List<String> jvmFlags) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                ArrowFlagProbe.class.getName(),
                "jdbc:greptime://" + server.server().address()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void connectWithoutTheFlag_failsNamingIt_andConnectsWithIt() throws IOException, InterruptedException {
        try (DuckDbFixture server = new DuckDbFixture()) {
            assertThat(probe(server, List.of()))
                    .contains("SQLSTATE=08001")
                    .contains("start Java with --add-opens=java.base/java.nio=ALL-UNNAMED")
                    .doesNotContain("CONNECTED");
            assertThat(probe(server, List.of("--add-opens=java.base/java.nio=ALL-UNNAMED")))
                    .contains("CONNECTED");
        }
    }
}
