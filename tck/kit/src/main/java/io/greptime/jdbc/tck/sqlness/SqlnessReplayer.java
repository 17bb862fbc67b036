package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.proto.StatusCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Replays one sqlness case: runs each statement of {@code X.sql} in order through a
 * {@link SqlnessExecutor}, renders the answer as GreptimeDB's runner does, applies the statement's
 * REPLACE/SORT_RESULT directives to both the actual and the recorded answer, and compares them.
 */
public final class SqlnessReplayer {
    private final SqlnessExecutor executor;

    public SqlnessReplayer(SqlnessExecutor executor) {
        this.executor = executor;
    }

    /** One statement's outcome; {@code expected} is null when the result file has no answer for it. */
    public record StatementResult(SqlnessStatement statement, String expected, String actual) {
        public boolean matches() {
            return !skipped() && expected != null && expected.equals(actual);
        }

        /** A statement the runner sends over MySQL/PostgreSQL: not executed, not compared. */
        public boolean skipped() {
            return actual == null;
        }
    }

    /** One case file's outcome; skipped statements count neither as matching nor as compared. */
    public record CaseResult(String name, List<StatementResult> statements) {
        public long matching() {
            return statements.stream().filter(StatementResult::matches).count();
        }

        /** Statements compared (all but the skipped ones). */
        public long compared() {
            return statements.size() - skipped();
        }

        public long skipped() {
            return statements.stream().filter(StatementResult::skipped).count();
        }

        public boolean passes() {
            return matching() == compared();
        }

        /** The first compared statement that differs, or null when all match. */
        public StatementResult firstMismatch() {
            return statements.stream()
                    .filter(s -> !s.skipped() && !s.matches())
                    .findFirst()
                    .orElse(null);
        }
    }

    /**
     * Replays {@code name}'s {@code .sql} beside its {@code .result}. Statements under
     * {@code -- SQLNESS PROTOCOL MYSQL|POSTGRES} are skipped: their recorded answers come from GreptimeDB's
     * MySQL/PostgreSQL front ends (e.g. {@code SET MAX_EXECUTION_TIME} is accepted only there and fails
     * over gRPC), which a Flight client cannot reach.
     */
    public CaseResult replay(String name, Path sqlFile, Path resultFile) throws IOException {
        List<SqlnessStatement> statements =
                CaseParser.parseStatements(Files.readString(sqlFile, StandardCharsets.UTF_8));
        String resultText = Files.exists(resultFile) ? Files.readString(resultFile, StandardCharsets.UTF_8) : "";
        List<String> expected = CaseParser.parseExpected(statements, resultText);
        SqlnessSession session = SqlnessSession.initial();
        List<StatementResult> results = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            SqlnessStatement statement = statements.get(i);
            if (!statement.protocol().equals("grpc")) {
                results.add(new StatementResult(statement, normalize(expected.get(i)), null));
                continue;
            }
            SessionStep step = run(statement, session);
            session = step.session;
            String actual = statement.transform(step.answer.render());
            String want = expected.get(i) == null ? null : statement.transform(expected.get(i));
            results.add(new StatementResult(statement, normalize(want), normalize(actual)));
        }
        return new CaseResult(name, results);
    }

    /**
     * Runs {@code sqlFile}'s statements in order and writes what the runner would record for them: each
     * statement's echo, a blank line, its answer (REPLACE/SORT_RESULT applied), a blank line. This is how a
     * {@code .result} is taken from a real GreptimeDB for cases written here. Statements for another protocol
     * cannot be recorded over Flight and are refused.
     */
    public String record(Path sqlFile) throws IOException {
        List<SqlnessStatement> statements =
                CaseParser.parseStatements(Files.readString(sqlFile, StandardCharsets.UTF_8));
        SqlnessSession session = SqlnessSession.initial();
        StringBuilder out = new StringBuilder();
        for (SqlnessStatement statement : statements) {
            if (!statement.protocol().equals("grpc")) {
                throw new IllegalArgumentException(sqlFile + " statement " + statement.number()
                        + ": only gRPC statements can be recorded, not " + statement.protocol());
            }
            SessionStep step = run(statement, session);
            session = step.session;
            out.append(statement.echo())
                    .append("\n\n")
                    .append(normalize(statement.transform(step.answer.render())))
                    .append("\n\n");
        }
        return out.toString();
    }

    /**
     * Runs one gRPC statement as the runner does: a restart first when its directives ask for one, then the
     * client-side answer (USE, SET time_zone) or the server's; returns the session after it with the answer.
     */
    private SessionStep run(SqlnessStatement statement, SqlnessSession session) {
        if (statement.directives().stream().anyMatch(d -> d instanceof Directive.Arg a && a.restart())) {
            executor.restart();
        }
        String sql = statement.sql().endsWith(";") ? statement.sql() : statement.sql() + ";";
        SessionStep step = clientSide(session, sql);
        return step.answer != null ? step : new SessionStep(step.session, executor.execute(session, sql));
    }

    /** The session after a statement, and its answer when the runner answers it without the server. */
    private record SessionStep(SqlnessSession session, Answer answer) {}

    /**
     * GreptimeDB's runner handles {@code use <db>} and {@code set [session|local] time_zone = '<tz>'}
     * itself on the gRPC path: it changes the header for later requests and answers "Affected Rows: 0".
     */
    static SessionStep clientSide(SqlnessSession session, String sql) {
        String lower = sql.trim().toLowerCase(Locale.ROOT);
        if (lower.startsWith("use ")) {
            String[] words = sql.trim().split("[ \\t\\n\\r\\f]+");
            String db = words[1].replaceAll(";+$", "");
            return new SessionStep(session.withSchema(db), new Answer.Affected(0));
        }
        if (lower.startsWith("set time_zone")
                || lower.startsWith("set session time_zone")
                || lower.startsWith("set local time_zone")) {
            String[] parts = sql.split("=", -1);
            String value = parts.length > 1 ? parts[1].trim() : "";
            if (!value.startsWith("'") || !value.endsWith("';")) {
                return new SessionStep(
                        session,
                        new Answer.Failure(
                                StatusCode.INVALID_ARGUMENTS.code(),
                                "the sqlness runner cannot parse this SET time_zone statement"));
            }
            String zone = value.substring(1, value.length() - 2);
            return new SessionStep(session.withTimeZone(zone), new Answer.Affected(0));
        }
        return new SessionStep(session, null);
    }

    private static String normalize(String text) {
        return text == null ? null : CaseParser.trimTrailingNewlines(text);
    }
}
