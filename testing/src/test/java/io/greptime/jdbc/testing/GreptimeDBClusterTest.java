package io.greptime.jdbc.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster harness against a stand-in binary (a small Python program) that plays each role as GreptimeDB's
 * command line names it: it listens on the role's gRPC port, serves {@code /health} and answers the frontends'
 * {@code /v1/sql} with a {@code cluster_info} that lists the datanodes. The live suites run the real binary.
 */
class GreptimeDBClusterTest {
    @TempDir
    Path dir;

    @Test
    void start_everyRole_readyThenStoppedByPid() throws Exception {
        Path bin = standIn("");
        List<Long> pids;
        Path home;
        try (GreptimeDBCluster cluster =
                GreptimeDBCluster.builder(bin).datanodes(2).frontends(2).start()) {
            assertThat(cluster.nodes())
                    .extracting(GreptimeDBCluster.Node::role)
                    .containsExactly("metasrv", "datanode", "datanode", "frontend", "frontend", "flownode");
            assertThat(cluster.jdbcUrl())
                    .isEqualTo("jdbc:greptime://" + cluster.frontend(0).grpcEndpoint() + ","
                            + cluster.frontend(1).grpcEndpoint() + "/public");
            String seen = Files.readString(cluster.datanodes().get(1).logFile());
            assertThat(seen)
                    .contains("datanode start")
                    .contains("--node-id=2")
                    .contains("--metasrv-addrs=" + cluster.metasrv().grpcEndpoint());
            assertThat(cluster.clusterInfoJson(cluster.frontend(1))).contains("DATANODE");

            GreptimeDBCluster.Node fe = cluster.frontend(0);
            long before = fe.pid();
            fe.kill();
            assertThat(fe.isAlive()).isFalse();
            fe.restart();
            assertThat(fe.pid()).isNotEqualTo(before);
            pids = cluster.nodes().stream().map(GreptimeDBCluster.Node::pid).toList();
            home = cluster.metasrv().logFile().getParent();
        }
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                    .as("pid " + pid)
                    .isEmpty();
        }
        assertThat(home).doesNotExist();
    }

    @Test
    void start_roleThatExits_isNamedAndEverythingStartedIsStopped() throws Exception {
        Path bin = standIn("datanode");
        long before = ProcessHandle.current()
                .children()
                .filter(ProcessHandle::isAlive)
                .count();
        assertThatThrownBy(() -> GreptimeDBCluster.builder(bin).start())
                .isInstanceOfSatisfying(
                        GreptimeDBStartException.class,
                        e -> assertThat(e.exited()).isTrue())
                .hasMessageContaining("datanode 0")
                .hasMessageContaining("exited with code 2")
                .hasMessageContaining("stand-in refuses to be a datanode");
        assertThat(ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .count())
                .isEqualTo(before);
    }

    private Path standIn(String failingRole) throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is needed for the stand-in; skipped");
        String py = String.join(
                "\n",
                "#!/usr/bin/python3",
                "import http.server, socket, sys, threading",
                "role = sys.argv[1]",
                "print(' '.join(sys.argv[1:]), flush=True)",
                "if role == '" + failingRole + "':",
                "    print('stand-in refuses to be a ' + role, flush=True); sys.exit(2)",
                "opts = dict(a[2:].split('=', 1) for a in sys.argv[3:])",
                "rpc = opts.get('rpc-bind-addr') or opts['bind-addr']",
                "g = socket.socket(); g.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
                "h, p = rpc.split(':'); g.bind((h, int(p))); g.listen(16)",
                "threading.Thread(target=lambda: [g.accept() for _ in iter(int, 1)], daemon=True).start()",
                "class H(http.server.BaseHTTPRequestHandler):",
                "    def do_GET(self):",
                "        body = b'[{\"peer_type\":\"DATANODE\"},{\"peer_type\":\"DATANODE\"}]'",
                "        ok = self.path == '/health' or self.path.startswith('/v1/sql')",
                "        self.send_response(200 if ok else 404); self.end_headers()",
                "        if self.path.startswith('/v1/sql'): self.wfile.write(body)",
                "    def log_message(self, *x): pass",
                "h, p = opts['http-addr'].split(':')",
                "http.server.HTTPServer((h, int(p)), H).serve_forever()",
                "");
        Path p = dir.resolve("greptime-stand-in");
        Files.writeString(p, py, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
