package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The PromQL demo runs end to end against the embedded server and prints what it promises. */
class PromqlDemoTest {

    @Test
    void demo_printsRatesFromAllThreePaths() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            PromqlDemo.run("jdbc:greptime://" + server.address() + "/public");
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        // web-1 grows 30 per 15s (2/s), web-2 45 per 15s (3/s); every 1m window holds 4 evenly spaced samples
        // starting one gap after the window start. GreptimeDB extrapolates in floating point (extrapolate_rate.rs:
        // millisecond differences, the factor divided by the range before it multiplies), so a real v1.0.0 answers
        // these as 1.9999999999999998 and 2.9999999999999996 (measured with GREPTIMEDB_ENDPOINT), not 2.0 and 3.0
        assertThat(out)
                .contains(
                        "web-1 | 1970-01-01T00:01:00.000 | 1.9999999999999998",
                        "web-2 | 1970-01-01T00:02:00.000 | 2.9999999999999996");
        // the raw counter at 60s: 4 samples of 30
        assertThat(out).contains("120.0 | 1970-01-01T00:01:00.000 | web-1");
        assertThat(out).contains("{host=web-1} -> [Sample[timestampMillis=60000, value=1.9999999999999998]");
        assertThat(out).contains("\"resultType\":\"vector\"", "\"host\":\"web-2\"", "\"360\"");
    }
}
