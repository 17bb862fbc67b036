package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Replays the probe cases (test resources {@code probes/}: sqlness-format cases written here from GreptimeDB's
 * documentation and unit tests, not from its sqlness corpus, whose {@code .result} answers were recorded from a
 * real GreptimeDB v1.0.0 with {@code SqlnessMain --record}) against the embedded server imitating the 1.0 line.
 * Every statement must answer as the real server did, except those named with a reason in the {@code gaps.txt} of their family's folder; the lists
 * are exact: a listed statement that now matches fails the test too, so the list only shrinks by being edited.
 */
class ProbeReplayTest {

    @Test
    void probes_answerAsTheRealGreptimeDbRecordedThem() throws IOException, URISyntaxException {
        URL url = ProbeReplayTest.class.getResource("/probes");
        assertThat(url).as("probes/ on the test classpath").isNotNull();
        Path dir = Path.of(url.toURI());
        List<String> names = SqlnessSuite.caseNames(dir);
        assertThat(names).as("probe cases under " + dir).isNotEmpty();

        SqlnessReport report;
        List<String> cleanup = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            report = SqlnessSuite.run(dir, () -> EmbeddedTarget.start(allocator, ServerProfile.V1_0, cleanup));
            assertThat(allocator.getAllocatedMemory())
                    .as("Arrow memory left by the probes")
                    .isZero();
        }
        SqlnessConsole.print(report.summary().replace("sqlness: ", "probes (embedded, 1.0 profile): "));
        report.write(Path.of("target", "probe-report.txt"));

        Set<String> gaps = new LinkedHashSet<>(gapLists(dir));
        List<String> failures = new ArrayList<>();
        for (String name : names) {
            SqlnessReplayer.CaseResult result = report.find(name);
            for (SqlnessReplayer.StatementResult st : result.statements()) {
                String key = name + "#" + st.statement().number();
                if (st.skipped()) {
                    failures.add(key + ": probes are gRPC only; no PROTOCOL directive");
                } else if (st.expected() == null) {
                    failures.add(key + ": no recorded answer in " + name + ".result (record it on a real GreptimeDB)");
                } else if (gaps.remove(key)) {
                    if (st.matches()) {
                        failures.add(key + ": listed in gaps.txt but matches now; remove it from the list");
                    }
                } else if (!st.matches()) {
                    failures.add(key + ": " + st.statement().firstLine()
                            + "\n  real GreptimeDB: " + st.expected().replace("\n", "\n                   ")
                            + "\n  embedded:        " + st.actual().replace("\n", "\n                   "));
                }
            }
        }
        gaps.forEach(g -> failures.add(g + ": listed in gaps.txt but no such probe statement"));
        cleanup.forEach(p -> failures.add("closing a case's server/engine failed (leak?): " + p));
        if (!failures.isEmpty()) {
            fail(failures.size() + " probe statement(s) differ from the real GreptimeDB's answers"
                    + " (details in target/probe-report.txt):\n" + String.join("\n", failures));
        }
    }

    /**
     * Every {@code gaps.txt} under the probes: one {@code case#N} per line relative to its folder (so a family's
     * list sits beside its cases), the reason after {@code #} and whitespace; blank lines and lines starting with
     * {@code #} ignored.
     */
    private static List<String> gapLists(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals("gaps.txt"))
                    .sorted()
                    .toList()) {
                String folder = dir.relativize(file.getParent()).toString().replace('\\', '/');
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String entry = line.replaceAll("\\s+#.*$", "").strip();
                    if (!entry.isEmpty() && !entry.startsWith("#")) {
                        out.add(folder.isEmpty() ? entry : folder + "/" + entry);
                    }
                }
            }
        }
        return out;
    }
}
