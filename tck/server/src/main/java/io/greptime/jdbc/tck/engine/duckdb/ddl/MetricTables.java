package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * GreptimeDB's metric engine in the embedded server: a logical table's column order and the tags it adds
 * to its physical table, and what the engine refuses when a table is created on it or its physical table
 * dropped, in
 * the order its region engine checks (every line from v0.14; {@code v1.0.0:src/metric-engine/src/engine/
 * create.rs:351-432} verifies each request, :201-240 the time unit, {@code create/extract_new_columns.rs:26-48}
 * the new columns; {@code engine/drop.rs:60-75} the drop). All answer status 1004 (InvalidArguments,
 * {@code error.rs:380-395}):
 * <ul>
 *   <li>a tag that is not a string, or a field that is not {@code Float64}: "Column type mismatch. Expect
 *       X, got Y" with the two types in Rust's debug form (as {@link #debug} writes them);
 *   <li>a second field: "Multiple field column found: a and b"; no field: "No field column found";
 *   <li>a logical table whose time index has another unit than its physical table's: "Unexpected request:
 *       Metric has differenttime unit (Microsecond) than the physical region (Millisecond)" (from v0.15;
 *       {@code v0.14.0}'s create.rs has no such check);
 *   <li>a logical table with a field the physical table lacks: "Adding field column x to physical table"
 *       (tags are added to the physical table instead);
 *   <li>dropping a physical table that logical tables still use: "Physical region is busy, there are still
 *       some logical regions using it".
 * </ul>
 */
final class MetricTables {
    private MetricTables() {}

    static final String ENGINE = "metric";
    static final String ON_PHYSICAL = "on_physical_table";

    /** Checks a new metric-engine table (physical or logical) before anything is created. */
    static void checkCreate(Catalog catalog, String schema, CreateTableParser.CreateTable ct, EngineProfile profile) {
        if (!ENGINE.equals(ct.engine()) || ct.likeName() != null) {
            return;
        }
        ColumnMeta field = null;
        for (ColumnMeta c : ct.columns()) {
            if (c.semantic().equals(ColumnMeta.TAG) && !c.typeName().equals("String")) {
                throw mismatch(GreptimeType.STRING, c.type(), profile);
            }
            if (c.semantic().equals(ColumnMeta.FIELD)) {
                if (field != null) {
                    throw invalid("Multiple field column found: " + field.name() + " and " + c.name());
                }
                field = c;
            }
        }
        if (field == null) {
            throw invalid("No field column found");
        }
        if (!field.typeName().equals("Float64")) {
            throw mismatch(GreptimeType.FLOAT64, field.type(), profile);
        }
        String physicalName = ct.options().get(ON_PHYSICAL);
        TableMeta physical = physicalName == null ? null : catalog.table(schema, physicalName);
        if (physical == null) {
            return; // a physical table, or one whose physical table is missing (refused as before, by name)
        }
        if (profile.metricChecksTimeUnit()) {
            String unit = unit(ct.columns(), ct.timeIndex());
            String physicalUnit = unit(physical.columns(), physical.timeIndex());
            if (!unit.equals(physicalUnit)) {
                throw invalid("Unexpected request: Metric has differenttime unit (" + unit
                        + ") than the physical region (" + physicalUnit + ")");
            }
        }
        for (ColumnMeta c : ct.columns()) {
            if (c.semantic().equals(ColumnMeta.FIELD) && physical.column(c.name()) == null) {
                throw invalid("Adding field column " + c.name() + " to physical table");
            }
        }
    }

    /** Refuses to drop a physical table that a logical table of its database is still on. */
    static void checkDrop(Catalog catalog, TableMeta table) {
        if (!ENGINE.equals(table.engine()) || table.options().containsKey(ON_PHYSICAL)) {
            return;
        }
        for (TableMeta other : catalog.tables(table.schema())) {
            if (ENGINE.equals(other.engine())
                    && table.name().equals(other.options().get(ON_PHYSICAL))) {
                throw invalid("Physical region is busy, there are still some logical regions using it");
            }
        }
    }

    /** A metric-engine logical table's tags also become columns of its physical table. */
    static void addTagsToPhysical(Call call, TableMeta logical) throws SQLException {
        String phyName = logical.options().get(ON_PHYSICAL);
        if (!ENGINE.equals(logical.engine()) || phyName == null) {
            return;
        }
        TableMeta phy = call.catalog.table(logical.schema(), phyName);
        if (phy == null) {
            throw Errors.tableNotFound(logical.schema(), phyName);
        }
        List<ColumnMeta> cols = new ArrayList<>(phy.columns());
        List<String> keys = new ArrayList<>(phy.primaryKeys());
        for (ColumnMeta c : logical.columns()) {
            if (c.semantic().equals(ColumnMeta.TAG) && phy.column(c.name()) == null) {
                cols.add(c);
                keys.add(c.name());
            }
        }
        if (cols.size() > phy.columns().size()) {
            AlterTable.rebuild(call, phy, phy.withColumns(cols, keys));
        }
    }

    /** Metric-engine logical tables list their tags first, then the time index, then fields. */
    static List<ColumnMeta> columnOrder(CreateTableParser.CreateTable ct) {
        if (!ENGINE.equals(ct.engine()) || !ct.options().containsKey(ON_PHYSICAL)) {
            return ct.columns();
        }
        List<ColumnMeta> out = new ArrayList<>();
        for (String sem : List.of(ColumnMeta.TAG, ColumnMeta.TIMESTAMP, ColumnMeta.FIELD)) {
            ct.columns().stream().filter(c -> c.semantic().equals(sem)).forEach(out::add);
        }
        return out;
    }

    /** The time index's unit as Rust's debug form names it ({@code Millisecond}). */
    private static String unit(List<ColumnMeta> columns, String timeIndex) {
        return columns.get(AlterTable.find(columns, timeIndex)).typeName().substring("Timestamp".length());
    }

    private static GreptimeError mismatch(GreptimeType expect, GreptimeType actual, EngineProfile profile) {
        return invalid("Column type mismatch. Expect " + debug(expect, profile) + ", got " + debug(actual, profile));
    }

    private static GreptimeError invalid(String message) {
        return new GreptimeError(StatusCode.INVALID_ARGUMENTS, message);
    }

    /**
     * A type as Rust's {@code {:?}} prints GreptimeDB's {@code ConcreteDataType}
     * ({@code src/datatypes/src/data_type.rs}): the variant with its unit type inside, the string type with
     * its size type from v1.0 ({@code v1.0.0:src/datatypes/src/types/string_type.rs:41-44}; a unit struct
     * before, {@code v0.17.2:…:28}). Types a metric table cannot take anyway beyond these (JSON, vectors,
     * intervals) print in the same pattern, which GreptimeDB's form may not follow exactly.
     */
    static String debug(GreptimeType t, EngineProfile profile) {
        String name = t.name();
        if (name.equals("String")) {
            return profile.stringTypeHasSizeType() ? "String(StringType { size_type: Utf8 })" : "String(StringType)";
        }
        if (name.startsWith("Decimal(")) {
            String[] ps = name.substring(8, name.length() - 1).split(",");
            return "Decimal128(Decimal128Type { precision: " + ps[0].trim() + ", scale: " + ps[1].trim() + " })";
        }
        for (String family : new String[] {"Timestamp", "Time", "Duration"}) {
            if (name.startsWith(family) && !name.equals(family)) {
                String unit = name.substring(family.length());
                if (unit.equals("Second")
                        || unit.equals("Millisecond")
                        || unit.equals("Microsecond")
                        || unit.equals("Nanosecond")) {
                    return family + "(" + unit + "(" + name + "Type))";
                }
            }
        }
        return name + "(" + name + "Type)";
    }
}
