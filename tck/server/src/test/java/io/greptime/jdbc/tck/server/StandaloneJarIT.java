package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.QueryRequest;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged standalone server ({@code java -jar tck/target/greptime-embedded-server.jar}) as a user
 * runs it, in its own JVM: it prints its ready line, answers HealthCheck and SQL, and stops on SIGTERM.
 * Runs in the verify phase (failsafe) because it needs the shaded jar.
 */
class StandaloneJarIT {
    private static final Path JAR = Path.of("target", "greptime-embedded-server.jar");

    @Test
    void jar_startsAnswersAndStopsOnSigterm() throws Exception {
        assumeTrue(Files.exists(JAR), JAR + " not built (skipped with -Dserver.jar.skip=true)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "--port", "0")
                .redirectErrorStream(true)
                .start();
        try {
            String ready = readyLine(process);
            assertThat(ready).startsWith(EmbeddedServerMain.READY_PREFIX);
            String address =
                    ready.substring(EmbeddedServerMain.READY_PREFIX.length()).trim();
            ManagedChannel channel =
                    NettyChannelBuilder.forTarget(address).usePlaintext().build();
            try {
                HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance());
                var db = GreptimeDatabaseGrpc.newBlockingStub(channel).withDeadlineAfter(60, TimeUnit.SECONDS);
                assertThat(db.handle(sql("CREATE TABLE jar_t (ts TIMESTAMP TIME INDEX, v DOUBLE)"))
                                .getAffectedRows()
                                .getValue())
                        .isZero();
                GreptimeResponse insert = db.handle(sql("INSERT INTO jar_t VALUES (1, 1.5), (2, 2.5)"));
                assertThat(insert.getAffectedRows().getValue()).isEqualTo(2);
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
            process.destroy(); // SIGTERM: the shutdown hook stops the server
            assertThat(process.waitFor(30, TimeUnit.SECONDS))
                    .as("server exits after SIGTERM")
                    .isTrue();
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void help_printsTheUsageAndExitsZero() throws Exception {
        assumeTrue(Files.exists(JAR), JAR + " not built (skipped with -Dserver.jar.skip=true)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "--help")
                .redirectErrorStream(true)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).isEqualTo(ServerOptions.USAGE + System.lineSeparator());
    }

    /** Everything the jar prints before its ready line: nothing, and no SLF4J warning in particular. */
    @Test
    void start_printsOnlyTheReadyLine() throws Exception {
        assumeTrue(Files.exists(JAR), JAR + " not built (skipped with -Dserver.jar.skip=true)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "--port", "0")
                .redirectErrorStream(true)
                .start();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertThat(first).startsWith(EmbeddedServerMain.READY_PREFIX);
        } finally {
            process.destroy();
            process.waitFor(30, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
    }

    private static GreptimeRequest sql(String text) {
        return GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder().setDbname("public"))
                .setQuery(QueryRequest.newBuilder().setSql(text))
                .build();
    }

    /** The first line that is the ready line; anything else the JVM prints first (warnings) is skipped. */
    private static String readyLine(Process process) throws Exception {
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(EmbeddedServerMain.READY_PREFIX)) {
                return line;
            }
        }
        throw new AssertionError("server exited without its ready line, exit code " + process.waitFor());
    }
}
