package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnNameKeywords;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CREATE [OR REPLACE] VIEW and DROP VIEW. A view is a DuckDB view over the rewritten query plus a
 * catalog entry (engine {@code view}) carrying GreptimeDB's normalized definition text.
 */
final class Views {
    static final String ENGINE = "view";
    static final String DEFINITION = "view_definition";
    /** The view's column names when CREATE VIEW listed them ({@code CREATE VIEW v (a, b) AS ...}), one a line. */
    static final String COLUMNS = "view_columns";
    /** The defining query as normalized text. */
    static final String QUERY = "view_query";

    private static final Set<String> KEYWORDS = Set.of(
            "select",
            "from",
            "where",
            "inner",
            "left",
            "right",
            "outer",
            "full",
            "join",
            "on",
            "as",
            "and",
            "or",
            "not",
            "group",
            "by",
            "order",
            "limit",
            "offset",
            "having",
            "union",
            "all",
            "distinct",
            "asc",
            "desc",
            "in",
            "is",
            "null",
            "like",
            "between",
            "case",
            "when",
            "then",
            "else",
            "end",
            "with",
            "cross");

    private Views() {}

    static boolean isView(TableMeta t) {
        return ENGINE.equals(t.engine());
    }

    static long create(Call call, Tokens t, boolean orReplace) throws SQLException {
        boolean ifNotExists = t.accept("if", "not", "exists");
        if (orReplace && ifNotExists) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid SQL, error: syntax error Create Or Replace and If Not Exist cannot be used together");
        }
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        Ddl.checkWritable(schema);
        List<String> columns = new java.util.ArrayList<>();
        List<String> written = new java.util.ArrayList<>();
        if (t.acceptSymbol("(")) {
            do {
                written.add(t.raw(t.pos, t.pos + 1));
                columns.add(ColumnNameKeywords.columnName(t, call.ctx.profile()));
            } while (t.acceptSymbol(","));
            t.expectSymbol(")");
        }
        t.expect("as");
        int bodyStart = t.pos;
        TableMeta existing = call.catalog.table(schema, n[1]);
        if (existing != null && !orReplace) {
            if (ifNotExists) {
                return 0;
            }
            throw new GreptimeError(
                    StatusCode.TABLE_ALREADY_EXISTS,
                    "View already exists: `" + Catalog.CATALOG + "." + schema + "." + n[1] + "`");
        }
        if (existing != null && !isView(existing)) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid view: " + n[1] + " is a table");
        }
        QueryRewriter rw = new QueryRewriter(t, schema, call.catalog, call.ctx.timeZone());
        String body = rw.rewrite(bodyStart, t.list.size());
        if (!rw.missing.isEmpty()) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                            + rw.missing.iterator().next());
        }
        String query = normalize(t, bodyStart);
        String aliases = "";
        if (!columns.isEmpty()) {
            checkColumnCount(call, schema, n[1], query, columns.size());
            aliases = " " + QueryTranslator.quotedList(columns);
        }
        call.exec("CREATE OR REPLACE VIEW " + Catalog.duckTable(schema, n[1]) + aliases + " AS " + body);
        Map<String, String> opts = new LinkedHashMap<>();
        // GreptimeDB keeps the statement as written (sqlparser's Display of CreateView)
        opts.put(
                DEFINITION,
                "CREATE " + (orReplace ? "OR REPLACE " : "") + "VIEW " + (ifNotExists ? "IF NOT EXISTS " : "") + n[1]
                        + (written.isEmpty() ? "" : " (" + String.join(", ", written) + ")") + " AS " + query);
        if (!columns.isEmpty()) {
            opts.put(COLUMNS, String.join("\n", columns));
        }
        opts.put(QUERY, query);
        long id = existing != null ? existing.id() : call.catalog.allocateTableId();
        call.catalog.putTable(
                call.conn,
                new TableMeta(
                        schema,
                        n[1],
                        id,
                        ENGINE,
                        List.of(),
                        "",
                        List.of(),
                        opts,
                        System.currentTimeMillis(),
                        List.of(),
                        List.of()));
        return 0;
    }

    /** GreptimeDB's check that a column list names every column of the query, no more, no fewer. */
    private static void checkColumnCount(Call call, String schema, String view, String query, int given) {
        List<String> names;
        try {
            names = new QueryTranslator(call.catalog, schema, call.ctx.timeZone())
                    .names(SqlParser.parseQuery(new Tokens(query)), null);
        } catch (RuntimeException e) {
            names = null;
        }
        if (names != null && names.size() != given) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Expect " + names.size() + " columns for view " + view + ", but found " + given);
        }
    }

    static long drop(Call call, Tokens t) throws SQLException {
        boolean ifExists = t.accept("if", "exists");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        TableMeta v = call.catalog.table(schema, n[1]);
        if (v == null || !isView(v)) {
            if (ifExists) {
                return 0;
            }
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND, "View not found: " + Catalog.CATALOG + "." + schema + "." + n[1]);
        }
        call.exec("DROP VIEW " + Catalog.duckTable(v));
        call.catalog.removeTable(call.conn, schema, n[1]);
        return 0;
    }

    /** The query as sqlparser prints it: keywords upper-case, single spaces. */
    private static String normalize(Tokens t, int from) {
        StringBuilder sb = new StringBuilder();
        Token prev = null;
        for (int i = from; i < t.list.size(); i++) {
            Token tok = t.list.get(i);
            if (tok.type() == Token.Type.EOF || tok.isSymbol(";")) {
                break;
            }
            boolean tight = prev != null
                    && (prev.isSymbol(".")
                            || prev.isSymbol("(")
                            || tok.isSymbol(".")
                            || tok.isSymbol(")")
                            || tok.isSymbol(","));
            if (prev != null && !tight) {
                sb.append(' ');
            }
            sb.append(
                    switch (tok.type()) {
                        case WORD ->
                            KEYWORDS.contains(tok.text()) ? tok.text().toUpperCase(java.util.Locale.ROOT) : tok.text();
                        case STRING -> "'" + tok.text().replace("'", "''") + "'";
                        case QUOTED -> Catalog.quote(tok.text());
                        default -> tok.text();
                    });
            prev = tok;
        }
        return sb.toString();
    }
}
