package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Replays GreptimeDB's own sqlness cases (read from the shared folder, never copied here) against the
 * embedded server, one fresh engine per case. Cases named in {@code sqlness-pass.txt} must match
 * statement for statement; the others are measured and reported in {@code target/sqlness-report.txt}.
 * A case whose server or engine does not close cleanly (Arrow memory not given back) also fails it.
 * Set {@code -Dsqlness.wire=false} to call the engine directly instead of going through Flight.
 */
class SqlnessReplayTest {

    @Test
    void replay_listedCasesMatchGreptimeDbExactly() throws IOException {
        Path dir = SharedCases.directory();
        if (dir == null) {
            SqlnessConsole.print("sqlness: skipped, GreptimeDB sqlness cases not found (" + SharedCases.describe()
                    + "; expected a 'sqlness' folder there)");
        }
        assumeTrue(
                dir != null,
                "GreptimeDB sqlness cases not found, skipping the replay (" + SharedCases.describe()
                        + "; expected a 'sqlness' folder there)");
        List<String> mustPass = passList();
        boolean wire = !"false".equals(System.getProperty("sqlness.wire"));

        SqlnessReport report;
        List<String> cleanup = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            report = SqlnessSuite.run(dir, () -> EmbeddedTarget.start(allocator, wire, cleanup));
            assertThat(allocator.getAllocatedMemory())
                    .as("Arrow memory left by the replay")
                    .isZero();
        }
        SqlnessConsole.print(report.summary());
        cleanup.forEach(p -> SqlnessConsole.print("sqlness: cleanup problem: " + p));
        report.write(Path.of("target", "sqlness-report.txt"));

        List<String> failures = new ArrayList<>();
        for (String name : mustPass) {
            SqlnessReplayer.CaseResult result = report.find(name);
            if (result == null) {
                failures.add(name + ": listed in sqlness-pass.txt but not in " + dir);
            } else if (!result.passes()) {
                failures.add(describe(result));
            }
        }
        cleanup.forEach(p -> failures.add("closing a case's server/engine failed (leak?): " + p));
        if (!failures.isEmpty()) {
            fail("cases in sqlness-pass.txt no longer match (details in target/sqlness-report.txt):\n"
                    + String.join("\n", failures));
        }
    }

    private static String describe(SqlnessReplayer.CaseResult result) {
        SqlnessReplayer.StatementResult first = result.firstMismatch();
        return SqlnessReport.caseLine(result) + "; first difference at statement "
                + first.statement().number() + ": " + first.statement().firstLine()
                + "\n  expected: " + String.valueOf(first.expected()).replace("\n", "\n            ")
                + "\n  actual:   " + first.actual().replace("\n", "\n            ");
    }

    private static List<String> passList() throws IOException {
        try (InputStream in = SqlnessReplayTest.class.getResourceAsStream("/sqlness-pass.txt")) {
            assertThat(in).as("sqlness-pass.txt on the test classpath").isNotNull();
            return SqlnessSuite.readPassList(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
