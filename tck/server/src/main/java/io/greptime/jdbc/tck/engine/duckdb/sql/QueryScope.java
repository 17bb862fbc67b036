package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * The relations one SELECT reads (tables, views, CTEs, subqueries, table functions) with their output
 * columns, as DataFusion resolves column references against them. A relation's {@code qualifier} is what
 * DataFusion prints before a column of it: the alias, else the table name as written ({@code public.t}),
 * else nothing (an unaliased subquery).
 */
public final class QueryScope {
    /**
     * One relation in FROM. {@code meta} is set for tables (GreptimeDB metadata of its columns);
     * {@code binding} is the name DuckDB knows it by (alias, else table name; null for an unaliased subquery).
     */
    public record Relation(
            String qualifier, List<String> columns, TableMeta meta, String binding, ColumnMeta timeIndex) {
        public Relation(String qualifier, List<String> columns, TableMeta meta, String binding) {
            this(qualifier, columns, meta, binding, timeIndexOf(meta));
        }

        private static ColumnMeta timeIndexOf(TableMeta meta) {
            return meta == null || meta.timeIndex() == null || meta.timeIndex().isEmpty()
                    ? null
                    : meta.column(meta.timeIndex());
        }

        boolean matches(List<String> written) {
            if (qualifier == null) {
                return false;
            }
            String joined = String.join(".", written);
            if (qualifier.equals(joined)) {
                return true;
            }
            // `t.c` finds the table written `public.t`: DataFusion matches a partial table reference.
            return qualifier.endsWith("." + joined);
        }

        boolean has(String column) {
            return columns.contains(column);
        }

        /** The column as stored; the lookup is exact, as DataFusion's is for normalized identifiers. */
        public ColumnMeta column(String column) {
            if (meta == null) {
                return timeIndex != null && timeIndex.name().equals(column) ? timeIndex : null;
            }
            return meta.column(column);
        }
    }

    /** A column reference resolved to its relation (null for a name no relation has). */
    public record Resolved(Relation relation, String name, String displayQualifier) {
        public String display() {
            return displayQualifier == null ? name : displayQualifier + "." + name;
        }
    }

    public final QueryScope outer;
    public final List<Relation> relations = new ArrayList<>();

    public QueryScope(QueryScope outer) {
        this.outer = outer;
    }

    public void add(Relation r) {
        relations.add(r);
    }

    /** Resolves {@code parts} (qualifier parts then the column); null when nothing in this or outer scopes has it. */
    public Resolved resolve(List<String> parts) {
        String name = parts.get(parts.size() - 1);
        List<String> qualifier = parts.subList(0, parts.size() - 1);
        for (QueryScope s = this; s != null; s = s.outer) {
            for (Relation r : s.relations) {
                if (qualifier.isEmpty() ? r.has(name) : r.matches(qualifier) && r.has(name)) {
                    String shown = qualifier.isEmpty() ? r.qualifier() : String.join(".", qualifier);
                    return new Resolved(r, name, shown);
                }
            }
        }
        return null;
    }

    /** The relations {@code t.*} names, or all of them for {@code *}. */
    public List<Relation> starRelations(List<String> qualifier) {
        if (qualifier.isEmpty()) {
            return relations;
        }
        List<Relation> out = new ArrayList<>();
        for (Relation r : relations) {
            if (r.matches(qualifier)) {
                out.add(r);
            }
        }
        return out;
    }
}
