package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * An arithmetic or comparison operator between two instant vectors, as GreptimeDB's planner joins them
 * (planner.rs prom_binary_expr_to_plan and join_on_non_field_columns), not as Prometheus matches series:
 * an inner join on the time index and the tag columns of the right side's plan (the left's when both sides
 * read the same table and the right has no tags), narrowed by {@code on(...)} or {@code ignoring(...)}, with
 * nulls equal; no join on tags at all when either side has none. Every pair of matching rows gives a row
 * (many-to-many, no duplicate check), {@code group_left}/{@code group_right} change nothing, and the result
 * carries the tags of that same side. A comparison without {@code bool} filters the join and keeps the left
 * side's rows. GreptimeDB v1.0.0 answers so: {@code g2 + g} (g2 tagged host and dc, g host) gives one row per
 * g2 series, tagged with host only; {@code g + g2} fails to plan ("No field named dc").
 */
final class VectorJoin {
    private VectorJoin() {}

    static Value apply(Evaluator ev, Ast.Binary b, Value.Vector lv, Value.Vector rv) {
        Value.Shape ls = lv.shape();
        Value.Shape rs = rv.shape();
        boolean same = ls.tableName().equals(rs.tableName());
        boolean leftContext = same && rs.labelColumns().isEmpty();
        List<String> contextTags = leftContext ? ls.labelColumns() : rs.labelColumns();
        boolean onlyTime = ls.labelColumns().isEmpty() || rs.labelColumns().isEmpty();
        boolean perSide = PromCatalog.line(ev.source.profile()) >= PromCatalog.LINES.indexOf("1.2");
        List<String> leftKeys = onlyTime ? List.of() : masked(perSide ? ls.labelColumns() : contextTags, b);
        List<String> rightKeys = onlyTime ? List.of() : masked(perSide ? rs.labelColumns() : contextTags, b);
        boolean empty = false;
        if (perSide) {
            // v1.2+ (binary_join_key_columns): each side joins on its own tags; when they differ after on/ignoring
            // the join is planned with a false filter
            empty = !new TreeSet<>(leftKeys).equals(new TreeSet<>(rightKeys));
        } else {
            for (String k : leftKeys) {
                if (!ls.labelColumns().contains(k)) {
                    throw noField(k, ls);
                }
            }
        }
        boolean comparison = PromParser.COMPARISONS.contains(b.op());
        boolean filter = comparison && !b.returnBool();
        Map<SortedMap<String, String>, List<Series>> out = new LinkedHashMap<>();
        if (!empty) {
            for (Series l : lv.series()) {
                for (Series r : rv.series()) {
                    if (!sameKeys(l.labels, r.labels, leftKeys)) {
                        continue;
                    }
                    SortedMap<String, String> labels =
                            filter ? l.labels : Series.dropName(leftContext ? l.labels : r.labels);
                    for (int i = 0; i < ev.n(); i++) {
                        if (!l.present[i] || !r.present[i]) {
                            continue;
                        }
                        if (l.nulls[i] || r.nulls[i]) {
                            // the joined row's expression is NULL; a filtering comparison drops it
                            if (!filter) {
                                slot(out, labels, i, ev.n()).setNull(i);
                            }
                            continue;
                        }
                        double x = l.values[i];
                        double y = r.values[i];
                        if (filter) {
                            if (BinaryOps.compares(b, x, y)) {
                                slot(out, labels, i, ev.n()).set(i, x);
                            }
                        } else {
                            slot(out, labels, i, ev.n()).set(i, BinaryOps.apply(b.op(), x, y, true));
                        }
                    }
                }
            }
        }
        List<Series> result = new ArrayList<>();
        out.values().forEach(result::addAll);
        result.removeIf(Series::empty);
        if (filter) {
            // project_binary_join_side: the left side's time index, value and tags
            Value.Layout layout = ls.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.TIME_FIRST;
            return new Value.Vector(result, ls.with(layout, ls.valueName(), ls.labelColumns(), ls.integerValue()));
        }
        String lq = same ? "lhs" : ls.tableName();
        String rq = same ? "rhs" : rs.tableName();
        String lhs = lq + "." + ls.valueName();
        String rhs = rq + "." + rs.valueName();
        // atan2 is planned as DataFusion's atan2 function rather than a binary operator
        String name = b.op().equals("atan2")
                ? "atan2(" + lhs + "," + rhs + ")"
                : lhs + " " + PromNames.operator(b.op()) + " " + rhs;
        Value.Shape context = leftContext ? ls : rs;
        Value.Shape joined = new Value.Shape(
                Value.Layout.LABELS_FIRST,
                context.timeField(),
                same ? (leftContext ? "lhs" : "rhs") : rs.tableName(),
                name,
                contextTags,
                ls.tableOrder(),
                false);
        if (ls.layout() == Value.Layout.EMPTY) {
            joined = ls;
        }
        return new Value.Vector(result, joined);
    }

    /** on(...) keeps the listed tags, ignoring(...) drops them (no check that they exist). */
    private static List<String> masked(List<String> tags, Ast.Binary b) {
        Ast.VectorMatching m = b.matching();
        List<String> out = new ArrayList<>();
        for (String t : tags) {
            boolean listed = m.labels().contains(t);
            if (m.on() ? listed : !listed) {
                out.add(t);
            }
        }
        return out;
    }

    private static boolean sameKeys(SortedMap<String, String> l, SortedMap<String, String> r, List<String> keys) {
        for (String k : keys) {
            // a tag that is unset reads as null on both sides, and nulls join
            if (!Objects.equals(l.get(k), r.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** A series of these labels free at step {@code i}: a many-to-many join can give one labelset twice. */
    private static Series slot(
            Map<SortedMap<String, String>, List<Series>> out, SortedMap<String, String> labels, int i, int n) {
        List<Series> list = out.computeIfAbsent(labels, k -> new ArrayList<>());
        for (Series s : list) {
            if (!s.present[i]) {
                return s;
            }
        }
        Series s = new Series(labels, n);
        list.add(s);
        return s;
    }

    /**
     * DataFusion's error when the join names a tag the left plan lacks, as GreptimeDB v1.0.0 answers it
     * (status 3000): "No field named dc. Valid fields are g.ts, g.host, g.v."
     */
    private static GreptimeError noField(String tag, Value.Shape left) {
        StringBuilder valid = new StringBuilder();
        for (String c : left.tableOrder()) {
            valid.append(valid.length() == 0 ? "" : ", ")
                    .append(left.tableName())
                    .append('.')
                    .append(c);
        }
        return new GreptimeError(
                StatusCode.PLAN_QUERY,
                "Internal error during building DataFusion plan: No field named " + tag + ". Valid fields are " + valid
                        + ".");
    }
}
