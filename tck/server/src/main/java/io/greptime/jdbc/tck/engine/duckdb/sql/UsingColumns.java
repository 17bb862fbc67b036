package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code SELECT *} over USING and NATURAL joins as DataFusion expands it (expr_rewriter
 * exclude_using_columns): every column of every relation in FROM order, except that of each join
 * column pair only the one whose qualified name sorts first is kept, where it stands. DuckDB instead
 * puts one merged join column first, so the star is written out column by column.
 */
public final class UsingColumns {
    /** One column of the expanded star: its relation and name. */
    public record Item(QueryScope.Relation relation, String column) {}

    private UsingColumns() {}

    /**
     * The expansion of an unqualified star in {@code s}, or null when FROM has no USING or NATURAL join
     * (DuckDB's star is then DataFusion's) or a relation's columns are not known.
     */
    public static List<Item> star(SqlAst.Select s, QueryScope scope) {
        Set<Item> excluded = new HashSet<>();
        int[] next = {0};
        boolean[] found = {false};
        for (SqlAst.From f : s.from()) {
            if (walk(f, scope, next, excluded, found) == null) {
                return null;
            }
        }
        if (!found[0]) {
            return null;
        }
        List<Item> out = new ArrayList<>();
        for (QueryScope.Relation r : scope.relations) {
            if (r.binding() == null || r.columns().isEmpty()) {
                return null;
            }
            for (String c : r.columns()) {
                Item item = new Item(r, c);
                if (!excluded.contains(item)) {
                    out.add(item);
                }
            }
        }
        return out;
    }

    /** The relations of {@code f} in scope order; records the join columns each USING/NATURAL join drops. */
    private static List<QueryScope.Relation> walk(
            SqlAst.From f, QueryScope scope, int[] next, Set<Item> excluded, boolean[] found) {
        if (!(f instanceof SqlAst.Join j)) {
            if (next[0] >= scope.relations.size()) {
                return null;
            }
            return List.of(scope.relations.get(next[0]++));
        }
        List<QueryScope.Relation> left = walk(j.left(), scope, next, excluded, found);
        List<QueryScope.Relation> right = left == null ? null : walk(j.right(), scope, next, excluded, found);
        if (right == null) {
            return null;
        }
        List<String> using = j.natural() ? common(left, right) : j.using();
        for (String col : using) {
            QueryScope.Relation l = first(left, col);
            QueryScope.Relation r = first(right, col);
            if (l == null || r == null) {
                return null;
            }
            found[0] = true;
            // DataFusion sorts each pair of qualified columns and keeps the first (None sorts before a name)
            List<Item> pair = new ArrayList<>(List.of(new Item(l, col), new Item(r, col)));
            pair.sort(Comparator.comparing(
                    (Item i) -> i.relation().qualifier(), Comparator.nullsFirst(Comparator.naturalOrder())));
            excluded.add(pair.get(1));
        }
        List<QueryScope.Relation> all = new ArrayList<>(left);
        all.addAll(right);
        return all;
    }

    /** NATURAL JOIN's columns: the left side's column names the right side also has, in left order. */
    private static List<String> common(List<QueryScope.Relation> left, List<QueryScope.Relation> right) {
        List<String> out = new ArrayList<>();
        for (QueryScope.Relation l : left) {
            for (String c : l.columns()) {
                if (!out.contains(c) && first(right, c) != null) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    private static QueryScope.Relation first(List<QueryScope.Relation> rels, String col) {
        for (QueryScope.Relation r : rels) {
            if (r.has(col)) {
                return r;
            }
        }
        return null;
    }
}
