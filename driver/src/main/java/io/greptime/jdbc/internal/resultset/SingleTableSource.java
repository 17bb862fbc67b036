package io.greptime.jdbc.internal.resultset;

import io.greptime.jdbc.internal.sql.SqlLexer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which result columns of a query come straight from one table, for ResultSetMetaData's getTableName and
 * getSchemaName: GreptimeDB's result schema names no table, so the driver reads it from the statement. Only
 * the plain shape is recognised, {@code SELECT a, t.b AS x, * FROM [catalog.][schema.]table [alias] [WHERE
 * ...]}: a join, a subquery or a second table in FROM, a WITH, a set operation, or an expression column gets
 * no table (the empty string JDBC asks for when unknown), since a wrong name is worse than none.
 *
 * @param schema the table's schema (the session database when the statement does not name one)
 * @param table the table
 * @param all whether every column comes from the table ({@code SELECT *})
 * @param labels the result labels of the plain column items, lower-cased
 */
public record SingleTableSource(String schema, String table, boolean all, Set<String> labels) {
    private static final Set<String> CLAUSE_ENDS =
            Set.of("where", "group", "order", "limit", "having", "offset", "align", "range", "fill", "by");

    /** Whether the result column labelled {@code label} is a column of the table. */
    boolean contains(String label) {
        return all || labels.contains(label.toLowerCase(Locale.ROOT));
    }

    /** The source of {@code sql}, or null when it is not a plain single-table SELECT. */
    public static SingleTableSource of(String sql, String sessionSchema) {
        if (sql == null) {
            return null;
        }
        List<String> tokens = tokens(sql);
        if (tokens.isEmpty() || !tokens.get(0).equalsIgnoreCase("select")) {
            return null;
        }
        int from = indexOfWord(tokens, "from");
        if (from < 0) {
            return null;
        }
        List<String> name = new ArrayList<>();
        int i = from + 1;
        while (i < tokens.size() && isIdentifier(tokens.get(i))) {
            name.add(identifier(tokens.get(i)));
            i++;
            if (i < tokens.size() && tokens.get(i).equals(".")) {
                i++;
            } else {
                break;
            }
        }
        if (name.isEmpty() || name.size() > 3 || !restIsPlain(tokens, i)) {
            return null;
        }
        String table = name.get(name.size() - 1);
        String schema = name.size() >= 2 ? name.get(name.size() - 2) : sessionSchema;
        return items(tokens.subList(1, from), schema, table);
    }

    /** After the table: nothing, an alias, then only clauses that keep one table (no JOIN, no comma). */
    private static boolean restIsPlain(List<String> tokens, int i) {
        if (i < tokens.size() && tokens.get(i).equalsIgnoreCase("as")) {
            i++;
        }
        if (i < tokens.size() && isIdentifier(tokens.get(i)) && !CLAUSE_ENDS.contains(lower(tokens.get(i)))) {
            i++;
        }
        if (i < tokens.size()
                && !CLAUSE_ENDS.contains(lower(tokens.get(i)))
                && !tokens.get(i).equals(";")) {
            return false;
        }
        for (int j = i; j < tokens.size(); j++) {
            String t = lower(tokens.get(j));
            if (t.equals("join")
                    || t.equals("union")
                    || t.equals("intersect")
                    || t.equals("except")
                    || t.equals("select")) {
                return false;
            }
        }
        return true;
    }

    private static SingleTableSource items(List<String> list, String schema, String table) {
        Set<String> labels = new HashSet<>();
        boolean all = false;
        int depth = 0;
        List<String> item = new ArrayList<>();
        for (int i = 0; i <= list.size(); i++) {
            String t = i < list.size() ? list.get(i) : ",";
            depth += t.equals("(") ? 1 : t.equals(")") ? -1 : 0;
            if (depth > 0 || !t.equals(",")) {
                item.add(t);
                continue;
            }
            all |= isStar(item);
            String label = plainColumnLabel(item);
            if (label != null) {
                labels.add(label);
            }
            item.clear();
        }
        return new SingleTableSource(schema, table, all, Set.copyOf(labels));
    }

    private static boolean isStar(List<String> item) {
        return (item.size() == 1 && item.get(0).equals("*"))
                || (item.size() == 3 && item.get(1).equals(".") && item.get(2).equals("*"));
    }

    /** {@code c}, {@code t.c}, optionally {@code [AS] label}: the result label; anything else null. */
    private static String plainColumnLabel(List<String> item) {
        int i = 0;
        String column = null;
        while (i < item.size() && isIdentifier(item.get(i))) {
            column = identifier(item.get(i));
            i++;
            if (i < item.size() && item.get(i).equals(".")) {
                i++;
            } else {
                break;
            }
        }
        if (column == null || lower(item.get(0)).equals("distinct")) {
            return null;
        }
        if (i == item.size()) {
            return column;
        }
        if (item.get(i).equalsIgnoreCase("as")) {
            i++;
        }
        return i == item.size() - 1 && isIdentifier(item.get(i)) ? identifier(item.get(i)) : null;
    }

    private static int indexOfWord(List<String> tokens, String word) {
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            depth += t.equals("(") ? 1 : t.equals(")") ? -1 : 0;
            if (depth == 0 && t.equalsIgnoreCase(word)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isIdentifier(String token) {
        char c = token.charAt(0);
        return c == '"' || c == '`' || Character.isLetter(c) || c == '_';
    }

    /** A quoted identifier as written, an unquoted one lower-cased as GreptimeDB folds it. */
    private static String identifier(String token) {
        char c = token.charAt(0);
        if (c == '"' || c == '`') {
            String quote = String.valueOf(c);
            return token.substring(1, token.length() - 1).replace(quote + quote, quote);
        }
        return lower(token);
    }

    private static String lower(String token) {
        return token.toLowerCase(Locale.ROOT);
    }

    /** Words, quoted identifiers, string literals, numbers and single characters; comments skipped. */
    private static List<String> tokens(String sql) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < sql.length()) {
            int next = SqlLexer.skipNonCode(sql, i);
            if (next != i) {
                if (sql.charAt(i) == '\'' || sql.charAt(i) == '"' || sql.charAt(i) == '`') {
                    out.add(sql.substring(i, next));
                }
                i = next;
                continue;
            }
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int end = i;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                out.add(sql.substring(i, end));
                i = end;
            } else {
                out.add(String.valueOf(c));
                i++;
            }
        }
        return out;
    }
}
