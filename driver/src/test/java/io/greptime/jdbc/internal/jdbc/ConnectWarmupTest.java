package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.testing.DuckDbFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The first connection of a JVM prepares Arrow and the first query's classes on a second thread
 * ({@link ConnectWarmup}): checked in fresh JVMs (the warm-up runs once per class loader) against a live
 * embedded server. The warm-up must run through without an error (an Arrow or protobuf API it uses that
 * changed would show here, not as a slower first query nobody notices), the connection and its first query
 * must work with it on and off, and netty's JFR events are off unless the JVM asks for them.
 */
class ConnectWarmupTest {
    private static DuckDbFixture server;

    @BeforeAll
    static void start() throws Exception {
        server = new DuckDbFixture();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String probe(String... jvmFlags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
        cmd.addAll(List.of(jvmFlags));
        cmd.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                ConnectWarmupProbe.class.getName(),
                "jdbc:greptime://" + server.server().address() + "/public"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void firstConnection_warmsTheReadPathOnAThreadOfItsOwn_withoutError() throws Exception {
        String out = probe();
        assertThat(out).contains("ROW=42").contains("READ_PATH=done").contains("NETTY_JFR=false");
    }

    @Test
    void warmupOff_connectsAndQueriesOnTheCallersThreadAlone() throws Exception {
        String out = probe("-Dio.greptime.jdbc.warmup=false");
        assertThat(out).contains("ROW=42").contains("READ_PATH=skipped").contains("WARMUP_THREAD=false");
    }

    @Test
    void nettyJfrEvents_stayAsTheJvmSetsThem() throws Exception {
        assertThat(probe("-Dio.netty.jfr.enabled=true")).contains("ROW=42").contains("NETTY_JFR=true");
    }
}
