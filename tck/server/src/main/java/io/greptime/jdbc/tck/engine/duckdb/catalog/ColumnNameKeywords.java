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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * GreptimeDB's CREATE TABLE and CREATE VIEW refuse an unquoted column name that is one of its SQL parser's
 * keywords ({@code v1.0.0:src/sql/src/parsers/create_parser.rs:653-666}: {@code ALL_KEYWORDS.binary_search} of
 * the upper-cased name; the same check from v0.14.0), so {@code value}, {@code time} or {@code user} must be
 * quoted there while every other statement takes them bare. The list grew with each sqlparser revision a line
 * pins, so the profile says which list applies ({@link EngineProfile#columnKeywordList()}).
 */
public final class ColumnNameKeywords {
    private static final List<String> LISTS = List.of("0.14", "0.17", "1.0");
    private static final Map<String, Integer> SINCE = load();

    private ColumnNameKeywords() {}

    /**
     * Reads a column name at {@code t}'s position, refusing it when it came bare and is a keyword of the
     * profile's list; the message names it as written, like GreptimeDB's.
     */
    public static String columnName(Tokens t, EngineProfile profile) {
        Token name = t.peek();
        String ident = t.ident();
        Integer since = name.type() == Token.Type.WORD ? SINCE.get(ident.toUpperCase(Locale.ROOT)) : null;
        if (since != null && since <= listIndex(profile)) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "Invalid SQL syntax: sql parser error: Cannot use keyword '"
                            + t.sql.substring(name.start(), name.end())
                            + "' as column name. Hint: add quotes to the name.");
        }
        return ident;
    }

    private static int listIndex(EngineProfile profile) {
        int i = LISTS.indexOf(profile.columnKeywordList());
        if (i < 0) {
            throw new IllegalStateException("unknown keyword list " + profile.columnKeywordList());
        }
        return i;
    }

    private static Map<String, Integer> load() {
        Map<String, Integer> out = new HashMap<>();
        try (InputStream in = ColumnNameKeywords.class.getResourceAsStream("sql-keywords.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                int since = LISTS.indexOf(f[1]);
                if (since < 0) {
                    throw new IllegalStateException("sql-keywords.txt: unknown line in " + line);
                }
                out.put(f[0], since);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(out);
    }
}
