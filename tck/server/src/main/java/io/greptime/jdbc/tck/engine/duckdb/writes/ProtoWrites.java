package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.DeleteRequest;
import io.greptime.jdbc.proto.v1.DeleteRequests;
import io.greptime.jdbc.proto.v1.InsertRequest;
import io.greptime.jdbc.proto.v1.InsertRequests;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowDeleteRequest;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ProtoTypes;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.ddl.AlterTable;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Ddl;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.storage.ColumnarRows;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Row inserts and deletes from protobuf (protocol.md §2.3), with auto-create and auto-add-column. */
public final class ProtoWrites {
    private ProtoWrites() {}

    public static long insertRows(Call call, RowInsertRequests requests) {
        try {
            call.write();
            long total = 0;
            for (RowInsertRequest r : requests.getInsertsList()) {
                total += insert(call, r.getTableName(), r.getRows());
            }
            call.commit();
            return total;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    public static long deleteRows(Call call, RowDeleteRequests requests) {
        try {
            call.write();
            long total = 0;
            for (RowDeleteRequest r : requests.getDeletesList()) {
                total += delete(call, r.getTableName(), r.getRows());
            }
            call.commit();
            return total;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    public static long insertColumns(Call call, InsertRequests requests) {
        try {
            call.write();
            long total = 0;
            for (InsertRequest r : requests.getInsertsList()) {
                total += insert(call, r.getTableName(), ColumnarRows.toRows(r.getColumnsList(), r.getRowCount()));
            }
            call.commit();
            return total;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    public static long deleteColumns(Call call, DeleteRequests requests) {
        try {
            call.write();
            long total = 0;
            for (DeleteRequest r : requests.getDeletesList()) {
                total += delete(call, r.getTableName(), ColumnarRows.toRows(r.getKeyColumnsList(), r.getRowCount()));
            }
            call.commit();
            return total;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    private static long insert(Call call, String table, Rows rows) throws SQLException {
        Ddl.checkWritable(call.schema());
        TableMeta tm = call.catalog.table(call.schema(), table);
        if (tm == null) {
            if ("false".equalsIgnoreCase(call.ctx.hints().getOrDefault("auto_create_table", "true"))) {
                throw Errors.tableNotFound(call.schema(), table);
            }
            tm = autoCreate(call, table, rows.getSchemaList());
        } else {
            tm = addMissingColumns(call, tm, rows.getSchemaList());
        }
        List<ColumnMeta> targets = new ArrayList<>();
        for (ColumnSchema cs : rows.getSchemaList()) {
            targets.add(checkDecimal(tm, cs));
        }
        List<Object[]> out = new ArrayList<>(rows.getRowsCount());
        for (Row row : rows.getRowsList()) {
            out.add(RowAssembler.assemble(tm, targets, values(row, targets.size()), call.ctx.timeZone()));
        }
        return Upsert.write(call, tm, out);
    }

    /**
     * The column a schema entry writes. A DECIMAL128 value is an unscaled integer whose scale is the
     * request's, so a request whose DECIMAL(p, s) differs from the column's is refused, as GreptimeDB's
     * region write check does (greptimedb {@code mito2/src/request.rs} {@code check_schema}), instead of
     * storing the number at the column's scale.
     */
    private static ColumnMeta checkDecimal(TableMeta tm, ColumnSchema cs) {
        ColumnMeta c = tm.column(cs.getColumnName());
        if (cs.getDatatype() == io.greptime.jdbc.proto.v1.ColumnDataType.DECIMAL128) {
            GreptimeType given =
                    ProtoTypes.type(cs.getDatatype(), cs.hasDatatypeExtension() ? cs.getDatatypeExtension() : null);
            if (!given.arrow().equals(c.type().arrow())) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid request to region, reason: column " + c.name() + " expect type "
                                + c.type().name() + ", given: " + given.name());
            }
        }
        return c;
    }

    private static Object[] values(Row row, int n) {
        if (row.getValuesCount() != n) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request: row has " + row.getValuesCount() + " values, schema has " + n + " columns");
        }
        Object[] v = new Object[n];
        for (int i = 0; i < n; i++) {
            v[i] = ProtoTypes.value(row.getValues(i));
        }
        return v;
    }

    private static TableMeta autoCreate(Call call, String table, List<ColumnSchema> schema) throws SQLException {
        List<ColumnMeta> cols = new ArrayList<>();
        List<String> pk = new ArrayList<>();
        String ti = null;
        for (ColumnSchema cs : schema) {
            ColumnMeta c = columnOf(cs);
            if (c.semantic().equals(ColumnMeta.TAG)) {
                pk.add(c.name());
            } else if (c.semantic().equals(ColumnMeta.TIMESTAMP)) {
                ti = c.name();
            }
            cols.add(c);
        }
        if (ti == null) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Invalid request: missing timestamp column in " + table);
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (String k : new String[] {"ttl", "append_mode", "merge_mode", "skip_wal", "comment"}) {
            String v = call.ctx.hints().get(k);
            if (v != null) {
                options.put(k, v);
            }
        }
        TableMeta tm = new TableMeta(
                call.schema(),
                table,
                call.catalog.allocateTableId(),
                "mito",
                cols,
                ti,
                pk,
                TableOptions.validate(options),
                System.currentTimeMillis(),
                List.of(),
                List.of());
        Ddl.createStorage(call, tm);
        return tm;
    }

    static ColumnMeta columnOf(ColumnSchema cs) {
        GreptimeType type =
                ProtoTypes.type(cs.getDatatype(), cs.hasDatatypeExtension() ? cs.getDatatypeExtension() : null);
        String sem = ProtoTypes.semantic(cs.getSemanticType());
        return new ColumnMeta(
                cs.getColumnName(), type.name(), sem, !sem.equals(ColumnMeta.TIMESTAMP), null, null, Map.of());
    }

    private static TableMeta addMissingColumns(Call call, TableMeta tm, List<ColumnSchema> schema) throws SQLException {
        List<ColumnMeta> cols = new ArrayList<>(tm.columns());
        List<String> keys = new ArrayList<>(tm.primaryKeys());
        for (ColumnSchema cs : schema) {
            if (tm.column(cs.getColumnName()) == null) {
                ColumnMeta c = columnOf(cs);
                if (c.semantic().equals(ColumnMeta.TIMESTAMP)) {
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS,
                            "Invalid request: table " + tm.name() + " already has time index " + tm.timeIndex());
                }
                if (c.semantic().equals(ColumnMeta.TAG)) {
                    keys.add(c.name());
                }
                cols.add(c);
            }
        }
        if (cols.size() == tm.columns().size()) {
            return tm;
        }
        TableMeta now = tm.withColumns(cols, keys);
        AlterTable.rebuild(call, tm, now);
        return now;
    }

    private static long delete(Call call, String table, Rows rows) throws SQLException {
        TableMeta tm = call.catalog.table(call.schema(), table);
        if (tm == null) {
            throw Errors.tableNotFound(call.schema(), table);
        }
        int[] at = new int[tm.columns().size()];
        java.util.Arrays.fill(at, -1);
        for (int i = 0; i < rows.getSchemaCount(); i++) {
            int ci = AlterTable.find(tm.columns(), rows.getSchema(i).getColumnName());
            if (ci >= 0) {
                at[ci] = i;
            }
        }
        for (String k : tm.keyColumns()) {
            if (at[AlterTable.find(tm.columns(), k)] < 0) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "Invalid request: delete is missing key column " + k);
            }
        }
        List<Object[]> keyRows = new ArrayList<>();
        for (Row row : rows.getRowsList()) {
            Object[] r = new Object[at.length];
            for (int ci = 0; ci < at.length; ci++) {
                ColumnMeta c = tm.columns().get(ci);
                if (at[ci] >= 0 && tm.keyColumns().contains(c.name())) {
                    r[ci] = Values.coerce(
                            ProtoTypes.value(row.getValues(at[ci])), c.type(), call.ctx.timeZone(), c.name());
                }
            }
            keyRows.add(r);
        }
        return Upsert.deleteKeys(call, tm, keyRows);
    }
}
