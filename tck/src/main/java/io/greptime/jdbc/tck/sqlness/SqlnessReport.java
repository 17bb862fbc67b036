package io.greptime.jdbc.tck.sqlness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The text of a replay: one summary line per case, a total, and for each mismatching statement the
 * statement, the expected answer and the actual one.
 */
public final class SqlnessReport {
    private final List<SqlnessReplayer.CaseResult> cases;

    public SqlnessReport(List<SqlnessReplayer.CaseResult> cases) {
        this.cases = List.copyOf(cases);
    }

    /** The result of case {@code name}, or null when it was not replayed. */
    public SqlnessReplayer.CaseResult find(String name) {
        return cases.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    public List<SqlnessReplayer.CaseResult> cases() {
        return cases;
    }

    public long matching() {
        return cases.stream().mapToLong(SqlnessReplayer.CaseResult::matching).sum();
    }

    /** Statements compared (skipped ones excluded). */
    public long total() {
        return cases.stream().mapToLong(SqlnessReplayer.CaseResult::compared).sum();
    }

    public long skipped() {
        return cases.stream().mapToLong(SqlnessReplayer.CaseResult::skipped).sum();
    }

    /** {@code sqlness: <file>: N of M statements match}, one per case, then the total line. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        for (SqlnessReplayer.CaseResult c : cases) {
            out.append(caseLine(c)).append('\n');
        }
        out.append(totalLine());
        if (skipped() > 0) {
            out.append("\nsqlness: ")
                    .append(skipped())
                    .append(" statements skipped (GreptimeDB's runner sends them over MySQL/PostgreSQL)");
        }
        return out.toString();
    }

    public static String caseLine(SqlnessReplayer.CaseResult c) {
        String skipped = c.skipped() == 0 ? "" : " (" + c.skipped() + " skipped: MySQL/PostgreSQL protocol)";
        return "sqlness: " + c.name() + ": " + c.matching() + " of " + c.compared() + " statements match" + skipped;
    }

    public String totalLine() {
        double percent = total() == 0 ? 0 : 100.0 * matching() / total();
        return String.format("sqlness: total %d of %d statements match (%.1f%%)", matching(), total(), percent);
    }

    /** The summary followed by every mismatch, expected vs actual. */
    public String details() {
        StringBuilder out = new StringBuilder(summary()).append("\n\n");
        for (SqlnessReplayer.CaseResult c : cases) {
            if (c.passes()) {
                continue;
            }
            out.append("==== ").append(caseLine(c)).append('\n');
            for (SqlnessReplayer.StatementResult s : c.statements()) {
                if (!s.skipped() && !s.matches()) {
                    appendMismatch(out, s);
                }
            }
        }
        return out.toString();
    }

    private static void appendMismatch(StringBuilder out, SqlnessReplayer.StatementResult s) {
        out.append("---- statement ")
                .append(s.statement().number())
                .append(":\n")
                .append(s.statement().sql())
                .append('\n')
                .append("-- expected:\n")
                .append(s.expected() == null ? "(no answer in the .result file)" : s.expected())
                .append('\n')
                .append("-- actual:\n")
                .append(s.actual())
                .append("\n\n");
    }

    /** Writes {@link #details()} to {@code file}, creating its folder. */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, details(), StandardCharsets.UTF_8);
    }
}
