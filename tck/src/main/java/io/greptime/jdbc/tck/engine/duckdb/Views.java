package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
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
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        Ddl.checkWritable(schema);
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
        call.exec("CREATE OR REPLACE VIEW " + Catalog.duckTable(schema, n[1]) + " AS " + body);
        Map<String, String> opts = new LinkedHashMap<>();
        opts.put(DEFINITION, "CREATE VIEW " + n[1] + " AS " + normalize(t, bodyStart));
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
