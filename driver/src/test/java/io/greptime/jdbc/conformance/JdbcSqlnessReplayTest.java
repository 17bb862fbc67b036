package io.greptime.jdbc.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import io.greptime.jdbc.tck.sqlness.Answer;
import io.greptime.jdbc.tck.sqlness.JdbcSqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.SqlnessConsole;
import io.greptime.jdbc.tck.sqlness.SqlnessExecutor;
import io.greptime.jdbc.tck.sqlness.SqlnessReplayer;
import io.greptime.jdbc.tck.sqlness.SqlnessReport;
import io.greptime.jdbc.tck.sqlness.SqlnessSession;
import io.greptime.jdbc.tck.sqlness.SqlnessSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replays GreptimeDB's sqlness cases (read from {@code ../shared/sqlness}, never copied) through the
 * driver against the embedded server, one fresh server and engine per case. The cases of tck's
 * {@code sqlness-pass.txt} (the same list tck's Flight replay must pass) must match statement for
 * statement; the rest are reported in {@code target/sqlness-jdbc-report.txt}.
 */
class JdbcSqlnessReplayTest {

    @Test
    void replay_passListedCasesMatchThroughTheDriver() throws IOException {
        String shared = System.getProperty("greptime.shared.dir");
        Path dir = shared == null ? null : Path.of(shared, "sqlness");
        if (dir == null || !Files.isDirectory(dir)) {
            SqlnessConsole.print("sqlness (JDBC): skipped, GreptimeDB sqlness cases not found (greptime.shared.dir="
                    + shared + "; expected a 'sqlness' folder there)");
        }
        assumeTrue(
                dir != null && Files.isDirectory(dir),
                "GreptimeDB sqlness cases not found (greptime.shared.dir=" + shared + "), skipping the JDBC replay");
        Path passFile = Path.of(
                System.getProperty("basedir", "."), "..", "tck", "kit", "src", "test", "resources", "sqlness-pass.txt");
        assertTrue(Files.isRegularFile(passFile), "tck's pass list at " + passFile);
        List<String> mustPass = SqlnessSuite.readPassList(passFile);

        SqlnessReport report = SqlnessSuite.run(dir, JdbcTarget::new);
        SqlnessConsole.print(report.summary().replace("sqlness: ", "sqlness (JDBC): "));
        report.write(Path.of("target", "sqlness-jdbc-report.txt"));

        List<String> failures = new ArrayList<>();
        for (String name : mustPass) {
            SqlnessReplayer.CaseResult result = report.find(name);
            if (result == null) {
                failures.add(name + ": listed in sqlness-pass.txt but not in " + dir);
            } else if (!passesThroughJdbc(result)) {
                SqlnessReplayer.StatementResult first = result.statements().stream()
                        .filter(st -> !st.skipped() && !matchesThroughJdbc(st))
                        .findFirst()
                        .orElseThrow();
                failures.add(SqlnessReport.caseLine(result) + "; first difference at statement "
                        + first.statement().number() + ": " + first.statement().firstLine()
                        + "\n  expected: " + String.valueOf(first.expected()).replace("\n", "\n            ")
                        + "\n  actual:   " + String.valueOf(first.actual()).replace("\n", "\n            "));
            }
        }
        if (!failures.isEmpty()) {
            fail("pass-listed cases differ through the driver (details in target/sqlness-jdbc-report.txt):\n"
                    + String.join("\n", failures));
        }
    }

    private static boolean passesThroughJdbc(SqlnessReplayer.CaseResult result) {
        return result.statements().stream().allMatch(st -> st.skipped() || matchesThroughJdbc(st));
    }

    /**
     * A statement matches, or GreptimeDB answered a schema with one empty record batch (arrow-rs then
     * draws the header) where the driver read no rows: JDBC cannot observe record batches, so a result
     * without rows always draws as a stream without batches ({@code ++}). Nothing else is forgiven.
     */
    private static boolean matchesThroughJdbc(SqlnessReplayer.StatementResult st) {
        if (st.matches()) {
            return true;
        }
        String expected = st.expected();
        if (expected == null || !"++\n++".equals(st.actual())) {
            return false;
        }
        String[] lines = expected.split("\n", -1);
        return lines.length == 4
                && lines[0].startsWith("+-")
                && lines[1].startsWith("|")
                && lines[2].equals(lines[0])
                && lines[3].equals(lines[0]);
    }

    /** A fresh engine behind a fresh embedded server, reached through the driver. */
    private static final class JdbcTarget implements SqlnessExecutor {
        private final DuckDbEngine engine = DuckDbEngine.inMemory();
        private final EmbeddedGreptimeServer server =
                EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        private final JdbcSqlnessExecutor executor = new JdbcSqlnessExecutor(
                () -> DriverManager.getConnection("jdbc:greptime://" + server.address() + "/public"),
                this::restartServer);

        @Override
        public Answer execute(SqlnessSession session, String sql) {
            return executor.execute(session, sql);
        }

        @Override
        public void restart() {
            executor.restart();
        }

        /** Restarts on the same port, retrying while the old socket is still being released. */
        private void restartServer() {
            for (int attempt = 1; ; attempt++) {
                try {
                    server.restart();
                    return;
                } catch (java.io.UncheckedIOException e) {
                    if (attempt == 20) {
                        throw e;
                    }
                    try {
                        Thread.sleep(250);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        throw e;
                    }
                }
            }
        }

        @Override
        public void close() {
            executor.close();
            server.close();
            engine.close();
        }
    }
}
