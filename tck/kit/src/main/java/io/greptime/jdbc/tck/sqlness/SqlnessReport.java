package io.greptime.jdbc.tck.sqlness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The text of a replay: one line per folder and a total (the console's summary), and in the report file
 * also one line per case and, for each mismatching statement, the statement, the expected answer and the
 * actual one. The per-folder figures can also be written as a Markdown table for the docs.
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

    /** One line per folder ({@link #folderLines()}), the total line and the skipped statements. */
    public String summary() {
        StringBuilder out = new StringBuilder(folderLines());
        out.append(totalLine());
        if (skipped() > 0) {
            out.append("\nsqlness: ")
                    .append(skipped())
                    .append(" statements skipped (GreptimeDB's runner sends them over MySQL/PostgreSQL)");
        }
        return out.toString();
    }

    /** {@code sqlness: <file>: N of M statements match}, one line per case. */
    public String caseLines() {
        StringBuilder out = new StringBuilder();
        for (SqlnessReplayer.CaseResult c : cases) {
            out.append(caseLine(c)).append('\n');
        }
        return out.toString();
    }

    /**
     * {@code sqlness: folder <f>: N of M statements match (P%), K of C cases pass whole}, one line per
     * folder in name order; a case directly in the corpus folder counts under {@code (top)}. A case with
     * no compared statement (all sent over MySQL/PostgreSQL) is counted but never as passing whole.
     */
    public String folderLines() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, Folder> e : folders().entrySet()) {
            Folder f = e.getValue();
            out.append(String.format(
                    Locale.ROOT,
                    "sqlness: folder %s: %d of %d statements match (%.1f%%), %d of %d cases pass whole\n",
                    e.getKey(),
                    f.matching,
                    f.compared,
                    percent(f.matching, f.compared),
                    f.passing,
                    f.cases));
        }
        return out.toString();
    }

    /** The per-folder figures as a Markdown table, the total as its last row. */
    public String folderTable() {
        StringBuilder out = new StringBuilder(
                "| folder | cases | pass whole | statements compared | match | match % |\n|---|---:|---:|---:|---:|---:|\n");
        Folder all = new Folder();
        for (Map.Entry<String, Folder> e : folders().entrySet()) {
            appendRow(out, "`" + e.getKey() + "`", e.getValue());
            all.add(e.getValue());
        }
        appendRow(out, "**total**", all);
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String name, Folder f) {
        out.append(String.format(
                Locale.ROOT,
                "| %s | %d | %d | %d | %d | %.1f |\n",
                name,
                f.cases,
                f.passing,
                f.compared,
                f.matching,
                percent(f.matching, f.compared)));
    }

    private Map<String, Folder> folders() {
        Map<String, Folder> out = new TreeMap<>();
        for (SqlnessReplayer.CaseResult c : cases) {
            int slash = c.name().indexOf('/');
            Folder f = out.computeIfAbsent(slash < 0 ? "(top)" : c.name().substring(0, slash), k -> new Folder());
            f.cases++;
            // a case whose statements were all skipped proves nothing, so it does not count as passing
            f.passing += c.passes() && c.compared() > 0 ? 1 : 0;
            f.matching += c.matching();
            f.compared += c.compared();
        }
        return out;
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** Counts of one folder. */
    private static final class Folder {
        long cases;
        long passing;
        long matching;
        long compared;

        void add(Folder o) {
            cases += o.cases;
            passing += o.passing;
            matching += o.matching;
            compared += o.compared;
        }
    }

    public static String caseLine(SqlnessReplayer.CaseResult c) {
        String skipped = c.skipped() == 0 ? "" : " (" + c.skipped() + " skipped: MySQL/PostgreSQL protocol)";
        return "sqlness: " + c.name() + ": " + c.matching() + " of " + c.compared() + " statements match" + skipped;
    }

    public String totalLine() {
        return String.format(
                Locale.ROOT,
                "sqlness: total %d of %d statements match (%.1f%%)",
                matching(),
                total(),
                percent(matching(), total()));
    }

    /** The case lines, the summary, then every mismatch, expected vs actual. */
    public String details() {
        StringBuilder out = new StringBuilder(caseLines()).append(summary()).append("\n\n");
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

    /**
     * Writes {@link #details()} to {@code file}, creating its folder, and {@link #folderTable()} beside it
     * ({@code <file name without .txt>-folders.md}).
     */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, details(), StandardCharsets.UTF_8);
        String name = file.getFileName().toString().replaceFirst("\\.txt$", "");
        Files.writeString(file.resolveSibling(name + "-folders.md"), folderTable(), StandardCharsets.UTF_8);
    }
}
