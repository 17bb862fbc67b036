package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rewrites a GreptimeDB query into DuckDB SQL at the token level: backtick identifiers, information_schema
 * references (to per-query temp tables), integer-to-timestamp casts, GreptimeDB session functions. It
 * also records the tables referenced so results can carry GreptimeDB's column metadata.
 */
public final class QueryRewriter {
    /** GreptimeDB functions DuckDB lacks, provided as macros {@code greptime.main.gt_<name>}. */
    static final Set<String> FUNCTIONS = Set.of("to_unixtime", "date_bin", "regexp_like");

    private final Tokens t;
    private final String schema;
    private final Catalog catalog;
    private final java.time.ZoneId zone;
    /** The line whose {@code version()} this answers. */
    private final io.greptime.jdbc.tck.engine.EngineProfile profile;

    public final List<TableMeta> tables = new ArrayList<>();
    public final Set<String> infoTables = new LinkedHashSet<>();
    public final Set<String> missing = new LinkedHashSet<>();
    private final Set<String> cteNames = new HashSet<>();

    public QueryRewriter(Tokens t, String schema, Catalog catalog, java.time.ZoneId zone) {
        this(t, schema, catalog, zone, io.greptime.jdbc.tck.engine.EngineProfile.NEWEST);
    }

    public QueryRewriter(
            Tokens t,
            String schema,
            Catalog catalog,
            java.time.ZoneId zone,
            io.greptime.jdbc.tck.engine.EngineProfile profile) {
        this.t = t;
        this.schema = schema;
        this.catalog = catalog;
        this.zone = zone;
        this.profile = profile;
    }

    /** Rewrites tokens [from, to) and returns DuckDB SQL. */
    public String rewrite(int from, int to) {
        collectCtes(from, to);
        StringBuilder out = new StringBuilder();
        int last = t.list.get(from).start();
        for (int i = from; i < to; i++) {
            Token tok = t.list.get(i);
            if (tok.type() == Token.Type.EOF || (tok.isSymbol(";") && i == to - 1)) {
                break;
            }
            out.append(t.sql, last, tok.start());
            i = emit(i, to, out);
            last = t.list.get(i).end();
        }
        return out.toString();
    }

    /** Rewrites a bare expression (SHOW ... WHERE): quoting only, no table resolution. */
    public String rewriteExpression(int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < to; i++) {
            Token tok = t.list.get(i);
            if (tok.type() == Token.Type.EOF || tok.isSymbol(";")) {
                break;
            }
            String r = tok.type() == Token.Type.QUOTED
                    ? Catalog.quote(tok.text())
                    : tok.type() == Token.Type.WORD ? "\"" + capitalizedColumn(tok.text()) + "\"" : render(tok);
            if (tok.type() == Token.Type.WORD && isKeyword(tok.text())) {
                r = tok.text();
            }
            out.append(' ').append(r);
        }
        return out.toString();
    }

    private static boolean isKeyword(String w) {
        return switch (w) {
            case "and", "or", "not", "like", "in", "is", "null", "between", "true", "false" -> true;
            default -> false;
        };
    }

    /** SHOW output columns are capitalized (Database, Field, Table_type); match them case-insensitively. */
    private static String capitalizedColumn(String w) {
        if (w.equals("tables")) {
            return "Tables";
        }
        return Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }

    private void collectCtes(int from, int to) {
        for (int i = from; i + 2 < to; i++) {
            Token a = t.list.get(i);
            if (a.isIdent() && t.list.get(i + 1).is("as") && t.list.get(i + 2).isSymbol("(")) {
                cteNames.add(a.text());
            }
        }
    }

    /** Emits token i (and any it absorbs); returns the index of the last token consumed. */
    private int emit(int i, int to, StringBuilder out) {
        Token tok = t.list.get(i);
        Token prev = i > 0 ? t.list.get(i - 1) : null;
        if (tok.is("greptime") && peekIs(i + 1, ".") && t.list.get(i + 2).is(Catalog.INFORMATION_SCHEMA)) {
            return emit(i + 2, to, out);
        }
        if (tok.is(Catalog.INFORMATION_SCHEMA)
                && peekIs(i + 1, ".")
                && t.list.get(i + 2).isIdent()) {
            out.append(infoTable(t.list.get(i + 2).text()));
            return i + 2;
        }
        if (prev != null
                && (prev.is("from") || prev.is("join"))
                && tok.isIdent()
                && !peekIs(i + 1, "(")
                && !peekIs(i + 1, ")")) {
            return tableRef(i, out);
        }
        if (tok.type() == Token.Type.NUMBER
                && peekIs(i + 1, "::")
                && t.list.get(i + 2).is("timestamp")) {
            out.append("epoch_ms(").append(tok.text()).append(")");
            int j = i + 2;
            if (peekIs(j + 1, "(")) {
                j += 3;
            }
            return j;
        }
        if (tok.type() == Token.Type.WORD && peekIs(i + 1, "(") && FUNCTIONS.contains(tok.text())) {
            out.append("greptime.main.gt_").append(tok.text());
            return i;
        }
        if (tok.type() == Token.Type.WORD && peekIs(i + 1, "(") && peekIs(i + 2, ")")) {
            String lit = sessionFunction(tok.text());
            if (lit != null) {
                out.append(lit);
                return i + 2;
            }
        }
        out.append(render(tok));
        return i;
    }

    private String sessionFunction(String fn) {
        return switch (fn) {
            case "database", "current_schema" -> "'" + schema.replace("'", "''") + "'";
            case "version" -> "'" + profile.version() + "'";
            // Tz::UTC prints as UTC (v0.14.4:src/common/time/src/timezone.rs, Display), never as Java's Z
            case "timezone" -> "'" + (zone.equals(java.time.ZoneOffset.UTC) ? "UTC" : zone.getId()) + "'";
            default -> null;
        };
    }

    private int tableRef(int i, StringBuilder out) {
        Token a = t.list.get(i);
        String qualifier = null;
        String name = a.text();
        int last = i;
        if (peekIs(i + 1, ".") && t.list.get(i + 2).isIdent()) {
            qualifier = a.text();
            name = t.list.get(i + 2).text();
            last = i + 2;
            if (peekIs(i + 3, ".") && t.list.get(i + 4).isIdent()) {
                qualifier = name;
                name = t.list.get(i + 4).text();
                last = i + 4;
            }
        }
        if (a.type() == Token.Type.WORD && (a.is("select") || a.is("lateral") || a.is("unnest"))) {
            out.append(render(a));
            return i;
        }
        String db = qualifier == null ? schema : qualifier;
        if (qualifier == null && cteNames.contains(name)) {
            out.append(render(a));
            return i;
        }
        if (db.equals(Catalog.INFORMATION_SCHEMA)) {
            out.append(infoTable(name));
            return last;
        }
        TableMeta meta = catalog.table(db, name);
        if (meta == null) {
            missing.add(db + "." + name);
        } else {
            tables.add(meta);
        }
        out.append(Catalog.duckTable(db, name));
        return last;
    }

    private String infoTable(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        infoTables.add(n);
        return InformationSchema.tempName(n);
    }

    private boolean peekIs(int idx, String symbol) {
        return idx < t.list.size() && t.list.get(idx).isSymbol(symbol);
    }

    private static String render(Token tok) {
        if (tok.type() == Token.Type.QUOTED && tok.quote() == '`') {
            return Catalog.quote(tok.text());
        }
        return null == tok.text() ? "" : rawOf(tok);
    }

    /**
     * A string literal for DuckDB, whose parser reads the query as a C string and so ends it at a NUL:
     * a NUL inside a GreptimeDB literal (which GreptimeDB's parser takes as any other character) is
     * spliced in with {@code chr(0)} instead.
     */
    static String stringLiteral(String text) {
        String quoted = "'" + text.replace("'", "''") + "'";
        return text.indexOf('\0') < 0 ? quoted : "(" + quoted.replace("\0", "' || chr(0) || '") + ")";
    }

    private static String rawOf(Token tok) {
        return switch (tok.type()) {
            case QUOTED -> Catalog.quote(tok.text());
            case STRING -> stringLiteral(tok.text());
            case WORD -> tok.text();
            default -> tok.text();
        };
    }
}
