package io.greptime.jdbc.tck.engine.duckdb.range;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryScope;
import io.greptime.jdbc.tck.engine.duckdb.time.NanoTimestamps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The DuckDB SQL of one range query. Rows are spread onto the slots they feed ({@code unnest} of a
 * descending {@code range}), aggregated per (series, slot) once per distinct range, the groups joined on
 * their keys, and, when a FILL is asked for, joined onto every slot of each series before the fills are
 * applied with window functions. The result has the BY columns under their names, the time index
 * under its name and type, and {@code __r<i>} for each range expression.
 */
final class RangeSql {
    private static final String SLOT = "\"__slot\"";

    private final ExprRenderer r;
    private final QueryScope.Relation rel;
    private final ColumnMeta timeIndex;
    private final List<Expr> by;
    private final List<RangeQuery.RangeFn> fns;
    private final long align;
    private final long alignTo;

    RangeSql(
            ExprRenderer r,
            QueryScope.Relation rel,
            ColumnMeta timeIndex,
            List<Expr> by,
            List<RangeQuery.RangeFn> fns,
            long align,
            long alignTo) {
        this.r = r;
        this.rel = rel;
        this.timeIndex = timeIndex;
        this.by = by;
        this.fns = fns;
        this.align = align;
        this.alignTo = alignTo;
    }

    static String valueColumn(int index) {
        return "\"__r" + index + "\"";
    }

    private static String byColumn(int i) {
        return "\"__by" + i + "\"";
    }

    private String binding() {
        return Catalog.quote(r.translator.bindingName(rel));
    }

    /**
     * The time index's milliseconds as a real GreptimeDB v1.0.0 aligns a finer index: truncated toward zero (an
     * instant 1 microsecond before 1970 falls in the slot of 1970-01-01 00:00:00), as Arrow's cast divides; DuckDB's
     * epoch_ms rounds a microsecond or nanosecond timestamp to the nearest millisecond instead.
     */
    private String truncatedMillis(String ts) {
        return switch (timeIndex.type().unit()) {
            case MICROSECOND -> "(epoch_us(" + ts + ") // 1000)";
            case NANOSECOND -> "(" + NanoTimestamps.epochNs(ts) + " // 1000000)";
            default -> "epoch_ms(" + ts + ")";
        };
    }

    String render(String source) {
        StringBuilder sb = new StringBuilder("WITH \"__rs\" AS (SELECT ");
        for (int i = 0; i < by.size(); i++) {
            sb.append(r.render(by.get(i))).append(" AS ").append(byColumn(i)).append(", ");
        }
        String ts = Catalog.quote(r.translator.bindingName(rel)) + "." + Catalog.quote(timeIndex.name());
        sb.append(truncatedMillis(ts))
                .append(" AS \"__ts\", * FROM (")
                .append(source)
                .append(") AS ");
        sb.append(binding()).append(')');
        Map<Long, List<RangeQuery.RangeFn>> byRange = new LinkedHashMap<>();
        for (RangeQuery.RangeFn fn : fns) {
            byRange.computeIfAbsent(fn.rangeMs(), k -> new ArrayList<>()).add(fn);
        }
        List<String> groups = new ArrayList<>();
        for (Map.Entry<Long, List<RangeQuery.RangeFn>> e : byRange.entrySet()) {
            String g = "\"__g" + groups.size() + "\"";
            sb.append(", ")
                    .append(g)
                    .append(" AS (")
                    .append(group(e.getKey(), e.getValue()))
                    .append(')');
            groups.add(g);
        }
        sb.append(", \"__j\" AS (").append(joined(groups, byRange)).append(')');
        boolean fill = fns.stream().anyMatch(f -> f.fill() != null);
        if (fill) {
            sb.append(", \"__f\" AS (").append(allSlots()).append(')');
        }
        sb.append(" SELECT ").append(outputColumns(fill)).append(" FROM ").append(fill ? "\"__f\"" : "\"__j\"");
        // GreptimeDB emits each series in time order; series order is its hash map's, here the BY keys'
        sb.append(" ORDER BY ").append(keys(""));
        return sb.toString();
    }

    private String keys(String prefix) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < by.size(); i++) {
            out.add(prefix + byColumn(i));
        }
        out.add(prefix + SLOT);
        return String.join(", ", out);
    }

    private String group(long range, List<RangeQuery.RangeFn> members) {
        String top = "CAST(floor((\"__ts\" - " + alignTo + ") / CAST(" + align + " AS DOUBLE)) AS BIGINT) * " + align
                + " + " + alignTo;
        StringBuilder sb = new StringBuilder("SELECT ").append(keys(""));
        for (RangeQuery.RangeFn fn : members) {
            sb.append(", ").append(r.render(fn.aggregate())).append(" AS ").append(valueColumn(fn.index()));
        }
        sb.append(" FROM (SELECT *, unnest(range(")
                .append(top)
                .append(", \"__ts\" - ")
                .append(range);
        sb.append(", -")
                .append(align)
                .append(")) AS ")
                .append(SLOT)
                .append(" FROM \"__rs\") AS ")
                .append(binding());
        sb.append(" GROUP BY ").append(keys(""));
        return sb.toString();
    }

    private String joined(List<String> groups, Map<Long, List<RangeQuery.RangeFn>> byRange) {
        if (groups.size() == 1) {
            return "SELECT * FROM " + groups.get(0);
        }
        List<String> keySets = new ArrayList<>();
        for (String g : groups) {
            keySets.add("SELECT " + keys("") + " FROM " + g);
        }
        StringBuilder sb = new StringBuilder("SELECT ").append(keys("k."));
        for (RangeQuery.RangeFn fn : fns) {
            sb.append(", ").append(valueColumn(fn.index()));
        }
        sb.append(" FROM (").append(String.join(" UNION ", keySets)).append(") AS k");
        for (String g : groups) {
            sb.append(" LEFT JOIN ").append(g).append(" ON ").append(keyMatch("k.", g + "."));
        }
        return sb.toString();
    }

    private String keyMatch(String left, String right) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < by.size(); i++) {
            out.add(left + byColumn(i) + " IS NOT DISTINCT FROM " + right + byColumn(i));
        }
        out.add(left + SLOT + " = " + right + SLOT);
        return String.join(" AND ", out);
    }

    /** Every slot from each series' first to its last, with the aggregated values where there are any. */
    private String allSlots() {
        List<String> byCols = new ArrayList<>();
        for (int i = 0; i < by.size(); i++) {
            byCols.add(byColumn(i));
        }
        String group = byCols.isEmpty() ? "" : " GROUP BY " + String.join(", ", byCols);
        String lead = byCols.isEmpty() ? "" : String.join(", ", byCols) + ", ";
        String series = "SELECT " + lead + "unnest(range(lo, hi + 1, " + align + ")) AS " + SLOT + " FROM (SELECT "
                + lead + "min(" + SLOT + ") AS lo, max(" + SLOT + ") AS hi FROM \"__j\"" + group + ")";
        StringBuilder sb = new StringBuilder("SELECT ").append(keys("s."));
        for (RangeQuery.RangeFn fn : fns) {
            sb.append(", j.").append(valueColumn(fn.index()));
        }
        sb.append(" FROM (")
                .append(series)
                .append(") AS s LEFT JOIN \"__j\" AS j ON ")
                .append(keyMatch("s.", "j."));
        return sb.toString();
    }

    private String outputColumns(boolean fill) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < by.size(); i++) {
            String name = by.get(i) instanceof SqlAst.Column c ? c.name() : "__by" + i;
            if (!name.equals(timeIndex.name())) {
                out.add(byColumn(i) + " AS " + Catalog.quote(name));
            }
        }
        out.add("CAST(epoch_ms(" + SLOT + ") AS " + timeIndex.type().duck() + ") AS "
                + Catalog.quote(timeIndex.name()));
        List<String> byCols = new ArrayList<>();
        for (int i = 0; i < by.size(); i++) {
            byCols.add(byColumn(i));
        }
        String partition = byCols.isEmpty() ? "" : "PARTITION BY " + String.join(", ", byCols) + " ";
        for (RangeQuery.RangeFn fn : fns) {
            String v = valueColumn(fn.index());
            String padded = RangeFills.padded(fn, v);
            String value = fill && fn.fill() != null ? RangeFills.apply(fn, padded, partition, SLOT) : padded;
            out.add(value + " AS " + v);
        }
        return String.join(", ", out);
    }
}
