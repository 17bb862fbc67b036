package io.greptime.jdbc.tck.engine.duckdb.infoschema;

import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.IndexOptions;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ViewOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.EngineState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The rows of the information_schema tables, computed from the {@link Catalog}. */
final class InformationSchemaRows {
    private static final String CAT = Catalog.CATALOG;

    private InformationSchemaRows() {}

    private static List<TableMeta> allTables(Catalog catalog) {
        List<TableMeta> out = new ArrayList<>();
        for (String db : catalog.databaseNames()) {
            out.addAll(catalog.tables(db));
        }
        return out;
    }

    static List<Object[]> tables(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (String db : catalog.databaseNames()) {
            if (db.equals(Catalog.INFORMATION_SCHEMA)) {
                for (Map.Entry<String, Integer> e : InformationSchema.TABLE_IDS.entrySet()) {
                    rows.add(tableRow(db, e.getKey(), "LOCAL TEMPORARY", e.getValue(), null, 0, null));
                }
                continue;
            }
            for (TableMeta t : catalog.tables(db)) {
                boolean temp = Catalog.isNumbers(t);
                String type = temp ? "LOCAL TEMPORARY" : ViewOptions.isView(t) ? "VIEW" : "BASE TABLE";
                rows.add(tableRow(
                        db,
                        t.name(),
                        type,
                        t.id(),
                        // a view's TableMeta is TableMeta::empty(), whose engine is ""
                        ViewOptions.isView(t) ? "" : t.engine(),
                        t.createTimeMillis(),
                        t.options().get("comment")));
            }
        }
        return rows;
    }

    private static Object[] tableRow(
            String db, String name, String type, long id, String engine, long created, String comment) {
        Instant ct = Instant.ofEpochMilli(created == 0 ? EngineState.START_MILLIS : created);
        return new Object[] {
            CAT,
            db,
            name,
            type,
            id,
            0L,
            0L,
            0L,
            0L,
            0L,
            engine,
            11L,
            "Fixed",
            0L,
            0L,
            0L,
            ct,
            ct,
            null,
            "utf8_bin",
            0L,
            "",
            comment,
            type.equals("LOCAL TEMPORARY") ? "Y" : "N"
        };
    }

    static List<Object[]> columns(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        List<TableMeta> tables = new ArrayList<>();
        // information_schema's own tables are listed too, as GreptimeDB lists them
        for (String name : InformationSchema.TABLE_IDS.keySet()) {
            tables.add(InformationSchema.meta(name));
        }
        tables.addAll(allTables(catalog));
        for (TableMeta t : tables) {
            int pos = 1;
            for (ColumnMeta c : t.columns()) {
                rows.add(columnRow(t, c, pos++));
            }
        }
        return rows;
    }

    /** The information_schema.columns row of one column. */
    static Object[] columnRow(TableMeta t, ColumnMeta c, int pos) {
        GreptimeType type = c.type();
        boolean str = type.kind() == GreptimeType.Kind.STRING;
        Long maxLen = str ? 2147483647L : null;
        return new Object[] {
            CAT,
            t.schema(),
            t.name(),
            c.name(),
            (long) pos,
            maxLen,
            maxLen,
            numericPrecision(type),
            numericScale(type),
            datetimePrecision(type),
            str ? "utf8" : null,
            str ? "utf8_bin" : null,
            columnKey(c),
            "",
            "select,insert",
            "",
            type.name(),
            type.dataType(),
            c.semantic(),
            c.defaultSql() == null ? null : c.defaultDisplay(),
            c.nullable() ? "YES" : "NO",
            type.dataType(),
            c.comment(),
            null
        };
    }

    static String columnKey(ColumnMeta c) {
        return switch (c.semantic()) {
            case ColumnMeta.TAG -> "PRI";
            case ColumnMeta.TIMESTAMP -> "TIME INDEX";
            default -> "";
        };
    }

    private static Long numericPrecision(GreptimeType t) {
        return switch (t.name()) {
            case "Int8", "UInt8" -> 3L;
            case "Int16", "UInt16" -> 5L;
            case "Int32", "UInt32" -> 10L;
            case "Int64" -> 19L;
            case "UInt64" -> 20L;
            case "Float32" -> 12L;
            case "Float64" -> 22L;
            default ->
                t.arrow() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d
                        ? (long) d.getPrecision()
                        : null;
        };
    }

    private static Long numericScale(GreptimeType t) {
        if (t.kind() == GreptimeType.Kind.INT || t.kind() == GreptimeType.Kind.UINT) {
            return 0L;
        }
        return t.arrow() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Decimal d ? (long) d.getScale() : null;
    }

    private static Long datetimePrecision(GreptimeType t) {
        if (t.kind() == GreptimeType.Kind.TIMESTAMP || t.kind() == GreptimeType.Kind.TIME) {
            return (long) GreptimeType.precision(t.unit());
        }
        return null;
    }

    static List<Object[]> schemata(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (String db : catalog.databaseNames()) {
            Map<String, String> opts = catalog.database(db).options();
            String options = opts.isEmpty()
                    ? ""
                    : String.join(
                            ", ",
                            opts.entrySet().stream()
                                    .map(e -> e.getKey() + "='" + e.getValue() + "'")
                                    .toList());
            rows.add(new Object[] {CAT, db, "utf8", "utf8_bin", null, options});
        }
        return rows;
    }

    /**
     * The primary key's encoding as key_column_usage and statistics name it ({@code information_schema.rs}
     * primary_key_encoding_index_type): "sparse" when the table asks for it, else "dense".
     */
    static String primaryKeyEncoding(TableMeta t) {
        String v = t.options().get("primary_key_encoding");
        if (v == null) {
            v = t.options().get("memtable.partition_tree.primary_key_encoding");
        }
        return v != null && v.equalsIgnoreCase("sparse") ? "sparse" : "dense";
    }

    static List<Object[]> keyColumnUsage(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            if (!t.timeIndex().isEmpty()) {
                rows.add(new Object[] {
                    "def",
                    t.schema(),
                    "TIME INDEX",
                    "def",
                    CAT,
                    t.schema(),
                    t.name(),
                    t.timeIndex(),
                    1L,
                    null,
                    null,
                    null,
                    null,
                    ""
                });
            }
            String encoding = primaryKeyEncoding(t);
            int pos = 1;
            for (String pk : t.primaryKeys()) {
                rows.add(new Object[] {
                    "def",
                    t.schema(),
                    "PRIMARY",
                    "def",
                    CAT,
                    t.schema(),
                    t.name(),
                    pk,
                    (long) pos++,
                    null,
                    null,
                    null,
                    null,
                    encoding
                });
            }
        }
        return rows;
    }

    /**
     * key_column_usage as v0.14-v1.0 build it ({@code v1.0.0:src/catalog/src/system_schema/information_schema/
     * key_column_usage.rs:254-307}): in column order, the time index's row (position 1), then one row per
     * column that has any constraint, naming them all joined by ", " ({@code PRIMARY, INVERTED INDEX}), with
     * the column's place in the table as {@code ordinal_position}.
     */
    static List<Object[]> keyColumnUsageJoined(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            List<ColumnMeta> columns = t.columns();
            for (int idx = 0; idx < columns.size(); idx++) {
                ColumnMeta c = columns.get(idx);
                if (c.name().equals(t.timeIndex())) {
                    rows.add(keyRow(t, "TIME INDEX", c.name(), 1, ""));
                }
                List<String> names = new ArrayList<>();
                List<String> types = new ArrayList<>();
                if (t.primaryKeys().contains(c.name())) {
                    names.add("PRIMARY");
                    types.add("greptime-primary-key-v1");
                }
                if (c.options().containsKey("inverted")) {
                    names.add("INVERTED INDEX");
                    types.add("greptime-inverted-index-v1");
                }
                String fulltext = c.options().get("fulltext");
                if (fulltext != null) {
                    names.add("FULLTEXT INDEX");
                    types.add(
                            fulltext.contains("backend = 'tantivy'")
                                    ? "greptime-fulltext-index-v1"
                                    : "greptime-fulltext-index-bloom");
                }
                if (c.options().containsKey("skipping")) {
                    names.add("SKIPPING INDEX");
                    types.add("greptime-bloom-filter-v1");
                }
                if (!names.isEmpty()) {
                    rows.add(keyRow(t, String.join(", ", names), c.name(), idx + 1, String.join(", ", types)));
                }
            }
        }
        return rows;
    }

    private static Object[] keyRow(TableMeta t, String constraint, String column, long position, String indexType) {
        return new Object[] {
            "def",
            t.schema(),
            constraint,
            "def",
            CAT,
            t.schema(),
            t.name(),
            column,
            position,
            null,
            null,
            null,
            null,
            indexType
        };
    }

    static List<Object[]> tableConstraints(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            if (!t.timeIndex().isEmpty()) {
                rows.add(new Object[] {"def", t.schema(), "TIME INDEX", t.schema(), t.name(), "TIME INDEX", "YES"});
            }
            if (!t.primaryKeys().isEmpty()) {
                rows.add(new Object[] {"def", t.schema(), "PRIMARY", t.schema(), t.name(), "PRIMARY KEY", "YES"});
            }
        }
        return rows;
    }

    /**
     * information_schema.statistics: one row per indexed column (primary key, time index, column indexes),
     * ordered like SHOW INDEX.
     */
    static List<Object[]> statistics(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            if (Catalog.isNumbers(t) || ViewOptions.isView(t)) {
                continue;
            }
            int seq = 1;
            for (String pk : t.primaryKeys()) {
                rows.add(statRow(t, 0, "PRIMARY", seq++, pk, "PRIMARY", primaryKeyEncoding(t)));
            }
            rows.add(statRow(t, 1, "TIME INDEX", 1, t.timeIndex(), "TIME", null));
            for (ColumnMeta c : t.columns()) {
                for (String kind : IndexOptions.KIND_ORDER) {
                    String with = c.options().get(kind);
                    if (with != null) {
                        String upper = kind.toUpperCase(java.util.Locale.ROOT);
                        rows.add(statRow(
                                t,
                                1,
                                upper + "_INDEX_" + c.name(),
                                1,
                                c.name(),
                                upper,
                                IndexOptions.greptimeIndexType(kind, with)));
                    }
                }
            }
        }
        return rows;
    }

    private static Object[] statRow(
            TableMeta t, long nonUnique, String index, long seq, String col, String type, String gtType) {
        ColumnMeta c = t.column(col);
        String nullable = c != null && c.nullable() ? "YES" : "";
        return new Object[] {
            "def",
            t.schema(),
            t.name(),
            nonUnique,
            t.schema(),
            index,
            seq,
            col,
            "A",
            null,
            null,
            null,
            nullable,
            type,
            "",
            "",
            "YES",
            null,
            gtType
        };
    }

    static List<Object[]> views(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            if (ViewOptions.isView(t)) {
                rows.add(new Object[] {
                    CAT,
                    t.schema(),
                    t.name(),
                    t.options().get(ViewOptions.DEFINITION),
                    null,
                    // every line's views.rs (v1.0.0:245) pushes "NO": a view is never updatable
                    "NO",
                    null,
                    null,
                    "utf8",
                    "utf8_bin"
                });
            }
        }
        return rows;
    }

    static List<Object[]> partitions(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : allTables(catalog)) {
            if (Catalog.isNumbers(t) || ViewOptions.isView(t)) {
                continue;
            }
            String cols = String.join(", ", t.partitionColumns());
            String desc = t.partitionExprs().isEmpty() ? null : String.join(", ", t.partitionExprs());
            Instant ct = Instant.ofEpochMilli(t.createTimeMillis());
            rows.add(new Object[] {
                CAT,
                t.schema(),
                t.name(),
                "p0",
                null,
                1L,
                null,
                t.partitionColumns().isEmpty() ? null : "RANGE",
                null,
                cols.isEmpty() ? null : cols,
                null,
                desc,
                0L,
                0L,
                0L,
                0L,
                0L,
                0L,
                ct,
                null,
                null,
                null,
                null,
                null,
                null,
                (t.id() << 32)
            });
        }
        return rows;
    }
}
