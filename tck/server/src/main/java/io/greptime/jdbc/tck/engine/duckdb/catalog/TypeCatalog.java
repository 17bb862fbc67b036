package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The SQL type names GreptimeDB's CREATE TABLE accepts per version line, from type-catalog.tsv (read from
 * GreptimeDB's and its SQL parser's source by tck/server/catalog/extract_types.py). A column type the
 * profile's line refuses is refused as {@code sql_data_type_to_concrete_data_type} refuses it: status 2000
 * (InvalidSyntax), {@code SQL data type not supported yet: <the parser's DataType as Rust's {:?} prints it>}.
 */
public final class TypeCatalog {
    /** The catalog's columns, oldest first. */
    public static final List<String> LINES = List.of("0.14", "0.15", "0.17", "1.0", "1.2", "1.3");

    public static final String RESOURCE = "/io/greptime/jdbc/tck/engine/duckdb/type-catalog.tsv";

    /** One spelling and, per line, {@code Type@file:line}, {@code refused:Debug@file:line} or {@code -}. */
    public record Entry(String spelling, List<String> cells) {
        /** GreptimeDB's type name on the line, or null when the line refuses (or its parser lacks) it. */
        public String type(int line) {
            String c = cells.get(line);
            return c.equals("-") || c.contains(":") && c.indexOf(':') < c.lastIndexOf('@')
                    ? null
                    : c.substring(0, c.lastIndexOf('@'));
        }

        /** {@code status:message} of a refusal other than the type's ({@code {column}} the column), or null. */
        public String error(int line) {
            String c = cells.get(line);
            return c.startsWith("error:") ? c.substring("error:".length(), c.lastIndexOf('@')) : null;
        }

        /** Whether the bare spelling is a syntax error on the line (the parser wants its arguments). */
        public boolean syntax(int line) {
            return cells.get(line).startsWith("syntax:");
        }

        /** The parser's DataType as the refusal prints it, or null when the line accepts it. */
        public String refusedAs(int line) {
            String c = cells.get(line);
            return c.startsWith("refused:") ? c.substring("refused:".length(), c.lastIndexOf('@')) : null;
        }
    }

    private static final Map<String, Entry> ENTRIES = load();

    /**
     * Spellings GreptimeDB's CREATE TABLE refuses that the engine still takes: TIME and INTERVAL columns, which
     * GreptimeDB keeps when they arrive through gRPC DDL and which this project's driver tests create through
     * SQL. TypeCatalogTest lists them as gaps (type-gaps.txt).
     */
    static final java.util.Set<String> KEPT = java.util.Set.of("TIME", "INTERVAL");

    private TypeCatalog() {}

    private static Map<String, Entry> load() {
        Map<String, Entry> out = new LinkedHashMap<>();
        InputStream in = TypeCatalog.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("type-catalog.tsv is missing from the server jar");
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("#") || l.isBlank()) {
                    continue;
                }
                String[] f = l.split("\t");
                out.put(f[0], new Entry(f[0], List.of(f).subList(1, f.length)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Collections.unmodifiableMap(out);
    }

    public static List<Entry> entries() {
        return new ArrayList<>(ENTRIES.values());
    }

    /** The catalog column of the profile's line (its version's major.minor), or -1. */
    public static int line(EngineProfile p) {
        String[] v = p.version().split("\\.");
        return LINES.indexOf(v[0] + "." + v[1]);
    }

    /**
     * Refuses the column type at {@code t} when the profile's line does not accept it; consumes nothing. The
     * longest catalog spelling of bare words at the cursor decides (TINYINT UNSIGNED, DOUBLE PRECISION, ...);
     * a TIMESTAMP precision other than 0, 3, 6 or 9 is refused on every line.
     */
    public static void check(EngineProfile p, Tokens t) {
        lookup(p, t, "c");
    }

    /**
     * A column type as the profile's line reads it: refused as {@link #check} refuses it; a catalog spelling
     * of bare words (no parameters follow) is the type the catalog gives for this line (INT8 is Int8 before
     * v1.0 and Int64 from it, UNSIGNED INTEGER is UInt32); anything else is {@link TypeParser}'s.
     */
    public static GreptimeType parse(EngineProfile p, Tokens t, String column) {
        Entry e = lookup(p, t, column);
        if (e != null) {
            String spelling = e.spelling();
            int paren = spelling.indexOf('(');
            String bare = paren < 0 ? spelling : spelling.substring(0, paren);
            int words = bare.split(" ").length;
            Token after = t.peek(words);
            String type = e.type(line(p));
            boolean sized = bare.equals("TIMESTAMP")
                    || bare.equals("DECIMAL")
                    || bare.equals("VECTOR")
                    || bare.equals("JSON2"); // JSON2(...) type hints are Json2Hints
            if (type != null && !sized && !after.is("signed") && !after.is("unsigned")) {
                // the type does not depend on a length or precision written after it (VARCHAR(10), DATETIME(6))
                t.pos += words;
                if (t.peek().isSymbol("(")) {
                    t.skipParens();
                }
                return GreptimeType.ofName(type);
            }
        }
        return TypeParser.parse(t);
    }

    private static Entry lookup(EngineProfile p, Tokens t, String column) {
        int line = line(p);
        if (line < 0) {
            return null;
        }
        StringBuilder words = new StringBuilder();
        Entry found = null;
        int used = 0;
        for (int i = 0; i < 4 && t.peek(i).type() == Token.Type.WORD; i++) {
            words.append(i == 0 ? "" : " ").append(t.peek(i).text().toUpperCase(Locale.ROOT));
            Entry e = ENTRIES.get(words.toString());
            if (e != null && !e.cells().get(line).equals("-")) {
                found = e;
                used = i + 1;
            }
        }
        if (found != null && KEPT.contains(found.spelling())) {
            return null;
        }
        if (found == null) {
            Token first = t.peek();
            if (first.type() == Token.Type.WORD || first.type() == Token.Type.QUOTED) {
                // no keyword of the parser nor an alias: DataType::Custom, which only VECTOR(n)/JSON2 escape
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX,
                        "SQL data type not supported yet: " + customDebug(t, line, args(t, 1)));
            }
            return null;
        }
        List<String> args = args(t, used);
        if (found.spelling().equals("TIMESTAMP") && args.size() == 1 && found.type(line) != null) {
            String p0 = args.get(0);
            if (!(p0.equals("0") || p0.equals("3") || p0.equals("6") || p0.equals("9"))) {
                // TimestampType::try_from takes only these; the refusal prints the parsed DataType
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX,
                        "SQL data type not supported yet: Timestamp(Some(" + p0 + "), None)");
            }
        }
        if (!args.isEmpty()) {
            // a parameterised spelling (VECTOR(n), DECIMAL(p,s)) is decided by the catalog's sample of it
            String prefix = found.spelling() + "(";
            for (Entry e : ENTRIES.values()) {
                if (e.spelling().startsWith(prefix)
                        && e.spelling().split(",").length == args.size()
                        && !e.cells().get(line).equals("-")) {
                    found = e;
                    break;
                }
            }
        }
        if (found.syntax(line)) {
            Token at = t.peek(used);
            int[] where = location(t, at);
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "Invalid SQL syntax: sql parser error: Expected: "
                            + (found.spelling().equals("ARRAY") ? "<" : "(")
                            + ", found: "
                            + (at.type() == Token.Type.EOF ? "EOF" : t.sql.substring(at.start(), at.end()))
                            + " at Line: " + where[0] + ", Column: " + where[1]);
        }
        String error = found.error(line);
        if (error != null) {
            int colon = error.indexOf(':');
            throw new GreptimeError(
                    StatusCode.fromCode(Integer.parseInt(error.substring(0, colon))),
                    error.substring(colon + 1).replace("{column}", column));
        }
        String refused = found.refusedAs(line);
        if (refused == null) {
            return found;
        }
        if (refused.equals("Custom")) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX, "SQL data type not supported yet: " + customDebug(t, line, args));
        }
        throw new GreptimeError(
                StatusCode.INVALID_SYNTAX, "SQL data type not supported yet: " + withArgs(refused, args));
    }

    /**
     * Rust's {:?} of {@code DataType::Custom(name, modifiers)} for the word at the cursor: the parser's
     * ObjectName holds Idents (v0.14-v0.16, GreptimeDB's sqlparser fork before 0.55) or
     * {@code Identifier(Ident)} parts (v0.17 on), each with its value as written, its quote and its span
     * (1-based line and column of its first character and of the one after it).
     */
    static String customDebug(Tokens t, int line, List<String> args) {
        Token w = t.peek();
        String sql = t.sql;
        int[] where = location(t, w);
        int ln = where[0];
        int col = where[1];
        int width = sql.codePointCount(w.start(), w.end());
        String value = w.type() == Token.Type.QUOTED ? w.text() : sql.substring(w.start(), w.end());
        String quote = w.type() == Token.Type.QUOTED ? "Some('" + w.quote() + "')" : "None";
        String ident = "Ident { value: \"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\", quote_style: "
                + quote + ", span: Span(Location(" + ln + "," + col + ")..Location(" + ln + "," + (col + width)
                + ")) }";
        String part = line < LINES.indexOf("0.17") ? ident : "Identifier(" + ident + ")";
        List<String> mods = new ArrayList<>();
        for (String a : args) {
            mods.add("\"" + a + "\"");
        }
        return "Custom(ObjectName([" + part + "]), [" + String.join(", ", mods) + "])";
    }

    /** The parser's 1-based line and column of the token's first character. */
    private static int[] location(Tokens t, Token w) {
        int ln = 1;
        int col = 1;
        for (int i = 0; i < Math.min(w.start(), t.sql.length()); i++) {
            if (t.sql.charAt(i) == '\n') {
                ln++;
                col = 1;
            } else {
                col++;
            }
        }
        return new int[] {ln, col};
    }

    /** The numbers in parentheses right after the type's words, or none. */
    private static List<String> args(Tokens t, int at) {
        List<String> out = new ArrayList<>();
        if (!t.peek(at).isSymbol("(")) {
            return out;
        }
        for (int i = at + 1; i < at + 8; i++) {
            Token k = t.peek(i);
            if (k.type() == Token.Type.NUMBER) {
                out.add(k.text());
            } else if (k.isSymbol(")")) {
                return out;
            } else if (!k.isSymbol(",")) {
                return List.of();
            }
        }
        return List.of();
    }

    /** {@code MediumInt(None)} with one argument given is {@code MediumInt(Some(5))}; Rust's {:?} of it. */
    private static String withArgs(String debug, List<String> args) {
        if (args.size() != 1 || !debug.contains("(None")) {
            return debug;
        }
        return debug.replaceFirst("\\(None", "(Some(" + args.get(0) + ")");
    }
}
