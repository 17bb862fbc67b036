package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The thin jar in the projects users have: each folder of {@code src/it} is a Maven project of its own (a plain
 * one, Spring Boot 3.5 and 4.0 applications whose parent manages the versions, a jOOQ one) that depends on the
 * driver by its coordinates. This test installs the driver's artifacts, built by this reactor, into a private
 * local repository, runs {@code mvn test} on each project against an embedded server started here, and checks
 * that its tests passed. Third-party artifacts come from the build's own local repository (a {@code file:}
 * repository), else Maven Central, so nothing of this build lands in the user's local repository.
 *
 * <p>Each project's own test checks the transport: the best one this machine has ({@code
 * greptime.bestTransport}, probed here with a consistent netty), or, where {@code greptime.strictTransport} is
 * false, another one announced by one WARNING that says why.
 */
class UserProjectsIT {
    private static final Path EXAMPLES = Path.of("").toAbsolutePath();
    private static final Path ROOT = EXAMPLES.getParent();
    private static final Path WORK = EXAMPLES.resolve("target/user-projects");
    private static final String VERSION = System.getProperty("greptime.version");

    private static DuckDbEngine engine;
    private static EmbeddedGreptimeServer server;

    @BeforeAll
    static void start() throws IOException {
        assertThat(VERSION).as("greptime.version (set by examples/pom.xml)").isNotBlank();
        Files.createDirectories(WORK);
        Path repo = WORK.resolve("repo");
        installReactorArtifact(repo, "greptime-jdbc-parent", ROOT.resolve("pom.xml"), null);
        installReactorArtifact(
                repo, "greptime-jdbc-proto", ROOT.resolve("proto/pom.xml"), ROOT.resolve("proto/target"));
        installReactorArtifact(
                repo,
                "greptime-jdbc-flight-bridge",
                ROOT.resolve("flight-bridge/pom.xml"),
                ROOT.resolve("flight-bridge/target"));
        installReactorArtifact(repo, "greptime-jdbc", ROOT.resolve("driver/pom.xml"), ROOT.resolve("driver/target"));
        Files.writeString(WORK.resolve("settings.xml"), settings(), StandardCharsets.UTF_8);
        engine = DuckDbEngine.inMemory();
        server = EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (engine != null) {
            engine.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // project,       the best transport or nothing
        "plain-maven,     true",
        "jooq,            true",
        // Boot 3.5's BOM pins netty 4.1, which io_uring cannot run on: epoll with a WARNING is the promise there
        "spring-boot-3.5, false",
        "spring-boot-4.0, true",
    })
    void projectBuildsAndItsTestsPass(String project, boolean strictTransport) throws Exception {
        Path dir = copyProject(project);
        Path log = WORK.resolve(project + ".log");
        List<String> command = new ArrayList<>(List.of(
                mavenExecutable(),
                "-B",
                "-ntp",
                "-s",
                WORK.resolve("settings.xml").toString(),
                "-Dmaven.repo.local=" + WORK.resolve("repo"),
                "-Dgreptime.version=" + VERSION,
                "-Dgreptime.url=jdbc:greptime://" + server.address() + "/public",
                "-Dgreptime.bestTransport=" + bestTransport(),
                "-Dgreptime.strictTransport=" + strictTransport,
                "test"));
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean done = p.waitFor(10, TimeUnit.MINUTES);
        if (!done) {
            p.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        String tail = output.substring(Math.max(0, output.length() - 6000));
        assertThat(done)
                .as("mvn test of %s finished within 10 minutes; log %s", project, log)
                .isTrue();
        assertThat(p.exitValue())
                .as("mvn test of %s (log %s):%n%s", project, log, tail)
                .isZero();
        assertThat(output).as(tail).containsPattern("Tests run: [1-9]\\d*, Failures: 0, Errors: 0");
        assertThat(output).as(tail).contains("transport chosen: ");
    }

    /** The best netty transport this machine runs, probed with the reactor's (consistent) netty 4.2. */
    static String bestTransport() {
        try {
            if (io.netty.channel.uring.IoUring.isAvailable()) {
                return "io_uring";
            }
        } catch (LinkageError e) {
            // no io_uring classes for this platform: fall through
        }
        try {
            if (io.netty.channel.epoll.Epoll.isAvailable()) {
                return "epoll";
            }
        } catch (LinkageError e) {
            // as above
        }
        return "nio";
    }

    /** The project, copied under target so that its build writes nothing into src. */
    private static Path copyProject(String project) throws IOException {
        Path from = EXAMPLES.resolve("src/it").resolve(project);
        Path to = WORK.resolve(project);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        // Maven looks upward for .mvn to find the project root: stop it at the project, not this repository.
        Files.createDirectories(to.resolve(".mvn"));
        return to;
    }

    /** pom (and jar) of one reactor module, laid out as a local repository holds an installed artifact. */
    private static void installReactorArtifact(Path repo, String artifactId, Path pom, Path target) throws IOException {
        Path dir = repo.resolve("io/greptime/jdbc").resolve(artifactId).resolve(VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifactId + "-" + VERSION + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (target != null) {
            Path jar = target.resolve(artifactId + "-" + VERSION + ".jar");
            assertThat(jar)
                    .as("%s is packaged (run the reactor's verify)", artifactId)
                    .exists();
            Files.copy(jar, dir.resolve(artifactId + "-" + VERSION + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Settings that read third-party artifacts from the outer build's local repository before Central. */
    private static String settings() {
        String outer =
                Path.of(System.getProperty("outer.localRepository")).toUri().toString();
        return """
                <settings>
                  <profiles>
                    <profile>
                      <id>outer-repository</id>
                      <repositories>
                        <repository><id>outer</id><url>%1$s</url><snapshots><enabled>false</enabled></snapshots></repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository><id>outer</id><url>%1$s</url><snapshots><enabled>false</enabled></snapshots></pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>outer-repository</activeProfile></activeProfiles>
                </settings>
                """.formatted(outer);
    }

    private static String mavenExecutable() {
        String home = System.getProperty("maven.home");
        assertThat(home).as("maven.home (set by examples/pom.xml)").isNotBlank();
        return Path.of(home, "bin", "mvn").toString();
    }
}
