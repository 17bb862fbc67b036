package io.greptime.jdbc.live;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.greptime.jdbc.tck.sqlness.FlightSqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.SqlnessReplayer;
import io.greptime.jdbc.tck.sqlness.SqlnessReport;
import io.greptime.jdbc.tck.sqlness.SqlnessSuite;
import io.greptime.jdbc.testing.LiveGreptimeDB;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * The embedded server's probe cases ({@code tck/kit/src/test/resources/probes}, written here from GreptimeDB's
 * documentation and unit tests) replayed over raw Flight against the real server their {@code .result} answers were
 * recorded from. Every statement must still match: a difference means the recorded answer is stale or was not taken
 * from this server (re-record with {@code SqlnessMain --record}, see docs/embedded-server.md). A server of another
 * version than the recording's (v1.0.0) may differ; the report names each difference.
 */
class LiveProbeReplayTest {
    private static final Path PROBES = Path.of("..", "tck", "kit", "src", "test", "resources", "probes");

    @Test
    void probes_stillAnswerAsRecorded() throws IOException {
        LiveGreptimeDB server = LiveServer.require();
        assertTrue(Files.isDirectory(PROBES), "probe cases not found at " + PROBES.toAbsolutePath());
        String[] hostPort = server.grpcEndpoint().split(":");
        Location location = Location.forGrpcInsecure(hostPort[0], Integer.parseInt(hostPort[1]));
        SqlnessReport report;
        try (BufferAllocator allocator = new RootAllocator()) {
            report = SqlnessSuite.run(PROBES, () -> new FlightSqlnessExecutor(allocator, location));
        }
        System.out.println(report.summary().replace("sqlness: ", "live probes (" + server.description() + "): "));
        Files.createDirectories(Path.of("target"));
        report.write(Path.of("target", "live-probe-report.txt"));
        List<String> stale = new ArrayList<>();
        for (String name : SqlnessSuite.caseNames(PROBES)) {
            for (SqlnessReplayer.StatementResult st : report.find(name).statements()) {
                if (!st.matches()) {
                    stale.add(name + "#" + st.statement().number() + ": "
                            + st.statement().firstLine() + "\n  recorded: " + st.expected() + "\n  now:      "
                            + st.actual());
                }
            }
        }
        assertTrue(stale.isEmpty(), "probe answers differ from this server's:\n" + String.join("\n", stale));
    }
}
