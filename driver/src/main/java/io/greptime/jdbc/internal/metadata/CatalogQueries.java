package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.arrow.meta.JdbcColumnType;
import io.greptime.jdbc.internal.metadata.InformationSchemaReader.Row;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The catalog answers of DatabaseMetaData (schemas, tables, columns, keys, indexes) read from GreptimeDB's
 * information_schema (protocol.md §9.2), never from SHOW output, whose column names changed across
 * versions. Patterns are applied by {@link NamePattern}; results are sorted as the JDBC Javadoc orders them.
 */
final class CatalogQueries {
    static final String TABLE = "TABLE";
    static final String VIEW = "VIEW";
    static final String SYSTEM_TABLE = "SYSTEM TABLE";
    static final List<String> TABLE_TYPES = List.of(SYSTEM_TABLE, TABLE, VIEW);
    private static final String INFORMATION_SCHEMA = "information_schema";
    private static final String PRIMARY = "PRIMARY";

    private final InformationSchemaReader reader;

    CatalogQueries(InformationSchemaReader reader) {
        this.reader = reader;
    }

    private static Map<String, String> where(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    /** A catalog argument: null does not narrow, anything else must equal the row's catalog. */
    private static boolean catalogMatches(String catalog, String rowCatalog) {
        return catalog == null || catalog.equals(rowCatalog);
    }

    MetadataResultSet catalogs() throws SQLException {
        TreeSet<String> names = new TreeSet<>();
        for (Row r : reader.select("schemata", List.of("catalog_name"), where())) {
            names.add(r.string("catalog_name"));
        }
        List<Object[]> rows = new ArrayList<>();
        names.forEach(n -> rows.add(new Object[] {n}));
        return new MetadataResultSet(StandardColumns.CATALOGS, rows);
    }

    MetadataResultSet schemas(String catalog, String schemaPattern) throws SQLException {
        NamePattern schema = NamePattern.of(schemaPattern);
        List<Object[]> rows = new ArrayList<>();
        for (Row r : reader.select(
                "schemata", List.of("catalog_name", "schema_name"), where("schema_name", schema.exactName()))) {
            if (catalogMatches(catalog, r.string("catalog_name")) && schema.matches(r.string("schema_name"))) {
                rows.add(new Object[] {r.string("schema_name"), r.string("catalog_name")});
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[1]).thenComparing(r -> (String) r[0]));
        return new MetadataResultSet(StandardColumns.SCHEMAS, rows);
    }

    /** GreptimeDB's table_type as a JDBC table type: information_schema and temporary tables are system. */
    static String tableType(String schema, String greptimeType) {
        if (INFORMATION_SCHEMA.equals(schema) || "LOCAL TEMPORARY".equals(greptimeType)) {
            return SYSTEM_TABLE;
        }
        return "VIEW".equals(greptimeType) ? VIEW : TABLE;
    }

    MetadataResultSet tables(String catalog, String schemaPattern, String tablePattern, String[] types)
            throws SQLException {
        NamePattern schema = NamePattern.of(schemaPattern);
        NamePattern table = NamePattern.of(tablePattern);
        List<String> wanted = types == null
                ? null
                : Arrays.stream(types)
                        .map(t -> t == null ? "" : t.toUpperCase(Locale.ROOT))
                        .toList();
        List<Object[]> rows = new ArrayList<>();
        for (Row r : reader.select(
                "tables",
                List.of("table_catalog", "table_schema", "table_name", "table_type", "table_comment"),
                where("table_schema", schema.exactName(), "table_name", table.exactName()))) {
            String type = tableType(r.string("table_schema"), r.string("table_type"));
            if (catalogMatches(catalog, r.string("table_catalog"))
                    && schema.matches(r.string("table_schema"))
                    && table.matches(r.string("table_name"))
                    && (wanted == null || wanted.contains(type))) {
                rows.add(new Object[] {
                    r.string("table_catalog"),
                    r.string("table_schema"),
                    r.string("table_name"),
                    type,
                    r.string("table_comment"),
                    null,
                    null,
                    null,
                    null,
                    null
                });
            }
        }
        if (!rows.isEmpty()) {
            FlowRemarks flows = FlowRemarks.read(reader);
            for (Object[] row : rows) {
                row[4] = flows.remarks((String) row[0], (String) row[1], (String) row[2], (String) row[4]);
            }
        }
        rows.sort(byText(3, 0, 1, 2));
        return new MetadataResultSet(StandardColumns.TABLES, rows);
    }

    private static Comparator<Object[]> byText(int... columns) {
        Comparator<Object[]> c = (a, b) -> 0;
        for (int i : columns) {
            c = c.thenComparing(r -> r[i] == null ? "" : r[i].toString());
        }
        return c;
    }

    MetadataResultSet columns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
            throws SQLException {
        NamePattern schema = NamePattern.of(schemaPattern);
        NamePattern table = NamePattern.of(tablePattern);
        NamePattern column = NamePattern.of(columnPattern);
        List<Object[]> rows = new ArrayList<>();
        for (Row r : reader.select(
                "columns",
                List.of(
                        "table_catalog",
                        "table_schema",
                        "table_name",
                        "column_name",
                        "ordinal_position",
                        "greptime_data_type",
                        "is_nullable",
                        "column_default",
                        "column_comment",
                        "character_octet_length"),
                where(
                        "table_schema",
                        schema.exactName(),
                        "table_name",
                        table.exactName(),
                        "column_name",
                        column.exactName()))) {
            if (catalogMatches(catalog, r.string("table_catalog"))
                    && schema.matches(r.string("table_schema"))
                    && table.matches(r.string("table_name"))
                    && column.matches(r.string("column_name"))) {
                rows.add(columnRow(r));
            }
        }
        rows.addAll(viewColumns(catalog, schema, table, column, rows));
        rows.sort(byText(0, 1, 2).thenComparing(r -> (Integer) r[16]));
        return new MetadataResultSet(StandardColumns.COLUMNS, rows);
    }

    /**
     * Columns of the matching views that information_schema.columns does not list (GreptimeDB lists none for
     * views), read from each view's result schema, so that tools which build {@code SELECT col, ... FROM view}
     * from getColumns (SchemaCrawler) have columns to name.
     */
    private List<Object[]> viewColumns(
            String catalog, NamePattern schema, NamePattern table, NamePattern column, List<Object[]> listed)
            throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (Row v : reader.select(
                "tables",
                List.of("table_catalog", "table_schema", "table_name"),
                where("table_schema", schema.exactName(), "table_name", table.exactName(), "table_type", VIEW))) {
            String cat = v.string("table_catalog");
            String sch = v.string("table_schema");
            String name = v.string("table_name");
            boolean alreadyListed = listed.stream()
                    .anyMatch(r -> sch.equals(r[1]) && name.equals(r[2]) && java.util.Objects.equals(cat, r[0]));
            if (alreadyListed || !catalogMatches(catalog, cat) || !schema.matches(sch) || !table.matches(name)) {
                continue;
            }
            int position = 0;
            for (InformationSchemaReader.ResultColumn c : reader.resultColumns(cat, sch, name)) {
                position++;
                if (column.matches(c.name())) {
                    rows.add(viewColumnRow(cat, sch, name, c, position));
                }
            }
        }
        return rows;
    }

    private static Object[] viewColumnRow(
            String catalog, String schema, String view, InformationSchemaReader.ResultColumn c, int position) {
        boolean numeric = GreptimeTypes.isNumeric(c.sqlType());
        boolean text = c.sqlType() == Types.VARCHAR;
        return new Object[] {
            catalog,
            schema,
            view,
            c.name(),
            c.sqlType(),
            c.typeName(),
            c.precision() == Integer.MAX_VALUE && !text ? null : c.precision(),
            null,
            numeric || c.sqlType() == Types.TIMESTAMP || c.sqlType() == Types.TIME ? c.scale() : null,
            numeric ? 10 : null,
            c.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
            null,
            null,
            null,
            null,
            text ? Integer.MAX_VALUE : null,
            position,
            c.nullable() ? "YES" : "NO",
            null,
            null,
            null,
            null,
            "NO",
            "NO"
        };
    }

    private static Object[] columnRow(Row r) {
        JdbcColumnType type = GreptimeTypes.jdbcType(r.string("greptime_data_type"));
        boolean nullable = !"NO".equalsIgnoreCase(r.string("is_nullable"));
        boolean text = type.sqlType() == Types.VARCHAR;
        Long octets = r.number("character_octet_length");
        return new Object[] {
            r.string("table_catalog"),
            r.string("table_schema"),
            r.string("table_name"),
            r.string("column_name"),
            type.sqlType(),
            type.sqlTypeName(),
            columnSize(type),
            null,
            decimalDigits(type),
            GreptimeTypes.isNumeric(type.sqlType()) ? 10 : null,
            nullable ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
            r.string("column_comment"),
            r.string("column_default"),
            null,
            null,
            charOctetLength(text, octets),
            r.number("ordinal_position").intValue(),
            nullable ? "YES" : "NO",
            null,
            null,
            null,
            null,
            "NO",
            "NO"
        };
    }

    private static Integer charOctetLength(boolean text, Long octets) {
        if (!text) {
            return null;
        }
        return octets == null
                ? Integer.valueOf(Integer.MAX_VALUE)
                : Integer.valueOf((int) Math.min(octets, Integer.MAX_VALUE));
    }

    private static Integer columnSize(JdbcColumnType type) {
        return type.sqlType() == Types.OTHER && type.precision() == Integer.MAX_VALUE ? null : type.precision();
    }

    /** Fractional digits for exact numbers and times; null where the notion does not apply (JDBC). */
    private static Integer decimalDigits(JdbcColumnType type) {
        return switch (type.sqlType()) {
            case Types.TINYINT,
                    Types.SMALLINT,
                    Types.INTEGER,
                    Types.BIGINT,
                    Types.DECIMAL,
                    Types.NUMERIC,
                    Types.TIME,
                    Types.TIMESTAMP,
                    Types.TIMESTAMP_WITH_TIMEZONE -> type.scale();
            default -> null;
        };
    }

    /**
     * key_column_usage rows of a table (exact names; null schema or table does not narrow), one per
     * constraint, PRIMARY rows with their key sequence ({@link KeyColumnRows}). Up to v1.0 the PRIMARY KEY
     * order of a named table is read from SHOW CREATE TABLE, since key_column_usage gives only column order.
     */
    private List<Row> keyColumns(String catalog, String schema, String table) throws SQLException {
        boolean joined = !reader.keyColumnUsagePerConstraint();
        List<Row> raw = rawKeyColumns(catalog, schema, table);
        Map<String, List<String>> orders = new java.util.HashMap<>();
        if (joined && table != null) {
            for (Row r : raw) {
                String key = r.string("table_schema") + '\0' + r.string("table_name");
                if (!orders.containsKey(key)) {
                    orders.put(key, reader.primaryKeyOrder(r.string("table_schema"), r.string("table_name")));
                }
            }
        }
        return KeyColumnRows.normalise(raw, r -> orders.get(r.string("table_schema") + '\0' + r.string("table_name")));
    }

    private List<Row> rawKeyColumns(String catalog, String schema, String table) throws SQLException {
        List<Row> out = new ArrayList<>();
        for (Row r : reader.select(
                "key_column_usage",
                List.of(
                        "real_table_catalog",
                        "table_schema",
                        "table_name",
                        "column_name",
                        "constraint_name",
                        "ordinal_position"),
                where("table_schema", schema, "table_name", table))) {
            if (catalogMatches(catalog, r.string("real_table_catalog"))) {
                out.add(r);
            }
        }
        return out;
    }

    /** The tags (GreptimeDB's PRIMARY KEY columns) in key order; the constraint is named {@code PRIMARY}. */
    MetadataResultSet primaryKeys(String catalog, String schema, String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (Row r : keyColumns(catalog, schema, table)) {
            if (PRIMARY.equals(r.string("constraint_name"))) {
                rows.add(new Object[] {
                    r.string("real_table_catalog"),
                    r.string("table_schema"),
                    r.string("table_name"),
                    r.string("column_name"),
                    r.number(KeyColumnRows.KEY_SEQ).shortValue(),
                    PRIMARY
                });
            }
        }
        rows.sort(byText(0, 1, 2, 3));
        return new MetadataResultSet(StandardColumns.PRIMARY_KEYS, rows);
    }

    /**
     * The time index, the primary key and the columns' secondary indexes (inverted, fulltext, skipping). None
     * is unique on its own in GreptimeDB (rows are identified by tags and time index together), so all are
     * NON_UNIQUE and {@code unique=true} finds none. Up to v1.0 key_column_usage lists the secondary indexes
     * too; from v1.1 it lists only the time index and the key, and the indexes are in
     * information_schema.statistics, named {@code INVERTED_INDEX_<column>} and so on (audit D5;
     * {@code v1.1.0:src/catalog/src/system_schema/information_schema/statistics.rs:278-330,417-419}).
     */
    MetadataResultSet indexInfo(String catalog, String schema, String table, boolean unique) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (!unique) {
            Map<String, String> catalogs = new java.util.HashMap<>();
            for (Row r : keyColumns(catalog, schema, table)) {
                catalogs.put(r.string("table_schema") + '\0' + r.string("table_name"), r.string("real_table_catalog"));
                // each index but the primary key covers one column
                short position = PRIMARY.equals(r.string("constraint_name"))
                        ? r.number(KeyColumnRows.KEY_SEQ).shortValue()
                        : (short) 1;
                rows.add(indexRow(r.string("real_table_catalog"), r, r.string("constraint_name"), position));
            }
            if (reader.keyColumnUsagePerConstraint()) {
                addSecondaryIndexes(schema, table, catalogs, rows);
            }
        }
        rows.sort(byText(0, 1, 2, 5).thenComparing(r -> (Short) r[7]));
        return new MetadataResultSet(StandardColumns.INDEX_INFO, rows);
    }

    /**
     * The statistics rows of secondary indexes, for the tables key_column_usage listed (which gives their real
     * catalog: statistics names it {@code def}, as MySQL does).
     */
    private void addSecondaryIndexes(String schema, String table, Map<String, String> catalogs, List<Object[]> rows)
            throws SQLException {
        for (Row r : reader.select(
                "statistics",
                List.of("table_schema", "table_name", "index_name", "seq_in_index", "column_name"),
                where("table_schema", schema, "table_name", table))) {
            String index = r.string("index_name");
            String realCatalog = catalogs.get(r.string("table_schema") + '\0' + r.string("table_name"));
            if (realCatalog != null && !PRIMARY.equals(index) && !KeyColumnRows.TIME_INDEX.equals(index)) {
                Long seq = r.number("seq_in_index");
                rows.add(indexRow(realCatalog, r, index, seq == null ? (short) 1 : seq.shortValue()));
            }
        }
    }

    private static Object[] indexRow(String catalog, Row r, String index, short position) {
        return new Object[] {
            catalog,
            r.string("table_schema"),
            r.string("table_name"),
            true,
            null,
            index,
            DatabaseMetaData.tableIndexOther,
            position,
            r.string("column_name"),
            null,
            0L,
            0L,
            null
        };
    }

    /**
     * The columns that identify a row: GreptimeDB deduplicates on the tags together with the time index, so
     * those are the best row identifier, valid for the session (there are no transactions to be scoped to).
     */
    MetadataResultSet bestRowIdentifier(String catalog, String schema, String table) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        if (table != null) {
            java.util.Set<String> key = new java.util.HashSet<>();
            for (Row r : keyColumns(catalog, schema, table)) {
                // tags and time index identify a row; an indexed field does not
                if (PRIMARY.equals(r.string("constraint_name"))
                        || KeyColumnRows.TIME_INDEX.equals(r.string("constraint_name"))) {
                    key.add(r.string("column_name"));
                }
            }
            try (MetadataResultSet cols =
                    columns(catalog, NamePattern.literal(schema), NamePattern.literal(table), null)) {
                while (cols.next()) {
                    if (key.contains(cols.getString(4))) {
                        Object digits = cols.getObject(9);
                        rows.add(new Object[] {
                            (short) DatabaseMetaData.bestRowSession,
                            cols.getString(4),
                            cols.getInt(5),
                            cols.getString(6),
                            cols.getObject(7),
                            null,
                            digits == null ? null : ((Integer) digits).shortValue(),
                            (short) DatabaseMetaData.bestRowNotPseudo
                        });
                    }
                }
            }
        }
        return new MetadataResultSet(StandardColumns.BEST_ROW, rows);
    }
}
