package io.greptime.jdbc.testing;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A GreptimeDB cluster on this machine from one {@code greptime} binary: a metasrv on its in-memory store, datanodes,
 * frontends and optionally a flownode, each a process of its own on loopback ports with its own data directory
 * under one temporary folder:
 *
 * <pre>{@code
 * try (GreptimeDBCluster cluster = GreptimeDBCluster.builder(Path.of("/opt/greptime/greptime"))
 *         .datanodes(1).frontends(2).flownode(true).start()) {
 *     Connection c = DriverManager.getConnection(cluster.jdbcUrl());   // every frontend, failover between them
 *     cluster.frontend(0).kill();                                       // SIGKILL one frontend
 *     cluster.frontend(0).restart();
 * }
 * }</pre>
 *
 * <p>{@link Builder#start()} starts the metasrv, then the datanodes, the frontends and the flownode, each once the
 * one before is ready, and returns when every frontend answers {@code GET /health}, accepts gRPC connections and
 * lists the datanodes as running in {@code information_schema.cluster_info} (asked over its HTTP SQL API). A role
 * that exits or is not ready in time fails the start with the role's name, its exit code and the end of its log,
 * and every process already started is stopped. {@link #close()} stops them all by PID, newest first, and removes
 * the folder. The command lines are those GreptimeDB's own test runner uses ({@code tests/runner} in its
 * repository): metasrv with {@code --backend memory-store} and region failover off.
 */
public final class GreptimeDBCluster implements AutoCloseable {
    private final Builder settings;
    private final Path home;
    private final List<Node> nodes = new ArrayList<>();
    private final Thread shutdownHook;

    /** One process of the cluster: its role, index, ports and process. */
    public static final class Node {
        private final String role;
        private final int index;
        private final int grpcPort;
        private final int httpPort;
        private final int mysqlPort;
        private final int postgresPort;
        private final RoleProcess process;
        private final Duration startTimeout;

        Node(String role, int index, int[] ports, RoleProcess process, Duration startTimeout) {
            this.role = role;
            this.index = index;
            this.grpcPort = ports[0];
            this.httpPort = ports[1];
            this.mysqlPort = ports.length > 2 ? ports[2] : -1;
            this.postgresPort = ports.length > 3 ? ports[3] : -1;
            this.process = process;
            this.startTimeout = startTimeout;
        }

        /** {@code metasrv}, {@code datanode}, {@code frontend} or {@code flownode}. */
        public String role() {
            return role;
        }

        public int index() {
            return index;
        }

        /** {@code 127.0.0.1:port} of its gRPC port. */
        public String grpcEndpoint() {
            return "127.0.0.1:" + grpcPort;
        }

        public int httpPort() {
            return httpPort;
        }

        /** A frontend's MySQL port (-1 for other roles). */
        public int mysqlPort() {
            return mysqlPort;
        }

        /** A frontend's PostgreSQL port (-1 for other roles). */
        public int postgresPort() {
            return postgresPort;
        }

        public long pid() {
            return process.pid();
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        public Path logFile() {
            return process.log();
        }

        /** SIGKILL. */
        public void kill() {
            process.kill();
        }

        /** SIGTERM, then SIGKILL after the stop timeout. */
        public void stop() {
            process.stop();
        }

        /** Starts it again with the same ports and data, and waits until it is ready. */
        public void restart() throws IOException {
            process.stop();
            start();
        }

        void start() throws IOException {
            process.launch();
            process.awaitReady(startTimeout, this::ready, readiness());
        }

        private boolean ready() {
            boolean rpc = RoleProcess.accepts(grpcPort);
            return role.equals("frontend") || role.equals("metasrv") ? rpc && RoleProcess.healthy(httpPort) : rpc;
        }

        private String readiness() {
            return "gRPC port " + grpcPort
                    + (role.equals("frontend") || role.equals("metasrv") ? ", GET /health on port " + httpPort : "");
        }

        @Override
        public String toString() {
            return role + " " + index + " (gRPC " + grpcEndpoint() + ", HTTP " + httpPort + ")";
        }
    }

    public static Builder builder(Path binary) {
        return new Builder(binary);
    }

    private GreptimeDBCluster(Builder settings, Path home) {
        this.settings = settings;
        this.home = home;
        this.shutdownHook = new Thread(this::killAll, "greptimedb-cluster-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Every node, in the order they were started. */
    public List<Node> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    public List<Node> frontends() {
        return nodes.stream().filter(n -> n.role.equals("frontend")).toList();
    }

    public Node frontend(int i) {
        return frontends().get(i);
    }

    public List<Node> datanodes() {
        return nodes.stream().filter(n -> n.role.equals("datanode")).toList();
    }

    public Node metasrv() {
        return nodes.get(0);
    }

    /** {@code jdbc:greptime://fe1,fe2,.../public}: every frontend, for the driver's failover. */
    public String jdbcUrl() {
        return "jdbc:greptime://" + frontends().stream().map(Node::grpcEndpoint).collect(Collectors.joining(","))
                + "/public";
    }

    /** One line per node, for a report. */
    public String describe() {
        return nodes.stream()
                .map(n -> n + " pid " + (n.isAlive() ? n.pid() : "-"))
                .collect(Collectors.joining("\n"));
    }

    /**
     * The rows of {@code information_schema.cluster_info} as a frontend's HTTP SQL API answers them (JSON), or null
     * when it does not answer.
     */
    public String clusterInfoJson(Node frontend) {
        String sql = "SELECT peer_type, peer_addr, peer_id, node_status FROM information_schema.cluster_info";
        return RoleProcess.httpGet(
                frontend.httpPort(), "/v1/sql?db=public&sql=" + URLEncoder.encode(sql, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        List<Node> reversed = new ArrayList<>(nodes);
        Collections.reverse(reversed);
        reversed.forEach(Node::stop);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run
        }
        DataDirectories.delete(home);
    }

    private void killAll() {
        for (Node n : nodes) {
            try {
                n.kill();
            } catch (RuntimeException ignored) {
                // the JVM is exiting
            }
        }
    }

    private Node add(String role, int index, List<String> args, int[] ports) throws IOException {
        Path dir = Files.createDirectories(home.resolve(role + "-" + index));
        List<String> command = new ArrayList<>();
        command.add(settings.binary.toString());
        command.add(role);
        command.add("start");
        command.addAll(args);
        Node node = new Node(
                role,
                index,
                ports,
                new RoleProcess(
                        role + " " + index,
                        command,
                        Map.of(),
                        home.resolve(role + "-" + index + ".log"),
                        settings.stopTimeout,
                        dir),
                settings.startTimeout);
        nodes.add(node);
        node.start();
        return node;
    }

    private void startAll() throws IOException {
        int[] meta = ports(2);
        String metaAddr = "127.0.0.1:" + meta[0];
        add(
                "metasrv",
                0,
                List.of(
                        "--bind-addr=" + metaAddr,
                        "--server-addr=" + metaAddr,
                        "--http-addr=127.0.0.1:" + meta[1],
                        "--enable-region-failover=false",
                        "--backend=memory-store",
                        "--data-home=" + home.resolve("metasrv-0")),
                meta);
        for (int i = 0; i < settings.datanodes; i++) {
            int[] p = ports(2);
            add(
                    "datanode",
                    i,
                    List.of(
                            "--node-id=" + (i + 1),
                            "--rpc-bind-addr=127.0.0.1:" + p[0],
                            "--rpc-server-addr=127.0.0.1:" + p[0],
                            "--http-addr=127.0.0.1:" + p[1],
                            "--data-home=" + home.resolve("datanode-" + i),
                            "--metasrv-addrs=" + metaAddr),
                    p);
        }
        for (int i = 0; i < settings.frontends; i++) {
            int[] p = ports(4);
            add(
                    "frontend",
                    i,
                    List.of(
                            "--rpc-bind-addr=127.0.0.1:" + p[0],
                            "--rpc-server-addr=127.0.0.1:" + p[0],
                            "--http-addr=127.0.0.1:" + p[1],
                            "--mysql-addr=127.0.0.1:" + p[2],
                            "--postgres-addr=127.0.0.1:" + p[3],
                            "--metasrv-addrs=" + metaAddr),
                    p);
        }
        if (settings.flownode) {
            int[] p = ports(2);
            add(
                    "flownode",
                    0,
                    List.of(
                            "--node-id=" + (settings.datanodes + 100),
                            "--rpc-bind-addr=127.0.0.1:" + p[0],
                            "--rpc-server-addr=127.0.0.1:" + p[0],
                            "--http-addr=127.0.0.1:" + p[1],
                            "--metasrv-addrs=" + metaAddr),
                    p);
        }
        awaitRegistered();
    }

    /** Every frontend lists every datanode in {@code cluster_info}. */
    private void awaitRegistered() {
        for (Node fe : frontends()) {
            fe.process.awaitReady(
                    settings.startTimeout,
                    () -> {
                        String json = clusterInfoJson(fe);
                        return json != null && count(json, "DATANODE") >= settings.datanodes;
                    },
                    settings.datanodes + " datanode(s) in information_schema.cluster_info");
        }
    }

    private static int count(String text, String word) {
        int n = 0;
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length())) {
            n++;
        }
        return n;
    }

    private static int[] ports(int n) throws IOException {
        GreptimeDBProcess.Ports four = GreptimeDBProcess.Ports.free();
        int[] all = {four.grpc(), four.http(), four.mysql(), four.postgres()};
        int[] out = new int[n];
        System.arraycopy(all, 0, out, 0, n);
        return out;
    }

    /** Settings, then {@link #start()}. */
    public static final class Builder {
        private final Path binary;
        private int datanodes = 1;
        private int frontends = 2;
        private boolean flownode = true;
        private Duration startTimeout = Duration.ofMinutes(2);
        private Duration stopTimeout = Duration.ofSeconds(20);

        private Builder(Path binary) {
            this.binary = Objects.requireNonNull(binary, "binary");
        }

        public Builder datanodes(int n) {
            this.datanodes = n;
            return this;
        }

        public Builder frontends(int n) {
            this.frontends = n;
            return this;
        }

        public Builder flownode(boolean on) {
            this.flownode = on;
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            this.startTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        public Builder stopTimeout(Duration timeout) {
            this.stopTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /**
         * Starts every role and waits until the cluster is ready.
         *
         * @throws GreptimeDBStartException a role exited or was not ready in time; everything started is stopped
         */
        public GreptimeDBCluster start() throws IOException {
            RoleProcess.requireExecutable(binary);
            if (datanodes < 1 || frontends < 1) {
                throw new IllegalArgumentException("a cluster needs a datanode and a frontend");
            }
            GreptimeDBCluster cluster = new GreptimeDBCluster(this, Files.createTempDirectory("greptimedb-cluster-"));
            try {
                cluster.startAll();
                return cluster;
            } catch (IOException | RuntimeException e) {
                cluster.close();
                throw e;
            }
        }
    }
}
