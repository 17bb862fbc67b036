package io.greptime.jdbc.tck.engine.duckdb.range;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryTranslator;
import io.greptime.jdbc.tck.engine.duckdb.sql.RangeNames;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GreptimeDB's range queries ({@code agg(x) RANGE '5s' [FILL f] ... ALIGN '5s' [TO t] [BY (k)] [FILL f]}) as
 * DuckDB SQL, following GreptimeDB's RangeSelect: a row at time {@code ts} feeds every slot
 * {@code align_to + n * align} with {@code slot <= ts < slot + range}; each series (BY key, by default the
 * table's primary key) gets the slots its rows feed, or, when any expression has a FILL, every slot between
 * its first and last; empty slots hold the aggregate of no rows, then the FILL (NULL, PREV, LINEAR or a
 * constant) is applied along the series. See {@link RangeSql} for the SQL and {@link RangeChecks} for
 * the refusals.
 */
public final class RangeQuery {
    /** One distinct range expression: its aggregate, range and fill. */
    record RangeFn(int index, String name, SqlAst.Call aggregate, long rangeMs, String fill, GreptimeType type) {}

    private final QueryTranslator translator;
    private final SqlAst.Select select;
    private final QueryScope scope;

    public RangeQuery(QueryTranslator translator, SqlAst.Select select, QueryScope scope) {
        this.translator = translator;
        this.select = select;
        this.scope = scope;
    }

    public static boolean hasRange(SqlAst.Select s) {
        for (SqlAst.SelectItem item : s.items()) {
            if (contains(item.expr())) {
                return true;
            }
        }
        return false;
    }

    static boolean contains(Expr e) {
        if (e instanceof SqlAst.RangeFn) {
            return true;
        } else if (e instanceof SqlAst.Call c) {
            return c.args().stream().anyMatch(RangeQuery::contains);
        } else if (e instanceof SqlAst.Binary b) {
            return contains(b.left()) || contains(b.right());
        } else if (e instanceof SqlAst.Unary u) {
            return contains(u.operand());
        } else if (e instanceof SqlAst.Nested n) {
            return contains(n.expr());
        } else if (e instanceof SqlAst.Cast c) {
            return contains(c.expr());
        }
        return false;
    }

    public String render() {
        RangeChecks.syntax(select);
        if (select.from().size() != 1 || select.from().get(0) instanceof SqlAst.Join) {
            throw new SqlParser.Unsupported("a range query over more than one relation");
        }
        if (!select.groupBy().isEmpty() || select.having() != null || select.groupByAll()) {
            throw new SqlParser.Unsupported("GROUP BY or HAVING in a range query");
        }
        QueryScope.Relation rel = scope.relations.get(0);
        ColumnMeta timeIndex = rel.timeIndex();
        if (timeIndex == null) {
            throw new GreptimeError(StatusCode.TABLE_NOT_FOUND, "Time index column not found in range query input");
        }
        SchemaNames names = new SchemaNames(scope, q -> translator.names(q, scope));
        names.alignFill = select.align().fill();
        long align = RangeDurations.duration(select.align().interval(), names);
        long alignTo = RangeDurations.alignTo(select.align().to(), translator.zone, names);
        List<Expr> by = by(rel);
        Map<String, RangeFn> fns = new LinkedHashMap<>();
        Map<Expr, String> overrides = new IdentityHashMap<>();
        List<Expr> items = new ArrayList<>();
        for (SqlAst.SelectItem item : select.items()) {
            items.add(collect(item.expr(), fns, overrides, names));
        }
        RangeChecks.noPlainAggregates(items, overrides, new ArrayList<>(fns.keySet()), rel, timeIndex, by, names);
        ExprRenderer r = new ExprRenderer(translator, scope);
        String source = "SELECT * FROM " + translator.fromSql(select, scope, r)
                + (select.where() == null ? "" : " WHERE " + r.render(select.where()));
        RangeSql sql = new RangeSql(r, rel, timeIndex, by, new ArrayList<>(fns.values()), align, alignTo);
        ExprRenderer out = new ExprRenderer(translator, scope, overrides);
        StringBuilder sb = new StringBuilder("SELECT ");
        if (select.distinct()) {
            sb.append("DISTINCT ");
        }
        List<String> rendered = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            SqlAst.SelectItem item = select.items().get(i);
            String alias = item.alias() != null ? item.alias() : itemName(item.expr(), names);
            rendered.add(out.render(items.get(i)) + " AS " + Catalog.quote(alias));
        }
        sb.append(String.join(", ", rendered))
                .append(" FROM (")
                .append(sql.render(source))
                .append(") AS ");
        sb.append(Catalog.quote(translator.bindingName(rel)));
        return sb.toString();
    }

    private static String itemName(Expr e, SchemaNames names) {
        return e instanceof SqlAst.Column c ? c.name() : names.name(e);
    }

    /** BY as written, else the table's primary key (a table without one is one series). */
    private List<Expr> by(QueryScope.Relation rel) {
        if (select.align().by() != null) {
            return select.align().by();
        }
        if (rel.meta() == null) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "Range Query: Cannot infer default BY columns from derived range query input");
        }
        List<Expr> keys = new ArrayList<>();
        for (String pk : rel.meta().primaryKeys()) {
            keys.add(new SqlAst.Column(List.of(pk), true));
        }
        return keys;
    }

    /** The item with its RANGE pushed onto aggregates, each distinct range expression registered once. */
    private Expr collect(Expr e, Map<String, RangeFn> fns, Map<Expr, String> overrides, SchemaNames names) {
        if (e instanceof SqlAst.RangeFn rf) {
            Expr inner = RangeNames.unwrap(rf.expr());
            if (!(inner instanceof SqlAst.Call)) {
                RangeChecks.rangeOperands(rf.expr());
                return collect(RangeNames.distribute(rf), fns, overrides, names);
            }
            SqlAst.Call agg = (SqlAst.Call) inner;
            RangeChecks.aggregate(agg);
            String name = RangeNames.name(names, rf, select.align().fill());
            RangeFn fn = fns.get(name);
            if (fn == null) {
                long range = RangeDurations.duration(rf.range(), names);
                String fill = rf.fill() != null ? rf.fill() : select.align().fill();
                GreptimeType type = ExprTypes.of(scope, agg);
                RangeChecks.fill(fill, type);
                fn = new RangeFn(fns.size(), name, agg, range, fill, type);
                fns.put(name, fn);
            }
            overrides.put(rf, RangeSql.valueColumn(fn.index()));
            return rf;
        } else if (e instanceof SqlAst.Call c) {
            List<Expr> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(collect(a, fns, overrides, names));
            }
            return c.withArgs(args);
        } else if (e instanceof SqlAst.Binary b) {
            return new SqlAst.Binary(
                    collect(b.left(), fns, overrides, names), b.op(), collect(b.right(), fns, overrides, names));
        } else if (e instanceof SqlAst.Unary u) {
            return new SqlAst.Unary(u.op(), collect(u.operand(), fns, overrides, names));
        } else if (e instanceof SqlAst.Nested n) {
            return new SqlAst.Nested(collect(n.expr(), fns, overrides, names));
        } else if (e instanceof SqlAst.Cast c) {
            return new SqlAst.Cast(collect(c.expr(), fns, overrides, names), c.type(), c.tryCast(), c.doubleColon());
        }
        return e;
    }
}
