package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ViewOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.tql.TqlCte;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Translates a parsed GreptimeDB query into DuckDB SQL and the output column names GreptimeDB gives it.
 * FROM items are resolved against the catalog (tables, views, information_schema, CTEs) into
 * {@link QueryScope}s, which both the names and the rendered SQL read. Tables it cannot find are
 * collected in {@link #missing} rather than thrown, so the caller reports the first one as GreptimeDB does.
 */
public final class QueryTranslator {
    /** DuckDB SQL and GreptimeDB's names for its columns (null when they cannot be told, e.g. a bare VALUES). */
    public record Translation(String sql, List<String> names) {}

    /** Where function calls and RANGE queries go: the engine's function families and range query. */
    final TranslatorExtensions extensions;

    final Catalog catalog;
    public final String schema;

    /** Whether table {@code schema.name} exists (functions that name a table check it while planning). */
    public boolean tableExists(String schema, String name) {
        return catalog.table(schema, name) != null;
    }

    public final ZoneId zone;
    /** The line whose {@code version()} (and information_schema) this answers. */
    public final io.greptime.jdbc.tck.engine.EngineProfile profile;

    final List<TableMeta> tables = new ArrayList<>();
    public final Set<String> infoTables = new LinkedHashSet<>();
    public final Set<String> missing = new LinkedHashSet<>();
    /** Tables that views the query reads were defined over but that are gone ({@link #brokenView}). */
    public final Set<String> viewMissing = new LinkedHashSet<>();

    /** Evaluates a TQL query into a temporary table (set by the caller that has a storage to read). */
    java.util.function.Function<String, TqlCte.Result> tql = text -> {
        throw new SqlParser.Unsupported("TQL in a query here");
    };

    private final Map<SqlAst.Tql, TqlCte.Result> tqlResults = new IdentityHashMap<>();
    private final Deque<Map<String, List<String>>> ctes = new ArrayDeque<>();
    private final Map<SqlAst.Select, QueryScope> scopes = new IdentityHashMap<>();
    /** Reads of {@code numbers} that get a pushed-down LIMIT ({@link NumbersScan}). */
    final Map<SqlAst.TableRef, Long> numbersLimits = new IdentityHashMap<>();

    public QueryTranslator(TranslatorExtensions extensions, Catalog catalog, String schema, ZoneId zone) {
        this(extensions, catalog, schema, zone, io.greptime.jdbc.tck.engine.EngineProfile.NEWEST);
    }

    public QueryTranslator(
            TranslatorExtensions extensions,
            Catalog catalog,
            String schema,
            ZoneId zone,
            io.greptime.jdbc.tck.engine.EngineProfile profile) {
        this.extensions = Objects.requireNonNull(extensions, "extensions");
        this.catalog = catalog;
        this.schema = schema;
        this.zone = zone;
        this.profile = profile;
    }

    /** A translator for {@code call}'s request: its engine's extensions, database, time zone and profile. */
    public static QueryTranslator forCall(Call call) {
        return new QueryTranslator(
                TranslatorExtensions.of(call), call.catalog, call.schema(), call.ctx.timeZone(), call.ctx.profile());
    }

    public Translation translate(SqlAst.Query q) {
        String sql = render(q, null, true);
        return new Translation(sql, names(q, null));
    }

    /**
     * Tokens [from, to) of {@code t} as one expression in DuckDB SQL (an INSERT value, say), or null when
     * they are not one expression the parser knows; the cursor is left at {@code to} either way.
     */
    public static String expression(Call call, Tokens t, int from, int to) {
        int saved = t.pos;
        try {
            t.pos = from;
            SqlAst.Expr e = new SqlParser(t).exprs().parse();
            if (t.pos != to) {
                return null;
            }
            return new ExprRenderer(forCall(call), null).render(e);
        } catch (SqlParser.Unsupported | io.greptime.jdbc.tck.engine.GreptimeError e) {
            return null;
        } finally {
            t.pos = Math.max(saved, to);
        }
    }

    /** A nested query that may refer to the enclosing scope (correlated subqueries). */
    String subquery(SqlAst.Query q, QueryScope outer) {
        return render(q, outer, false);
    }

    /** The name DuckDB knows a relation by in this query: its alias, else its table name. */
    public String bindingName(QueryScope.Relation r) {
        String b = r.binding() != null ? r.binding() : r.qualifier();
        return b != null ? b : "__unnamed";
    }

    // ---- rendering ----

    private String render(SqlAst.Query q, QueryScope outer, boolean top) {
        if (q instanceof SqlAst.Full f) {
            return full(f, outer);
        } else if (q instanceof SqlAst.Select s) {
            return select(s, outer);
        } else if (q instanceof SqlAst.Tql tq) {
            return "SELECT * FROM " + tqlResult(tq).table();
        } else if (q instanceof SqlAst.SetOperation so) {
            return "(" + render(so.left(), outer, false) + ") " + so.op()
                    + (so.quantifier().equals("ALL") ? " ALL" : "") + " (" + render(so.right(), outer, false) + ")";
        }
        return values((SqlAst.Values) q, outer);
    }

    private String full(SqlAst.Full f, QueryScope outer) {
        StringBuilder sb = new StringBuilder();
        Map<String, List<String>> frame = new HashMap<>();
        ctes.push(frame);
        try {
            if (!f.with().isEmpty()) {
                sb.append(f.recursive() ? "WITH RECURSIVE " : "WITH ");
                for (int i = 0; i < f.with().size(); i++) {
                    SqlAst.Cte cte = f.with().get(i);
                    if (i > 0) {
                        sb.append(", ");
                    }
                    List<String> cols = !cte.columns().isEmpty() ? cte.columns() : cteNames(cte, outer);
                    frame.put(cte.name(), cols);
                    sb.append(Catalog.quote(cte.name()));
                    if (!cte.columns().isEmpty()) {
                        sb.append(quotedList(cte.columns()));
                    }
                    sb.append(" AS (").append(render(cte.query(), outer, false)).append(')');
                }
                sb.append(' ');
            }
            NumbersScan.pushLimit(this, f);
            sb.append(render(f.body(), outer, false));
            if (!f.orderBy().isEmpty()) {
                sb.append(" ORDER BY ").append(OverClauses.orderList(bodyRenderer(f.body(), outer), f.orderBy()));
            }
            ExprRenderer plain = new ExprRenderer(this, outer);
            if (f.limit() != null) {
                LimitChecks.check(this, f.limit(), "LIMIT", outer);
            }
            if (f.offset() != null) {
                LimitChecks.check(this, f.offset(), "OFFSET", outer);
            }
            if (f.limit() != null) {
                sb.append(" LIMIT ").append(plain.render(f.limit()));
            }
            if (f.offset() != null) {
                sb.append(" OFFSET ").append(plain.render(f.offset()));
            }
            return sb.toString();
        } finally {
            ctes.pop();
        }
    }

    /** A CTE's column names; a recursive CTE's come from its first (anchor) branch. */
    private List<String> cteNames(SqlAst.Cte cte, QueryScope outer) {
        SqlAst.Query q = cte.query();
        while (q instanceof SqlAst.SetOperation so) {
            q = so.left();
        }
        List<String> n = names(q, outer);
        return n == null ? List.of() : n;
    }

    private ExprRenderer bodyRenderer(SqlAst.Query body, QueryScope outer) {
        QueryScope s = body instanceof SqlAst.Select sel ? scopes.get(sel) : null;
        return new ExprRenderer(this, s != null ? s : outer);
    }

    private String select(SqlAst.Select s, QueryScope outer) {
        QueryScope scope = scopeOf(s, outer);
        if (s.align() != null || extensions.ranges().hasRange(s)) {
            return extensions.ranges().render(this, s, scope);
        }
        ExprRenderer r = new ExprRenderer(this, scope);
        StringBuilder sb = new StringBuilder("SELECT ");
        if (s.distinct()) {
            sb.append(s.distinctOn().isEmpty() ? "DISTINCT " : "DISTINCT ON (" + r.list(s.distinctOn()) + ") ");
        }
        sb.append(items(s, scope, r));
        if (!s.from().isEmpty()) {
            sb.append(" FROM ").append(fromSql(s, scope, r));
        }
        appendTail(sb, s, r);
        return sb.toString();
    }

    String items(SqlAst.Select s, QueryScope scope, ExprRenderer r) {
        SchemaNames names = new SchemaNames(scope, q -> names(q, scope));
        List<String> out = new ArrayList<>();
        for (SqlAst.SelectItem item : s.items()) {
            List<UsingColumns.Item> using = usingStar(item, s, scope);
            if (using != null) {
                List<String> cols = new ArrayList<>();
                using.forEach(u -> cols.add(Catalog.quote(u.relation().binding()) + "." + Catalog.quote(u.column())));
                out.add(String.join(", ", cols));
                continue;
            }
            String duration = TimestampPrecisions.durationItem(r, item.expr());
            String sql = duration != null ? duration : r.render(item.expr());
            if (item.expr() instanceof SqlAst.Star
                    || item.alias() == null
                            && item.expr() instanceof SqlAst.Column c
                            && Json2Paths.of(scope, c) == null) {
                out.add(sql);
                continue;
            }
            String alias = item.alias() != null ? item.alias() : itemName(item.expr(), names);
            out.add(sql + " AS " + Catalog.quote(alias));
        }
        return String.join(", ", out);
    }

    /** An unqualified {@code *} (without EXCLUDE) over USING/NATURAL joins, written out as DataFusion expands it. */
    private static List<UsingColumns.Item> usingStar(SqlAst.SelectItem item, SqlAst.Select s, QueryScope scope) {
        if (!(item.expr() instanceof SqlAst.Star star)
                || !star.qualifier().isEmpty()
                || !star.excluded().isEmpty()) {
            return null;
        }
        return UsingColumns.star(s, scope);
    }

    void appendTail(StringBuilder sb, SqlAst.Select s, ExprRenderer r) {
        if (s.where() != null) {
            sb.append(" WHERE ").append(r.render(s.where()));
        }
        if (s.groupByAll()) {
            sb.append(" GROUP BY ALL");
        } else if (!s.groupBy().isEmpty()) {
            sb.append(" GROUP BY ").append(r.list(s.groupBy()));
        }
        if (s.having() != null) {
            sb.append(" HAVING ").append(r.render(s.having()));
        }
        if (!s.windows().isEmpty()) {
            List<String> ws = new ArrayList<>();
            for (SqlAst.NamedWindow w : s.windows()) {
                ws.add(Catalog.quote(w.name()) + " AS " + OverClauses.window(r, w.window()));
            }
            sb.append(" WINDOW ").append(String.join(", ", ws));
        }
        if (s.qualify() != null) {
            sb.append(" QUALIFY ").append(r.render(s.qualify()));
        }
    }

    private String values(SqlAst.Values v, QueryScope outer) {
        ExprRenderer r = new ExprRenderer(this, outer);
        List<String> rows = new ArrayList<>();
        for (List<Expr> row : v.rows()) {
            rows.add("(" + r.list(row) + ")");
        }
        List<String> cols = new ArrayList<>();
        for (int i = 1; i <= v.rows().get(0).size(); i++) {
            cols.add("column" + i);
        }
        return "SELECT * FROM (VALUES " + String.join(", ", rows) + ") AS gt_values" + quotedList(cols);
    }

    // ---- FROM and scopes ----

    /** The SELECT whose scope {@code scope} is, or null (an expression outside any SELECT). */
    public SqlAst.Select selectOf(QueryScope scope) {
        for (Map.Entry<SqlAst.Select, QueryScope> e : scopes.entrySet()) {
            if (e.getValue() == scope) {
                return e.getKey();
            }
        }
        return null;
    }

    QueryScope scopeOf(SqlAst.Select s, QueryScope outer) {
        QueryScope existing = scopes.get(s);
        if (existing != null) {
            return existing;
        }
        QueryScope scope = new QueryScope(outer);
        for (SqlAst.From f : s.from()) {
            addRelations(f, scope, outer);
        }
        scopes.put(s, scope);
        return scope;
    }

    private void addRelations(SqlAst.From f, QueryScope scope, QueryScope outer) {
        if (f instanceof SqlAst.Join j) {
            addRelations(j.left(), scope, outer);
            addRelations(j.right(), scope, outer);
        } else if (f instanceof SqlAst.TableRef t) {
            scope.add(tableRelation(t));
        } else if (f instanceof SqlAst.Derived d) {
            List<String> cols = d.alias() != null && !d.alias().columns().isEmpty()
                    ? d.alias().columns()
                    : names(d.query(), d.lateral() ? scope : outer);
            String alias = d.alias() == null ? null : d.alias().name();
            ColumnMeta ts = d.alias() != null && !d.alias().columns().isEmpty()
                    ? null
                    : timeIndexOf(d.query(), d.lateral() ? scope : outer);
            scope.add(new QueryScope.Relation(alias, cols == null ? List.of() : cols, null, alias, ts));
        } else if (f instanceof SqlAst.TableFunction tf) {
            String name = tf.alias() != null ? tf.alias().name() : tf.name();
            List<String> cols = tf.alias() != null ? tf.alias().columns() : List.of();
            scope.add(new QueryScope.Relation(name, cols, null, name));
        }
    }

    private QueryScope.Relation tableRelation(SqlAst.TableRef t) {
        String qualifier = t.alias() != null ? t.alias().name() : String.join(".", t.parts());
        String binding = t.alias() != null ? t.alias().name() : t.name();
        if (t.parts().size() == 1) {
            List<String> cte = cteColumns(t.name());
            if (cte != null) {
                return new QueryScope.Relation(qualifier, aliased(t, cte), null, binding);
            }
        }
        String db = t.parts().size() >= 2 ? t.parts().get(t.parts().size() - 2) : schema;
        if (db.equals(Catalog.INFORMATION_SCHEMA)) {
            TableMeta meta = InformationSchema.meta(t.name().toLowerCase(Locale.ROOT));
            return relationOf(t, qualifier, meta);
        }
        TableMeta meta = catalog.table(db, t.name());
        if (meta != null && ViewOptions.isView(meta)) {
            List<String> viewColumns = ViewColumns.of(this, meta);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String c : viewColumns) {
                if (!seen.add(c)) {
                    // the decoded plan is re-qualified by the view's name, which two columns of one name (h.host,
                    // l.host) cannot share: DataFusion refuses the schema (a real v1.0.0 answers so on read)
                    throw new io.greptime.jdbc.tck.engine.GreptimeError(
                            io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                            "Failed to plan SQL: Schema contains duplicate qualified field name " + meta.name() + "."
                                    + c);
                }
            }
            return new QueryScope.Relation(qualifier, aliased(t, viewColumns), null, binding);
        }
        return relationOf(t, qualifier, meta);
    }

    /**
     * GreptimeDB stores a view as its encoded plan and decodes it at each read; a table the plan scans that
     * is gone fails the decoding ({@code v1.0.0:src/catalog/src/table_source.rs:140-156}, DecodeDfPlan of
     * {@code src/common/substrait/src/error.rs:58-74}), which the query
     * reports as Unexpected. The view's query is checked here for the tables it reads, through views too.
     */
    private void brokenView(TableMeta view) {
        String query = view.options().get(ViewOptions.QUERY);
        if (query == null) {
            return;
        }
        QueryTranslator inner = new QueryTranslator(extensions, catalog, view.schema(), zone, profile);
        try {
            inner.translate(SqlParser.parseQuery(new Tokens(query)));
        } catch (RuntimeException e) {
            return;
        }
        viewMissing.addAll(inner.missing);
        viewMissing.addAll(inner.viewMissing);
    }

    private QueryScope.Relation relationOf(SqlAst.TableRef t, String qualifier, TableMeta meta) {
        String binding = t.alias() != null ? t.alias().name() : t.name();
        if (meta == null) {
            return new QueryScope.Relation(qualifier, List.of(), null, binding);
        }
        List<String> cols = new ArrayList<>();
        for (ColumnMeta c : meta.columns()) {
            cols.add(c.name());
        }
        boolean renamed = t.alias() != null && !t.alias().columns().isEmpty();
        return new QueryScope.Relation(qualifier, aliased(t, cols), renamed ? null : meta, binding);
    }

    private static List<String> aliased(SqlAst.TableRef t, List<String> cols) {
        return t.alias() != null && !t.alias().columns().isEmpty() ? t.alias().columns() : cols;
    }

    private List<String> cteColumns(String name) {
        for (Map<String, List<String>> frame : ctes) {
            List<String> cols = frame.get(name);
            if (cols != null) {
                return cols;
            }
        }
        return null;
    }

    public String fromSql(SqlAst.Select s, QueryScope scope, ExprRenderer r) {
        List<String> out = new ArrayList<>();
        int[] next = {0};
        for (SqlAst.From f : s.from()) {
            out.add(from(f, scope, r, next));
        }
        return String.join(", ", out);
    }

    /** Renders one FROM item; {@code next} walks the scope's relations in the order they were added. */
    private String from(SqlAst.From f, QueryScope scope, ExprRenderer r, int[] next) {
        if (f instanceof SqlAst.Join j) {
            String left = from(j.left(), scope, r, next);
            String right = from(j.right(), scope, r, next);
            StringBuilder sb = new StringBuilder(left).append(' ');
            if (j.natural()) {
                sb.append("NATURAL ");
            }
            sb.append(joinKeyword(j.kind())).append(' ').append(right);
            if (j.on() != null) {
                sb.append(" ON ").append(r.render(j.on()));
            } else if (!j.using().isEmpty()) {
                sb.append(" USING ").append(quotedList(j.using()));
            }
            return sb.toString();
        }
        QueryScope.Relation rel = scope.relations.get(next[0]++);
        if (f instanceof SqlAst.TableRef t) {
            return tableSql(t, rel);
        } else if (f instanceof SqlAst.Derived d) {
            String sql =
                    (d.lateral() ? "LATERAL (" : "(") + subquery(d.query(), d.lateral() ? scope : scope.outer) + ")";
            return sql + aliasSql(d.alias());
        }
        SqlAst.TableFunction tf = (SqlAst.TableFunction) f;
        if (io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines.tableAbsent(profile, tf.name())) {
            // DataFusion's SqlToRel: the session has no table function of this name on the profile's line
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.PLAN_QUERY,
                    "Failed to plan SQL: Error during planning: table function '" + tf.name() + "' not found");
        }
        return tf.name() + "(" + r.list(tf.args()) + ")" + aliasSql(tf.alias());
    }

    private static String joinKeyword(String kind) {
        return switch (kind) {
            case "LEFT SEMI" -> "SEMI JOIN";
            case "LEFT ANTI" -> "ANTI JOIN";
            case "CROSS" -> "CROSS JOIN";
            default -> kind + " JOIN";
        };
    }

    private String tableSql(SqlAst.TableRef t, QueryScope.Relation rel) {
        String alias = rel.binding();
        String cols = t.alias() != null && !t.alias().columns().isEmpty()
                ? quotedList(t.alias().columns())
                : "";
        if (t.parts().size() == 1 && cteColumns(t.name()) != null) {
            return Catalog.quote(t.name()) + " AS " + Catalog.quote(alias) + cols;
        }
        if (t.parts().size() > 3 || t.parts().size() == 3 && !t.parts().get(0).equals(Catalog.CATALOG)) {
            missing.add(String.join(".", t.parts()));
            return Catalog.quote(t.name());
        }
        String db = t.parts().size() >= 2 ? t.parts().get(t.parts().size() - 2) : schema;
        if (db.equals(Catalog.INFORMATION_SCHEMA)) {
            String n = t.name().toLowerCase(Locale.ROOT);
            infoTables.add(n);
            return InformationSchema.tempName(n) + " AS " + Catalog.quote(alias) + cols;
        }
        TableMeta meta = catalog.table(db, t.name());
        if (meta == null) {
            missing.add(db + "." + t.name());
        } else {
            if (ViewOptions.isView(meta)) {
                brokenView(meta);
            }
            tables.add(meta);
            Long rows = numbersLimits.get(t);
            if (rows != null && Catalog.isNumbers(meta)) {
                return NumbersScan.sql(rows) + " AS " + Catalog.quote(alias) + cols;
            }
        }
        return Catalog.duckTable(db, t.name()) + " AS " + Catalog.quote(alias) + cols;
    }

    private static String aliasSql(SqlAst.Alias a) {
        if (a == null) {
            return "";
        }
        return " AS " + Catalog.quote(a.name()) + (a.columns().isEmpty() ? "" : quotedList(a.columns()));
    }

    public static String quotedList(List<String> names) {
        List<String> q = new ArrayList<>();
        for (String n : names) {
            q.add(Catalog.quote(n));
        }
        return "(" + String.join(", ", q) + ")";
    }

    /**
     * The time index a query passes through: an output column that is a plain reference to its input's
     * time index (GreptimeDB keeps the time-index field metadata through projections), renamed as output.
     */
    ColumnMeta timeIndexOf(SqlAst.Query q, QueryScope outer) {
        if (q instanceof SqlAst.Full f) {
            return f.with().isEmpty() ? timeIndexOf(f.body(), outer) : null;
        }
        if (q instanceof SqlAst.SetOperation so) {
            return timeIndexOf(so.left(), outer);
        }
        if (!(q instanceof SqlAst.Select s)) {
            return null;
        }
        QueryScope scope = scopeOf(s, outer);
        for (SqlAst.SelectItem item : s.items()) {
            if (item.expr() instanceof SqlAst.Star star) {
                for (QueryScope.Relation r : scope.starRelations(star.qualifier())) {
                    if (r.timeIndex() != null) {
                        return r.timeIndex();
                    }
                }
            } else if (item.expr() instanceof SqlAst.Column c) {
                QueryScope.Resolved res = scope.resolve(c.parts());
                ColumnMeta ti = res == null ? null : res.relation().timeIndex();
                if (ti != null && ti.name().equals(res.name())) {
                    String name = item.alias() != null ? item.alias() : ti.name();
                    return new ColumnMeta(name, ti.typeName(), ti.semantic(), ti.nullable(), null, null, null);
                }
            }
        }
        return null;
    }

    private TqlCte.Result tqlResult(SqlAst.Tql tq) {
        return tqlResults.computeIfAbsent(tq, x -> tql.apply(x.text()));
    }

    // ---- names ----

    /** GreptimeDB's output column names of {@code q}, or null when they cannot be told. */
    public List<String> names(SqlAst.Query q, QueryScope outer) {
        if (q instanceof SqlAst.Full f) {
            Map<String, List<String>> frame = new HashMap<>();
            ctes.push(frame);
            try {
                for (SqlAst.Cte cte : f.with()) {
                    frame.put(cte.name(), !cte.columns().isEmpty() ? cte.columns() : cteNames(cte, outer));
                }
                return names(f.body(), outer);
            } finally {
                ctes.pop();
            }
        } else if (q instanceof SqlAst.SetOperation so) {
            return names(so.left(), outer);
        } else if (q instanceof SqlAst.Tql tq) {
            return tqlResult(tq).columns();
        } else if (q instanceof SqlAst.Values v) {
            List<String> cols = new ArrayList<>();
            for (int i = 1; i <= v.rows().get(0).size(); i++) {
                cols.add("column" + i);
            }
            return cols;
        }
        SqlAst.Select s = (SqlAst.Select) q;
        QueryScope scope = scopeOf(s, outer);
        SchemaNames names = new SchemaNames(scope, sub -> names(sub, scope));
        names.alignFill = s.align() == null ? null : s.align().fill();
        List<String> out = new ArrayList<>();
        for (SqlAst.SelectItem item : s.items()) {
            List<UsingColumns.Item> using = usingStar(item, s, scope);
            if (using != null) {
                using.forEach(u -> out.add(u.column()));
            } else if (item.expr() instanceof SqlAst.Star star) {
                List<String> expanded = expand(star, scope);
                if (expanded == null) {
                    return null;
                }
                out.addAll(expanded);
            } else {
                out.add(item.alias() != null ? item.alias() : itemName(item.expr(), names));
            }
        }
        return out;
    }

    /** A plain column keeps its name unqualified; anything else is named by {@link SchemaNames}. */
    private static String itemName(Expr e, SchemaNames names) {
        Expr inner = e;
        if (inner instanceof SqlAst.Column c && !names.isJson2Path(c)) {
            return c.name();
        }
        return names.name(inner);
    }

    private static List<String> expand(SqlAst.Star star, QueryScope scope) {
        List<String> out = new ArrayList<>();
        for (QueryScope.Relation r : scope.starRelations(star.qualifier())) {
            if (r.columns().isEmpty()) {
                return null;
            }
            for (String c : r.columns()) {
                if (!star.excluded().contains(c)) {
                    out.add(c);
                }
            }
        }
        return out.isEmpty() ? null : out;
    }
}
