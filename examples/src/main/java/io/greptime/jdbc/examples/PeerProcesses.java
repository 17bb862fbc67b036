package io.greptime.jdbc.examples;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command lines of {@link WriteProcesses}' clients that cannot live on this JVM's classpath: the
 * official Java ingester's bulk writer ({@code ingesterbulk}, the standalone Maven project
 * {@code examples/ingester-bulk-peer}, whose grpc / Arrow / protobuf differ from the driver's), and any
 * program named by {@code -Dbench.peer.NAME=/path/to/program} (the Rust SDKs' bulk writers, built outside
 * the project). Each is started with {@code METHOD HOST:PORT TABLE ROWS BATCH WARMUP_ROWS PASSES} and
 * speaks the child protocol: a {@code measuring} line before each measured pass and a {@code RESULT} line
 * after it. A peer that cannot run here is left out with the reason printed, so a clean clone without the
 * ingester 0.15 artifact or the Rust programs still runs the benchmark.
 */
final class PeerProcesses {
    static final String INGESTER_BULK = "ingesterbulk";
    private static final String INGESTER_BULK_MAIN = "io.greptime.jdbc.examples.peer.IngesterBulkPeer";

    private PeerProcesses() {}

    /** True when {@code method} is not one of the clients this JVM runs itself. */
    static boolean isExternal(String method) {
        return method.equals(INGESTER_BULK) || System.getProperty("bench.peer." + method) != null;
    }

    /**
     * The command prefix of an external peer (its arguments follow), or null after printing why it cannot
     * run here.
     */
    static List<String> command(String method, String java) throws Exception {
        if (method.equals(INGESTER_BULK)) {
            return ingesterBulk(java);
        }
        String program = System.getProperty("bench.peer." + method).trim();
        List<String> command = new ArrayList<>(List.of(program.split("\\s+")));
        if (!Files.isExecutable(Path.of(command.get(0)))) {
            System.out.println(method + ": skipped, -Dbench.peer." + method + " names no executable file");
            return null;
        }
        return command;
    }

    /**
     * The Java ingester's bulk peer: its classes compiled and its classpath resolved by Maven, offline first
     * (the ingester 0.15 artifact is built from its repository and installed locally where Central lacks it),
     * then online unless the benchmark itself runs offline.
     */
    private static List<String> ingesterBulk(String java) throws Exception {
        Path pom = Path.of(System.getProperty("bench.ingesterBulkPom", "examples/ingester-bulk-peer/pom.xml"))
                .toAbsolutePath();
        if (!Files.exists(pom)) {
            System.out.println(INGESTER_BULK + ": skipped, no " + pom);
            return null;
        }
        Path cpFile = pom.getParent().resolve("target").resolve("classpath.txt");
        String why = resolve(pom, cpFile, true);
        if (why != null && !System.getProperty("bench.offline", "").endsWith("true")) {
            why = resolve(pom, cpFile, false);
        }
        if (why != null) {
            System.out.println(INGESTER_BULK + ": skipped, the official Java ingester's bulk writer (ingester-all "
                    + System.getProperty("ingester.version", "0.15.1-debug") + ") does not resolve here: " + why);
            return null;
        }
        String cp = pom.getParent().resolve("target").resolve("classes")
                + File.pathSeparator
                + Files.readString(cpFile).trim();
        List<String> command = new ArrayList<>(List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        command.addAll(List.of("-cp", cp, INGESTER_BULK_MAIN));
        return command;
    }

    /** Compiles the peer and writes its classpath; null when that worked, else Maven's last lines. */
    private static String resolve(Path pom, Path cpFile, boolean offline) throws IOException, InterruptedException {
        String mavenHome = System.getProperty("maven.home");
        String mvn = mavenHome == null ? "mvn" : mavenHome + File.separator + "bin" + File.separator + "mvn";
        List<String> command = new ArrayList<>(List.of(mvn, "-B", "-q"));
        if (offline) {
            command.add("-o");
        }
        command.addAll(
                List.of("-f", pom.toString(), "compile", "dependency:build-classpath", "-Dmdep.outputFile=" + cpFile));
        String version = System.getProperty("ingester.version");
        if (version != null) {
            command.add("-Dingester.version=" + version);
        }
        // -Dbench.ingesterRepo=DIR: the Maven repository the ingester was built into, when that is not the
        // user's own (an ingester built from its repository stays out of the shared ~/.m2)
        String repo = System.getProperty("bench.ingesterRepo");
        if (repo != null && !repo.isBlank()) {
            command.add("-Dmaven.repo.local=" + repo);
        }
        Path log = Files.createTempFile("ingester-bulk-peer", ".log");
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return "Maven did not finish in 10 minutes";
            }
            if (p.exitValue() == 0 && Files.exists(cpFile)) {
                return null;
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains("ERROR"))
                    .limit(2)
                    .toList();
            return (offline ? "offline: " : "online: ") + String.join(" / ", lines);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
