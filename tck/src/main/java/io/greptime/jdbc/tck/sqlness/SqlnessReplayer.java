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
      return expected != null && expected.equals(actual);
    }
  }

  /** One case file's outcome. */
  public record CaseResult(String name, List<StatementResult> statements) {
    public long matching() {
      return statements.stream().filter(StatementResult::matches).count();
    }

    public boolean passes() {
      return matching() == statements.size();
    }

    /** The first statement that differs, or null when all match. */
    public StatementResult firstMismatch() {
      return statements.stream().filter(s -> !s.matches()).findFirst().orElse(null);
    }
  }

  /** Replays {@code name}'s {@code .sql} beside its {@code .result}. */
  public CaseResult replay(String name, Path sqlFile, Path resultFile) throws IOException {
    List<SqlnessStatement> statements =
        CaseParser.parseStatements(Files.readString(sqlFile, StandardCharsets.UTF_8));
    String resultText = Files.exists(resultFile) ? Files.readString(resultFile, StandardCharsets.UTF_8) : "";
    List<String> expected = CaseParser.parseExpected(statements, resultText);
    SqlnessSession session = SqlnessSession.initial();
    List<StatementResult> results = new ArrayList<>();
    for (int i = 0; i < statements.size(); i++) {
      SqlnessStatement statement = statements.get(i);
      String sql = statement.sql().endsWith(";") ? statement.sql() : statement.sql() + ";";
      SessionStep step = clientSide(session, sql, statement.protocol());
      Answer answer = step.answer != null ? step.answer : executor.execute(session, sql);
      session = step.session;
      String actual = statement.transform(render(answer, statement.protocol()));
      String want = expected.get(i) == null ? null : statement.transform(expected.get(i));
      results.add(new StatementResult(statement, normalize(want), normalize(actual)));
    }
    return new CaseResult(name, results);
  }

  /** The session after a statement, and its answer when the runner answers it without the server. */
  private record SessionStep(SqlnessSession session, Answer answer) {}

  /**
   * GreptimeDB's runner handles {@code use <db>} and {@code set [session|local] time_zone = '<tz>'}
   * itself on the gRPC path: it changes the header for later requests and answers "Affected Rows: 0".
   */
  static SessionStep clientSide(SqlnessSession session, String sql, String protocol) {
    if (!protocol.equals("grpc")) {
      return new SessionStep(session, null);
    }
    String lower = sql.trim().toLowerCase(Locale.ROOT);
    if (lower.startsWith("use ")) {
      String[] words = sql.trim().split("[ \\t\\n\\r\\f]+");
      String db = words[1].replaceAll(";+$", "");
      return new SessionStep(session.withSchema(db), new Answer.Affected(0));
    }
    if (lower.startsWith("set time_zone") || lower.startsWith("set session time_zone")
        || lower.startsWith("set local time_zone")) {
      String[] parts = sql.split("=", -1);
      String value = parts.length > 1 ? parts[1].trim() : "";
      if (!value.startsWith("'") || !value.endsWith("';")) {
        return new SessionStep(session, new Answer.Failure(StatusCode.INVALID_ARGUMENTS.code(),
            "the sqlness runner cannot parse this SET time_zone statement"));
      }
      String zone = value.substring(1, value.length() - 2);
      return new SessionStep(session.withTimeZone(zone), new Answer.Affected(0));
    }
    return new SessionStep(session, null);
  }

  /**
   * The runner prints MySQL answers with its own formatter ({@code affected_rows: N}); rows come back as
   * strings there, which the Flight rendering approximates.
   */
  static String render(Answer answer, String protocol) {
    if (protocol.equals("mysql") && answer instanceof Answer.Affected affected) {
      return "affected_rows: " + affected.rows();
    }
    return answer.render();
  }

  private static String normalize(String text) {
    return text == null ? null : CaseParser.trimTrailingNewlines(text);
  }
}
