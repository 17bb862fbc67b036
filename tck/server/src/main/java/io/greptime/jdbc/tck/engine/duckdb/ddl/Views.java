package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnNameKeywords;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ViewOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryRewriter;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryTranslator;
import io.greptime.jdbc.tck.engine.duckdb.sql.TranslatorExtensions;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CREATE [OR REPLACE] VIEW and DROP VIEW. A view is a DuckDB view over the rewritten query plus a
 * catalog entry (engine {@code view}) carrying GreptimeDB's normalized definition text.
 */
public final class Views {
    static final String ENGINE = ViewOptions.ENGINE;
    static final String DEFINITION = ViewOptions.DEFINITION;
    static final String COLUMNS = ViewOptions.COLUMNS;
    static final String PLAN_COLUMNS = ViewOptions.PLAN_COLUMNS;
    static final String QUERY = ViewOptions.QUERY;

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
            "cross",
            "over",
            "partition",
            "cast",
            "try_cast",
            "exists",
            "interval",
            "preceding",
            "following",
            "unbounded",
            "nulls",
            "filter",
            "using",
            "natural",
            "except",
            "intersect",
            "ilike",
            "escape");

    /** Keywords sqlparser prints tight to their parenthesis, as a function call: {@code CAST(x AS INT)}. */
    private static final Set<String> CALL_KEYWORDS = Set.of("cast", "try_cast");

    private static final Set<String> DML = Set.of("insert", "update", "delete");
    private static final Set<String> DML_WORDS;

    static {
        java.util.HashSet<String> words = new java.util.HashSet<>(KEYWORDS);
        words.addAll(Set.of("insert", "into", "values", "update", "set", "delete"));
        DML_WORDS = Set.copyOf(words);
    }

    /** GreptimeDB's NAME_PATTERN ({@code v1.0.0:src/common/base/src/regex_pattern.rs:18}). */
    private static final java.util.regex.Pattern VIEW_NAME =
            java.util.regex.Pattern.compile("[a-zA-Z_:\\-][a-zA-Z0-9_:\\-.@#]*");

    private Views() {}

    public static boolean isView(TableMeta t) {
        return ViewOptions.isView(t);
    }

    /**
     * CREATE VIEW in GreptimeDB's order ({@code v1.0.0:src/operator/src/statement/ddl.rs:774-1000}): the query is
     * planned first (a missing table fails before anything else), then the column list is counted, then
     * OR REPLACE with IF NOT EXISTS is refused, then the schema must exist, then a view of that name is kept
     * (IF NOT EXISTS), refused or replaced (OR REPLACE), while a table of that name is refused whatever the
     * options.
     */
    static long create(Call call, Tokens t, boolean orReplace) throws SQLException {
        boolean ifNotExists = t.accept("if", "not", "exists");
        int nameStart = t.pos;
        String[] n = t.objectName();
        String writtenName = writtenName(t, nameStart, t.pos);
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
        if (!t.accept("as")) {
            // the parser's expect_keyword(AS) as SyntaxSnafu tells it
            String m = t.unexpected("AS").getMessage();
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX, "Invalid SQL syntax: " + m.substring(m.indexOf("sql parser error: ")));
        }
        int bodyStart = t.pos;
        if (t.peek().type() == Token.Type.WORD && DML.contains(t.peek().text())) {
            // sqlparser's parse_query takes a DML statement as a query body; DataFusion's planner refuses it
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Failed to plan SQL: This feature is not implemented: Query " + normalize(t, bodyStart, DML_WORDS)
                            + " not implemented yet");
        }
        QueryRewriter rw = new QueryRewriter(t, schema, call.catalog, call.ctx.timeZone());
        String body = rw.rewrite(bodyStart, t.list.size());
        if (!rw.missing.isEmpty()) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                            + rw.missing.iterator().next());
        }
        String query = normalize(t, bodyStart, KEYWORDS);
        ViewSubstrait.check(query);
        List<String> planColumns = planColumns(call, schema, query);
        String aliases = "";
        if (!columns.isEmpty()) {
            if (planColumns != null && planColumns.size() != columns.size()) {
                // ViewColumnsMismatch names the view as the statement wrote it
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Expect " + planColumns.size() + " columns for view " + writtenName + ", but found "
                                + columns.size());
            }
            aliases = " " + QueryTranslator.quotedList(columns);
        }
        if (orReplace && ifNotExists) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid SQL, error: syntax error Create Or Replace and If Not Exist cannot be used together");
        }
        if (!call.catalog.databaseExists(schema)) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Failed to find schema, schema info: " + schema);
        }
        TableMeta existing = call.catalog.table(schema, n[1]);
        if (existing != null && !isView(existing)) {
            throw new GreptimeError(
                    StatusCode.TABLE_ALREADY_EXISTS,
                    "Table already exists: `" + Catalog.CATALOG + "." + schema + "." + n[1] + "`");
        }
        if (existing != null && !orReplace) {
            if (ifNotExists) {
                return 0;
            }
            throw new GreptimeError(
                    StatusCode.TABLE_ALREADY_EXISTS,
                    "View already exists: `" + Catalog.CATALOG + "." + schema + "." + n[1] + "`");
        }
        if (!VIEW_NAME.matcher(n[1]).matches()) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid view name: " + n[1]);
        }
        String target = "CREATE OR REPLACE VIEW " + Catalog.duckTable(schema, n[1]) + aliases + " AS ";
        if (!prepares(call, body)) {
            // the token rewriter leaves GreptimeDB's literal coercions (ts >= 2000 on a timestamp column) to
            // DuckDB, which refuses some; the query translator applies them as a SELECT would. Preparing
            // tells it without running anything (a failed statement would abort the DDL's transaction).
            String translated = translated(call, t, bodyStart, schema);
            if (translated != null && prepares(call, translated)) {
                body = translated;
            }
        }
        call.exec(target + ViewPlan.pinned(call, body));
        Map<String, String> opts = new LinkedHashMap<>();
        // GreptimeDB keeps the statement as written (sqlparser's Display of CreateView)
        opts.put(
                DEFINITION,
                "CREATE " + (orReplace ? "OR REPLACE " : "") + "VIEW " + (ifNotExists ? "IF NOT EXISTS " : "")
                        + writtenName + (written.isEmpty() ? "" : " (" + String.join(", ", written) + ")") + " AS "
                        + query);
        if (!columns.isEmpty()) {
            opts.put(COLUMNS, String.join("\n", columns));
        }
        opts.put(QUERY, query);
        if (planColumns != null && !planColumns.isEmpty()) {
            opts.put(PLAN_COLUMNS, String.join("\n", planColumns));
        }
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

    /**
     * DROP TABLE, TRUNCATE and ALTER TABLE look up the table's region route by its id; a view has none, so
     * GreptimeDB v1.0.0 answers each of them on a view with the route lookup's error, naming the view's id.
     */
    static void checkRouted(TableMeta tm) {
        if (isView(tm)) {
            throw new GreptimeError(StatusCode.UNEXPECTED, "Failed to find table route for table id " + tm.id());
        }
    }

    /**
     * An object name as GreptimeDB's parser keeps it ({@code canonicalize_object_name}): bare parts
     * lower-cased, quoted parts verbatim in the quotes they were written with, joined by dots.
     */
    static String writtenName(Tokens t, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            Token tok = t.list.get(i);
            if (tok.isSymbol(".")) {
                sb.append('.');
            } else if (tok.type() == Token.Type.QUOTED) {
                sb.append(t.raw(i, i + 1)); // in the quotes it was written with
            } else {
                sb.append(tok.text());
            }
        }
        return sb.toString();
    }

    /**
     * The view's query through the query translator, its columns named as GreptimeDB names them; null when
     * the translator does not take the query.
     */
    private static String translated(Call call, Tokens t, int bodyStart, String schema) {
        QueryTranslator tr = new QueryTranslator(
                TranslatorExtensions.of(call), call.catalog, schema, call.ctx.timeZone(), call.ctx.profile());
        QueryTranslator.Translation x;
        try {
            t.pos = bodyStart;
            x = tr.translate(SqlParser.parseQuery(t));
        } catch (RuntimeException e) {
            return null;
        }
        if (!tr.missing.isEmpty() || x.names() == null || x.names().isEmpty()) {
            return null;
        }
        return "SELECT * FROM (" + x.sql() + ") AS gt_view_query" + QueryTranslator.quotedList(x.names());
    }

    private static boolean prepares(Call call, String query) {
        try (java.sql.PreparedStatement ps = call.conn.prepareStatement("SELECT * FROM (" + query + ") LIMIT 0")) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The output column names of the view's query, or null when they cannot be told. */
    private static List<String> planColumns(Call call, String schema, String query) {
        try {
            return new QueryTranslator(TranslatorExtensions.of(call), call.catalog, schema, call.ctx.timeZone())
                    .names(SqlParser.parseQuery(new Tokens(query)), null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * DROP VIEW ({@code v1.0.0:src/operator/src/statement/ddl.rs:1085-1135}): a missing name is TableNotFound
     * (ignored with IF EXISTS); a table of that name is refused as "not a view", IF EXISTS or not.
     */
    static long drop(Call call, Tokens t) throws SQLException {
        boolean ifExists = t.accept("if", "exists");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        TableMeta v = call.catalog.table(schema, n[1]);
        if (v == null) {
            if (ifExists) {
                return 0;
            }
            throw Errors.tableNotFound(schema, n[1]);
        }
        if (!isView(v)) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid view \"" + Catalog.CATALOG + "." + schema + "." + n[1] + "\": not a view");
        }
        call.exec("DROP VIEW " + Catalog.duckTable(v));
        call.catalog.removeTable(call.conn, schema, n[1]);
        return 0;
    }

    /**
     * SHOW CREATE VIEW ({@code v1.0.0:src/operator/src/statement/show.rs:202-229}): a missing name is ViewNotFound
     * and a table has no view info, both naming the bare name; the answer names the view as the SHOW
     * statement wrote it.
     */
    static Output showCreate(Call call, Tokens t) throws SQLException {
        int nameStart = t.pos;
        String[] name = t.objectName();
        String shown = writtenName(t, nameStart, t.pos);
        TableMeta found = call.catalog.table(name[0] == null ? call.schema() : name[0], name[1]);
        if (found == null) {
            throw new GreptimeError(StatusCode.TABLE_NOT_FOUND, "View not found: " + name[1]);
        }
        if (!isView(found)) {
            throw new GreptimeError(StatusCode.TABLE_NOT_FOUND, "View info not found: " + name[1]);
        }
        return Queries.run(
                call,
                "SELECT " + Show.lit(shown) + " AS \"View\", " + Show.lit(showDefinition(found, shown))
                        + " AS \"Create View\"",
                null,
                List.of());
    }

    /**
     * SHOW VIEWS [FROM db] [LIKE | WHERE] ({@code v1.0.0:src/query/src/sql.rs:930-964}): the names of
     * information_schema.views in the schema, as column {@code Views}, sorted; an unknown schema has none.
     */
    static Output show(Call call, Tokens t) throws SQLException {
        String db = call.schema();
        if (t.accept("from") || t.accept("in")) {
            db = t.ident();
        }
        InformationSchema.materialize(call.conn, call.catalog, List.of("views"));
        String base = "SELECT table_name AS \"Views\" FROM gt_is_views WHERE table_schema = " + Show.lit(db);
        return Queries.run(call, Show.filteredSql(t, base, "\"Views\"", "\"Views\""), null, List.of());
    }

    /**
     * SHOW CREATE VIEW's text ({@code v1.0.0:src/query/src/sql.rs:896-928}): the stored statement with its
     * name replaced by the name the SHOW statement wrote.
     */
    static String showDefinition(TableMeta view, String shownName) {
        String definition = view.options().get(DEFINITION);
        Tokens d = new Tokens(definition);
        d.accept("create");
        d.accept("or", "replace");
        d.expect("view");
        d.accept("if", "not", "exists");
        int from = d.pos;
        d.objectName();
        int start = d.list.get(from).start();
        int end = d.list.get(d.pos - 1).end();
        return definition.substring(0, start) + shownName + definition.substring(end);
    }

    /**
     * The query as sqlparser prints it back (GreptimeDB stores {@code create_view.to_string()},
     * {@code v1.0.0:src/operator/src/statement/ddl.rs:794}): keywords and type names upper-case, identifiers and
     * function names as written, a function's parenthesis tight to its name, unary signs tight to their operand,
     * single spaces elsewhere.
     */
    private static String normalize(Tokens t, int from, Set<String> keywords) {
        StringBuilder sb = new StringBuilder();
        Token prev = null;
        boolean unarySign = false;
        boolean typeNext = false;
        int depth = 0;
        java.util.ArrayDeque<Integer> casts = new java.util.ArrayDeque<>();
        for (int i = from; i < t.list.size(); i++) {
            Token tok = t.list.get(i);
            if (tok.type() == Token.Type.EOF || tok.isSymbol(";")) {
                break;
            }
            boolean keyword = tok.type() == Token.Type.WORD && keywords.contains(tok.text());
            boolean call = tok.isSymbol("(")
                    && prev != null
                    && (prev.type() == Token.Type.QUOTED
                            || prev.type() == Token.Type.WORD
                                    && (!keywords.contains(prev.text()) || CALL_KEYWORDS.contains(prev.text())));
            boolean tight = prev != null
                    && (prev.isSymbol(".")
                            || prev.isSymbol("(")
                            || prev.isSymbol("::")
                            || unarySign
                            || tok.isSymbol(".")
                            || tok.isSymbol(")")
                            || tok.isSymbol(",")
                            || tok.isSymbol("::")
                            || call);
            if (prev != null && !tight) {
                sb.append(' ');
            }
            boolean typeName = tok.type() == Token.Type.WORD && (typeNext || prev != null && prev.isSymbol("::"));
            sb.append(
                    switch (tok.type()) {
                        case WORD ->
                            keyword || typeName
                                    ? tok.text().toUpperCase(java.util.Locale.ROOT)
                                    : t.raw(i, i + 1); // sqlparser keeps an identifier's case
                        case STRING -> "'" + tok.text().replace("'", "''") + "'";
                        case QUOTED -> t.raw(i, i + 1); // and its quote style
                        default -> tok.text();
                    });
            if (tok.isSymbol("(")) {
                depth++;
                if (prev != null && prev.type() == Token.Type.WORD && CALL_KEYWORDS.contains(prev.text())) {
                    casts.push(depth);
                }
            } else if (tok.isSymbol(")")) {
                if (!casts.isEmpty() && casts.peek() == depth) {
                    casts.pop();
                }
                depth--;
            }
            // CAST(x AS type): the word after AS at the cast's own depth is a type name
            typeNext = keyword && tok.text().equals("as") && !casts.isEmpty() && casts.peek() == depth;
            unarySign = (tok.isSymbol("-") || tok.isSymbol("+"))
                    && (prev == null
                            || prev.type() == Token.Type.SYMBOL && !prev.isSymbol(")")
                            || prev.type() == Token.Type.WORD && keywords.contains(prev.text()));
            prev = tok;
        }
        return sb.toString();
    }
}
