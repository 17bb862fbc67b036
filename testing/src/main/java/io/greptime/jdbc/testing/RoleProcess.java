package io.greptime.jdbc.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One GreptimeDB process (a standalone server, or one role of a cluster): its command line, environment and log
 * file, started, checked for readiness, stopped by PID (SIGTERM, then SIGKILL) or killed, and started again with
 * the same command line.
 */
final class RoleProcess {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final List<String> command;
    private final Map<String, String> environment;
    private final Path log;
    private final Duration stopTimeout;
    private final Path workDir;
    private volatile Process process;

    /**
     * @param workDir the process's working directory: roles without a {@code --data-home} flag (frontend,
     *     flownode) keep data under {@code ./greptimedb_data}, which must not land in the caller's directory
     */
    RoleProcess(
            String name,
            List<String> command,
            Map<String, String> environment,
            Path log,
            Duration stopTimeout,
            Path workDir) {
        this.workDir = workDir;
        this.name = name;
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
        this.log = log;
        this.stopTimeout = stopTimeout;
    }

    String name() {
        return name;
    }

    Path log() {
        return log;
    }

    List<String> command() {
        return command;
    }

    void launch() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(environment);
        process = pb.start();
    }

    /**
     * Waits until {@code ready} holds; fails when the process exits first or the time runs out (then it is
     * killed).
     */
    void awaitReady(Duration timeout, Readiness ready, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Process p = process;
            if (!p.isAlive()) {
                throw new GreptimeDBStartException(
                        name + " (" + command.get(0) + ") exited with code " + p.exitValue() + " before it was ready"
                                + portHint() + "; last lines of " + log + ":\n" + logTail(40),
                        true);
            }
            if (ready.test()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                kill();
                throw new GreptimeDBStartException(
                        name + " (" + command.get(0) + ") was not ready within " + timeout + " (" + what
                                + "); it was stopped. Last lines of " + log + ":\n" + logTail(40),
                        false);
            }
            sleep(200);
        }
    }

    /** A readiness check, polled. */
    @FunctionalInterface
    interface Readiness {
        boolean test();
    }

    long pid() {
        Process p = process;
        if (p == null) {
            throw new IllegalStateException(name + " is not running");
        }
        return p.pid();
    }

    boolean isAlive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** SIGKILL, without waiting for anything: what a crash looks like to clients. */
    void kill() {
        Process p = process;
        if (p != null) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            awaitExit(p, Duration.ofSeconds(30));
        }
    }

    /** SIGTERM, then SIGKILL after the stop timeout. */
    void stop() {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        if (!awaitExit(p, stopTimeout)) {
            kill();
        }
    }

    /** " (a port was taken ...)" when the log says so, else empty. */
    String portHint() {
        String tail = logTail(40).toLowerCase(Locale.ROOT);
        return tail.contains("address already in use") || tail.contains("addrinuse") ? " (a port was taken)" : "";
    }

    String logTail(int lines) {
        try {
            if (!Files.exists(log)) {
                return "(no log at " + log + ")";
            }
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    /** Fails the start when {@code binary} is not an executable file. */
    static void requireExecutable(Path binary) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw new GreptimeDBStartException("no executable GreptimeDB binary at " + binary, false);
        }
    }

    /** {@code GET http://127.0.0.1:port/health} answers 200. */
    static boolean healthy(int httpPort) {
        return httpGet(httpPort, "/health") != null;
    }

    /** The body of a 200 answer to {@code GET http://127.0.0.1:port/path}, or null. */
    static String httpGet(int port, String pathAndQuery) {
        try {
            HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                    .timeout(Duration.ofSeconds(5))
                    .GET()
                    .build();
            HttpResponse<String> r = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GreptimeDBStartException("interrupted while waiting for GreptimeDB", false);
        }
    }

    /** A TCP connection to {@code 127.0.0.1:port} succeeds. */
    static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean awaitExit(Process p, Duration timeout) {
        try {
            return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GreptimeDBStartException("interrupted while waiting for GreptimeDB", false);
        }
    }
}
