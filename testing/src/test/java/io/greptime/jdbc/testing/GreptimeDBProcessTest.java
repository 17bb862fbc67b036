package io.greptime.jdbc.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary harness against stand-in programs that behave as a {@code greptime} binary can: one that exits at
 * once, one that never becomes ready, one whose port is taken, and one that serves {@code /health} and a gRPC
 * port (a small Python server). No GreptimeDB is needed; the live suites run the real one.
 */
class GreptimeDBProcessTest {
    @TempDir
    Path dir;

    @Test
    void start_missingBinary_namesThePath() {
        Path missing = dir.resolve("no-such-greptime");
        assertThatThrownBy(() -> GreptimeDBProcess.builder(missing).start())
                .isInstanceOf(GreptimeDBStartException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void start_binaryThatExits_reportsCodeAndLogAndLeavesNothingRunning() throws IOException {
        Path bin = script("exits", "#!/bin/sh\necho 'error: unknown config key' >&2\nexit 3\n");
        long before = children();
        assertThatThrownBy(() -> GreptimeDBProcess.builder(bin).start())
                .isInstanceOfSatisfying(
                        GreptimeDBStartException.class,
                        e -> assertThat(e.exited()).isTrue())
                .hasMessageContaining("exited with code 3")
                .hasMessageContaining("error: unknown config key");
        assertThat(children()).isEqualTo(before);
    }

    @Test
    void start_neverReady_isStoppedAfterTheTimeout() throws IOException {
        Path bin = script("hangs", "#!/bin/sh\nexec sleep 600\n");
        long before = children();
        assertThatThrownBy(() -> GreptimeDBProcess.builder(bin)
                        .startTimeout(Duration.ofSeconds(2))
                        .start())
                .isInstanceOfSatisfying(
                        GreptimeDBStartException.class,
                        e -> assertThat(e.exited()).isFalse())
                .hasMessageContaining("not ready within PT2S")
                .hasMessageContaining("it was stopped");
        assertThat(children()).isEqualTo(before);
    }

    @Test
    void start_portTaken_isRetriedOnNewPortsThenReported() throws IOException {
        Path count = dir.resolve("attempts");
        Path bin = script(
                "taken",
                "#!/bin/sh\necho x >> '" + count + "'\n"
                        + "echo 'Failed to bind address 127.0.0.1:4001: Address already in use (os error 98)'\nexit 1\n");
        assertThatThrownBy(() -> GreptimeDBProcess.builder(bin).start())
                .isInstanceOf(GreptimeDBStartException.class)
                .hasMessageContaining("a port was taken");
        assertThat(Files.readAllLines(count)).hasSize(3);
    }

    @Test
    void start_readyServer_servesUntilClosedThenIsGone() throws Exception {
        Path bin = fakeServer();
        Path home;
        long pid;
        try (GreptimeDBProcess db = GreptimeDBProcess.builder(bin)
                .option("grpc.flight_compression", "none")
                .start()) {
            home = db.dataHome();
            pid = db.pid();
            assertThat(db.isAlive()).isTrue();
            assertThat(db.jdbcUrl())
                    .isEqualTo("jdbc:greptime://127.0.0.1:" + db.ports().grpc() + "/public");
            assertThat(connects(db.ports().grpc())).isTrue();
            // the arguments and the environment the stand-in saw
            String seen = Files.readString(home.resolve("seen.txt"));
            assertThat(seen)
                    .contains("standalone start --data-home " + home)
                    .contains("--rpc-bind-addr 127.0.0.1:" + db.ports().grpc())
                    .contains("GREPTIMEDB_STANDALONE__GRPC__FLIGHT_COMPRESSION=none");

            db.kill();
            assertThat(db.isAlive()).isFalse();
            db.restart();
            assertThat(db.pid()).isNotEqualTo(pid);
            assertThat(connects(db.ports().grpc())).isTrue();
            pid = db.pid();
        }
        long gone = pid;
        assertThat(ProcessHandle.of(gone).map(ProcessHandle::isAlive))
                .isIn(java.util.Optional.empty(), java.util.Optional.of(false));
        assertThat(home).doesNotExist();
    }

    @Test
    void environment_mapsKeysToGreptimeDbsLayeredVariables() {
        assertThat(GreptimeDBProcess.environment(Map.of("grpc.flight_compression", "none")))
                .containsExactly(Map.entry("GREPTIMEDB_STANDALONE__GRPC__FLIGHT_COMPRESSION", "none"));
        assertThat(GreptimeDBProcess.commandLine(
                        Path.of("/x/greptime"), Path.of("/d"), new GreptimeDBProcess.Ports(1, 2, 3, 4)))
                .containsExactly(
                        "/x/greptime",
                        "standalone",
                        "start",
                        "--data-home",
                        "/d",
                        "--http-addr",
                        "127.0.0.1:1",
                        "--rpc-bind-addr",
                        "127.0.0.1:2",
                        "--mysql-addr",
                        "127.0.0.1:3",
                        "--postgres-addr",
                        "127.0.0.1:4");
    }

    @Test
    void live_withoutAnyServer_saysWhyAndStartsNothing() throws Exception {
        try (LiveGreptimeDB live = LiveGreptimeDB.from(Map.of(), Map.of())) {
            assertThat(live.skipReason())
                    .get()
                    .asString()
                    .contains("GREPTIMEDB_ENDPOINT")
                    .contains("GREPTIMEDB_BIN");
            assertThatThrownBy(live::grpcEndpoint).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void live_endpoint_isUsedAsGivenWithDefaultSqlPorts() throws Exception {
        try (LiveGreptimeDB live = LiveGreptimeDB.from(Map.of("GREPTIMEDB_ENDPOINT", "10.1.2.3:4001"), Map.of())) {
            assertThat(live.skipReason()).isEmpty();
            assertThat(live.jdbcUrl("public")).isEqualTo("jdbc:greptime://10.1.2.3:4001/public");
            assertThat(live.mysqlEndpoint()).isEqualTo("10.1.2.3:4002");
            assertThat(live.postgresEndpoint()).isEqualTo("10.1.2.3:4003");
            assertThat(live.process()).isEmpty();
        }
    }

    private Path fakeServer() throws IOException {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is needed for the stand-in server; skipped");
        String py = String.join(
                "\n",
                "#!/usr/bin/python3",
                "import http.server, os, socket, sys, threading",
                "a = sys.argv[1:]",
                "arg = lambda k: a[a.index(k) + 1]",
                "home = arg('--data-home')",
                "env = [k + '=' + v for k, v in os.environ.items() if k.startswith('GREPTIMEDB_STANDALONE')]",
                "open(os.path.join(home, 'seen.txt'), 'w').write(' '.join(a) + '\\n' + '\\n'.join(env))",
                "g = socket.socket(); g.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
                "h, p = arg('--rpc-bind-addr').split(':'); g.bind((h, int(p))); g.listen(16)",
                "threading.Thread(target=lambda: [g.accept() for _ in iter(int, 1)], daemon=True).start()",
                "class H(http.server.BaseHTTPRequestHandler):",
                "    def do_GET(self):",
                "        self.send_response(200 if self.path == '/health' else 404); self.end_headers()",
                "    def log_message(self, *x): pass",
                "h, p = arg('--http-addr').split(':')",
                "http.server.HTTPServer((h, int(p)), H).serve_forever()",
                "");
        return script("fake-greptime", py);
    }

    private Path script(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static long children() {
        List<ProcessHandle> kids = ProcessHandle.current()
                .children()
                .filter(ProcessHandle::isAlive)
                .toList();
        return kids.size();
    }

    private static boolean connects(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
