package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Replays one of GreptimeDB's sqlness cases against an {@link Engine} and reports the statements whose
 * output differs from the recorded answer. A small stand-in for the project's real replayer, used to
 * find engine gaps; it handles USE, SET time_zone, SORT_RESULT, REPLACE and restart=true.
 */
final class SqlnessRun {
  private static final Pattern REPLACE = Pattern.compile("-- SQLNESS REPLACE (\\S+)(?: (.*))?");

  /** One statement whose output differed. */
  record Mismatch(String statement, String expected, String actual) {
    @Override
    public String toString() {
      return "=== " + statement + "\n--- expected\n" + expected + "\n--- actual\n" + actual;
    }
  }

  private SqlnessRun() {}

  static Path dir() {
    return Path.of(System.getProperty("greptime.shared.dir", "../shared"), "sqlness");
  }

  static List<Mismatch> run(String caseName, Supplier<Engine> restart, Engine first, BufferAllocator alloc)
      throws Exception {
    String sql = Files.readString(dir().resolve(caseName + ".sql"));
    String result = Files.readString(dir().resolve(caseName + ".result"));
    List<String> stmts = statements(sql);
    List<Mismatch> out = new ArrayList<>();
    QueryContext ctx = QueryContext.defaults();
    Engine engine = first;
    int pos = 0;
    for (int i = 0; i < stmts.size(); i++) {
      String s = stmts.get(i);
      int at = result.indexOf(s, pos);
      if (at < 0) {
        throw new IllegalStateException("statement not in result: " + s);
      }
      int bodyStart = at + s.length() + 2;
      int next = i + 1 < stmts.size() ? result.indexOf(stmts.get(i + 1), bodyStart) : result.length();
      if (next < 0) {
        throw new IllegalStateException("next statement not in result after: " + s + "\nnext: " + stmts.get(i + 1));
      }
      String expected = result.substring(bodyStart, next).strip();
      pos = next;
      if (s.contains("SQLNESS PROTOCOL") || s.contains("SQLNESS ARG restart=true") && restart == null) {
        continue;
      }
      if (s.contains("SQLNESS ARG restart=true")) {
        engine.close();
        engine = restart.get();
      }
      String body = stripComments(s);
      String actual;
      Matcher use = Pattern.compile("(?is)^use\\s+(\\S+?);?$").matcher(body.trim());
      Matcher tz = Pattern.compile("(?is)^set\\s+time_zone\\s*=\\s*'([^']*)';?$").matcher(body.trim());
      try {
        actual = ResultPrinter.render(engine.execute(ctx, body.substring(0, body.length() - 1), alloc));
        if (use.matches()) {
          String db = use.group(1);
          boolean quoted = db.startsWith("\"") || db.startsWith("`");
          ctx = ctx.withSchema(quoted ? db.substring(1, db.length() - 1) : db.toLowerCase(java.util.Locale.ROOT));
        } else if (tz.matches()) {
          ctx = ctx.withTimeZone(ZoneId.of(tz.group(1)));
        }
      } catch (GreptimeError e) {
        actual = ResultPrinter.error(e);
      }
      actual = postProcess(s, actual);
      if (!actual.strip().equals(expected)) {
        out.add(new Mismatch(s, expected, actual));
      }
    }
    if (engine != first) {
      engine.close();
    }
    return out;
  }

  private static String postProcess(String stmt, String actual) {
    String a = actual;
    for (String line : stmt.split("\n")) {
      Matcher m = REPLACE.matcher(line.trim());
      if (m.matches()) {
        a = a.replaceAll(m.group(1), m.group(2) == null ? "" : m.group(2));
      }
      if (line.trim().startsWith("-- SQLNESS SORT_RESULT")) {
        a = sortRows(a, line.trim());
      }
    }
    return a;
  }

  private static String sortRows(String a, String directive) {
    String[] parts = directive.split("\\s+");
    int head = parts.length > 3 ? Integer.parseInt(parts[3]) : 0;
    int tail = parts.length > 4 ? Integer.parseInt(parts[4]) : 0;
    List<String> lines = new ArrayList<>(Arrays.asList(a.split("\n")));
    if (lines.size() <= head + tail) {
      return a;
    }
    List<String> mid = new ArrayList<>(lines.subList(head, lines.size() - tail));
    mid.sort(null);
    List<String> all = new ArrayList<>(lines.subList(0, head));
    all.addAll(mid);
    all.addAll(lines.subList(lines.size() - tail, lines.size()));
    return String.join("\n", all);
  }

  private static String stripComments(String s) {
    StringBuilder sb = new StringBuilder();
    for (String line : s.split("\n")) {
      if (!line.trim().startsWith("--")) {
        sb.append(line).append('\n');
      }
    }
    return sb.toString().trim();
  }

  static List<String> statements(String sql) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    for (String line : sql.split("\n", -1)) {
      if (line.isBlank()) {
        continue;
      }
      cur.append(line).append('\n');
      if (!line.trim().startsWith("--") && line.stripTrailing().endsWith(";")) {
        out.add(cur.toString().stripTrailing());
        cur.setLength(0);
      }
    }
    return out;
  }
}
