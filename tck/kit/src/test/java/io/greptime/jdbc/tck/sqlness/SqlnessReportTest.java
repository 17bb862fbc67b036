package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-folder figures the console and the docs table show. */
class SqlnessReportTest {

    /** A case whose statements answer as given: "=" matches, "x" differs, "-" was skipped. */
    private static SqlnessReplayer.CaseResult result(String name, String outcomes) {
        List<SqlnessReplayer.StatementResult> statements = new ArrayList<>();
        for (int i = 0; i < outcomes.length(); i++) {
            SqlnessStatement st = new SqlnessStatement(i + 1, List.of(), List.of("SELECT " + i + ";"), List.of());
            String actual = switch (outcomes.charAt(i)) {
                case '=' -> "ok";
                case 'x' -> "other";
                default -> null;
            };
            statements.add(new SqlnessReplayer.StatementResult(st, "ok", actual));
        }
        return new SqlnessReplayer.CaseResult(name, statements);
    }

    private final SqlnessReport report = new SqlnessReport(List.of(
            result("basic", "=="),
            result("range/a", "=x"),
            result("range/b", "==="),
            result("range/deep/c", "x"),
            result("system/mysql_only", "--")));

    @Test
    void summary_printsOneLinePerFolderThenTheTotal() {
        assertThat(report.summary())
                .isEqualTo("sqlness: folder (top): 2 of 2 statements match (100.0%), 1 of 1 cases pass whole\n"
                        + "sqlness: folder range: 4 of 6 statements match (66.7%), 1 of 3 cases pass whole\n"
                        + "sqlness: folder system: 0 of 0 statements match (0.0%), 0 of 1 cases pass whole\n"
                        + "sqlness: total 6 of 8 statements match (75.0%)\n"
                        + "sqlness: 2 statements skipped (GreptimeDB's runner sends them over MySQL/PostgreSQL)");
    }

    @Test
    void write_putsTheCaseLinesInTheReportAndTheFolderTableBesideIt(@TempDir Path dir) throws IOException {
        report.write(dir.resolve("sqlness-report.txt"));

        assertThat(Files.readString(dir.resolve("sqlness-report.txt"), StandardCharsets.UTF_8))
                .startsWith("sqlness: basic: 2 of 2 statements match\nsqlness: range/a: 1 of 2 statements match\n")
                .contains("==== sqlness: range/a: 1 of 2 statements match\n---- statement 2:\nSELECT 1;\n");
        assertThat(Files.readAllLines(dir.resolve("sqlness-report-folders.md"), StandardCharsets.UTF_8))
                .containsExactly(
                        "| folder | cases | pass whole | statements compared | match | match % |",
                        "|---|---:|---:|---:|---:|---:|",
                        "| `(top)` | 1 | 1 | 2 | 2 | 100.0 |",
                        "| `range` | 3 | 1 | 6 | 4 | 66.7 |",
                        "| `system` | 1 | 0 | 0 | 0 | 0.0 |",
                        "| **total** | 5 | 2 | 8 | 6 | 75.0 |");
    }
}
