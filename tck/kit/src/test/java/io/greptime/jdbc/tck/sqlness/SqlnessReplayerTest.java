package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlnessReplayerTest {

    /** A scripted target: answers in order and records what it was sent. */
    private static final class ScriptedExecutor implements SqlnessExecutor {
        final Deque<Answer> answers = new ArrayDeque<>();
        final List<String> requests = new ArrayList<>();

        @Override
        public void restart() {
            requests.add("restart");
        }

        @Override
        public Answer execute(SqlnessSession session, String sql) {
            requests.add(session.schema() + "|" + session.timeZone() + "|" + sql);
            return answers.removeFirst();
        }

        @Override
        public void close() {}
    }

    @TempDir
    Path dir;

    private SqlnessReplayer.CaseResult replay(ScriptedExecutor executor, String sql, String result) throws IOException {
        Files.writeString(dir.resolve("c.sql"), sql);
        Files.writeString(dir.resolve("c.result"), result);
        return new SqlnessReplayer(executor).replay("c", dir.resolve("c.sql"), dir.resolve("c.result"));
    }

    @Test
    void replay_handlesUseAndSetTimeZoneOnTheClientAndSendsThemInLaterHeaders() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Affected(1));

        SqlnessReplayer.CaseResult result = replay(
                executor,
                "USE Mydb;\nSET time_zone = '+08:00';\nINSERT INTO t VALUES (1);\n",
                "USE Mydb;\n\nAffected Rows: 0\n\nSET time_zone = '+08:00';\n\nAffected Rows: 0\n\n"
                        + "INSERT INTO t VALUES (1);\n\nAffected Rows: 1\n");

        assertThat(executor.requests).containsExactly("Mydb|+08:00|INSERT INTO t VALUES (1);");
        assertThat(result.passes()).isTrue();
        assertThat(result.matching()).isEqualTo(3);
    }

    @Test
    void replay_appliesDirectivesToBothSidesBeforeComparing() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Failure(1004, "bad value 42 at 2024-01-01T00:00:00"));

        SqlnessReplayer.CaseResult result = replay(
                executor,
                "-- SQLNESS REPLACE \\d+ N\nSELECT x;\n",
                "-- SQLNESS REPLACE \\d+ N\nSELECT x;\n\nError: N(InvalidArguments), bad value N at N-N-NTN:N:N\n");

        assertThat(result.passes()).isTrue();
    }

    @Test
    void replay_reportsTheDifferingStatementWithBothAnswers() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Affected(0));
        executor.answers.add(new Answer.Affected(2));

        SqlnessReplayer.CaseResult result = replay(
                executor,
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX);\nINSERT INTO t VALUES (1), (2);\n",
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX);\n\nAffected Rows: 0\n\n"
                        + "INSERT INTO t VALUES (1), (2);\n\nAffected Rows: 3\n");

        assertThat(result.matching()).isEqualTo(1);
        assertThat(result.firstMismatch().statement().number()).isEqualTo(2);
        SqlnessReport report = new SqlnessReport(List.of(result));
        assertThat(report.summary())
                .isEqualTo("sqlness: folder (top): 1 of 2 statements match (50.0%), 0 of 1 cases pass whole\n"
                        + "sqlness: total 1 of 2 statements match (50.0%)");
        assertThat(report.details())
                .startsWith("sqlness: c: 1 of 2 statements match\n")
                .contains(
                        "---- statement 2:\nINSERT INTO t VALUES (1), (2);\n-- expected:\nAffected Rows: 3\n-- actual:\nAffected Rows: 2");
    }

    @Test
    void replay_skipsStatementsTheRunnerSendsOverMysqlWithoutExecutingThem() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Affected(0));

        SqlnessReplayer.CaseResult result = replay(
                executor,
                "-- SQLNESS PROTOCOL MYSQL\nSET MAX_EXECUTION_TIME = 2000;\nDROP TABLE t;\n",
                "-- SQLNESS PROTOCOL MYSQL\nSET MAX_EXECUTION_TIME = 2000;\n\naffected_rows: 0\n\n"
                        + "DROP TABLE t;\n\nAffected Rows: 0\n");

        assertThat(executor.requests).containsExactly("public||DROP TABLE t;");
        assertThat(result.skipped()).isEqualTo(1);
        assertThat(result.compared()).isEqualTo(1);
        assertThat(result.passes()).isTrue();
        assertThat(SqlnessReport.caseLine(result))
                .isEqualTo("sqlness: c: 1 of 1 statements match (1 skipped: MySQL/PostgreSQL protocol)");
    }

    @Test
    void replay_restartsTheTargetBeforeAStatementMarkedRestart() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Affected(1));
        executor.answers.add(new Answer.Affected(2));

        replay(
                executor,
                "SELECT 1;\n-- SQLNESS ARG restart=true\n\nSELECT 2;\n",
                "SELECT 1;\n\nAffected Rows: 1\n\n-- SQLNESS ARG restart=true\nSELECT 2;\n\nAffected Rows: 2\n");

        assertThat(executor.requests).containsExactly("public||SELECT 1;", "restart", "public||SELECT 2;");
    }

    @Test
    void record_writesEchoBlankAnswerBlankWithDirectivesAppliedAndReplaysItselfWhole() throws IOException {
        ScriptedExecutor executor = new ScriptedExecutor();
        executor.answers.add(new Answer.Affected(2));
        executor.answers.add(new Answer.Failure(StatusCode.TABLE_NOT_FOUND.code(), "Table not found: x"));
        String sql = "-- a comment\nINSERT INTO t\nVALUES (1), (2);\n\nUSE other;\n"
                + "-- SQLNESS REPLACE \\d+ N\nSELECT * FROM x2;\n";
        Files.writeString(dir.resolve("r.sql"), sql);

        String recorded = new SqlnessReplayer(executor).record(dir.resolve("r.sql"));

        assertThat(recorded)
                .isEqualTo("-- a comment\nINSERT INTO t\nVALUES (1), (2);\n\nAffected Rows: 2\n\n"
                        + "USE other;\n\nAffected Rows: 0\n\n"
                        + "-- SQLNESS REPLACE \\d+ N\nSELECT * FROM x2;\n\n"
                        + "Error: N(TableNotFound), Table not found: x\n\n");
        assertThat(executor.requests)
                .containsExactly("public||INSERT INTO t\nVALUES (1), (2);", "other||SELECT * FROM x2;");

        ScriptedExecutor again = new ScriptedExecutor();
        again.answers.add(new Answer.Affected(2));
        again.answers.add(new Answer.Failure(StatusCode.TABLE_NOT_FOUND.code(), "Table not found: x"));
        assertThat(replay(again, sql, recorded).passes()).isTrue();
    }

    @Test
    void record_refusesStatementsForAnotherProtocol() throws IOException {
        Files.writeString(dir.resolve("p.sql"), "-- SQLNESS PROTOCOL MYSQL\nSELECT 1;\n");
        assertThatThrownBy(() -> new SqlnessReplayer(new ScriptedExecutor()).record(dir.resolve("p.sql")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only gRPC statements can be recorded");
    }
}
