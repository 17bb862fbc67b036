package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The jars the build ships, as users get them (after {@code package}): every one names its module in its
 * manifest, and the all-in-one jar under the README's sqlline command prints nothing but sqlline's own
 * output (no SLF4J warning from the relocated SLF4J inside it).
 */
class PackagedJarsIT {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String VERSION = System.getProperty("greptime.version");

    @Test
    void everyJar_hasAnAutomaticModuleName() throws Exception {
        Map<String, String> expected = Map.of(
                "proto/target/greptime-jdbc-proto-" + VERSION + ".jar",
                "io.greptime.jdbc.proto",
                "flight-bridge/target/greptime-jdbc-flight-bridge-" + VERSION + ".jar",
                "io.greptime.jdbc.arrow",
                "driver/target/greptime-jdbc-" + VERSION + ".jar",
                "io.greptime.jdbc",
                "driver/target/greptime-jdbc-all.jar",
                "io.greptime.jdbc",
                "tck/server/target/greptime-jdbc-embedded-server-" + VERSION + ".jar",
                "io.greptime.jdbc.embedded",
                "tck/kit/target/greptime-jdbc-tck-" + VERSION + ".jar",
                "io.greptime.jdbc.tck",
                "examples/target/greptime-jdbc-examples-" + VERSION + ".jar",
                "io.greptime.jdbc.examples");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path jar = ROOT.resolve(e.getKey());
            assertThat(jar).as("packaged").exists();
            try (JarFile file = new JarFile(jar.toFile())) {
                assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
                        .as(e.getKey())
                        .isEqualTo(e.getValue());
            }
        }
        Path server = ROOT.resolve("tck/server/target/greptime-embedded-server.jar");
        if (Files.exists(server)) {
            try (JarFile file = new JarFile(server.toFile())) {
                assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
                        .isEqualTo("io.greptime.jdbc.embedded");
            }
        }
    }

    /** The README's shell command line, in a JVM of its own with the all-in-one jar, one query, quietly. */
    @Test
    void allInOneJarUnderSqlline_printsNoSlf4jWarning() throws Exception {
        Path all = ROOT.resolve("driver/target/greptime-jdbc-all.jar");
        assumeTrue(Files.exists(all), all + " not built");
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "-cp",
                    "driver/target/greptime-jdbc-all.jar:examples/target/shell/*",
                    "sqlline.SqlLine",
                    "-u",
                    "jdbc:greptime://" + server.address() + "/public",
                    "-n",
                    "",
                    "-p",
                    "",
                    "--isolation=TRANSACTION_NONE",
                    "--color=false",
                    // a JVM without a terminal gets jline's dumb terminal, whose width squeezes tables away
                    "--outputformat=csv",
                    "-e",
                    "SELECT 41 + 1 AS answer;"));
            Process p = new ProcessBuilder(command)
                    .directory(ROOT.toFile())
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).contains("'42'").doesNotContain("SLF4J");
        }
    }
}
