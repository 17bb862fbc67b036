package io.greptime.jdbc.tck.engine.duckdb.catalog;

import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The options after a column's type: NULL, NOT NULL, DEFAULT, COMMENT, PRIMARY KEY, TIME INDEX, indexes. */
public final class ColumnOptionsParser {
    public boolean notNull;
    public boolean explicitNull;
    public boolean primaryKey;
    public boolean timeIndex;
    public String defaultSql;
    public String comment;
    public final Map<String, String> options = new LinkedHashMap<>();

    private ColumnOptionsParser() {}

    public static ColumnOptionsParser parse(Tokens t, String column) {
        ColumnOptionsParser o = new ColumnOptionsParser();
        while (!t.peek().isSymbol(",") && !t.peek().isSymbol(")") && !t.atEnd()) {
            o.one(t, column);
        }
        return o;
    }

    /** Like {@link #parse} but stops at FIRST / AFTER (ALTER TABLE ADD COLUMN). */
    public static ColumnOptionsParser parseUntilLocation(Tokens t) {
        ColumnOptionsParser o = new ColumnOptionsParser();
        while (!t.peek().isSymbol(",") && !t.peek().is("first") && !t.peek().is("after") && !t.atEnd()) {
            o.one(t, "");
        }
        return o;
    }

    private void one(Tokens t, String column) {
        if (t.accept("not", "null")) {
            notNull = true;
        } else if (t.accept("null")) {
            explicitNull = true;
        } else if (t.accept("default")) {
            defaultSql = defaultValue(t);
        } else if (t.accept("comment")) {
            comment = t.next().text();
        } else if (t.accept("primary", "key")) {
            primaryKey = true;
        } else if (t.accept("time", "index")) {
            timeIndex = true;
            notNull = true;
        } else if (t.peek(1).is("index") && isIndexKind(t.peek().text())) {
            String kind = t.next().text().toLowerCase(Locale.ROOT);
            t.next();
            java.util.TreeMap<String, String> with = new java.util.TreeMap<>(IndexOptions.defaults(kind));
            if (t.accept("with")) {
                with.putAll(TableOptions.parse(t));
            }
            options.put(kind, IndexOptions.render(with));
        } else {
            throw t.unexpected("column option");
        }
    }

    private static boolean isIndexKind(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "fulltext", "skipping", "inverted", "vector" -> true;
            default -> false;
        };
    }

    /** Normalizes a DEFAULT expression as GreptimeDB prints it. */
    static String defaultValue(Tokens t) {
        Token tok = t.next();
        if (tok.isSymbol("-") || tok.isSymbol("+")) {
            Token num = t.next();
            return (tok.isSymbol("-") ? "-" : "") + num.text();
        }
        switch (tok.type()) {
            case NUMBER:
                return tok.text();
            case STRING:
                return "'" + tok.text().replace("'", "''") + "'";
            case QUOTED:
                return "'" + tok.text().replace("'", "''") + "'";
            default:
                break;
        }
        String word = tok.text();
        if (t.peek().isSymbol("(")) {
            int start = t.pos;
            t.skipParens();
            String args = t.raw(start + 1, t.pos - 1);
            String fn = word.equals("current_timestamp") ? "current_timestamp" : word;
            return fn + "(" + args + ")";
        }
        if (word.equals("current_timestamp") || word.equals("localtimestamp")) {
            return "current_timestamp()";
        }
        if (word.equals("null")) {
            return null;
        }
        return word;
    }
}
