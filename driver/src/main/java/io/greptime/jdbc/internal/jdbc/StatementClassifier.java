package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.sql.SqlLexer;
import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.Locale;
import java.util.Set;

/**
 * Decides by the leading keyword where a statement goes, without parsing SQL: statements that answer rows
 * go to Flight DoGet, everything else to {@code GreptimeDatabase/Handle} (which rejects row-producing
 * statements, protocol.md §1.1). {@code USE} and {@code SET time_zone} are recognised so the connection
 * can keep them as session state. Also enforces GreptimeDB's one-statement-per-request rule before
 * anything is sent.
 */
final class StatementClassifier {
    /** Where a statement goes and what the connection must remember of it. */
    enum Kind {
        ROWS,
        UPDATE,
        USE,
        SET_TIME_ZONE
    }

    /**
     * @param sql the statement to send (a trailing semicolon removed)
     * @param argument the database of a USE, the zone text of a SET time_zone, else null
     */
    record Classified(Kind kind, String sql, String argument) {}

    private static final Set<String> ROW_KEYWORDS =
            Set.of("SELECT", "WITH", "SHOW", "DESC", "DESCRIBE", "EXPLAIN", "TQL", "VALUES", "ADMIN");

    private StatementClassifier() {}

    static Classified classify(String sql) throws SQLException {
        String single = singleStatement(sql);
        int start = skipBlankAndParens(single, 0);
        String keyword = word(single, start);
        if (keyword.equals("USE")) {
            String db = identifier(single, SqlLexer.skipBlank(single, start + 3));
            if (db != null) {
                return new Classified(Kind.USE, single, db);
            }
        } else if (keyword.equals("SET")) {
            String zone = timeZoneValue(single, SqlLexer.skipBlank(single, start + 3));
            if (zone != null) {
                return new Classified(Kind.SET_TIME_ZONE, single, zone);
            }
        }
        return new Classified(ROW_KEYWORDS.contains(keyword) ? Kind.ROWS : Kind.UPDATE, single, null);
    }

    private static final Set<String> DDL_KEYWORDS = Set.of("CREATE", "ALTER", "DROP", "TRUNCATE");

    /** Whether the statement changes tables (CREATE, ALTER, DROP, TRUNCATE: flows and databases too). */
    static boolean isDdl(String sql) {
        return DDL_KEYWORDS.contains(new SqlLexer(sql).next().keyword());
    }

    /**
     * The statement without trailing semicolons.
     *
     * @throws SQLSyntaxErrorException 42000 when the text holds more than one statement
     */
    static String singleStatement(String sql) throws SQLException {
        int i = 0;
        while (i < sql.length()) {
            int next = SqlLexer.skipNonCode(sql, i);
            if (next > i) {
                i = next;
            } else if (sql.charAt(i) == ';') {
                int rest = skipSemicolonsAndBlank(sql, i);
                if (rest < sql.length()) {
                    throw new SQLSyntaxErrorException(
                            "GreptimeDB runs one statement per call; this text holds several "
                                    + "(a ';' is followed by more SQL). Execute them one at a time.",
                            SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION.code());
                }
                return sql.substring(0, i);
            } else {
                i++;
            }
        }
        return sql;
    }

    private static int skipSemicolonsAndBlank(String sql, int i) {
        while (i < sql.length()) {
            i = SqlLexer.skipBlank(sql, i);
            if (i < sql.length() && sql.charAt(i) == ';') {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    private static int skipBlankAndParens(String sql, int i) {
        i = SqlLexer.skipBlank(sql, i);
        while (i < sql.length() && sql.charAt(i) == '(') {
            i = SqlLexer.skipBlank(sql, i + 1);
        }
        return i;
    }

    /** The upper-cased word of letters starting at {@code i} (empty when none). */
    static String word(String sql, int i) {
        int end = i;
        while (end < sql.length() && (Character.isLetter(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
        }
        return sql.substring(i, end).toUpperCase(Locale.ROOT);
    }

    /**
     * The identifier at {@code i} if it is the last thing in the statement: quoted ones keep their case,
     * unquoted ones are lower-cased as GreptimeDB does. Null when the text does not look like that.
     */
    private static String identifier(String sql, int i) {
        if (i >= sql.length()) {
            return null;
        }
        char c = sql.charAt(i);
        String name;
        int end;
        if (c == '"' || c == '`') {
            end = SqlLexer.skipNonCode(sql, i);
            if (end <= i + 1 || sql.charAt(end - 1) != c) {
                return null;
            }
            name = sql.substring(i + 1, end - 1).replace(String.valueOf(c) + c, String.valueOf(c));
        } else {
            end = i;
            while (end < sql.length() && isIdentifierPart(sql.charAt(end))) {
                end++;
            }
            name = sql.substring(i, end).toLowerCase(Locale.ROOT);
        }
        return !name.isEmpty() && SqlLexer.skipBlank(sql, end) == sql.length() ? name : null;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '$' || c == '#' || c == '@';
    }

    /** For {@code SET [SESSION|LOCAL] time_zone|timezone =|TO value}, the value text; else null. */
    private static String timeZoneValue(String sql, int i) {
        String w = word(sql, i);
        if (w.equals("SESSION") || w.equals("LOCAL")) {
            i = SqlLexer.skipBlank(sql, i + w.length());
            w = word(sql, i);
        }
        if (!w.equals("TIME_ZONE") && !w.equals("TIMEZONE")) {
            return null;
        }
        i = SqlLexer.skipBlank(sql, i + w.length());
        if (i < sql.length() && sql.charAt(i) == '=') {
            i = SqlLexer.skipBlank(sql, i + 1);
        } else if (word(sql, i).equals("TO")) {
            i = SqlLexer.skipBlank(sql, i + 2);
        } else {
            return null;
        }
        return zoneLiteral(sql, i);
    }

    private static String zoneLiteral(String sql, int i) {
        if (i >= sql.length()) {
            return null;
        }
        int end;
        String value;
        if (sql.charAt(i) == '\'' || sql.charAt(i) == '"') {
            end = SqlLexer.skipNonCode(sql, i);
            if (end <= i + 1) {
                return null;
            }
            value = sql.substring(i + 1, end - 1).replace("''", "'");
        } else {
            end = i;
            while (end < sql.length() && !Character.isWhitespace(sql.charAt(end))) {
                end++;
            }
            value = sql.substring(i, end);
        }
        return SqlLexer.skipBlank(sql, end) == sql.length() ? value : null;
    }
}
