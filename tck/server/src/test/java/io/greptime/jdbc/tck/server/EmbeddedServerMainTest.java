package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.AuthHeader;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.grpc.ManagedChannel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The standalone main, in-process. The shaded jar itself is checked by hand after {@code mvn package}:
 * {@code java -jar tck/target/greptime-embedded-server.jar --port 0} prints the ready line and answers
 * HealthCheck (see the report of the server branch).
 */
class EmbeddedServerMainTest {
    @Test
    void start_printsOneReadyLineAndAnswersHealthCheck() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ServerOptions options = ServerOptions.parse("--port", "0", "--profile", "v0.17", "--no-compression");

        try (EmbeddedServerMain.Running running =
                EmbeddedServerMain.start(options, new PrintStream(out, true, StandardCharsets.UTF_8))) {
            String printed = out.toString(StandardCharsets.UTF_8);
            assertThat(printed)
                    .isEqualTo(EmbeddedServerMain.READY_PREFIX + running.server.address() + System.lineSeparator());
            assertThat(running.server.profile()).isEqualTo(ServerProfile.V0_17);
            ManagedChannel channel = WireFixture.channel(running.server);
            try {
                assertThat(HealthCheckGrpc.newBlockingStub(channel)
                                .healthCheck(HealthCheckRequest.getDefaultInstance()))
                        .isNotNull();
            } finally {
                WireFixture.shutdown(channel);
            }
        }
    }

    @Test
    void start_withDataDirKeepsTablesAcrossRuns(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        ServerOptions options = ServerOptions.parse("--port", "0", "--data-dir", dir.toString());
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (EmbeddedServerMain.Running running = EmbeddedServerMain.start(options, quiet)) {
            handle(running, "CREATE TABLE kept (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            assertThat(handle(running, "INSERT INTO kept VALUES (1, 1.0), (2, 2.0)"))
                    .isEqualTo(2);
        }
        try (EmbeddedServerMain.Running running = EmbeddedServerMain.start(options, quiet)) {
            assertThat(handle(running, "DELETE FROM kept WHERE v > 0")).isEqualTo(2);
        }
    }

    private static int handle(EmbeddedServerMain.Running running, String sql) throws InterruptedException {
        ManagedChannel channel = WireFixture.channel(running.server);
        try {
            return io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc.newBlockingStub(channel)
                    .handle(WireFixture.sql(sql))
                    .getAffectedRows()
                    .getValue();
        } finally {
            WireFixture.shutdown(channel);
        }
    }

    @Test
    void parse_readsEveryFlag() {
        ServerOptions o = ServerOptions.parse(
                "--port",
                "4101",
                "--host",
                "0.0.0.0",
                "--user",
                "a=b=c",
                "--user",
                "d=e",
                "--tls-cert",
                "c.pem",
                "--tls-key",
                "k.pem",
                "--tls-client-ca",
                "ca.pem",
                "--data-dir",
                "/tmp/x");

        assertThat(o.port).isEqualTo(4101);
        assertThat(o.host).isEqualTo("0.0.0.0");
        assertThat(o.users).containsEntry("a", "b=c").containsEntry("d", "e");
        assertThat(o.tlsCert).hasName("c.pem");
        assertThat(o.tlsClientCa).hasName("ca.pem");
        assertThat(o.dataDir).hasName("x");
        assertThat(o.profile).isEqualTo(ServerProfile.V1_2);
        assertThat(o.compression).isTrue();
    }

    @Test
    void parse_helpAsksForTheUsageAndTheUsageNamesEveryFlag() {
        assertThat(ServerOptions.parse("--help").help).isTrue();
        assertThat(ServerOptions.parse("--port", "0", "-h").help).isTrue();
        assertThat(ServerOptions.parse("--port", "0").help).isFalse();
        for (String flag : List.of(
                "--port",
                "--host",
                "--user",
                "--tls-cert",
                "--tls-key",
                "--tls-client-ca",
                "--data-dir",
                "--profile",
                "--no-compression",
                "--help")) {
            assertThat(ServerOptions.USAGE).contains("  " + flag + " ");
        }
    }

    @Test
    void parse_rejectsBadInputWithoutEchoingPasswords() {
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> ServerOptions.parse("--bogus")))
                .hasMessage("unknown option --bogus");
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> ServerOptions.parse("--port", "x")))
                .hasMessageContaining("--port");
        assertThat(catchThrowableOfType(
                        IllegalArgumentException.class, () -> ServerOptions.parse("--user", "secretpw")))
                .hasMessage("--user must be NAME=PASSWORD");
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> ServerOptions.parse("--profile", "v9")))
                .hasMessageContaining("v9");
        assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> ServerOptions.parse("--tls-cert", "c")))
                .hasMessageContaining("--tls-key");
    }

    @Test
    void start_withUsersTurnsAuthOn() throws Exception {
        ServerOptions options = ServerOptions.parse("--port", "0", "--user", "u=p");
        try (EmbeddedServerMain.Running running = EmbeddedServerMain.start(
                options, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            ManagedChannel channel = WireFixture.channel(running.server);
            try {
                var e = catchThrowableOfType(
                        io.grpc.StatusRuntimeException.class,
                        () -> io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc.newBlockingStub(channel)
                                .handle(WireFixture.sql(
                                        WireFixture.basic("u", "wrong").toBuilder()
                                                .setAuthorization(AuthHeader.getDefaultInstance())
                                                .build(),
                                        "SELECT 1")));
                assertThat(WireFixture.errCode(e)).isEqualTo("7003");
            } finally {
                WireFixture.shutdown(channel);
            }
        }
    }
}
