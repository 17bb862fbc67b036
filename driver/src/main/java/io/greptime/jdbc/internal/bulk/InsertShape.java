package io.greptime.jdbc.internal.bulk;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A statement of the form {@code INSERT INTO [db.]t [(c1, c2, ...)] VALUES (?, ?, ...)}: the only shape
 * whose batches can go as DoPut record batches, because each parameter is exactly one column's value.
 * Identifiers follow GreptimeDB's rules: unquoted ones are lower-cased, {@code "..."} and backtick-quoted
 * ones keep their case.
 *
 * @param database the qualifier, or null for the connection's database
 * @param table the table name as stored
 * @param columns the listed columns, or null when the statement lists none (all columns in table order)
 * @param parameters the number of {@code ?} markers
 */
public record InsertShape(String database, String table, List<String> columns, int parameters) {

  /** The shape of {@code sql}, or null when it is anything else. */
  public static InsertShape parse(String sql) {
    try {
      return new Parser(sql).insert();
    } catch (IllegalArgumentException notThisShape) {
      return null;
    }
  }

  private static final class Parser {
    private final String s;
    private int i;

    Parser(String s) {
      this.s = s;
    }

    InsertShape insert() {
      keyword("insert");
      keyword("into");
      String first = identifier();
      String database = null;
      String table = first;
      if (peek('.')) {
        i++;
        database = first;
        table = identifier();
      }
      List<String> columns = null;
      if (peek('(')) {
        i++;
        columns = new ArrayList<>();
        do {
          columns.add(identifier());
        } while (comma());
        expect(')');
      }
      keyword("values");
      expect('(');
      int params = 0;
      do {
        expect('?');
        params++;
      } while (comma());
      expect(')');
      if (peek(';')) {
        i++;
      }
      skipSpace();
      if (i != s.length() || (columns != null && columns.size() != params)) {
        throw new IllegalArgumentException();
      }
      return new InsertShape(database, table, columns == null ? null : List.copyOf(columns), params);
    }

    private void skipSpace() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }

    private boolean peek(char c) {
      skipSpace();
      return i < s.length() && s.charAt(i) == c;
    }

    private void expect(char c) {
      if (!peek(c)) {
        throw new IllegalArgumentException();
      }
      i++;
    }

    private boolean comma() {
      if (peek(',')) {
        i++;
        return true;
      }
      return false;
    }

    private void keyword(String word) {
      skipSpace();
      if (!s.regionMatches(true, i, word, 0, word.length())) {
        throw new IllegalArgumentException();
      }
      i += word.length();
      if (i < s.length() && isWordChar(s.charAt(i))) {
        throw new IllegalArgumentException();
      }
    }

    private String identifier() {
      skipSpace();
      if (i >= s.length()) {
        throw new IllegalArgumentException();
      }
      char c = s.charAt(i);
      if (c == '"' || c == '`') {
        return quoted(c);
      }
      int start = i;
      while (i < s.length() && isWordChar(s.charAt(i))) {
        i++;
      }
      if (start == i || Character.isDigit(s.charAt(start))) {
        throw new IllegalArgumentException();
      }
      return s.substring(start, i).toLowerCase(Locale.ROOT);
    }

    private String quoted(char quote) {
      StringBuilder name = new StringBuilder();
      i++;
      while (i < s.length()) {
        char c = s.charAt(i++);
        if (c != quote) {
          name.append(c);
        } else if (i < s.length() && s.charAt(i) == quote) {
          name.append(quote);
          i++;
        } else {
          return name.toString();
        }
      }
      throw new IllegalArgumentException();
    }

    private static boolean isWordChar(char c) {
      return Character.isLetterOrDigit(c) || c == '_';
    }
  }
}
