package io.greptime.jdbc.internal.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the write path needs of a table's {@code SHOW CREATE TABLE} text, read with {@link SqlLexer}:
 * GreptimeDB prints its normalised DDL (protocol.md §9.4), {@code CREATE TABLE [IF NOT EXISTS] t (cols,
 * TIME INDEX (ts), PRIMARY KEY (tags)) [PARTITION ON COLUMNS ...] ENGINE=e [WITH(k = v, ...)]}, with the
 * table's options (and from v0.17 its database's options) in {@code WITH}.
 *
 * @param primaryKey the tag columns, in key order (empty for none)
 * @param withDefault the columns that declare a {@code DEFAULT}
 * @param engine the engine, lower-cased ({@code mito}, {@code metric}, ...); empty when not shown
 * @param options the {@code WITH} options, keys lower-cased, values as written (unquoted)
 */
public record CreateTableText(
        List<String> primaryKey, Set<String> withDefault, String engine, Map<String, String> options) {

    /** Reads the text; anything it does not recognise is skipped, so an unknown layout gives empty parts. */
    public static CreateTableText parse(String text) {
        SqlLexer lexer = new SqlLexer(text);
        List<String> key = new ArrayList<>();
        Set<String> defaults = new LinkedHashSet<>();
        String engine = "";
        Map<String, String> options = new LinkedHashMap<>();
        while (lexer.peek().kind() != SqlLexer.Kind.END && !lexer.peek().isSymbol('(')) {
            lexer.next(); // CREATE TABLE IF NOT EXISTS name
        }
        if (lexer.peek().isSymbol('(')) {
            lexer.next();
            elements(lexer, key, defaults);
        }
        for (SqlLexer.Token t = lexer.next(); t.kind() != SqlLexer.Kind.END; t = lexer.next()) {
            if (t.isWord("ENGINE") && lexer.peek().isSymbol('=')) {
                lexer.next();
                engine = lexer.next().text().toLowerCase(Locale.ROOT);
            } else if (t.isWord("WITH") && lexer.peek().isSymbol('(')) {
                lexer.next();
                options(lexer, options);
            }
        }
        return new CreateTableText(List.copyOf(key), Set.copyOf(defaults), engine, Map.copyOf(options));
    }

    /** The column definitions and constraints up to the closing parenthesis. */
    private static void elements(SqlLexer lexer, List<String> key, Set<String> defaults) {
        while (true) {
            SqlLexer.Token first = lexer.next();
            if (first.kind() == SqlLexer.Kind.END || first.isSymbol(')')) {
                return;
            }
            boolean primary = first.isWord("PRIMARY");
            String column = first.isWord("TIME") || primary ? null : name(first);
            int depth = 0;
            while (true) {
                SqlLexer.Token t = lexer.next();
                if (t.kind() == SqlLexer.Kind.END) {
                    return;
                }
                if (depth == 0 && (t.isSymbol(',') || t.isSymbol(')'))) {
                    if (t.isSymbol(')')) {
                        return;
                    }
                    break;
                }
                depth += t.isSymbol('(') ? 1 : t.isSymbol(')') ? -1 : 0;
                if (primary
                        && depth == 1
                        && (t.kind() == SqlLexer.Kind.QUOTED_NAME || t.kind() == SqlLexer.Kind.WORD)) {
                    key.add(name(t));
                } else if (column != null && depth == 0 && t.isWord("DEFAULT")) {
                    defaults.add(column);
                }
            }
        }
    }

    /** {@code key = value} pairs up to the closing parenthesis; dotted keys may be quoted or not. */
    private static void options(SqlLexer lexer, Map<String, String> options) {
        StringBuilder key = new StringBuilder();
        while (true) {
            SqlLexer.Token t = lexer.next();
            if (t.kind() == SqlLexer.Kind.END || t.isSymbol(')')) {
                return;
            }
            if (t.isSymbol('=')) {
                SqlLexer.Token value = lexer.next();
                options.put(key.toString().toLowerCase(Locale.ROOT), value.text());
                key.setLength(0);
            } else if (!t.isSymbol(',')) {
                key.append(t.text());
            }
        }
    }

    private static String name(SqlLexer.Token t) {
        return t.kind() == SqlLexer.Kind.WORD ? t.text().toLowerCase(Locale.ROOT) : t.text();
    }

    /** Whether {@code append_mode = 'true'}: the table keeps every copy of a row written twice. */
    public boolean appendMode() {
        return "true".equalsIgnoreCase(options.getOrDefault("append_mode", ""));
    }

    /** The {@code memtable.type} option, lower-cased, or empty. */
    public String memtableType() {
        return options.getOrDefault("memtable.type", "").toLowerCase(Locale.ROOT);
    }

    /** Whether {@code ttl = 'instant'}: rows only pass through to flows. */
    public boolean instantTtl() {
        return "instant".equalsIgnoreCase(options.getOrDefault("ttl", "").trim());
    }
}
